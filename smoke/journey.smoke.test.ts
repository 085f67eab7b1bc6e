// The production topology's smoke journey: every deployable its own process (APP_MODE=production)
// on the real PostgreSQL, NATS and Redis, an S3 server and an SMTP catcher; driven through the
// documented /api only, as a client would, with one consumer killed and NATS cut mid-journey.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { S3Store } from '@brokerwise/storage';
import { makeClip, makePng } from '../services/media/test/clips.ts';
import { parsePrometheus, type PromFamily } from '../loadtest/runner/prometheus.ts';
import { adminCommand, dlqCommand, startTopology, type Topology } from './topology.ts';

interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}
interface User {
  id: string;
  username: string;
  email: string;
  token: string;
}

let topo: Topology;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'bw-smoke-files-'));
  topo = await startTopology();
});

afterAll(async () => {
  await topo?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

async function api<T = any>(method: 'GET' | 'POST', p: string, o: { token?: string; body?: unknown; raw?: Buffer; contentType?: string; form?: FormData; lang?: string; requestId?: string } = {}): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = { ...(await signatureHeaders(topo.signatureSalt)), lang: o.lang ?? 'en' };
  if (o.token) headers.token = o.token;
  if (o.requestId) headers['x-request-id'] = o.requestId;
  let body: BodyInit | undefined;
  if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  } else if (o.raw) {
    headers['content-type'] = o.contentType ?? 'application/octet-stream';
    body = new Uint8Array(o.raw);
  } else if (o.form) body = o.form;
  const res = await fetch(`${topo.url}${p}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Envelope<T> };
  } catch {
    throw new Error(`${method} ${p} answered ${res.status} with non-JSON: ${text.slice(0, 300)}`);
  }
}

const ok = <T>(r: { status: number; body: Envelope<T> }): T => {
  expect(r.body.code, `${r.status} ${r.body.msg} ${JSON.stringify(r.body.data)}`).toBe(1);
  return r.body.data;
};

/** The code the SMTP catcher received for `email` (sent by notifications through real SMTP). */
async function mailedCode(email: string): Promise<string> {
  let code: string | undefined;
  await vi.waitFor(
    async () => {
      const mails = (await (await fetch(`${topo.control}/mail?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
      code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
      expect(code, `a code mailed to ${email}`).toBeDefined();
    },
    { timeout: 60_000, interval: 250 },
  );
  return code!;
}

async function register(prefix: string): Promise<User> {
  const username = `${prefix}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${username}@smoke.example`;
  ok(await api('POST', '/api/ems/send', { body: { email, event: 'user_register' } }));
  const captcha = await mailedCode(email);
  const { userInfo } = ok(await api<{ userInfo: User }>('POST', '/api/user/checkIn', { body: { tab: 'register', email, username, password: 'Smoke12345', captcha } }));
  return { ...userInfo, email };
}

const processes = async () =>
  (await (await fetch(`${topo.control}/processes`)).json()) as { name: string; pid: number; starts: number; consumer: boolean; url: string; metricsUrl: string }[];

/** The sum of a family's samples (counters and gauges: value; histograms: the +Inf bucket, as the parser drops labelled counts). */
function total(families: PromFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  return (family?.metrics ?? [])
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((sum, m) => sum + Number(m.value ?? m.count ?? m.buckets?.['+Inf'] ?? 0), 0);
}

type DeadLetterSummary = { seq: number; durable: string; type: string; id: string; attempts: number };
function deadLetters(): DeadLetterSummary[] {
  const r = dlqCommand(topo, ['list', '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as DeadLetterSummary[];
}

async function notices(user: User): Promise<{ title: string; content: string }[]> {
  return ok(await api<{ list: { title: string; content: string }[] }>('GET', '/api/user/notice', { token: user.token })).list;
}

describe('production topology: the smoke journey', () => {
  let author: User;
  let admin: User;
  let company: { id: string; name: string; reviewCount: number };
  let reviewId: string;
  const approvalRequestId = `smoke-approve-${Date.now().toString(36)}`;

  it('every process is ready and the site serves pages and the API', async () => {
    const list = await processes();
    expect(list.map((p) => p.name).sort()).toEqual(
      ['bridge-simulator', 'catalogue', 'gateway', 'identity', 'media-api', 'media-worker', 'notifications', 'reviews', 'search', 'trader-sync', 'trader-sync-worker', 'web'].sort(),
    );
    const home = await fetch(`${topo.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toMatch(/nonce-/);
    expect(await home.text()).toContain('<html');
    const companies = ok(await api<{ list: { id: string; name: string; reviewCount: number }[]; total: number }>('GET', '/api/brokers/brokersList?limit=50'));
    expect(companies.total).toBeGreaterThan(100);
    // A page's loader calls the gateway by its internal name (GATEWAY_URL), as in compose and k8s:
    // the company's own data must be on the page, not "could not be loaded".
    const first = companies.list.find((c) => /^[\w .-]+$/.test(c.name)) ?? companies.list[0]!;
    const detail = await fetch(`${topo.url}/detail?id=${encodeURIComponent(first.id)}`);
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain(first.name);
    expect(html).not.toMatch(/could not be loaded/i);
  });

  it('services answer only the gateway: a direct call without its signed token is refused', async () => {
    const byName = new Map((await processes()).map((p) => [p.name, p.url]));
    for (const [name, path] of [['reviews', '/v1/moderation/queue'], ['catalogue', '/v1/companies?limit=1'], ['identity', '/v1/users/batch'], ['notifications', '/v1/system-notices']] as const) {
      const res = await fetch(`${byName.get(name)}${path}`, { method: path.endsWith('batch') || path.endsWith('notices') ? 'POST' : 'GET', headers: { 'content-type': 'application/json' }, body: path.endsWith('batch') || path.endsWith('notices') ? '{}' : null });
      expect(res.status, `${name} ${path}`).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_token_required');
    }
    const forged = await fetch(`${byName.get('catalogue')}/v1/admin/republish`, { method: 'POST', headers: { authorization: 'Bearer eyJhbGciOiJFZERTQSJ9.e30.c2lnbmF0dXJl' } });
    expect(forged.status).toBe(401);
  });

  it('makes the first administrator with npm run admin; production has no default one', async () => {
    const email = 'ops-admin@smoke.example';
    const made = adminCommand(topo, ['create', '--email', email, '--username', 'opsadmin', '--password-stdin'], 'AdminSmk26\n');
    expect(made.code, made.stderr).toBe(0);
    const { userInfo } = ok(await api<{ userInfo: User }>('POST', '/api/user/checkIn', { body: { tab: 'login', email, password: 'AdminSmk26' } }));
    admin = { ...userInfo, email };
    // The demo admin of `npm start` does not exist here.
    const demo = await api('POST', '/api/user/checkIn', { body: { tab: 'login', email: 'admin@brokerwise.example', password: 'anything-1' } });
    expect(demo.body.code).not.toBe(1);
  });

  it('registers with the code mailed through SMTP', async () => {
    author = await register('author');
    expect(author.token).toBeTruthy();
  });

  it('uploads an avatar that lands in S3 and is served back', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePng(96, 96))], { type: 'image/png' }), 'me.png');
    const up = ok(await api<{ key: string; avatar: { avatar: string } }>('POST', '/api/user/avatar', { token: author.token, form }));
    expect(up.avatar.avatar).toMatch(/^\/media\//);
    const served = await fetch(`${topo.url}${up.avatar.avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    const s3 = new URL(topo.s3.endpoint);
    const store = new S3Store({ endPoint: s3.hostname, port: Number(s3.port), useSSL: false, accessKey: topo.s3.accessKey, secretKey: topo.s3.secretKey, bucket: topo.s3.bucket, region: topo.s3.region });
    expect(await store.head(up.key), `${up.key} in the S3 bucket`).not.toBeNull();
    // The S3 server checks signatures: a wrong secret is refused.
    const forged = new S3Store({ endPoint: s3.hostname, port: Number(s3.port), useSSL: false, accessKey: topo.s3.accessKey, secretKey: 'not-the-secret', bucket: topo.s3.bucket, region: topo.s3.region });
    await expect(forged.head(up.key)).rejects.toThrow();
  });

  it('writes a review; NATS is killed (or cut) and a consumer killed meanwhile; pages keep serving and nothing is lost', async () => {
    const list = ok(await api<{ list: { id: string; name: string; reviewCount: number }[] }>('GET', '/api/brokers/brokersList?limit=50&order=reviews'));
    company = list.list.at(-1)!;
    const fan = await register('fan');

    // kill -9 a consumer (the deployment starts it again) and NATS (it restarts on the same store).
    const notifications = (await processes()).find((p) => p.name === 'notifications')!;
    process.kill(notifications.pid, 'SIGKILL');
    await topo.nats.cut();
    try {
      // While NATS is away: pages and the API serve, the gateway says degraded but stays ready.
      await vi.waitFor(
        async () => {
          const ready = await fetch(`${topo.url}/readyz`);
          expect(ready.status).toBe(200);
          expect(await ready.json()).toMatchObject({ status: 'degraded', reasons: expect.arrayContaining(['bus unavailable']) });
        },
        { timeout: 30_000, interval: 500 },
      );
      // No pod is pulled from the load balancer: every process still answers its readiness probe.
      for (const p of await processes()) {
        if (p.name === 'notifications') continue; // killed above: starting again once NATS is back
        const r = await fetch(`${p.url}/readyz`).catch(() => undefined);
        expect(r?.status, `${p.name} /readyz during the NATS outage`).toBe(200);
      }
      expect((await fetch(`${topo.url}/`)).status).toBe(200);
      expect((await fetch(`${topo.url}/search?keyword=markets`)).status).toBe(200);
      ok(await api('GET', `/api/brokers/detail?id=${company.id}`));
      // Writes land (the outbox keeps their events).
      const sent = ok(await api<{ id: string }>('POST', '/api/reviews/submit', { token: author.token, body: { id: company.id, score: 5, content: 'Smoke journey: withdrawals arrived the next day and the spreads matched.', check: true } }));
      reviewId = sent.id;
      ok(await api('POST', '/api/user/follow', { token: fan.token, body: { fuid: author.id } }));
    } finally {
      await topo.nats.restore();
    }
    await vi.waitFor(
      async () => {
        const ready = (await (await fetch(`${topo.url}/readyz`)).json()) as { status: string };
        expect(ready.status).toBe('ready');
      },
      { timeout: 60_000, interval: 500 },
    );
    await vi.waitFor(async () => expect((await processes()).find((p) => p.name === 'notifications')!.starts).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 250 });
  });

  it('the administrator approves it; the author receives the notice, and search finds the company with the new rating', async () => {
    const queue = ok(await api<{ list: { id: string }[] }>('GET', '/api/admin/reviews/queue', { token: admin.token }));
    expect(queue.list.map((r) => r.id)).toContain(reviewId);
    ok(await api('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId, decision: 'approve', reason: '' }, requestId: approvalRequestId }));

    await vi.waitFor(
      async () => {
        const titles = (await notices(author)).map((n) => n.title);
        expect(titles).toContain('Review approved');
      },
      { timeout: 90_000, interval: 500 },
    );
    // The catalogue (source) takes the recomputed rating: the demo figures give way to the real review…
    let rating = { score: 0, reviewCount: 0 };
    await vi.waitFor(
      async () => {
        const detail = ok(await api<{ score: number; reviewCount: number }>('GET', `/api/brokers/detail?id=${company.id}`));
        expect(detail.reviewCount).not.toBe(company.reviewCount);
        rating = { score: detail.score, reviewCount: detail.reviewCount };
      },
      { timeout: 90_000, interval: 500 },
    );
    // …and search (a read model fed by events) finds the company with that same rating.
    await vi.waitFor(
      async () => {
        const found = ok(await api<{ list: { id: string; score: number; reviewCount: number }[] }>('GET', `/api/brokers/brokersList?keyword=${encodeURIComponent(company.name)}`));
        expect(found.list.find((c) => c.id === company.id)).toMatchObject(rating);
      },
      { timeout: 90_000, interval: 500 },
    );
  });

  it('the approval is one trace with one request id in the gateway, the service and every consumer that handled its events', async () => {
    type Line = { reqId?: string; traceId?: string; msg?: string; eventType?: string };
    const byProcess = new Map<string, Line[]>();
    // The write: the gateway took it, reviews decided it. Its events: the rating (reviews itself),
    // the company's new figures (catalogue), the notice (notifications), the search read model.
    // Waited for: the search page's cards come from the catalogue, so the last test passing does not
    // mean the search consumer has handled its event yet.
    await vi.waitFor(
      async () => {
        byProcess.clear();
        for (const [name, text] of Object.entries(await topo.logs())) {
          const lines = text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line).filter((l) => l.reqId === approvalRequestId);
          if (lines.length > 0) byProcess.set(name, lines);
        }
        expect([...byProcess.keys()].sort()).toEqual(expect.arrayContaining(['catalogue', 'gateway', 'notifications', 'reviews', 'search']));
        for (const consumer of ['catalogue', 'notifications', 'search']) {
          expect(byProcess.get(consumer)!.some((l) => l.msg === 'event handled'), consumer).toBe(true);
        }
      },
      { timeout: 60_000, interval: 1000 },
    );
    // ("incoming request" is written before the request's span opens: lines without a trace are not counted.)
    const traceIds = new Set([...byProcess.values()].flat().flatMap((l) => (l.traceId ? [l.traceId] : [])));
    expect([...traceIds], JSON.stringify(Object.fromEntries(byProcess))).toHaveLength(1);
    for (const [name, lines] of byProcess) expect(lines.some((l) => l.traceId), name).toBe(true);
    expect([...traceIds][0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the follow made while NATS was cut reached the author as a notice', async () => {
    await vi.waitFor(async () => expect((await notices(author)).map((n) => n.title)).toContain('New follower'), { timeout: 90_000, interval: 500 });
  });

  it('uploads an mp4 that the worker makes playable as adaptive video', async () => {
    const clip = await makeClip(work, 'smoke.mp4', { seconds: 1 });
    const up = ok(await api<{ id: string; status: string }>('POST', '/api/upload/video', { token: author.token, raw: clip, contentType: 'video/mp4' }));
    let video: { status: string; url: string | null } = { status: 'processing', url: null };
    await vi.waitFor(
      async () => {
        video = ok(await api<typeof video>('GET', `/api/upload/video/status?id=${up.id}`, { token: author.token }));
        expect(video.status).not.toBe('processing');
      },
      { timeout: 150_000, interval: 1_000 },
    );
    expect(video.status, JSON.stringify(video)).toBe('ready');
    expect(video.url, JSON.stringify(video)).toMatch(/^\/media\/.*\.m3u8$/);
    // Adaptive video (ADR 032): the master playlist → a rendition's playlist → its init segment
    // (an fMP4 header) and a media segment by range, all from the object store through /media.
    const fetchText = async (url: URL, type: string) => {
      const res = await fetch(url);
      expect(res.status, url.pathname).toBe(200);
      expect(res.headers.get('content-type'), url.pathname).toBe(type);
      return res.text();
    };
    const master = new URL(video.url!, topo.url);
    const masterText = await fetchText(master, 'application/vnd.apple.mpegurl');
    expect(masterText).toMatch(/^#EXTM3U/);
    const rendition = new URL(masterText.split('\n').find((l) => l.trim() && !l.startsWith('#'))!.trim(), master);
    const renditionText = await fetchText(rendition, 'application/vnd.apple.mpegurl');
    const init = new URL(/#EXT-X-MAP:URI="([^"]+)"/.exec(renditionText)![1]!, rendition);
    const head = await fetch(init);
    expect(head.status).toBe(200);
    expect(Buffer.from(await head.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    const segment = new URL(renditionText.split('\n').find((l) => l.trim() && !l.startsWith('#'))!.trim(), rendition);
    const res = await fetch(segment, { headers: { range: 'bytes=0-1023' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
  });

  it('binds a simulator trading account and sees it synced', async () => {
    const servers = ok(await api<{ name: string; broker: { id: string } }[]>('GET', '/api/brokers/brokerserver?query=live'));
    const server = servers[0]!;
    // Ends in 27: the simulator gives accounts ending 13/40/44/50/51 failure modes, which binding now refuses.
    const account = String(70_000_000 + Math.floor(Math.random() * 99_999) * 100 + 27);
    const bound = ok(
      await api<{ id: string }>('POST', '/api/trader/bind', {
        token: author.token,
        body: { broker: server.broker.id, server: server.name, account, readonlyPassword: `ro-${account}`, nickname: 'Smoke Swing', description: 'Smoke journey account.', type: 'manual', visibility: 'public' },
      }),
    );
    await vi.waitFor(
      async () => {
        const detail = ok(await api<{ sync: { state: string } }>('GET', `/api/trader/account?id=${bound.id}`, { token: author.token }));
        expect(detail.sync.state).toBe('ok');
      },
      { timeout: 90_000, interval: 1_000 },
    );
  });
  it('every process serves Prometheus metrics on its own port, and the journey moved them', async () => {
    const scraped = new Map<string, PromFamily[]>();
    for (const p of await processes()) {
      const res = await fetch(p.metricsUrl);
      expect(res.status, p.name).toBe(200);
      const families = parsePrometheus(await res.text());
      expect(families.find((f) => f.name === 'nodejs_eventloop_lag_seconds'), `${p.name} event-loop lag`).toBeDefined();
      scraped.set(p.name, families);
      // Not on the public port.
      expect((await fetch(`${p.url}/metrics`)).status, `${p.name} public /metrics`).not.toBe(200);
    }
    const m = (name: string) => scraped.get(name)!;
    expect(total(m('gateway'), 'http_requests_total', { route: '/api/reviews/submit' })).toBeGreaterThan(0);
    expect(total(m('gateway'), 'gateway_cache_requests_total')).toBeGreaterThan(0);
    expect(total(m('web'), 'web_render_duration_seconds')).toBeGreaterThan(0);
    expect(total(m('reviews'), 'outbox_published_total')).toBeGreaterThan(0);
    expect(m('reviews').find((f) => f.name === 'outbox_oldest_event_age_seconds')).toBeDefined();
    for (const consumer of ['catalogue', 'notifications', 'search']) {
      expect(total(m(consumer), 'event_handler_duration_seconds'), consumer).toBeGreaterThan(0);
      expect(m(consumer).find((f) => f.name === 'event_consumer_pending')?.metrics.length, consumer).toBeGreaterThan(0);
    }
    expect(total(m('media-worker'), 'media_transcode_duration_seconds')).toBeGreaterThan(0);
    expect(m('trader-sync-worker').find((f) => f.name === 'trader_sync_queue_length')).toBeDefined();
  });

  it('a handler that keeps failing sends its event to the dead letters while later events are handled; npm run dlq replays it once fixed', async () => {
    const fan = await register('smokedlq');
    const later = await register('smokelate');
    const before = deadLetters().length;
    await writeFile(topo.faultFile, 'notifications:identity.user.followed\n');
    ok(await api('POST', '/api/user/follow', { token: fan.token, body: { fuid: author.id } }));
    let letter: DeadLetterSummary | undefined;
    await vi.waitFor(
      () => {
        letter = deadLetters().find((l) => l.durable === 'notifications' && l.type === 'identity.user.followed');
        expect(letter).toBeDefined();
      },
      { timeout: 60_000, interval: 1_000 },
    );
    expect(deadLetters()).toHaveLength(before + 1);
    expect(letter!.attempts).toBe(3);
    const shown = dlqCommand(topo, ['show', String(letter!.seq)]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(fan.id);

    // Fixed: the consumer moved on, so a later follow reaches the author while the first one waits.
    await writeFile(topo.faultFile, '');
    const followers = async () => (await notices(author)).filter((n) => n.title === 'New follower').map((n) => n.content).join('\n');
    ok(await api('POST', '/api/user/follow', { token: later.token, body: { fuid: author.id } }));
    await vi.waitFor(async () => expect(await followers()).toContain(later.username), { timeout: 60_000, interval: 500 });
    expect(await followers()).not.toContain(fan.username);

    const replayed = dlqCommand(topo, ['replay', String(letter!.seq)]);
    expect(replayed.code, replayed.stderr).toBe(0);
    await vi.waitFor(async () => expect(await followers()).toContain(fan.username), { timeout: 60_000, interval: 500 });
    expect(deadLetters().find((l) => l.seq === letter!.seq)).toBeUndefined();
    // Replayed once: one notice for that follow, not two.
    expect((await followers()).split(fan.username).length - 1).toBe(1);
  });
});
