import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRegistered } from '@brokerwise/proto';
import { purgeExpiredCodes } from '../src/domain/codes.ts';
import { errorOf, newPerson, registerUser, startHarness, type Harness } from './harness.ts';

describe('identity: email codes and registration (real SQL, bus, cache)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const askCode = (email: string, purpose = 'user_register', locale = 'en', userId?: string) =>
    h.call('POST', '/v1/codes', { email, purpose, locale, ...(userId ? { userId } : {}) });
  const register = (body: Record<string, unknown>) => h.call('POST', '/v1/register', { locale: 'en', ip: '10.1.1.1', userAgent: 'vitest', ...body });

  it('registers with the code from the mailbox, opens a session and publishes identity.user.registered', async () => {
    const p = newPerson();
    const sent = await askCode(p.email.toUpperCase());
    expect(sent).toMatchObject({ status: 200, body: { resendAfter: 60 } });
    // The code leaves in the event the notifications service mails, with its expiry.
    const [request] = await h.codeRequests(p.email);
    expect(request).toMatchObject({ email: p.email, event: 'user_register', locale: 'en', code: expect.stringMatching(/^\d{6}$/) });
    expect(Number(request!.expiresAt!.seconds) - Number(request!.requestedAt!.seconds)).toBe(600);
    const code = await h.codeFor(p.email, 'user_register');

    // Only a keyed hash of the code is stored.
    const stored = await h.db.selectFrom('email_code').select('code_hash').where('email', '=', p.email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);

    const r = await register({ email: ` ${p.email.toUpperCase()} `, username: p.username, password: p.password, code, ip: '10.9.9.9', userAgent: 'agent/1' });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({
      id: expect.any(String),
      username: p.username,
      email: p.email,
      avatarKey: null,
      countryCode: null,
      motto: '',
      accountType: 'personal',
      role: 'user',
      followers: 0,
      following: 0,
      likesReceived: 0,
      collections: 0,
      createdAt: expect.any(String),
    });
    expect(r.body.session).toMatchObject({ id: expect.any(String), userId: r.body.user.id, remember: false });
    const lifetime = Date.parse(r.body.session.expiresAt) - Date.parse(r.body.user.createdAt);
    expect(lifetime).toBe(24 * 3600_000);
    const row = await h.db.selectFrom('session').selectAll().where('id', '=', r.body.session.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ip: '10.9.9.9', user_agent: 'agent/1', revoked_at: null });

    await expect
      .poll(() => h.events.filter((e) => e.type === 'identity.user.registered').map((e) => (e.payload as UserRegistered).userId), { timeout: 10_000 })
      .toContain(r.body.user.id);
    const event = h.events.find((e) => e.type === 'identity.user.registered' && (e.payload as UserRegistered).userId === r.body.user.id)!;
    expect(event.payload).toMatchObject({ username: p.username, email: p.email, locale: 'en' });
    // The code request reached the bus (for the notifications service).
    const requested = h.events.find((e) => e.type === 'identity.email_code.requested' && (e.payload as { email: string }).email === p.email);
    expect(requested?.payload).toMatchObject({ event: 'user_register', locale: 'en', code });
  });

  it('asks for the code mail in Simplified Chinese for locale zh-cn', async () => {
    const p = newPerson();
    expect((await askCode(p.email, 'user_register', 'zh-cn')).status).toBe(200);
    expect(await h.codeRequests(p.email)).toMatchObject([{ event: 'user_register', locale: 'zh-cn' }]);
  });

  it('refuses a taken email (code request and registration) and a taken username in any case', async () => {
    const { person } = await registerUser(h);
    const again = await askCode(person.email.toUpperCase());
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'identity.email_taken', fields: { email: 'taken' } });

    const other = newPerson();
    await askCode(other.email);
    const code = await h.codeFor(other.email, 'user_register');
    const r = await register({ email: other.email, username: person.username.toUpperCase(), password: other.password, code });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'identity.username_taken', fields: { username: 'taken' } });
    const both = await register({ email: person.email, username: person.username, password: other.password, code });
    expect(errorOf(both)).toMatchObject({ code: 'identity.email_taken', fields: { email: 'taken', username: 'taken' } });
    // The refused attempts did not use the code up.
    const ok = await register({ ...other, code });
    expect(ok.status).toBe(200);
  });

  it.each([
    ['email missing', { email: '' }, { email: 'required' }],
    ['email shape', { email: 'not-an-email' }, { email: 'format' }],
    ['email too long', { email: `${'a'.repeat(250)}@x.io` }, { email: 'format' }],
    ['username missing', { username: '' }, { username: 'required' }],
    ['username too short', { username: 'ab' }, { username: 'format' }],
    ['username too long (16)', { username: 'a'.repeat(16) }, { username: 'format' }],
    ['username with a space', { username: 'ab cd' }, { username: 'format' }],
    ['username with punctuation', { username: 'ab!cd' }, { username: 'format' }],
    ['password missing', { password: '' }, { password: 'required' }],
    ['password too short', { password: 'Abc-123' }, { password: 'length' }],
    ['password too long', { password: 'Abcdefg-12345' }, { password: 'length' }],
    ['password with &', { password: 'Abc&12345' }, { password: 'characters' }],
    ['password with a quote', { password: `Abc'12345` }, { password: 'characters' }],
    ['password with a line break', { password: 'Abc\n12345' }, { password: 'characters' }],
    ['captcha missing', { code: '' }, { captcha: 'required' }],
  ])('refuses %s with its field code', async (_name, override, fields) => {
    const p = newPerson();
    const r = await register({ ...p, code: '123456', ...override });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toEqual({ code: 'identity.validation', kind: 'validation', message: 'Invalid input', fields });
  });

  it('accepts the username edges: 3 and 15 characters, CJK, _ - .', async () => {
    for (const username of ['abc', 'a'.repeat(15), '外汇王', 'x_y-z.1']) {
      const p = { ...newPerson(), username };
      await registerUser(h, p);
    }
  });

  it('lists every broken rule at once and refuses an unknown property', async () => {
    const r = await register({ email: 'x', username: 'a b', password: 'short', code: '' });
    expect(errorOf(r).fields).toEqual({ email: 'format', username: 'format', password: 'length', captcha: 'required' });
    const extra = await register({ ...newPerson(), code: '123456', admin: true });
    expect(extra.status).toBe(400);
    expect(errorOf(extra)).toMatchObject({ code: 'validation_failed', kind: 'validation' });
    expect(String(errorOf(extra).message)).toContain('additional properties');
  });

  it('registers a company account (it may then claim a company, company-claims.test.ts)', async () => {
    const p = newPerson();
    await askCode(p.email);
    const code = await h.codeFor(p.email, 'user_register');
    const r = await register({ ...p, code, accountType: 'company' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.user).toMatchObject({ username: p.username, accountType: 'company' });
  });

  it('counts wrong codes: four say invalid, the fifth kills the code, then even the right one is refused', async () => {
    const p = newPerson();
    await askCode(p.email);
    const code = await h.codeFor(p.email, 'user_register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await register({ ...p, code: wrong });
      expect(errorOf(r), `attempt ${i}`).toMatchObject({ code: 'identity.code_invalid', fields: { captcha: 'invalid' } });
    }
    expect(errorOf(await register({ ...p, code: wrong }))).toMatchObject({ code: 'identity.code_attempts', fields: { captcha: 'attempts' } });
    expect(errorOf(await register({ ...p, code }))).toMatchObject({ code: 'identity.code_attempts', fields: { captcha: 'attempts' } });
  });

  it('uses a code once', async () => {
    const p = newPerson();
    await askCode(p.email);
    const code = await h.codeFor(p.email, 'user_register');
    expect((await register({ ...p, code })).status).toBe(200);
    // Same code, another account: the code is gone (the email is also taken by now).
    const second = await register({ ...newPerson(), email: p.email, code });
    expect(second.status).toBe(400);
  });

  it('refuses a resend within 60 s with the seconds left, allows it after, and the new code replaces the old', async () => {
    const p = newPerson();
    await askCode(p.email);
    const first = await h.codeFor(p.email, 'user_register');
    h.advance(20_000);
    const soon = await askCode(p.email);
    expect(soon.status).toBe(429);
    expect(errorOf(soon)).toMatchObject({ code: 'identity.code_too_soon', kind: 'too_many_requests' });
    const retryAfter = soon.body.error.retryAfter as number;
    expect(retryAfter).toBeGreaterThanOrEqual(39);
    expect(retryAfter).toBeLessThanOrEqual(40);
    expect(soon.headers.get('retry-after')).toBe(String(retryAfter));
    expect(await h.codeRequests(p.email)).toHaveLength(1);

    h.advance(41_000);
    expect((await askCode(p.email)).status).toBe(200);
    expect(await h.codeRequests(p.email)).toHaveLength(2);
    const second = await h.codeFor(p.email, 'user_register');
    if (first !== second) expect(errorOf(await register({ ...p, code: first }))).toMatchObject({ fields: { captcha: 'invalid' } });
    expect((await register({ ...p, code: second })).status).toBe(200);
  });

  it('lets only one of two simultaneous code requests through', async () => {
    const p = newPerson();
    const [a, b] = await Promise.all([askCode(p.email), askCode(p.email)]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    expect(await h.codeRequests(p.email)).toHaveLength(1);
  });

  it('expires a code after 10 minutes', async () => {
    const p = newPerson();
    await askCode(p.email);
    const code = await h.codeFor(p.email, 'user_register');
    h.advance(10 * 60_000 + 1_000);
    const r = await register({ ...p, code });
    expect(errorOf(r)).toMatchObject({ code: 'identity.code_expired', fields: { captcha: 'expired' } });
  });

  it('refuses a bad purpose or locale at the schema', async () => {
    expect((await h.call('POST', '/v1/codes', { email: newPerson().email, purpose: 'reset', locale: 'en' })).status).toBe(400);
    expect((await h.call('POST', '/v1/codes', { email: newPerson().email, purpose: 'user_register', locale: 'fr' })).status).toBe(400);
    const bad = await askCode('nope');
    expect(errorOf(bad)).toMatchObject({ code: 'identity.validation', fields: { email: 'format' } });
  });

  it('purges codes a day after they expired, and only those', async () => {
    const old = newPerson();
    await askCode(old.email);
    h.advance(24 * 3600_000 + 11 * 60_000);
    const fresh = newPerson();
    await askCode(fresh.email);
    const purged = await purgeExpiredCodes({ db: h.db, now: h.now });
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await h.db.selectFrom('email_code').select('email').where('email', 'in', [old.email, fresh.email]).execute();
    expect(left.map((r) => r.email)).toEqual([fresh.email]);
  });

  it('reports readiness of database, bus, cache and objects (mail is the notifications service’s)', async () => {
    const r = await h.call('GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body.checks).toEqual({ database: 'ok', bus: 'ok', cache: 'ok', objects: 'ok', events: 'ok' });
    expect((await h.call('GET', '/healthz')).status).toBe(200);
  });
});
