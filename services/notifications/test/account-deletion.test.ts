import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMailer, type MailMessage, type Mailer } from '@brokerwise/mail';
import { knownUser, startHarness, ts, waitFor, type Harness } from './harness.ts';

const HOUR = 3_600_000;

/** The file mailer, except that the server "is busy" for the addresses in `busy`: their mail waits to be retried. */
class BusyFileMailer implements Mailer {
  readonly kind = 'file' as const;
  readonly busy = new Set<string>();
  readonly inner: FileMailer;
  constructor(inner: FileMailer) {
    this.inner = inner;
  }
  async send(msg: MailMessage) {
    if (this.busy.has(msg.to)) throw new Error('421 Try again later');
    return this.inner.send(msg);
  }
  ping = () => this.inner.ping();
  close = () => this.inner.close();
}

/** identity.user.deleted, published as identity does (after the profile update that blanks the name and address). */
describe('a deleted account takes its notices, preferences, newsletter subscription and mail with it', () => {
  let h: Harness;
  let mailer: BusyFileMailer;
  beforeAll(async () => {
    h = await startHarness({
      // A refused mail is retried an hour later: it is still queued when the account is deleted.
      env: { MAIL_RETRY_BACKOFF_MS: String(HOUR) },
      mailer: (dir) => {
        mailer = new BusyFileMailer(new FileMailer({ dir: path.join(dir, 'outbox') }));
        return mailer;
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const handled = (eventId: string) =>
    waitFor(() => h.db.selectFrom('inbox').select('event_id').where('event_id', '=', eventId).where('handler', '=', 'notifications').executeTakeFirst(), (r) => r !== undefined, `event ${eventId} handled`);
  const noticesOf = (userId: string) => h.call('GET', `/v1/users/${userId}/notices?lang=en&category=notices`).then((r) => r.body as { items: { text: string; actor: { id: string; username: string } | null }[]; total: number });
  /** Everything the service holds that names the user, their address or their id as owner. */
  const heldFor = async (u: { id: string; username: string; email: string }) => {
    const db = h.db;
    const [users, notices, reads, prefs, follows, subscriptions, mails, allNotices] = await Promise.all([
      db.selectFrom('app_user').select('user_id').where('user_id', '=', u.id).execute(),
      db.selectFrom('notice').select('id').where('user_id', '=', u.id).execute(),
      db.selectFrom('notice_read').select('notice_id').where('user_id', '=', u.id).execute(),
      db.selectFrom('email_preference').select('user_id').where('user_id', '=', u.id).execute(),
      db.selectFrom('company_follow').select('company_id').where('user_id', '=', u.id).execute(),
      db.selectFrom('subscription').select('id').where('email', '=', u.email).execute(),
      db.selectFrom('mail').select(['id', 'status']).where('to_address', '=', u.email).execute(),
      db.selectFrom('notice').select('params').execute(),
    ]);
    return {
      users: users.length,
      notices: notices.length,
      reads: reads.length,
      prefs: prefs.length,
      follows: follows.length,
      subscriptions: subscriptions.length,
      mails: mails.map((m) => m.status).sort(),
      named: JSON.stringify(allNotices).includes(u.username),
    };
  };

  it('leaves nothing personal of the user, stops their queued mail, and a replay changes nothing', async () => {
    const gone = await knownUser(h, { username: `gone_${randomUUID().slice(0, 6)}` });
    const other = await knownUser(h);
    const companyId = randomUUID();

    // Their notices (someone followed them), a notice about them (they followed someone), a read
    // system notice, a mail preference, a company follow, a sent mail, a newsletter subscription
    // whose confirmation is still queued, and a queued code.
    await h.publish('identity.user.followed', { followerId: other.id, followeeId: gone.id, followers: 1n, followedAt: ts() });
    await h.publish('identity.user.followed', { followerId: gone.id, followeeId: other.id, followers: 1n, followedAt: ts() });
    await waitFor(() => noticesOf(gone.id), (b) => b.total === 1, 'their notice');
    await waitFor(() => noticesOf(other.id), (b) => b.items[0]?.actor?.username === gone.username, 'the notice about them');
    const broadcast = await h.call('POST', '/v1/system-notices', { title: { en: 'Welcome', zh: '欢迎' }, body: { en: 'Hello', zh: '你好' }, adminId: randomUUID() });
    expect(broadcast.status, JSON.stringify(broadcast.body)).toBe(200);
    expect((await h.call('POST', `/v1/users/${gone.id}/notices/read`, { category: 'system' })).status).toBe(200);
    expect((await h.call('PUT', `/v1/users/${gone.id}/email-preferences`, { nonEssential: false })).status).toBe(200);
    expect((await h.call('PUT', `/v1/users/${gone.id}/company-follows/${companyId}`, { following: true })).body.following).toBe(true);
    await h.publish('identity.email_code.requested', { email: gone.email, event: 'bind_email', locale: 'en', code: '246810', requestedAt: ts(), expiresAt: ts(new Date(Date.now() + 10 * 60_000)) }, 'identity');
    await waitFor(() => mailer.inner.list(gone.email), (m) => m.length === 1, 'the first mail sent');
    mailer.busy.add(gone.email);
    expect((await h.call('POST', '/v1/newsletter/subscriptions', { email: gone.email, locale: 'en' })).body.status).toBe('pending');
    await h.publish('identity.email_code.requested', { email: gone.email, event: 'change_password', locale: 'en', code: '135790', requestedAt: ts(), expiresAt: ts(new Date(Date.now() + 10 * 60_000)) }, 'identity');
    const before = await waitFor(() => heldFor(gone), (x) => x.mails.length === 3 && x.mails.filter((s) => s === 'pending').length === 2, 'two mails waiting');
    expect(before).toMatchObject({ users: 1, notices: 1, reads: 1, prefs: 1, follows: 1, subscriptions: 1, named: true });

    await h.publish('identity.user.profile_updated', { userId: gone.id, username: `deleted_${gone.id.slice(0, 8)}`, avatarKey: '', countryCode: '', motto: '', email: '', updatedAt: ts(), version: 99n }, 'identity');
    const deletion = await h.publish('identity.user.deleted', { userId: gone.id, email: gone.email, deletedAt: ts() }, 'identity');
    await handled(deletion.id);
    const nothing = { users: 0, notices: 0, reads: 0, prefs: 0, follows: 0, subscriptions: 0, mails: [], named: false };
    expect(await heldFor(gone)).toEqual(nothing);
    // The other user keeps the notice, now about "Someone".
    const theirs = await noticesOf(other.id);
    expect(theirs.total).toBe(1);
    expect(theirs.items[0]).toMatchObject({ text: 'Someone followed you.' });
    // The queued mails are never sent, even once the server takes mail again.
    mailer.busy.clear();
    h.advance(2 * HOUR);
    await h.sender.runOnce();
    expect((await mailer.inner.list(gone.email)).length).toBe(1);

    // Redelivered (skipped by the inbox) or deleted again (a new event): nothing left, nothing else touched.
    await h.redeliver('identity.user.deleted', deletion.bytes);
    await handled((await h.publish('identity.user.deleted', { userId: gone.id, email: gone.email, deletedAt: ts() }, 'identity')).id);
    expect(await heldFor(gone)).toEqual(nothing);
    expect(await heldFor(other)).toMatchObject({ users: 1, notices: 1 });
  });
});
