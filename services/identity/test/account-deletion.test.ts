import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../src/store/user.store.ts';
import { errorOf, login, registerUser, startHarness, type Harness } from './harness.ts';

describe('identity: an administrator deletes an account (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const admin = async () => {
    const r = await registerUser(h);
    await setRole(h.db, r.user.id, 'admin', h.now());
    return r.user.id as string;
  };
  const del = (userId: string, body: Record<string, unknown>) => h.call('POST', `/v1/admin/users/${userId}/delete`, body);

  it('erases the personal data, ends the sessions, refuses sign-in, audits and announces it', async () => {
    const adminId = await admin();
    const { user, person } = await registerUser(h);

    expect(errorOf(await del(user.id, { adminId, reason: ' ' }))).toMatchObject({ code: 'identity.validation', fields: { reason: 'account_delete_reason' } });
    expect(errorOf(await del(adminId, { adminId, reason: 'Testing' }))).toMatchObject({ code: 'identity.delete_not_allowed' });

    const r = await del(user.id, { adminId, reason: 'Asked by the user in writing' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.user).toMatchObject({ id: user.id, email: null, deleted: true, role: 'user' });
    expect(r.body.user.username).not.toBe(person.username);
    expect(r.body.revoked.length).toBeGreaterThan(0);

    // Sign-in is impossible, by email or the old name; the name and email are free again.
    expect((await login(h, person.email, person.password)).status).toBeGreaterThanOrEqual(400);
    expect((await login(h, person.username, person.password)).status).toBeGreaterThanOrEqual(400);
    const detail = await h.call('GET', `/v1/admin/users/${user.id}`);
    expect(detail.body).toMatchObject({ user: { email: null, deleted: true }, liveSessions: 0 });
    const found = await h.call('GET', `/v1/admin/users?keyword=${encodeURIComponent(person.email)}`);
    expect(found.body.total).toBe(0);

    const audit = await h.call('GET', `/v1/admin/audit?targetId=${user.id}`);
    expect(audit.body.items[0]).toMatchObject({ action: 'account.delete', actorId: adminId, reason: 'Asked by the user in writing', before: { username: person.username }, after: { deleted: true } });
    expect(JSON.stringify(audit.body.items)).not.toContain(person.email);

    // The former address goes with the event only, for the consumers holding mail or a subscription for it.
    await expect.poll(() => h.events.some((e) => e.type === 'identity.user.deleted' && (e.payload as { userId: string; email: string }).userId === user.id && (e.payload as { email: string }).email === person.email)).toBe(true);
    await expect.poll(() => h.events.some((e) => e.type === 'identity.user.profile_updated' && (e.payload as { userId: string; username: string }).userId === user.id && (e.payload as { username: string }).username === r.body.user.username)).toBe(true);

    expect(errorOf(await del(user.id, { adminId, reason: 'Again' }))).toMatchObject({ code: 'identity.account_deleted' });
  });
});
