import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, setFrozen } from '../src/store/user.store.ts';
import { errorOf, login, newPerson, registerUser, startHarness, type Harness, type Reply } from './harness.ts';

describe('identity: sign-in, throttling, sessions and passwords (real SQL, bus, cache)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const session = (id: string) => h.call('GET', `/v1/sessions/${id}`);
  const revoke = (id: string, reason = 'logout') => h.call('POST', `/v1/sessions/${id}/revoke`, { reason });

  it('signs in by email or by username (any case), with 1-day or 30-day sessions', async () => {
    const { user, person } = await registerUser(h);
    const byEmail = await login(h, person.email.toUpperCase(), person.password);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user.id).toBe(user.id);
    const byName = await login(h, person.username.toUpperCase(), person.password, '10.0.0.2', true);
    expect(byName.status).toBe(200);
    expect(byName.body.session).toMatchObject({ userId: user.id, remember: true });
    const created = (id: string) => h.db.selectFrom('session').select(['created_at', 'expires_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const short = await created(byEmail.body.session.id);
    const long = await created(byName.body.session.id);
    expect(short.expires_at.getTime() - short.created_at.getTime()).toBe(24 * 3600_000);
    expect(long.expires_at.getTime() - long.created_at.getTime()).toBe(30 * 24 * 3600_000);
  });

  it('answers an unknown login exactly like a wrong password', async () => {
    const { person } = await registerUser(h);
    const wrong = await login(h, person.email, 'Wrong-pass1', '10.0.1.1');
    const unknown = await login(h, `nobody.${person.email}`, 'Wrong-pass1', '10.0.1.2');
    const unknownName = await login(h, 'nobody_here', 'Wrong-pass1', '10.0.1.3');
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toEqual({ code: 'identity.bad_credentials', kind: 'validation', message: expect.any(String) });
    expect(errorOf(unknown)).toEqual(errorOf(wrong));
    expect(errorOf(unknownName)).toEqual(errorOf(wrong));
    expect(unknown.status).toBe(wrong.status);
  });

  it('needs both login and password', async () => {
    const r = await h.call('POST', '/v1/login', { login: '', password: '', remember: false, ip: '10.0.2.1', userAgent: 'x' });
    expect(errorOf(r)).toMatchObject({ code: 'identity.validation', fields: { login: 'required', password: 'required' } });
  });

  const expectThrottled = (r: Reply) => {
    expect(r.status).toBe(429);
    expect(errorOf(r)).toMatchObject({ code: 'identity.login_throttled', kind: 'too_many_requests' });
    const retryAfter = r.body.error.retryAfter as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(r.headers.get('retry-after')).toBe(String(retryAfter));
    return retryAfter;
  };

  it('20 wrong passwords from one address do not keep the owner out, from another address or with a device cookie', async () => {
    const { person } = await registerUser(h);
    const first = await login(h, person.email, person.password, '10.1.9.9');
    expect(first.status).toBe(200);
    const device = first.body.device as string;
    expect(device).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await login(h, person.username, 'Wrong-pass1', '10.1.0.1')).status);
    // Five guesses per account and address, then that address waits (only that address).
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    expectThrottled(await login(h, person.username, person.password, '10.1.0.1'));
    expect((await login(h, person.email, person.password, '10.1.0.2')).status).toBe(200);
    // The same browser, even from the attacker's address, gets in with its device cookie.
    const again = await login(h, person.email, person.password, '10.1.0.1', false, device);
    expect(again.status).toBe(200);
    expect(again.body.device).toBe(device);
  });

  it('guessing from many addresses meets growing delays, never a fixed lock; a device cookie still gets in', async () => {
    const { person } = await registerUser(h);
    const device = (await login(h, person.email, person.password, '10.7.9.9')).body.device as string;
    for (let i = 0; i < 10; i++) expect(errorOf(await login(h, person.email, 'Wrong-pass1', `10.7.0.${i}`)).code, `failure ${i + 1}`).toBe('identity.bad_credentials');
    // The 11th failure starts the delays; each further one doubles them.
    expect(errorOf(await login(h, person.email, 'Wrong-pass1', '10.7.1.0')).code).toBe('identity.bad_credentials');
    const waits: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const wait = expectThrottled(await login(h, person.email, person.password, `10.7.1.${i}`));
      waits.push(wait);
      h.advance(wait * 1000);
      expect(errorOf(await login(h, person.email, 'Wrong-pass1', `10.7.2.${i}`)).code).toBe('identity.bad_credentials');
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The owner's browser is not delayed; a stranger without the cookie is.
    expect((await login(h, person.email, person.password, '10.7.3.1', false, device)).status).toBe(200);
    expectThrottled(await login(h, person.email, person.password, '10.7.3.2'));
    // A device cookie of another account, or a forged one, counts for nothing.
    const other = await registerUser(h);
    const otherDevice = (await login(h, other.person.email, other.person.password, '10.7.3.3')).body.device as string;
    expectThrottled(await login(h, person.email, person.password, '10.7.3.4', false, otherDevice));
    expectThrottled(await login(h, person.email, person.password, '10.7.3.5', false, `${device.slice(0, -2)}xx`));
    // Waiting out the delay lets the right password in, and the account counts from zero again.
    h.advance(16_000);
    expect((await login(h, person.email, person.password, '10.7.3.6')).status).toBe(200);
    expect((await login(h, person.email, 'Wrong-pass1', '10.7.3.7')).status).toBe(400);
    expect((await login(h, person.email, person.password, '10.7.3.8')).status).toBe(200);
  });

  it('parallel guesses on a delayed account get one turn, the rest wait', async () => {
    const { person } = await registerUser(h);
    for (let i = 0; i < 10; i++) await login(h, person.email, 'Wrong-pass1', `10.8.0.${i}`);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(h, person.email, 'Wrong-pass1', `10.8.1.${i}`)));
    expect(answers.filter((r) => r.status === 400)).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 400)) expectThrottled(r);
  });

  it('a device cookie that guesses wrong is refused itself after 5 failures', async () => {
    const { person } = await registerUser(h);
    const device = (await login(h, person.email, person.password, '10.9.9.9')).body.device as string;
    for (let i = 0; i < 5; i++) expect((await login(h, person.email, 'Wrong-pass1', `10.9.0.${i}`, false, device)).status).toBe(400);
    // From now on it is an untrusted client: the per-address limit applies again.
    for (let i = 0; i < 5; i++) expect((await login(h, person.email, 'Wrong-pass1', '10.9.1.1', false, device)).status).toBe(400);
    expectThrottled(await login(h, person.email, person.password, '10.9.1.1', false, device));
    expect((await login(h, person.email, person.password, '10.9.1.2')).status).toBe(200);
  });

  it('throttles an address after 30 failures, for every account tried from it', async () => {
    const victim = await registerUser(h);
    const ip = '10.2.0.1';
    for (let i = 0; i < 30; i++) {
      const r = await login(h, `ghost_${i}`, 'Wrong-pass1', ip);
      expect(errorOf(r).code, `failure ${i + 1}`).toBe('identity.bad_credentials');
    }
    expectThrottled(await login(h, victim.person.email, victim.person.password, ip));
    expect((await login(h, victim.person.email, victim.person.password, '10.2.0.2')).status).toBe(200);
  });

  it('does not lock everybody out when the caller passes no address', async () => {
    const { person } = await registerUser(h);
    for (let i = 0; i < 31; i++) await login(h, `nobody_${i}`, 'Wrong-pass1', '');
    expect((await login(h, person.email, person.password, '')).status).toBe(200);
  });

  it('starts counting an account again after a successful sign-in', async () => {
    const { person } = await registerUser(h);
    for (let i = 0; i < 9; i++) await login(h, person.email, 'Wrong-pass1', `10.3.0.${i}`);
    expect((await login(h, person.email, person.password, '10.3.1.2')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(h, person.email, 'Wrong-pass1', `10.3.2.${i}`)).status).toBe(400);
    expect((await login(h, person.email, person.password, '10.3.1.4')).status).toBe(200);
  });

  it('refuses a frozen account after checking its password', async () => {
    const { user, person } = await registerUser(h);
    await setFrozen(h.db, user.id, new Date());
    expect(errorOf(await login(h, person.email, 'Wrong-pass1', '10.4.0.1')).code).toBe('identity.bad_credentials');
    const r = await login(h, person.email, person.password, '10.4.0.1');
    expect(r.status).toBe(403);
    expect(errorOf(r).code).toBe('identity.account_frozen');
  });

  it('looks sessions up, and logout revokes exactly one', async () => {
    const { user, session: first, person } = await registerUser(h);
    const second = (await login(h, person.email, person.password, '10.5.0.1')).body.session;
    const found = await session(first.id);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ session: { ...first, revokedAt: null }, user, frozen: false });

    const out = await revoke(first.id);
    expect(out.body).toEqual({ revoked: [first.id] });
    expect((await session(first.id)).body.session.revokedAt).toEqual(expect.any(String));
    expect((await session(second.id)).body.session.revokedAt).toBeNull();
    expect((await revoke(first.id)).body).toEqual({ revoked: [] });
    const row = await h.db.selectFrom('session').select('revoked_reason').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('logout');
  });

  it('answers 404 for unknown or malformed session ids', async () => {
    for (const id of ['6f1c1b1e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await session(id);
      expect(r.status).toBe(404);
      expect(errorOf(r).code).toBe('identity.session_not_found');
      expect((await revoke(id)).status).toBe(404);
    }
  });

  it('changes the password with the old one and a code to the bound email, revoking every session', async () => {
    const { user, session: s1, person } = await registerUser(h);
    const s2 = (await login(h, person.email, person.password, '10.6.0.1', true)).body.session;
    const change = (body: Record<string, unknown>) => h.call('POST', `/v1/users/${user.id}/password`, body);

    const sent = await h.call('POST', '/v1/codes', { email: 'ignored@example.com', purpose: 'change_password', locale: 'en', userId: user.id });
    expect(sent.status).toBe(200);
    expect(await h.codeRequests('ignored@example.com')).toHaveLength(0);
    const code = await h.codeFor(person.email, 'change_password');

    expect(errorOf(await change({ oldPassword: 'Wrong-pass1', newPassword: 'New-pass-12', code }))).toMatchObject({ code: 'identity.old_password_wrong', fields: { oldpwd: 'wrong' } });
    expect(errorOf(await change({ oldPassword: person.password, newPassword: 'short', code }))).toMatchObject({ fields: { pwd: 'length' } });
    expect(errorOf(await change({ oldPassword: person.password, newPassword: 'New<pass12', code }))).toMatchObject({ fields: { pwd: 'characters' } });
    expect(errorOf(await change({ oldPassword: person.password, newPassword: 'New-pass-12', code: '' }))).toMatchObject({ fields: { captcha: 'required' } });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(errorOf(await change({ oldPassword: person.password, newPassword: 'New-pass-12', code: wrongCode }))).toMatchObject({ code: 'identity.code_invalid', fields: { captcha: 'invalid' } });

    const ok = await change({ oldPassword: person.password, newPassword: 'New-pass-12', code });
    expect(ok.status).toBe(200);
    expect(ok.body.revoked).toEqual([s1.id, s2.id].sort());
    for (const id of [s1.id, s2.id]) expect((await session(id)).body.session.revokedAt).not.toBeNull();
    expect(errorOf(await login(h, person.email, person.password, '10.6.0.2')).code).toBe('identity.bad_credentials');
    expect((await login(h, person.email, 'New-pass-12', '10.6.0.2')).status).toBe(200);
  });

  it('resets a forgotten password with a retrieve_password code, revoking every session', async () => {
    const { session: s1, person } = await registerUser(h);
    expect((await h.call('POST', '/v1/codes', { email: person.email, purpose: 'retrieve_password', locale: 'zh-cn' })).status).toBe(200);
    const code = await h.codeFor(person.email, 'retrieve_password');
    const reset = (body: Record<string, unknown>) => h.call('POST', '/v1/password/reset', body);
    expect(errorOf(await reset({ email: person.email, newPassword: 'Abc"12345', code }))).toMatchObject({ fields: { pwd: 'characters' } });
    const r = await reset({ email: person.email.toUpperCase(), newPassword: 'Reset-pass1', code });
    expect(r.status).toBe(200);
    expect(r.body.revoked).toEqual([s1.id]);
    expect((await login(h, person.email, 'Reset-pass1', '10.7.0.1')).status).toBe(200);
    // The code was used up.
    expect(errorOf(await reset({ email: person.email, newPassword: 'Other-pass1', code })).code).toBe('identity.code_invalid');
  });

  it('answers success for an unknown email on retrieve_password but sends nothing, and the reset fails like a wrong code', async () => {
    const email = newPerson().email;
    const known = await registerUser(h);
    const a = await h.call('POST', '/v1/codes', { email, purpose: 'retrieve_password', locale: 'en' });
    const b = await h.call('POST', '/v1/codes', { email: known.person.email, purpose: 'retrieve_password', locale: 'en' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
    expect(await h.codeRequests(email)).toHaveLength(0);
    expect(await h.codeRequests(known.person.email)).not.toHaveLength(0);
    // The resend wait looks the same too.
    const again = await h.call('POST', '/v1/codes', { email, purpose: 'retrieve_password', locale: 'en' });
    expect(again.status).toBe(429);
    const r = await h.call('POST', '/v1/password/reset', { email, newPassword: 'Reset-pass1', code: '123456' });
    expect(errorOf(r)).toMatchObject({ code: 'identity.code_invalid', fields: { captcha: 'invalid' } });
  });

  it('asks for a bound email before a change_password code', async () => {
    const now = new Date();
    const user = await insertUser(h.db, { id: crypto.randomUUID(), email: null, username: 'no_mail_user', accountType: 'personal', locale: 'en', now });
    const r = await h.call('POST', '/v1/codes', { email: '', purpose: 'change_password', locale: 'en', userId: user.id });
    expect(r.status).toBe(400);
    expect(errorOf(r).code).toBe('identity.email_required');
    const noUser = await h.call('POST', '/v1/codes', { email: '', purpose: 'change_password', locale: 'en' });
    expect(errorOf(noUser)).toMatchObject({ code: 'identity.validation', fields: { userId: 'required' } });
  });
});
