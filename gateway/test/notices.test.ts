import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { FileMailer } from '@brokerwise/mail';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseIdentityConfig } from '../../services/identity/src/config.ts';
import { startIdentity } from '../../services/identity/src/main.ts';
import { identityDemo } from '../../demo/identity/accounts.ts';
import { parseNotificationsConfig } from '../../services/notifications/src/config.ts';
import { startNotifications } from '../../services/notifications/src/main.ts';
import type { EmailPreferences, Envelope, ErrorData, NoticePage, UnreadNotices, UserInfo } from '@brokerwise/api-contract';
import { expectContract } from './api-contract.ts';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/main.ts';

const SALT = 'notices-test-salt';
const NEWSLETTER_LIMIT = 12;

/** A browser-like client: keeps cookies, echoes the CSRF cookie on POST, signs every call. */
class Client {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  readonly lang: string;
  constructor(base: string, lang = 'en') {
    this.base = base;
    this.lang = lang;
  }
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call<T>(method: 'GET' | 'POST', p: string, body?: unknown, opts: { signed?: boolean; ip?: string } = {}) {
    const headers: Record<string, string> = { ...(opts.signed === false ? {} : await signatureHeaders(SALT)), lang: this.lang };
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method === 'POST' && this.cookies.has('bw_csrf')) headers['x-csrf-token'] = this.cookies.get('bw_csrf')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${p}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0]!.split('=') as [string, string];
      if (v) this.cookies.set(k.trim(), v.trim());
    }
    const json: unknown = await res.json();
    expectContract(method, p, json);
    return { status: res.status, headers: res.headers, body: json as Envelope<T> };
  }
}

/** One open SSE response read by a plain HTTP client: its events and comment lines, in order. */
interface OpenStream {
  status: number;
  events: { event: string; data: unknown }[];
  comments: string[];
  ended: Promise<void>;
  waitFor(event: string, match?: (data: any) => boolean): Promise<unknown>;
  close(): void;
}

function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const events: OpenStream['events'] = [];
      const comments: string[] = [];
      const waiters: (() => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) events.push({ event, data: JSON.parse(data) });
          for (const w of waiters.splice(0)) w();
        }
      });
      const ended = new Promise<void>((done) => res.on('end', done).on('close', done));
      const waitFor = async (event: string, match: (data: any) => boolean = () => true) => {
        for (;;) {
          const found = events.find((e) => e.event === event && match(e.data));
          if (found) return found.data;
          const more = new Promise<void>((r) => waiters.push(r));
          const over = await Promise.race([more.then(() => false), ended.then(() => true)]);
          if (over && !events.find((e) => e.event === event && match(e.data))) throw new Error(`stream ended without ${event}; got ${JSON.stringify(events)}`);
        }
      };
      resolve({ status: res.statusCode ?? 0, events, comments, ended, waitFor, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

describe('notices, stream and newsletter through the gateway (identity + notifications, real SQL/bus/cache)', () => {
  let dir: string;
  const dbs: TestDatabase[] = [];
  const stops: (() => Promise<void>)[] = [];
  let bus: EventBus;
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('ntfgw')}:` });
  let mailer: FileMailer;
  let base: string;
  let stopGateway: () => Promise<void>;
  let demoAdmin: { email: string; password: string };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-ntfgw-'));
    bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('ntfgw').toLowerCase() });
    mailer = new FileMailer({ dir: path.join(dir, 'outbox') });
    const db = async (schema: string) => {
      const d = await createTestDatabase(schema, process.env.DATABASE_URL);
      dbs.push(d);
      return d;
    };
    const notifications = await startNotifications(
      parseNotificationsConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, SITE_URL: 'https://site.test', MAIL_POLL_MS: '50' }),
      { bus, mailer, database: await db('notifications') },
    );
    stops.push(notifications.close);
    const identityConfig = parseIdentityConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir });
    const identity = await startIdentity(identityConfig, { ...identityDemo(identityConfig), bus, cache, objects: new DiskStore({ dir: path.join(dir, 'objects') }), database: await db('identity') });
    stops.push(identity.close);
    demoAdmin = identity.demoAdmin!;
    const gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        SIGNATURE_SALT: SALT,
        DATA_DIR: dir,
        RATE_LIMIT_PER_MINUTE: '10000',
        NEWSLETTER_RATE_LIMIT: String(NEWSLETTER_LIMIT),
        // Behind a proxy, as in production: the limit test gives itself its own address.
        TRUST_PROXY: 'true',
        NOTICE_STREAM_HEARTBEAT_MS: '150',
        IDENTITY_URL: `http://127.0.0.1:${identity.port}`,
        NOTIFICATIONS_URL: `http://127.0.0.1:${notifications.port}`,
      }),
      { cache, bus, objects: new DiskStore({ dir: path.join(dir, 'objects') }) },
    );
    stopGateway = gateway.close;
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await stopGateway?.();
    for (const stop of stops.reverse()) await stop();
    await cache.delPrefix('');
    await cache.close();
    if (bus) await destroyBus(bus);
    for (const d of dbs) await d.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const waitFor = <T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> =>
    vi.waitFor(
      async () => {
        const last = await read();
        if (!done(last)) throw new Error(`${what} never held: ${JSON.stringify(last)}`);
        return last;
      },
      { timeout: 15_000, interval: 25 },
    );
  const mailsTo = (email: string, n = 1) => waitFor(() => mailer.list(email), (m) => m.length >= n, `${n} mail(s) to ${email}`);

  /** Registers through the gateway with the code the notifications service mailed. */
  async function signUp(lang = 'en'): Promise<{ client: Client; user: UserInfo; email: string }> {
    const client = new Client(base, lang);
    const name = `n${Math.random().toString(36).slice(2, 10)}`;
    const email = `${name}@example.com`;
    expect((await client.call('POST', '/api/ems/send', { email, event: 'user_register' })).body.code).toBe(1);
    const code = /\b(\d{6})\b/.exec((await mailsTo(email))[0]!.text)![1];
    const res = await client.call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { tab: 'register', email, username: name, password: 'Secret123', captcha: code });
    expect(res.body.code, res.body.msg).toBe(1);
    return { client, user: res.body.data.userInfo, email };
  }

  async function signIn(email: string, password: string): Promise<Client> {
    const client = new Client(base);
    expect((await client.call('POST', '/api/user/checkIn', { tab: 'login', email, password })).body.code).toBe(1);
    return client;
  }

  const unreadCount = async (c: Client) => (await c.call<number>('GET', '/api/user/noticecont')).body.data;
  const streamOf = (c: Client) => openStream(`${base}/api/user/notice/stream`, { cookie: c.cookieHeader(), accept: 'text/event-stream' });

  it('turns a follow into a notice in the reader’s language; the bell count goes and reading clears it', async () => {
    const a = await signUp();
    const b = await signUp();
    expect(await unreadCount(a.client)).toBe(0);
    expect((await b.client.call('POST', '/api/user/follow', { fuid: a.user.id })).body.code).toBe(1);
    await waitFor(() => unreadCount(a.client), (n) => n === 1, 'the unread count');

    const page = await a.client.call<NoticePage>('GET', '/api/user/notice?type=notices&page=1');
    expect(page.body).toMatchObject({ code: 1, data: { total: 1, page: 1, limit: 10, type: 'notices', unread: { notices: 1, system: 0 } } });
    expect(page.body.data.list[0]).toMatchObject({
      type: 'notices',
      kind: 'followed',
      title: 'New follower',
      content: `${b.user.username} followed you.`,
      link: `/vlog/personal?uid=${b.user.id}`,
      actor: { id: b.user.id, username: b.user.username },
      read: false,
    });
    const zh = new Client(base, 'zh-cn');
    for (const [k, v] of a.client.cookies) zh.cookies.set(k, v);
    expect((await zh.call<NoticePage>('GET', '/api/user/notice')).body.data.list[0]).toMatchObject({ title: '新粉丝', content: `${b.user.username} 关注了您。` });

    const read = await a.client.call<{ updated: number; unread: UnreadNotices }>('POST', '/api/user/notice/read', { id: page.body.data.list[0]!.id });
    expect(read.body).toMatchObject({ code: 1, msg: 'Marked as read.', data: { updated: 1, unread: { notices: 0, system: 0 } } });
    expect(await unreadCount(a.client)).toBe(0);
    expect((await a.client.call<NoticePage>('GET', '/api/user/notice')).body.data.list[0]!.read).toBe(true);
  });

  it('needs a session (402) and CSRF for cookie POSTs, and a signature everywhere but the stream', async () => {
    const anon = new Client(base);
    const r = await anon.call<ErrorData>('GET', '/api/user/notice');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(402);
    const { client } = await signUp();
    const noCsrf = await fetch(`${base}/api/user/notice/read`, { method: 'POST', headers: { ...(await signatureHeaders(SALT)), cookie: client.cookieHeader(), 'content-type': 'application/json' }, body: '{}' });
    expect(noCsrf.status).toBe(403);
    expect((await client.call<ErrorData>('GET', '/api/user/noticecont', undefined, { signed: false })).body.data).toMatchObject({ error: 'signature_missing' });
    const stream = await openStream(`${base}/api/user/notice/stream`, {});
    expect(stream.status).toBe(401);
    await stream.ended;
  });

  it('streams: ready with the unread count, then a notice signal within moments, heartbeats in between', async () => {
    const a = await signUp();
    const b = await signUp();
    const stream = await streamOf(a.client);
    try {
      expect(stream.status).toBe(200);
      expect(await stream.waitFor('ready')).toEqual({ unread: 0 });
      await b.client.call('POST', '/api/user/follow', { fuid: a.user.id });
      expect(await stream.waitFor('notice')).toEqual({ type: 'notices' });
      // Someone else's notice is not announced on this stream; a notice to everyone is.
      const c = await signUp();
      await a.client.call('POST', '/api/user/follow', { fuid: c.user.id });
      const admin = await signIn(demoAdmin.email, demoAdmin.password);
      const sent = await admin.call('POST', '/api/admin/notice/send', { title: { en: 'Maintenance', zh: '维护' }, content: { en: 'Tonight.', zh: '今晚。' } });
      expect(sent.body, sent.body.msg).toMatchObject({ code: 1, msg: 'The notification has been sent.', data: { audience: 'everyone' } });
      expect(await stream.waitFor('notice', (d) => d.type === 'system')).toEqual({ type: 'system' });
      expect(stream.events.filter((e) => e.event === 'notice')).toHaveLength(2);
      await waitFor(async () => stream.comments.length, (n) => n >= 1, 'a heartbeat');
      expect(stream.comments[0]).toBe('ping');
    } finally {
      stream.close();
    }
  });

  it('ends a stream whose session was revoked (logout), with bye', async () => {
    const a = await signUp();
    const stream = await streamOf(a.client);
    await stream.waitFor('ready');
    expect((await a.client.call('POST', '/api/user/logout')).body.code).toBe(1);
    expect(await stream.waitFor('bye')).toEqual({});
    await stream.ended;
  });

  it('keeps email preferences', async () => {
    const { client } = await signUp('zh-cn');
    expect((await client.call<EmailPreferences>('GET', '/api/user/emailPreferences')).body.data).toEqual({ nonEssential: true });
    const saved = await client.call<EmailPreferences>('POST', '/api/user/emailPreferences', { nonEssential: false });
    expect(saved.body).toMatchObject({ code: 1, msg: '邮件设置已保存。', data: { nonEssential: false } });
    expect((await client.call<EmailPreferences>('GET', '/api/user/emailPreferences')).body.data).toEqual({ nonEssential: false });
  });

  it('lets admins send a system notice to one user, and nobody else', async () => {
    const target = await signUp();
    const other = await signUp();
    const admin = await signIn(demoAdmin.email, demoAdmin.password);
    const denied = await other.client.call<ErrorData>('POST', '/api/admin/notice/send', { uid: target.user.id, title: { en: 'x', zh: '' }, content: { en: 'y', zh: '' } });
    expect(denied.status).toBe(403);
    const unknown = await admin.call<ErrorData>('POST', '/api/admin/notice/send', { uid: '00000000-0000-4000-8000-000000000000', title: { en: 'x', zh: '' }, content: { en: 'y', zh: '' } });
    expect(unknown.body).toMatchObject({ code: 0, msg: 'This user does not exist.', data: { fields: { uid: 'This user does not exist.' } } });
    const empty = await admin.call<ErrorData>('POST', '/api/admin/notice/send', { title: { en: '', zh: '' }, content: { en: '', zh: ' ' }, link: 'https://evil.example' });
    expect(empty.body.data.fields).toEqual({ title: 'Please enter a title.', content: 'Please enter the content.', link: 'The link must be a path on this site, such as /promotion.' });
    const sent = await admin.call('POST', '/api/admin/notice/send', { uid: target.user.id, title: { en: 'Your account', zh: '您的账号' }, content: { en: 'Verified.', zh: '已认证。' }, link: '/user/account' });
    expect(sent.body.data).toMatchObject({ audience: 'user' });
    const sys = await waitFor(() => target.client.call<NoticePage>('GET', '/api/user/notice?type=system'), (r) => r.body.data.list.some((n) => n.title === 'Your account'), 'the system notice');
    expect(sys.body.data.list.find((n) => n.title === 'Your account')).toMatchObject({ type: 'system', kind: 'system', content: 'Verified.', link: '/user/account', actor: null });
    expect((await other.client.call<NoticePage>('GET', '/api/user/notice?type=system')).body.data.list.some((n) => n.title === 'Your account')).toBe(false);
  });

  it('newsletter: refuses a bad mailbox in the spec’s words, double opt-in, already subscribed, forged link', async () => {
    const anon = new Client(base);
    const bad = await anon.call<ErrorData>('POST', '/api/newsletter/subscribe', { email: 'not-a-mailbox' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 0, msg: 'The mailbox format is incorrect.', data: { error: 'notifications.validation', fields: { email: 'The mailbox format is incorrect.' } } });
    const zhBad = await new Client(base, 'zh-cn').call<ErrorData>('POST', '/api/newsletter/subscribe', { email: '' });
    expect(zhBad.body).toMatchObject({ msg: '请输入邮箱。', data: { fields: { email: '请输入邮箱。' } } });

    const email = `nl.${Math.random().toString(36).slice(2, 9)}@example.com`;
    const ok = await anon.call<{ status: string }>('POST', '/api/newsletter/subscribe', { email });
    expect(ok.body).toMatchObject({ code: 1, msg: 'Almost done: please open the link we have sent to your mailbox to confirm.', data: { status: 'pending' } });
    const [mail] = await mailsTo(email);
    const token = decodeURIComponent(/https:\/\/site\.test\/newsletter\/confirm\?token=(\S+)/.exec(mail!.text)![1]!);
    const confirmed = await anon.call('POST', '/api/newsletter/confirm', { token });
    expect(confirmed.body).toMatchObject({ code: 1, msg: 'Your subscription is confirmed. Thank you!', data: { status: 'confirmed', email } });
    const again = await new Client(base, 'zh-cn').call('POST', '/api/newsletter/subscribe', { email: email.toUpperCase() });
    expect(again.body).toMatchObject({ code: 1, msg: '该邮箱已订阅。', data: { status: 'confirmed' } });
    const forged = await anon.call<ErrorData>('POST', '/api/newsletter/confirm', { token: `${token.split('.')[0]}.AAAA` });
    expect(forged.body).toMatchObject({ code: 0, msg: 'This link is not valid. Please check that you opened the whole link from the email.', data: { error: 'notifications.token_invalid' } });

    // An issue from the admin reaches the subscriber with a one-click unsubscribe.
    const admin = await signIn(demoAdmin.email, demoAdmin.password);
    const issue = await admin.call<{ recipients: number }>('POST', '/api/admin/newsletter/send', { subject: { en: 'Weekly', zh: '周报' }, content: { en: 'Hello.', zh: '你好。' } });
    expect(issue.body).toMatchObject({ code: 1, data: { recipients: expect.any(Number) } });
    expect(issue.body.msg).toBe(`The newsletter is on its way to ${issue.body.data.recipients} subscribers.`);
    const weekly = (await mailsTo(email, 2)).find((m) => m.subject === 'Weekly')!;
    expect(weekly.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsub = decodeURIComponent(/https:\/\/site\.test\/newsletter\/unsubscribe\?token=(\S+)/.exec(weekly.text)![1]!);
    expect((await anon.call('POST', '/api/newsletter/unsubscribe', { token: unsub })).body).toMatchObject({ code: 1, msg: 'You have been unsubscribed and will get no more newsletters.', data: { status: 'unsubscribed', email } });
  });

  it('newsletter without script: a form post lands on the result page', async () => {
    const post = (body: string, lang = 'en') =>
      fetch(`${base}/newsletter/subscribe`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `lang=${lang}` }, body });
    const ok = await post(`email=${encodeURIComponent(`form.${Math.random().toString(36).slice(2, 8)}@example.com`)}`, 'zh-CN');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/newsletter?status=pending');
    expect((await post('email=nope')).headers.get('location')).toBe('/newsletter?status=format');
    expect((await post('email=')).headers.get('location')).toBe('/newsletter?status=required');
    // A malformed language cookie is a language we don't speak, not a 500.
    const odd = await post('email=', '%E0%A4%A');
    expect(odd.status).toBe(303);
    expect(odd.headers.get('location')).toBe('/newsletter?status=required');
  });

  it('limits subscriptions per address: exactly the limit, then 429 with Retry-After, on the API and the form alike', async () => {
    // An address of its own, so no earlier test has spent any of its budget.
    const ip = '203.0.113.77';
    const anon = new Client(base);
    const subscribe = (i: number, from = ip) => anon.call<ErrorData>('POST', '/api/newsletter/subscribe', { email: `limit${i}.${Date.now()}@example.com` }, { ip: from });
    for (let i = 0; i < NEWSLETTER_LIMIT; i++) expect((await subscribe(i)).body, `attempt ${i + 1}`).toMatchObject({ code: 1 });
    const limited = await subscribe(NEWSLETTER_LIMIT);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, data: { error: 'newsletter.too_many' } });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.body.msg).toBe(`Too many subscription attempts. Please try again in ${retryAfter} seconds.`);
    // A client cannot escape by writing its own address in front: the ingress (one hop) appends
    // the address it saw, and that is the one counted.
    expect((await subscribe(NEWSLETTER_LIMIT + 1, `198.51.100.200, ${ip}`)).status).toBe(429);
    // Per address: another one is not held back.
    expect((await subscribe(NEWSLETTER_LIMIT + 2, '203.0.113.78')).body).toMatchObject({ code: 1 });
    const form = await fetch(`${base}/newsletter/subscribe`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: 'email=late%40example.com',
    });
    expect(form.headers.get('location')).toBe('/newsletter?status=limited');
  });

  it('ends open streams with bye on shutdown, so the gateway closes without waiting for them', async () => {
    const a = await signUp();
    const stream = await streamOf(a.client);
    await stream.waitFor('ready');
    await stopGateway();
    expect(await stream.waitFor('bye')).toEqual({});
    await stream.ended;
  });
});
