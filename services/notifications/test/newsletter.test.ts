import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../src/domain/tokens.ts';
import { NEWSLETTER_SECRET, errorOf, knownUser, startHarness, waitFor, type Harness } from './harness.ts';

const newEmail = () => `reader.${randomUUID().slice(0, 8)}@example.com`;
const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https://brokerwise\\.test${path}\\?token=([^\\s]+)`).exec(text);
  expect(m, `a ${path} link in:\n${text}`).not.toBeNull();
  return decodeURIComponent(m![1]!);
};

describe('newsletter: double opt-in, links, issues (real SQL, file mailer)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const subscribe = (email: string, locale = 'en') => h.call('POST', '/v1/newsletter/subscriptions', { email, locale });
  const mails = (to: string, n: number) => waitFor(() => h.mailbox!.list(to), (m) => m.length >= n, `${n} mail(s) to ${to}`);
  const rows = (email: string) => h.db.selectFrom('subscription').selectAll().where('email', '=', email.trim().toLowerCase()).execute();
  const confirmToken = async (email: string, n = 1) => linkIn((await mails(email, n))[0]!.text, '/newsletter/confirm');

  it('subscribes pending, mails a signed link in the subscriber’s language, and confirms', async () => {
    const email = newEmail();
    const r = await subscribe(`  ${email.toUpperCase()} `, 'zh-cn');
    expect(r.body).toEqual({ status: 'pending', mailed: true });
    const [mail] = await mails(email, 1);
    expect(mail).toMatchObject({ subject: '请确认订阅 Brokerwise 资讯', tags: { event: 'newsletter_confirm' } });
    expect(mail!.text).toContain('该链接 48 小时内有效');
    expect(mail!.html).toContain('href="https://brokerwise.test/newsletter/confirm?token=');
    const confirmed = await h.call('POST', '/v1/newsletter/confirm', { token: linkIn(mail!.text, '/newsletter/confirm') });
    expect(confirmed.body).toEqual({ status: 'confirmed', email, locale: 'zh-cn' });
    // The same link again: still confirmed, nothing else happens.
    expect((await h.call('POST', '/v1/newsletter/confirm', { token: linkIn(mail!.text, '/newsletter/confirm') })).body.status).toBe('confirmed');
    expect(await rows(email)).toMatchObject([{ status: 'confirmed', confirmed_at: expect.any(Date) }]);
  });

  it('never makes a second row or spams: pending resends only after a pause, confirmed sends nothing', async () => {
    const email = newEmail();
    await subscribe(email);
    await mails(email, 1);
    expect((await subscribe(email)).body).toEqual({ status: 'pending', mailed: false });
    expect((await subscribe(email.toUpperCase())).body).toEqual({ status: 'pending', mailed: false });
    h.advance(11 * 60_000);
    try {
      expect((await subscribe(email)).body).toEqual({ status: 'pending', mailed: true });
      const both = await mails(email, 2);
      // The newer link works; the older one was replaced.
      const [newer, older] = [linkIn(both[0]!.text, '/newsletter/confirm'), linkIn(both[1]!.text, '/newsletter/confirm')];
      const old = await h.call('POST', '/v1/newsletter/confirm', { token: older });
      expect(old.status).toBe(400);
      expect(errorOf(old).code).toBe('notifications.token_expired');
      expect((await h.call('POST', '/v1/newsletter/confirm', { token: newer })).body.status).toBe('confirmed');
      expect((await subscribe(email)).body).toEqual({ status: 'confirmed', mailed: false });
    } finally {
      h.advance(-11 * 60_000);
    }
    await h.sender.runOnce();
    expect(await h.mailbox!.list(email)).toHaveLength(2);
    expect(await rows(email)).toHaveLength(1);
  });

  it('refuses an address that is not one, with the field named', async () => {
    for (const [email, code] of [
      ['', 'required'],
      ['   ', 'required'],
      ['not-an-address', 'format'],
      ['a@b', 'format'],
      ['two@example.com, three@example.com', 'format'],
      [`${'x'.repeat(250)}@example.com`, 'format'],
    ] as const) {
      const r = await subscribe(email);
      expect(r.status, email).toBe(400);
      expect(errorOf(r), email).toMatchObject({ code: 'notifications.validation', fields: { email: code } });
    }
  });

  it('refuses an expired link and a forged or damaged one', async () => {
    const email = newEmail();
    await subscribe(email);
    const token = await confirmToken(email);
    h.advance(49 * 3600_000);
    try {
      const late = await h.call('POST', '/v1/newsletter/confirm', { token });
      expect(errorOf(late).code).toBe('notifications.token_expired');
    } finally {
      h.advance(-49 * 3600_000);
    }
    const [row] = await rows(email);
    const forged = signToken('someone-elses-secret-0123456789', { p: 'c', s: row!.id, n: 1, e: Math.floor(Date.now() / 1000) + 3600 });
    for (const bad of [forged, `${token}x`, token.split('.')[0]!, 'garbage', signToken(NEWSLETTER_SECRET, { p: 'c', s: randomUUID(), n: 1, e: 9e9 })]) {
      const r = await h.call('POST', '/v1/newsletter/confirm', { token: bad });
      expect(r.status, bad).toBe(400);
      expect(errorOf(r).code, bad).toBe('notifications.token_invalid');
    }
    // An unsubscribe link does not confirm, and a confirm link does not unsubscribe.
    expect(errorOf(await h.call('POST', '/v1/newsletter/confirm', { token: signToken(NEWSLETTER_SECRET, { p: 'u', s: row!.id }) })).code).toBe('notifications.token_invalid');
    expect(errorOf(await h.call('POST', '/v1/newsletter/unsubscribe', { token })).code).toBe('notifications.token_invalid');
    expect((await rows(email))[0]!.status).toBe('pending');
  });

  it('sends an issue to confirmed subscribers only, each with its own one-click unsubscribe; unsubscribing stops the next', async () => {
    const [en, zh, pending, quiet] = [newEmail(), newEmail(), newEmail(), newEmail()];
    for (const [email, locale] of [[en, 'en'], [zh, 'zh-cn'], [quiet, 'en']] as const) {
      await subscribe(email, locale);
      await h.call('POST', '/v1/newsletter/confirm', { token: await confirmToken(email) });
    }
    await subscribe(pending);
    // A user who turned non-essential mails off gets no newsletter even though subscribed.
    const user = await knownUser(h, { email: quiet });
    await h.call('PUT', `/v1/users/${user.id}/email-preferences`, { nonEssential: false });

    const issue = { subject: { en: 'Weekly brief', zh: '每周简报' }, body: { en: 'Spreads tightened.\n\nGold rallied.', zh: '点差收窄。\n\n黄金上涨。' }, adminId: randomUUID() };
    const sent = await h.call('POST', '/v1/newsletter/issues', issue);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const already = await h.db.selectFrom('subscription').select('id').where('status', '=', 'confirmed').execute();
    expect(sent.body.recipients).toBe(already.length - 1);
    const [enMail] = (await mails(en, 2)).filter((m) => m.tags?.event === 'newsletter_issue');
    const [zhMail] = (await mails(zh, 2)).filter((m) => m.tags?.event === 'newsletter_issue');
    expect(enMail).toMatchObject({ subject: 'Weekly brief' });
    expect(enMail!.text).toMatch(/^Spreads tightened\.\n\nGold rallied\.\n\n--\n/);
    expect(zhMail).toMatchObject({ subject: '每周简报' });
    expect(zhMail!.text).toContain('退订：https://brokerwise.test/newsletter/unsubscribe?token=');
    const unsubscribe = linkIn(enMail!.text, '/newsletter/unsubscribe');
    expect(enMail!.headers).toEqual({
      'List-Unsubscribe': `<https://brokerwise.test/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribe)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(enMail!.html).toContain('href="https://brokerwise.test/newsletter/unsubscribe?token=');
    await h.sender.runOnce();
    expect((await h.mailbox!.list(pending)).filter((m) => m.tags?.event === 'newsletter_issue')).toEqual([]);
    expect((await h.mailbox!.list(quiet)).filter((m) => m.tags?.event === 'newsletter_issue')).toEqual([]);

    expect((await h.call('POST', '/v1/newsletter/unsubscribe', { token: unsubscribe })).body).toEqual({ status: 'unsubscribed', email: en, locale: 'en' });
    expect((await h.call('POST', '/v1/newsletter/unsubscribe', { token: unsubscribe })).body.status).toBe('unsubscribed');
    const next = await h.call('POST', '/v1/newsletter/issues', { ...issue, subject: { en: 'Second brief', zh: '第二期' } });
    await mails(zh, 3);
    await h.sender.runOnce();
    expect((await h.mailbox!.list(en)).map((m) => m.subject)).not.toContain('Second brief');
    expect(next.body.recipients).toBe(sent.body.recipients - 1);

    // Subscribing again after unsubscribing starts over with a new confirmation.
    expect((await subscribe(en)).body).toEqual({ status: 'pending', mailed: true });
    expect(await rows(en)).toMatchObject([{ status: 'pending' }]);
  });

  it('refuses an issue without both languages', async () => {
    const r = await h.call('POST', '/v1/newsletter/issues', { subject: { en: 'Only English', zh: '' }, body: { en: '', zh: '' }, adminId: randomUUID() });
    expect(errorOf(r)).toMatchObject({ code: 'notifications.validation', fields: { subject: 'required', body: 'required' } });
  });
});
