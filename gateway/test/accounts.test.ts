import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { MemoryBus, destroyBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { FileMailer } from '@brokerwise/mail';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../../services/catalogue/src/config.ts';
import { startCatalogue } from '../../services/catalogue/src/main.ts';
import { upsertCountry } from '../../services/catalogue/src/store/reference.store.ts';
import { parseIdentityConfig } from '../../services/identity/src/config.ts';
import { startIdentity } from '../../services/identity/src/main.ts';
import { parseNotificationsConfig } from '../../services/notifications/src/config.ts';
import { startNotifications } from '../../services/notifications/src/main.ts';
import type { Country, CreatorFan, Envelope, ErrorData, Page, UserInfo, UserProfile } from '@brokerwise/api-contract';
import { expectContract } from './api-contract.ts';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/main.ts';

const SALT = 'accounts-test-salt';

/** A browser-like client: keeps cookies, echoes the CSRF cookie, signs every call. */
class Client {
  cookies = new Map<string, string>();
  readonly base: string;
  readonly lang: string;
  constructor(base: string, lang = 'en') {
    this.base = base;
    this.lang = lang;
  }
  async call<T>(method: 'GET' | 'POST', p: string, body?: unknown, opts: { token?: string; csrf?: boolean; form?: FormData } = {}) {
    const headers: Record<string, string> = { ...(await signatureHeaders(SALT)), lang: this.lang };
    if (this.cookies.size > 0 && !opts.token) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.csrf !== false && this.cookies.has('bw_csrf')) headers['x-csrf-token'] = this.cookies.get('bw_csrf')!;
    if (opts.token) headers.token = opts.token;
    let payload: BodyInit | undefined;
    if (opts.form) payload = opts.form;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.base}${p}`, { method, headers, ...(payload ? { body: payload } : {}) });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [k, v] = pair!.split('=');
      if (attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim())) || v === '') this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), v!.trim());
    }
    const json: unknown = await res.json();
    expectContract(method, p, json);
    return { status: res.status, body: json as Envelope<T>, setCookies: res.headers.getSetCookie() };
  }
}

describe('accounts through the gateway (identity service, real SQL and cache)', () => {
  let dir: string;
  let catDb: TestDatabase;
  let idDb: TestDatabase;
  let ntfDb: TestDatabase;
  let mailer: FileMailer;
  const bus = new MemoryBus();
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('acct')}:` });
  const stops: (() => Promise<void>)[] = [];
  let base: string;
  /** Moves identity's clock forward (never back: sessions and codes keep their order). */
  let clockOffsetMs = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-acct-'));
    const objects = new DiskStore({ dir: path.join(dir, 'objects') });
    mailer = new FileMailer({ dir: path.join(dir, 'outbox') });
    catDb = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    idDb = await createTestDatabase('identity', process.env.DATABASE_URL);
    const catalogue = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: catDb, objects });
    stops.push(catalogue.close);
    await upsertCountry(catDb.db, { code: 'SG', name_en: 'Singapore', name_zh: '新加坡', popular: true, sort: 1 });
    // Codes are mailed by the notifications service, from identity's event (ADR 010).
    ntfDb = await createTestDatabase('notifications', process.env.DATABASE_URL);
    const notifications = await startNotifications(parseNotificationsConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, mailer, database: ntfDb });
    stops.push(notifications.close);
    const identity = await startIdentity(parseIdentityConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, objects, cache, database: idDb, now: () => new Date(Date.now() + clockOffsetMs) });
    stops.push(identity.close);
    const gateway = await startGateway(
      parseGatewayConfig({ PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: SALT, DATA_DIR: dir, CATALOGUE_URL: `http://127.0.0.1:${catalogue.port}`, IDENTITY_URL: `http://127.0.0.1:${identity.port}`, RATE_LIMIT_PER_MINUTE: '10000' }),
      { cache, objects, devMailbox: mailer },
    );
    stops.push(gateway.close);
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await cache.delPrefix('');
    await cache.close();
    await destroyBus(bus);
    await catDb?.destroy();
    await idDb?.destroy();
    await ntfDb?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  /** The code in the newest mail to `email` for `purpose` (mailed asynchronously, through the bus). */
  function codeFor(email: string, purpose = 'user_register'): Promise<string> {
    return vi.waitFor(
      async () => {
        const match = /\b(\d{6})\b/.exec((await mailer.list(email)).find((m) => m.tags?.event === purpose)?.text ?? '');
        if (!match) throw new Error(`no ${purpose} code mailed to ${email}`);
        return match[1]!;
      },
      { timeout: 15_000, interval: 25 },
    );
  }

  async function register(c: Client, name = `u${Math.random().toString(36).slice(2, 9)}`) {
    const email = `${name}@example.com`;
    const sent = await c.call<{ resendAfter: number }>('POST', '/api/ems/send', { email, event: 'user_register' });
    expect(sent.body).toMatchObject({ code: 1, data: { resendAfter: 60 } });
    const res = await c.call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { tab: 'register', email, username: name, password: 'Secret123', captcha: await codeFor(email) });
    expect(res.body.code).toBe(1);
    return { email, name, userInfo: res.body.data.userInfo, res };
  }

  it('registers with a mailed code and signs in with a session cookie pair', async () => {
    const c = new Client(base);
    const { res, name, email } = await register(c);
    expect(res.body.msg).toBe('Registration successful. Welcome to Brokerwise!');
    expect(res.body.data.userInfo).toMatchObject({ username: name, avatar: { avatar: '' } });
    const session = res.setCookies.find((s) => s.startsWith('bw_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(res.setCookies.some((s) => s.startsWith('bw_csrf=') && !/HttpOnly/i.test(s))).toBe(true);
    const me = await c.call<UserProfile>('POST', '/api/user/index');
    expect(me.body).toMatchObject({ code: 1, data: { username: name, email, followers: 0, accountType: 'personal' } });
    // The mailed code is in the visitor's language.
    expect((await mailer.list(email))[0]?.text).toMatch(/verification code/i);
  });

  it('answers wrong credentials identically and in the caller language', async () => {
    const c = new Client(base);
    const { name, email } = await register(c);
    const anon = new Client(base, 'zh-cn');
    const wrong = await anon.call<ErrorData>('POST', '/api/user/checkIn', { tab: 'login', email: name, password: 'Wrong12345' });
    const nobody = await anon.call<ErrorData>('POST', '/api/user/checkIn', { tab: 'login', email: 'nobody-here', password: 'Wrong12345' });
    expect(wrong.body).toMatchObject({ code: 0, msg: '邮箱、用户名或密码不正确。' });
    expect(nobody.body.msg).toBe(wrong.body.msg);
    const ok = await new Client(base).call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { tab: 'login', email, password: 'Secret123' });
    expect(ok.body).toMatchObject({ code: 1, msg: 'Signed in successfully.' });
  });

  describe('clients written against the seed API (ADR 020)', () => {
    /** A signed call with `body` as-is and extra headers, cookies from `c` when given. */
    async function raw(body: BodyInit, headers: Record<string, string>, c?: Client) {
      const cookie: Record<string, string> = c && c.cookies.size > 0 ? { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
      const res = await fetch(`${base}/api/user/checkIn`, { method: 'POST', headers: { ...(await signatureHeaders(SALT)), lang: 'en', ...cookie, ...headers }, body });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<ErrorData & { userInfo?: UserInfo }> };
    }

    it('a form-encoded checkIn signs in, and a form-encoded mistake is a field error', async () => {
      const { email, name } = await register(new Client(base));
      const ok = await raw(new URLSearchParams({ tab: 'login', email, password: 'Secret123' }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ code: 1, data: { userInfo: { username: name } } });
      expect(ok.headers.getSetCookie().some((s) => s.startsWith('bw_session='))).toBe(true);
      const bad = await raw(new URLSearchParams({ tab: 'sideways', email }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields).toHaveProperty('tab');
    });

    it('multipart text fields sign in; a file part on a route without files is refused at its field', async () => {
      const { email, name } = await register(new Client(base));
      const form = new FormData();
      for (const [k, v] of Object.entries({ tab: 'login', email, password: 'Secret123' })) form.append(k, v);
      const ok = await raw(form, {});
      expect(ok.body).toMatchObject({ code: 1, data: { userInfo: { username: name } } });
      form.append('avatar', new Blob([new Uint8Array([1, 2, 3])]), 'a.png');
      const refused = await raw(form, {});
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields).toEqual({ avatar: expect.any(String) });
    });

    it('Prefer: envelope-status answers HTTP 200 with the status only in the envelope; without it the status is honest', async () => {
      const body = JSON.stringify({ tab: 'login', email: 'nobody-here', password: 'Wrong12345' });
      const honest = await raw(body, { 'content-type': 'application/json' });
      expect(honest.status).toBe(400);
      const compat = await raw(body, { 'content-type': 'application/json', prefer: 'envelope-status' });
      expect(compat.status).toBe(200);
      expect(compat.headers.get('preference-applied')).toBe('envelope-status');
      expect(compat.body).toEqual({ ...honest.body, time: compat.body.time, data: { ...honest.body.data, requestId: compat.body.data.requestId } });
      expect(compat.body.code).toBe(0);
    });

    it('a form post with the session cookie but without the CSRF header changes nothing', async () => {
      const c = new Client(base);
      const { name } = await register(c);
      const res = await fetch(`${base}/api/user/editUser`, {
        method: 'POST',
        headers: { ...(await signatureHeaders(SALT)), lang: 'en', 'content-type': 'application/x-www-form-urlencoded', cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: new URLSearchParams({ username: `${name}x` }).toString(),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const me = await c.call<UserProfile>('POST', '/api/user/index');
      expect(me.body.data.username).toBe(name);
    });
  });

  it('20 wrong passwords do not keep out the browser that signed in before: its device cookie (ADR 013)', async () => {
    const owner = new Client(base);
    const { name } = await register(owner);
    const first = await owner.call('POST', '/api/user/checkIn', { tab: 'login', email: name, password: 'Secret123' });
    const device = first.setCookies.find((s) => s.startsWith('bw_device='))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Path=\/api\/user\/checkIn/);
    // An attacker at the same address (every call here comes from 127.0.0.1) guesses 20 times.
    const attacker = new Client(base, 'zh-cn');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attacker.call('POST', '/api/user/checkIn', { tab: 'login', email: name, password: 'Wrong12345' })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const res = await fetch(`${base}/api/user/checkIn`, {
      method: 'POST',
      headers: { ...(await signatureHeaders(SALT)), lang: 'zh-cn', 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 'login', email: name, password: 'Secret123' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const refused = (await res.json()) as Envelope<ErrorData>;
    expect(refused).toMatchObject({ code: 429, data: { error: 'identity.login_throttled' } });
    expect(refused.msg).toMatch(/登录尝试次数过多/);
    // The owner's browser still signs in, and keeps its device cookie.
    const again = await owner.call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { tab: 'login', email: name, password: 'Secret123' });
    expect(again.body.code).toBe(1);
  });

  it('binds the CSRF token to the session: another session\'s token is refused (ADR 009)', async () => {
    const a = new Client(base);
    const { name } = await register(a);
    const b = new Client(base);
    expect((await b.call('POST', '/api/user/checkIn', { tab: 'login', email: name, password: 'Secret123' })).body.code).toBe(1);
    expect(b.cookies.get('bw_csrf')).not.toBe(a.cookies.get('bw_csrf'));
    // A's session cookie with B's token (cookie and header agreeing: plain double submit would pass).
    const mixed = new Client(base);
    mixed.cookies.set('bw_session', a.cookies.get('bw_session')!);
    mixed.cookies.set('bw_csrf', b.cookies.get('bw_csrf')!);
    const refused = await mixed.call<ErrorData>('POST', '/api/user/follow', { fuid: 'x' }, { csrf: true });
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe('csrf_failed');
    // A forged random token too.
    mixed.cookies.set('bw_csrf', 'A'.repeat(43));
    expect((await mixed.call<ErrorData>('POST', '/api/user/follow', { fuid: 'x' })).body.data.error).toBe('csrf_failed');
  });

  it('a session cookie without the CSRF cookie still reads the profile and gets its token back (no 503 page)', async () => {
    const a = new Client(base);
    const { name } = await register(a);
    const token = a.cookies.get('bw_csrf')!;
    const lost = new Client(base);
    lost.cookies.set('bw_session', a.cookies.get('bw_session')!);
    // What every signed-in page's loader asks: a read, so no CSRF token is needed.
    const me = await lost.call<UserProfile>('POST', '/api/user/index');
    expect(me.status).toBe(200);
    expect(me.body.data.username).toBe(name);
    expect(me.setCookies.find((c) => c.startsWith('bw_csrf='))).toBe(`bw_csrf=${token}; Path=/; SameSite=Lax`);
    // With the reissued cookie the browser's next change goes through.
    expect(lost.cookies.get('bw_csrf')).toBe(token);
    const follow = await lost.call<ErrorData>('POST', '/api/user/follow', { fuid: 'not-a-user' });
    expect(follow.body.data?.error).not.toBe('csrf_failed');
  });

  it('gives the spec field messages for missing fields', async () => {
    const c = new Client(base);
    const login = await c.call<ErrorData>('POST', '/api/user/checkIn', { tab: 'login', email: '', password: '' });
    expect(login.body.data.fields).toEqual({ email: 'Please enter a mailbox or user name.', password: 'Please enter the password.' });
    const reg = await new Client(base, 'zh-cn').call<ErrorData>('POST', '/api/user/checkIn', { tab: 'register', email: '', username: '', password: '', captcha: '' });
    expect(reg.body.data.fields).toMatchObject({ email: '请输入邮箱。', username: '请输入用户名。', password: '请输入密码。', captcha: '请输入验证码。' });
  });

  it('needs a session (402), refuses cookie calls without the CSRF header, and ends revoked sessions (409)', async () => {
    const anon = await new Client(base).call<ErrorData>('POST', '/api/user/index');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(402);
    const forged = await new Client(base).call<ErrorData>('POST', '/api/user/index', undefined, { token: 'not.a.token' });
    expect(forged.body.code).toBe(402);
    const c = new Client(base);
    const { userInfo } = await register(c);
    const noCsrf = await c.call<ErrorData>('POST', '/api/user/follow', { fuid: userInfo.id }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.data.error).toBe('csrf_failed');
    // API clients use the token header instead.
    expect((await new Client(base).call('POST', '/api/user/index', undefined, { token: userInfo.token })).body.code).toBe(1);
    const out = await c.call('POST', '/api/user/logout');
    expect(out.body.code).toBe(1);
    expect(c.cookies.has('bw_session')).toBe(false);
    const after = await new Client(base).call<ErrorData>('POST', '/api/user/index', undefined, { token: userInfo.token });
    expect(after.body.code).toBe(409);
  });

  it('changes the password with the old one and a code, ending every session', async () => {
    const c = new Client(base);
    const { userInfo, email, name } = await register(c);
    const other = new Client(base);
    const second = await other.call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { tab: 'login', email: name, password: 'Secret123' });
    expect(second.body.code).toBe(1);
    const sent = await c.call('POST', '/api/ems/send', { event: 'change_password' });
    expect(sent.body.code).toBe(1);
    const wrongOld = await c.call<ErrorData>('POST', '/api/user/modifyPassword', { oldpwd: 'Nope12345', pwd: 'NewSecret1', captcha: await codeFor(email, 'change_password') });
    expect(wrongOld.body.data.fields).toMatchObject({ oldpwd: 'The old password is incorrect.' });
    const changed = await c.call('POST', '/api/user/modifyPassword', { oldpwd: 'Secret123', pwd: 'NewSecret1', captcha: await codeFor(email, 'change_password') });
    expect(changed.body).toMatchObject({ code: 1 });
    expect((await new Client(base).call<ErrorData>('POST', '/api/user/index', undefined, { token: userInfo.token })).body.code).toBe(409);
    expect((await other.call<ErrorData>('POST', '/api/user/index')).body.code).toBe(409);
    const relog = await new Client(base).call('POST', '/api/user/checkIn', { tab: 'login', email, password: 'NewSecret1' });
    expect(relog.body.code).toBe(1);
  });

  it('resets a forgotten password with a mailed code', async () => {
    const { email } = await register(new Client(base));
    const anon = new Client(base);
    expect((await anon.call('POST', '/api/ems/send', { email, event: 'retrieve_password' })).body.code).toBe(1);
    const reset = await anon.call('POST', '/api/user/retrievePassword', { email, pwd: 'Reset1234', captcha: await codeFor(email, 'retrieve_password') });
    expect(reset.body.code).toBe(1);
    expect((await new Client(base).call('POST', '/api/user/checkIn', { tab: 'login', email, password: 'Reset1234' })).body.code).toBe(1);
  });

  it('uploads an avatar checked by content and edits the profile', async () => {
    const c = new Client(base);
    await register(c);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const up = await c.call<{ key: string; avatar: { avatar: string } }>('POST', '/api/user/avatar', undefined, { form });
    expect(up.body.code).toBe(1);
    expect(up.body.data.avatar.avatar).toMatch(/^\/media\/avatars\//);
    const fake = new FormData();
    fake.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' }), 'evil.png');
    const refused = await c.call<ErrorData>('POST', '/api/user/avatar', undefined, { form: fake });
    expect(refused.body.data.fields).toEqual({ avatar: 'The avatar must be a JPEG, JPG or PNG image.' });
    const countries = await c.call<Country[]>('GET', '/api/ajax/dataRegion');
    const sg = countries.body.data.find((x) => x.code === 'SG')!;
    const edited = await c.call<UserProfile>('POST', '/api/user/editUser', { avatar: up.body.data.key, username: `n${Date.now().toString(36).slice(-8)}`, country: sg.id, motto: '交易十年' });
    expect(edited.body).toMatchObject({ code: 1, data: { motto: '交易十年', country: { code: 'SG' }, avatar: { avatar: up.body.data.avatar.avatar } } });
    const noCountry = await c.call<ErrorData>('POST', '/api/user/editUser', { username: 'abcdef' });
    expect(noCountry.body.data.fields).toMatchObject({ country: 'Please select a country or region.' });
    const avatar = await fetch(`${base}${up.body.data.avatar.avatar}`);
    expect(avatar.status).toBe(200);
  });

  it('follows and unfollows a creator', async () => {
    const fan = new Client(base);
    await register(fan);
    const { userInfo: creator } = await register(new Client(base));
    const f1 = await fan.call<{ following: boolean; followers: number }>('POST', '/api/user/follow', { fuid: creator.id });
    expect(f1.body).toMatchObject({ code: 1, msg: 'Followed.', data: { following: true, followers: 1 } });
    const card = await fan.call<{ followed: boolean; followers: number }>('GET', `/api/user/public?id=${creator.id}`);
    expect(card.body.data).toMatchObject({ followed: true, followers: 1 });
    const f2 = await fan.call<{ following: boolean; followers: number }>('POST', '/api/user/follow', { fuid: creator.id });
    expect(f2.body.data).toEqual({ following: false, followers: 0 });
  });

  it('lists a creator’s fans newest first, publicly, with whether the caller follows each', async () => {
    const { userInfo: creator } = await register(new Client(base));
    const first = new Client(base);
    const { userInfo: fan1 } = await register(first);
    const second = new Client(base);
    const { userInfo: fan2 } = await register(second);
    await first.call('POST', '/api/user/follow', { fuid: creator.id });
    clockOffsetMs += 1_000; // identity's clock: the second follow is a second later
    await second.call('POST', '/api/user/follow', { fuid: creator.id });
    // fan2 follows fan1 back: fan1 shows as followed for fan2 only.
    await second.call('POST', '/api/user/follow', { fuid: fan1.id });

    const mine = await second.call<Page<CreatorFan>>('GET', `/api/user/fans?uid=${creator.id}`);
    expect(mine.body).toMatchObject({ code: 1, data: { total: 2, page: 1, limit: 20 } });
    expect(mine.body.data.list).toEqual([
      { id: fan2.id, username: fan2.username, avatar: { avatar: '' }, followedAt: expect.any(String), followed: false },
      { id: fan1.id, username: fan1.username, avatar: { avatar: '' }, followedAt: expect.any(String), followed: true },
    ]);
    const anon = await new Client(base).call<Page<CreatorFan>>('GET', `/api/user/fans?uid=${creator.id}&page=2&limit=1`);
    expect(anon.body.data).toMatchObject({ total: 2, page: 2, limit: 1, list: [{ id: fan1.id, followed: false }] });

    for (const [lang, msg] of [['en', 'This user does not exist.'], ['zh-cn', '该用户不存在。']] as const) {
      const unknown = await new Client(base, lang).call<ErrorData>('GET', '/api/user/fans?uid=0d7f4a9e-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ msg, data: { error: 'identity.user_not_found' } });
    }
  });
});
