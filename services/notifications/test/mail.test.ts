import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '@brokerwise/mail';
import { messageIdFor } from '../src/domain/mail-queue.ts';
import { MailSender } from '../src/domain/mail-sender.ts';
import { purgeDone } from '../src/store/mail.store.ts';
import { knownUser, startHarness, ts, waitFor, type Harness } from './harness.ts';

const inMinutes = (m: number) => ts(new Date(Date.now() + m * 60_000));
const mailRows = (h: Harness, to: string) => h.db.selectFrom('mail').selectAll().where('to_address', '=', to).orderBy('created_at').execute();

describe('mail queue: codes and moderation outcomes (file mailer)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const sent = (to: string, n = 1) => waitFor(() => h.mailbox!.list(to), (m) => m.length >= n, `${n} mail(s) to ${to}`);

  it('mails a verification code once per event, text and HTML, with a Message-ID derived from the event', async () => {
    const email = `code.${randomUUID().slice(0, 8)}@example.com`;
    const { id, bytes } = await h.publish('identity.email_code.requested', { email, event: 'retrieve_password', locale: 'zh-cn', code: '402913', requestedAt: ts(), expiresAt: inMinutes(10) }, 'identity');
    const [mail] = await sent(email);
    expect(mail).toMatchObject({ to: email, subject: 'Brokerwise 验证码', tags: { event: 'retrieve_password', locale: 'zh-cn', kind: 'code' } });
    expect(mail!.text).toBe('您的 Brokerwise 验证码是 402913，10 分钟内有效。\n用于重置密码。\n\n如果这不是您本人的操作，请忽略本邮件。\n');
    expect(mail!.html).toContain('<html lang="zh-CN">');
    expect(mail!.html).toContain('402913</strong>');
    expect(mail!.messageId).toBe(messageIdFor('code', `code:${id}`, 'brokerwise.test'));

    await h.redeliver('identity.email_code.requested', bytes);
    // A later code for another address is mailed: the redelivery before it was handled by then.
    const later = `code.${randomUUID().slice(0, 8)}@example.com`;
    await h.publish('identity.email_code.requested', { email: later, event: 'user_register', locale: 'en', code: '118820', requestedAt: ts(), expiresAt: inMinutes(10) }, 'identity');
    expect((await sent(later))[0]!.text).toMatch(/^Your Brokerwise verification code is 118820\. It expires in 10 minutes\.\nEnter it to create your account\./);
    expect(await h.mailbox!.list(email)).toHaveLength(1);
    // Once sent, the code is not kept at rest in the queue.
    const [row] = await mailRows(h, email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text: '', html: '' });
  });

  it('forgets finished mails after the retention period, never pending ones', async () => {
    const email = `old.${randomUUID().slice(0, 8)}@example.com`;
    await h.publish('identity.email_code.requested', { email, event: 'user_register', locale: 'en', code: '424242', requestedAt: ts(), expiresAt: inMinutes(10) }, 'identity');
    await waitFor(() => mailRows(h, email), (r) => r[0]?.status === 'sent', 'the mail sent');
    expect(await purgeDone(h.db, new Date(Date.now() - 60_000))).toBe(0);
    await h.db.updateTable('mail').set({ created_at: new Date(Date.now() - 31 * 86_400_000) }).where('to_address', '=', email).execute();
    const pendingId = randomUUID();
    await h.db.insertInto('mail').values({ id: pendingId, dedupe_key: `test:${pendingId}`, message_id: `t.${pendingId}@brokerwise.test`, kind: 'code', to_address: 'later@example.com', locale: 'en', subject: 's', text: 't', html: '', headers: '{}', tags: '{}', status: 'pending', next_attempt_at: new Date(Date.now() + 3_600_000), created_at: new Date(Date.now() - 40 * 86_400_000) }).execute();
    expect(await purgeDone(h.db, new Date(Date.now() - 30 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await mailRows(h, email)).toEqual([]);
    expect(await h.db.selectFrom('mail').select('id').where('id', '=', pendingId).executeTakeFirst()).toBeDefined();
    await h.db.deleteFrom('mail').where('id', '=', pendingId).execute();
  });

  it('drops a code that expired before it could be sent, and ignores events without a code', async () => {
    const email = `late.${randomUUID().slice(0, 8)}@example.com`;
    await h.publish('identity.email_code.requested', { email, event: 'user_register', locale: 'en', code: '555111', requestedAt: ts(new Date(Date.now() - 11 * 60_000)), expiresAt: inMinutes(-1) }, 'identity');
    await h.publish('identity.email_code.requested', { email, event: 'user_register', locale: 'en', requestedAt: ts() }, 'identity');
    const [row] = await waitFor(() => mailRows(h, email), (r) => r[0]?.status === 'expired', 'the expired code');
    expect(row).toMatchObject({ text: '', html: '' });
    expect(await mailRows(h, email)).toHaveLength(1);
    expect(await h.mailbox!.list(email)).toEqual([]);
  });

  it('mails a moderation outcome in the author’s language, unless they turned such mails off', async () => {
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'harbour-fx', name: 'Harbour FX', category: 'Brokers', version: 1n });
    const zh = await knownUser(h, { locale: 'zh-cn' });
    const quiet = await knownUser(h);
    await h.call('PUT', `/v1/users/${quiet.id}/email-preferences`, { nonEssential: false });
    const decide = (userId: string) => h.publish('reviews.review.rejected', { reviewId: randomUUID(), companyId, userId, stars: 2, moderatorId: randomUUID(), reason: '含有广告链接', rejectedAt: ts() });
    const { bytes } = await decide(zh.id);
    const [mail] = await sent(zh.email);
    expect(mail!.subject).toBe('您对 Harbour FX 的点评未通过审核');
    expect(mail!.text).toContain('原因：含有广告链接');
    expect(mail!.text).toContain('https://brokerwise.test/user/reviews');
    expect(mail!.text).toContain('https://brokerwise.test/user/set');
    expect(mail!.html).toContain('href="https://brokerwise.test/user/reviews"');

    await decide(quiet.id);
    await h.redeliver('reviews.review.rejected', bytes);
    const approvedEn = await knownUser(h);
    await h.publish('reviews.review.approved', { reviewId: randomUUID(), companyId, userId: approvedEn.id, stars: 5, moderatorId: randomUUID(), approvedAt: ts() });
    const [ok] = await sent(approvedEn.email);
    expect(ok).toMatchObject({ subject: 'Your review of Harbour FX is published' });
    expect(ok!.text).toContain('https://brokerwise.test/detail?id=harbour-fx');
    // The quiet user got the notice but no mail; the redelivered decision mailed nobody twice.
    expect((await h.call('GET', `/v1/users/${quiet.id}/unread`)).body.notices).toBe(1);
    expect(await mailRows(h, quiet.email)).toEqual([]);
    expect(await h.mailbox!.list(zh.email)).toHaveLength(1);
  });

  it('mails a broker application decision in the applicant’s language, once, unless they turned such mails off', async () => {
    const zh = await knownUser(h, { locale: 'zh-cn' });
    const en = await knownUser(h);
    const quiet = await knownUser(h);
    await h.call('PUT', `/v1/users/${quiet.id}/email-preferences`, { nonEssential: false });
    const reject = (userId: string) =>
      h.publish('trader.broker_application.rejected', { applicationId: randomUUID(), userId, brokerName: 'Shady FX', server: 'ShadyFX-Real', adminId: randomUUID(), reason: '未找到监管牌照', rejectedAt: ts() });
    const { id, bytes } = await reject(zh.id);
    const [mail] = await sent(zh.email);
    expect(mail).toMatchObject({ subject: '您申请添加的 Shady FX 未通过审核', tags: { kind: 'application_decision', event: 'broker_application_rejected' } });
    expect(mail!.text).toContain('原因：未找到监管牌照');
    expect(mail!.text).toContain('https://brokerwise.test/trader/apply');
    expect(mail!.text).toContain('https://brokerwise.test/user/set');
    expect(mail!.html).toContain('href="https://brokerwise.test/trader/apply"');
    expect(mail!.messageId).toBe(messageIdFor('application_decision', `application-decision:${id}`, 'brokerwise.test'));

    await reject(quiet.id);
    await h.redeliver('trader.broker_application.rejected', bytes);
    await h.publish('trader.broker_application.approved', { applicationId: randomUUID(), userId: en.id, brokerName: 'Far East FX', website: 'https://fareastfx.example', server: 'FarEastFX-Live03', adminId: randomUUID(), companyId: '', approvedAt: ts() });
    const [ok] = await sent(en.email);
    expect(ok).toMatchObject({ subject: 'Your application to add Far East FX was approved' });
    expect(ok!.text).toContain('Your application to add Far East FX was approved — its server FarEastFX-Live03 can now be bound.');
    // Events are handled in publish order: by now the quiet user's notice and the redelivery are done.
    expect((await h.call('GET', `/v1/users/${quiet.id}/unread`)).body.notices).toBe(1);
    expect(await mailRows(h, quiet.email)).toEqual([]);
    expect(await mailRows(h, zh.email)).toHaveLength(1);
  });

  it('mails a company claim decision in the user’s language, with the dashboard or the claims page', async () => {
    const zh = await knownUser(h, { locale: 'zh-cn' });
    const en = await knownUser(h);
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'tidewater-fx', name: 'Tidewater FX', nameZh: '潮汐外汇', version: 1n });
    const decide = (userId: string, decision: string, reason: string) =>
      h.publish('identity.representative.decided', { claimId: randomUUID(), userId, companyId, companyName: 'Tidewater FX', decision, reason, decidedAt: ts() });
    await decide(zh.id, 'approved', '');
    const [ok] = await sent(zh.email);
    expect(ok).toMatchObject({ subject: '您已成为 潮汐外汇 在 Brokerwise 的认证代表', tags: { kind: 'representative_decision', event: 'representative_approved' } });
    expect(ok!.html).toContain('href="https://brokerwise.test/user/company/dashboard"');
    await decide(en.id, 'rejected', 'The mailbox is not at the company domain');
    const [no] = await sent(en.email);
    expect(no).toMatchObject({ subject: 'Your claim to represent Tidewater FX was not approved' });
    expect(no!.text).toContain('Reason: The mailbox is not at the company domain');
    expect(no!.text).toContain('https://brokerwise.test/user/company');
  });
});

describe('mail queue against an SMTP server that fails, then recovers', () => {
  const received: { messageId: string | undefined; to: string; subject: string }[] = [];
  /** Per recipient: how many more DATA commands to refuse, and with which reply code. */
  const failures = new Map<string, { left: number; code: number }>();
  let server: SMTPServer;
  let h: Harness;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo[0]?.address ?? '';
          const f = failures.get(to);
          if (f && f.left > 0) {
            f.left -= 1;
            const err = Object.assign(new Error(f.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: f.code });
            callback(err);
            return;
          }
          void simpleParser(Buffer.concat(chunks)).then((m) => {
            received.push({ messageId: m.messageId, to, subject: m.subject ?? '' });
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    h = await startHarness({ mailer: () => new SmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'Brokerwise <no-reply@brokerwise.test>' }), env: { MAIL_MAX_ATTEMPTS: '4' } });
  });
  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('retries a refused mail with backoff until the server takes it: exactly one delivered, same Message-ID', async () => {
    const email = `flaky.${randomUUID().slice(0, 8)}@example.com`;
    failures.set(email, { left: 2, code: 451 });
    await h.publish('identity.email_code.requested', { email, event: 'user_register', locale: 'en', code: '730021', requestedAt: ts(), expiresAt: inMinutes(10) }, 'identity');
    const [row] = await waitFor(() => mailRows(h, email), (r) => r[0]?.status === 'sent', 'the mail to be sent');
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    const got = received.filter((r) => r.to === email);
    expect(got).toEqual([{ messageId: `<${row!.message_id}>`, to: email, subject: 'Your Brokerwise verification code' }]);
    expect(failures.get(email)!.left).toBe(0);
  });

  it('gives up at once on a permanent refusal (5xx), and after the last attempt on transient ones', async () => {
    const rejected = `gone.${randomUUID().slice(0, 8)}@example.com`;
    const stubborn = `busy.${randomUUID().slice(0, 8)}@example.com`;
    failures.set(rejected, { left: 10, code: 550 });
    failures.set(stubborn, { left: 10, code: 451 });
    for (const email of [rejected, stubborn]) {
      await h.publish('identity.email_code.requested', { email, event: 'user_register', locale: 'en', code: '111222', requestedAt: ts(), expiresAt: inMinutes(10) }, 'identity');
    }
    const [r1] = await waitFor(() => mailRows(h, rejected), (r) => r[0]?.status === 'failed', 'the 5xx mail given up');
    const [r2] = await waitFor(() => mailRows(h, stubborn), (r) => r[0]?.status === 'failed', 'the 4xx mail given up');
    expect(r1).toMatchObject({ attempts: 1, last_error: expect.stringContaining('Mailbox unavailable'), text: '' });
    expect(r2).toMatchObject({ attempts: 4, last_error: expect.stringContaining('Try again later') });
    expect(failures.get(rejected)!.left).toBe(9);
    expect(failures.get(stubborn)!.left).toBe(6);
    expect(received.filter((r) => r.to === rejected || r.to === stubborn)).toEqual([]);
  });

  it('several senders on one queue deliver each mail once', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `many${i}.${randomUUID().slice(0, 6)}@example.com`);
    const others = [0, 1].map(
      () => new MailSender({ db: h.db, mailer: h.mailer, now: h.now, log: { info: () => {}, warn: () => {} }, maxAttempts: 4, backoffMs: [20], pollMs: 50, batchSize: 3 }),
    );
    for (const email of emails) {
      await h.publish('identity.email_code.requested', { email, event: 'user_register', locale: 'en', code: '909090', requestedAt: ts(), expiresAt: inMinutes(10) }, 'identity');
    }
    await waitFor(() => h.db.selectFrom('mail').select('id').where('to_address', 'in', emails).execute(), (r) => r.length === emails.length, 'all queued');
    await Promise.all([...others.map((s) => s.runOnce()), h.sender.runOnce()]);
    await waitFor(() => h.db.selectFrom('mail').select('status').where('to_address', 'in', emails).where('status', '=', 'sent').execute(), (r) => r.length === emails.length, 'all sent');
    expect(received.filter((r) => emails.includes(r.to)).map((r) => r.to).sort()).toEqual([...emails].sort());
  });
});
