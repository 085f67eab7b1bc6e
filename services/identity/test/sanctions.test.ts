import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../src/store/user.store.ts';
import { errorOf, login, registerUser, startHarness, type Harness } from './harness.ts';

describe('identity: sanctions, appeals and the users console (real SQL, bus, cache)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A registered account given a staff role (as an admin would in the console). */
  const staff = async (role: 'moderator' | 'admin') => {
    const r = await registerUser(h);
    await setRole(h.db, r.user.id, role, h.now());
    return r.user.id as string;
  };
  const sanction = (userId: string, body: Record<string, unknown>) => h.call('POST', `/v1/admin/users/${userId}/sanctions`, body);
  const standing = (userId: string) => h.call('GET', `/v1/users/${userId}/standing`);
  const eventsOf = (type: string, id: string) => h.events.filter((e) => e.type === type && (e.payload as { userId: string }).userId === id);
  const waitFor = async <T,>(what: () => T[]): Promise<T[]> => {
    await expect.poll(() => what().length).toBeGreaterThan(0);
    return what();
  };

  it('restricts posting for N days with a rule and a reason, audited and announced; the user appeals once; a second moderator lifts it', async () => {
    const mod1 = await staff('moderator');
    const mod2 = await staff('moderator');
    const { user } = await registerUser(h);

    const bad = await sanction(user.id, { kind: 'restrict', days: 0, reason: ' ', rule: 'nonsense', moderatorId: mod1 });
    expect(errorOf(bad)).toMatchObject({ code: 'identity.validation', fields: { days: 'sanction_days', reason: 'sanction_required', rule: 'sanction_rule' } });
    expect(errorOf(await sanction(user.id, { kind: 'restrict', days: 366, reason: 'x', rule: 'spam', moderatorId: mod1 }))).toMatchObject({ fields: { days: 'sanction_days' } });

    const imposed = await sanction(user.id, { kind: 'restrict', days: 3, reason: 'Posted the same review three times', rule: 'fake_review', moderatorId: mod1 });
    expect(imposed.status, JSON.stringify(imposed.body)).toBe(200);
    const s = imposed.body.sanction;
    expect(s).toMatchObject({ kind: 'restrict', rule: 'fake_review', imposedBy: mod1, active: true, liftedAt: null });
    expect(new Date(s.endsAt).getTime() - new Date(s.imposedAt).getTime()).toBe(3 * 24 * 3600_000);
    expect((await standing(user.id)).body).toMatchObject({ restriction: { id: s.id }, frozen: false });

    const [event] = await waitFor(() => eventsOf('identity.sanction.imposed', user.id));
    expect(event!.payload).toMatchObject({ sanctionId: s.id, kind: 'restrict', rule: 'fake_review', reason: 'Posted the same review three times' });

    // Appeals: 10 to 1000 characters, once, only one's own sanction.
    expect(errorOf(await h.call('POST', `/v1/users/${user.id}/appeals`, { sanctionId: s.id, text: 'too short' }))).toMatchObject({ fields: { text: 'appeal_length' } });
    const other = await registerUser(h);
    expect(errorOf(await h.call('POST', `/v1/users/${other.user.id}/appeals`, { sanctionId: s.id, text: 'This is not even mine at all' }))).toMatchObject({ code: 'identity.sanction_not_found' });
    const appeal = await h.call('POST', `/v1/users/${user.id}/appeals`, { sanctionId: s.id, text: 'They were three different brokers, please look again.' });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(200);
    expect(errorOf(await h.call('POST', `/v1/users/${user.id}/appeals`, { sanctionId: s.id, text: 'And once more, please look again.' }))).toMatchObject({
      code: 'identity.appeal_exists',
    });

    const queue = await h.call('GET', '/v1/admin/appeals?status=open');
    expect(queue.body.items.find((i: any) => i.appeal.id === appeal.body.id)).toMatchObject({ username: user.username, sanction: { id: s.id } });

    // The moderator who imposed it may not decide the appeal.
    const same = await h.call('POST', `/v1/admin/appeals/${appeal.body.id}/decide`, { decision: 'lift', reason: 'Fine', moderatorId: mod1 });
    expect(same.status).toBe(403);
    expect(errorOf(same)).toMatchObject({ code: 'identity.appeal_same_moderator' });

    const lifted = await h.call('POST', `/v1/admin/appeals/${appeal.body.id}/decide`, { decision: 'lift', reason: 'Different brokers indeed', moderatorId: mod2 });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect(lifted.body).toMatchObject({ appeal: { decision: 'lift', decidedBy: mod2 }, sanction: { active: false, liftedBy: mod2, liftReason: 'Different brokers indeed' } });
    expect((await standing(user.id)).body).toEqual({ restriction: null, frozen: false });
    expect(errorOf(await h.call('POST', `/v1/admin/appeals/${appeal.body.id}/decide`, { decision: 'uphold', reason: 'Again', moderatorId: mod2 }))).toMatchObject({
      code: 'identity.appeal_decided',
    });
    const [liftEvent] = await waitFor(() => eventsOf('identity.sanction.lifted', user.id));
    expect(liftEvent!.payload).toMatchObject({ sanctionId: s.id, appealId: appeal.body.id, reason: 'Different brokers indeed' });

    // The user's record and the audit show every step.
    const mine = await h.call('GET', `/v1/users/${user.id}/sanctions`);
    expect(mine.body.items).toEqual([{ sanction: expect.objectContaining({ id: s.id, active: false }), appeal: expect.objectContaining({ decision: 'lift' }) }]);
    const audit = await h.call('GET', `/v1/admin/audit?targetId=${user.id}`);
    expect(audit.body.items.map((a: any) => [a.action, a.actorId])).toEqual([
      ['appeal.lift', mod2],
      ['sanction.restrict', mod1],
    ]);
    expect(audit.body.items[0]).toMatchObject({ before: { liftedAt: null }, after: { appealId: appeal.body.id }, reason: 'Different brokers indeed' });
  });

  it('freezes an account: every session ends and sign-in is refused until the freeze is lifted', async () => {
    const mod = await staff('moderator');
    const { user, session, person } = await registerUser(h);
    const frozen = await sanction(user.id, { kind: 'freeze', reason: 'Selling accounts', rule: 'illegal', moderatorId: mod });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body.revoked).toEqual([session.id]);
    expect((await h.call('GET', `/v1/sessions/${session.id}`)).body.session.revokedAt).not.toBeNull();
    const refused = await login(h, person.email, person.password);
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'identity.account_frozen' });
    // A caller that confines frozen accounts (the gateway) signs it in, told it is frozen, and
    // every look-up of that session says so until the freeze is lifted.
    const confined = await h.call('POST', '/v1/login', { login: person.email, password: person.password, remember: false, ip: '10.0.0.1', userAgent: 'vitest', frozenAccess: true });
    expect(confined.status, JSON.stringify(confined.body)).toBe(200);
    expect(confined.body.frozen).toBe(true);
    expect((await h.call('GET', `/v1/sessions/${confined.body.session.id}`)).body).toMatchObject({ session: { revokedAt: null }, frozen: true });

    const lift = await h.call('POST', `/v1/admin/sanctions/${frozen.body.sanction.id}/lift`, { reason: 'Wrong account', moderatorId: mod });
    expect(lift.status, JSON.stringify(lift.body)).toBe(200);
    expect((await login(h, person.email, person.password)).body.frozen).toBe(false);
    expect((await h.call('GET', `/v1/sessions/${confined.body.session.id}`)).body.frozen).toBe(false);
    expect(errorOf(await h.call('POST', `/v1/admin/sanctions/${frozen.body.sanction.id}/lift`, { reason: 'Again', moderatorId: mod }))).toMatchObject({ code: 'identity.sanction_inactive' });
  });

  it('an upheld appeal keeps the sanction and tells the user; warnings stay on the record', async () => {
    const [mod1, mod2] = [await staff('moderator'), await staff('moderator')];
    const { user } = await registerUser(h);
    const warned = await sanction(user.id, { kind: 'warn', reason: 'Links to a scam site', rule: 'spam', moderatorId: mod1 });
    expect(warned.body.sanction).toMatchObject({ kind: 'warn', endsAt: null, active: true });
    expect((await standing(user.id)).body.restriction).toBeNull();
    const appeal = await h.call('POST', `/v1/users/${user.id}/appeals`, { sanctionId: warned.body.sanction.id, text: 'It was my own broker page, not a scam.' });
    const upheld = await h.call('POST', `/v1/admin/appeals/${appeal.body.id}/decide`, { decision: 'uphold', reason: 'The site is on the regulator warning list', moderatorId: mod2 });
    expect(upheld.body).toMatchObject({ appeal: { decision: 'uphold' }, sanction: { active: true } });
    const [rejected] = await waitFor(() => eventsOf('identity.appeal.rejected', user.id));
    expect(rejected!.payload).toMatchObject({ appealId: appeal.body.id, reason: 'The site is on the regulator warning list' });
  });

  it('refuses sanctioning oneself or staff of the same rank; admins can', async () => {
    const mod = await staff('moderator');
    const admin = await staff('admin');
    expect(errorOf(await sanction(mod, { kind: 'warn', reason: 'x', rule: 'other', moderatorId: mod }))).toMatchObject({ code: 'identity.sanction_not_allowed' });
    const other = await staff('moderator');
    expect(errorOf(await sanction(other, { kind: 'warn', reason: 'x', rule: 'other', moderatorId: mod }))).toMatchObject({ code: 'identity.sanction_not_allowed' });
    expect(errorOf(await sanction(admin, { kind: 'warn', reason: 'x', rule: 'other', moderatorId: mod }))).toMatchObject({ code: 'identity.sanction_not_allowed' });
    expect((await sanction(other, { kind: 'warn', reason: 'Rude to users', rule: 'abuse', moderatorId: admin })).status).toBe(200);
  });

  it('the console finds accounts by name or email, shows one, changes roles (audited twice) and signs a user out everywhere', async () => {
    const admin = await staff('admin');
    const { user, person, session } = await registerUser(h);
    const byName = await h.call('GET', `/v1/admin/users?keyword=${encodeURIComponent(person.username.toUpperCase())}`);
    expect(byName.body).toMatchObject({ total: 1, items: [{ id: user.id, role: 'user', frozen: false }] });
    const byEmail = await h.call('GET', `/v1/admin/users?keyword=${encodeURIComponent(person.email.split('@')[0]!)}&limit=5`);
    expect(byEmail.body.items.map((u: any) => u.id)).toEqual([user.id]);
    // LIKE wildcards are searched for, not obeyed.
    expect((await h.call('GET', '/v1/admin/users?keyword=%25_%25')).body.total).toBe(0);

    const promoted = await h.call('POST', `/v1/admin/users/${user.id}/role`, { role: 'moderator', adminId: admin, reason: 'Trusted reviewer' });
    expect(promoted.body).toMatchObject({ changed: true, user: { role: 'moderator' } });
    const roleAudit = await h.db.selectFrom('role_audit').selectAll().where('user_id', '=', user.id).execute();
    expect(roleAudit).toEqual([expect.objectContaining({ action: 'grant', previous_role: 'user', role: 'moderator', actor: `user:${admin}` })]);

    const detail = await h.call('GET', `/v1/admin/users/${user.id}`);
    expect(detail.body).toMatchObject({ user: { id: user.id, role: 'moderator' }, liveSessions: 1, items: [] });
    const revoked = await h.call('POST', `/v1/admin/users/${user.id}/revoke-sessions`, { moderatorId: admin });
    expect(revoked.body.revoked).toEqual([session.id]);
    expect((await h.call('GET', `/v1/admin/users/${user.id}`)).body.liveSessions).toBe(0);
    expect((await h.call('GET', '/v1/admin/users/not-a-uuid')).status).toBe(400);

    const audit = await h.call('GET', `/v1/admin/audit?targetId=${user.id}`);
    expect(audit.body.items.map((a: any) => a.action)).toEqual(['sessions.revoke', 'role.change']);
    expect(audit.body.items[1]).toMatchObject({ before: { role: 'user' }, after: { role: 'moderator' }, reason: 'Trusted reviewer', actorId: admin });
  });
});
