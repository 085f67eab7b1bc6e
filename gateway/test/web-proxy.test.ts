import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '@brokerwise/cache';
import { DiskStore } from '@brokerwise/storage';
import { INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@brokerwise/api-contract';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/main.ts';

const SECRET = 'web-proxy-test-secret-0123456789abcdef';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One raw request (fetch would not let us send hop-by-hop headers or Expect). */
function send(port: number, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method, headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined && headers.expect === '100-continue') req.on('continue', () => req.end(body));
    else req.end(body);
  });
}

/**
 * A stand-in web tier: records what the gateway forwards and answers by path. `/slow` waits for
 * `release()`, `/hang` never answers, `/cookie` sets two cookies, `/busy` is a 503, `/echo` returns
 * the request body.
 */
function standInWeb() {
  const seen: Seen[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/hang') return;
      if (path === '/busy') {
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '1' });
        return void res.end('<!doctype html><p>busy</p>');
      }
      if (path === '/cookie') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
        return void res.end('<!doctype html><p>cookie</p>');
      }
      if (path === '/echo') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-seen-type': req.headers['content-type'] ?? '' });
        return void res.end(`${req.method} ${body}`);
      }
      const answer = () => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'keep-alive': 'timeout=5', 'x-web': 'yes' });
        res.end(`<!doctype html><p>render ${seen.length} of ${req.url}</p>`);
      };
      if (path === '/slow') void gate.then(answer);
      else answer();
    });
  });
  return {
    server,
    seen,
    /** Lets every waiting `/slow` render answer, and makes the next ones wait again. */
    release: () => {
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    renders: (url: string) => seen.filter((s) => s.url === url).length,
  };
}

describe('page proxy to the web tier', () => {
  const web = standInWeb();
  let dir: string;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let staleGateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-web-proxy-'));
    await new Promise<void>((resolve) => web.server.listen(0, '127.0.0.1', resolve));
    const common = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      SIGNATURE_SALT: 'web-proxy-test-salt',
      DATA_DIR: dir,
      CATALOGUE_URL: 'http://127.0.0.1:9',
      WEB_URL: `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`,
      INTERNAL_SECRET: SECRET,
      UPSTREAM_TIMEOUT_MS: '300',
    };
    gateway = await startGateway(parseGatewayConfig({ ...common, PAGE_CACHE_TTL_MS: '60000' }), { cache: new MemoryCache(), objects: new DiskStore({ dir }) });
    // A page is fresh for 1 ms here: the next view finds it stale.
    staleGateway = await startGateway(parseGatewayConfig({ ...common, PAGE_CACHE_TTL_MS: '1' }), { cache: new MemoryCache(), objects: new DiskStore({ dir }) });
  });

  afterAll(async () => {
    await gateway?.close();
    await staleGateway?.close();
    web.server.closeAllConnections();
    await new Promise((resolve) => web.server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('renders an anonymous page once for concurrent visitors, then answers it from memory', async () => {
    const first = send(gateway.port, 'GET', '/slow', { cookie: 'lang=zh-cn' });
    await vi.waitFor(() => expect(web.renders('/slow')).toBe(1));
    // Two more visitors while the render is still running: they wait for it instead of rendering.
    const others = [send(gateway.port, 'GET', '/slow', { cookie: 'lang=zh-cn' }), send(gateway.port, 'GET', '/slow', { cookie: 'lang=zh-cn' })];
    web.release();
    const answers = await Promise.all([first, ...others]);
    expect(web.renders('/slow')).toBe(1);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toBe(answers[0]!.body);
      expect(['MISS', 'HIT']).toContain(a.headers['x-page-cache']);
    }
    expect(answers[0]!.headers['x-page-cache']).toBe('MISS');
    const again = await send(gateway.port, 'GET', '/slow', { cookie: 'lang=zh-cn' });
    expect(again.headers['x-page-cache']).toBe('HIT');
    expect(again.body).toBe(answers[0]!.body);
    expect(again.headers['x-web']).toBe('yes');
    // Hop-by-hop answer headers are the gateway's own business, not copied from the web tier.
    expect(again.headers['keep-alive']).not.toBe('timeout=5');
    expect(web.renders('/slow')).toBe(1);
    // Another language is another page.
    const en = send(gateway.port, 'GET', '/slow', { cookie: 'lang=en' });
    await vi.waitFor(() => expect(web.renders('/slow')).toBe(2));
    web.release();
    expect((await en).headers['x-page-cache']).toBe('MISS');
  });

  it('never shares a signed-in page, nor one that sets cookies (both cookies reach the visitor)', async () => {
    const before = web.renders('/about');
    for (let i = 0; i < 2; i++) {
      const page = await send(gateway.port, 'GET', '/about', { cookie: 'lang=en; bw_session=abc' });
      expect(page.status).toBe(200);
      expect(page.headers['x-page-cache']).toBeUndefined();
      expect(page.body).toContain('of /about');
    }
    expect(web.renders('/about')).toBe(before + 2);
    for (let i = 0; i < 2; i++) {
      const page = await send(gateway.port, 'GET', '/cookie');
      expect(page.headers['x-page-cache']).toBe('BYPASS');
      expect(page.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    }
    expect(web.renders('/cookie')).toBe(2);
    // Streamed (signed-in) answers carry both cookies too.
    const signedIn = await send(gateway.port, 'GET', '/cookie', { cookie: 'bw_session=abc' });
    expect(signedIn.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it("asks the web tier for the shared copy in exactly its key's encoding, and a signed-in page in the browser's (ADR 037)", async () => {
    const browser = 'gzip, deflate, br, zstd';
    const asked = (url: string) => web.seen.findLast((s) => s.url === url)!.headers['accept-encoding'];
    await send(gateway.port, 'GET', '/enc?a=1', { 'accept-encoding': browser });
    expect(asked('/enc?a=1')).toBe('br');
    // A refused brotli (q=0) is never asked for; without gzip either, the copy is uncompressed.
    await send(gateway.port, 'GET', '/enc?a=2', { 'accept-encoding': 'br;q=0, gzip' });
    expect(asked('/enc?a=2')).toBe('gzip');
    await send(gateway.port, 'GET', '/enc?a=3', { 'accept-encoding': 'identity' });
    expect(asked('/enc?a=3')).toBe('identity');
    // Rendered for one visitor: the web tier chooses from what the browser takes.
    await send(gateway.port, 'GET', '/enc?a=4', { 'accept-encoding': browser, cookie: 'bw_session=abc' });
    expect(asked('/enc?a=4')).toBe(browser);
  });

  it('tells the web tier who the visitor is, drops what a client claimed, and forwards no hop-by-hop header', async () => {
    for (const cookie of ['', 'bw_session=abc']) {
      const url = `/who?as=${cookie ? 'member' : 'guest'}`;
      const page = await send(gateway.port, 'GET', url, {
        ...(cookie ? { cookie } : {}),
        [INTERNAL_SECRET_HEADER]: 'forged',
        [VISITOR_ADDRESS_HEADER]: '198.51.100.66',
        'x-forwarded-for': '198.51.100.66',
        'x-forwarded-host': 'evil.example',
        'proxy-authorization': 'Basic eDp5',
        te: 'trailers',
        'accept-language': 'zh-CN',
      });
      expect(page.status).toBe(200);
      const seen = web.seen.findLast((s) => s.url === url)!;
      expect(seen.headers).toMatchObject({ [INTERNAL_SECRET_HEADER]: SECRET, 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'accept-language': 'zh-CN' });
      expect(seen.headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
      expect(seen.headers.host).toBe(`127.0.0.1:${(web.server.address() as AddressInfo).port}`);
      expect(seen.headers['x-request-id']).toBe(page.headers['x-request-id']);
      expect(seen.headers[VISITOR_ADDRESS_HEADER]).toBeUndefined();
      expect(seen.headers['proxy-authorization']).toBeUndefined();
      expect(seen.headers.te).toBeUndefined();
    }
  });

  it('passes the path and query on exactly as the visitor sent them', async () => {
    for (const cookie of ['', 'bw_session=abc']) {
      // Control and bidi characters too: the page answers them in the visitor's language, not the API's JSON refusal.
      const url = `/search?q=../etc&x=%ZZ&id=%E2%80%AEevil%00&c=%1B&cookie=${cookie ? 1 : 0}`;
      const page = await send(gateway.port, 'GET', url, cookie ? { cookie } : {});
      expect(page.status).toBe(200);
      expect(web.seen.at(-1)!.url).toBe(url);
    }
    // A path that climbs up a directory never reaches the web tier, signed in or not.
    const before = web.seen.length;
    for (const cookie of ['', 'bw_session=abc']) {
      for (const url of ['/a/../admin', '/a/%2e%2e/admin']) expect((await send(gateway.port, 'GET', url, cookie ? { cookie } : {})).status).toBe(400);
    }
    expect(web.seen.length).toBe(before);
  });

  it('forwards page form posts untouched, also after an Expect: 100-continue', async () => {
    const form = 'email=a%40b.example&intent=subscribe';
    const posted = await send(gateway.port, 'POST', '/echo', { 'content-type': 'application/x-www-form-urlencoded' }, form);
    expect(posted.status).toBe(200);
    expect(posted.body).toBe(`POST ${form}`);
    expect(posted.headers['x-seen-type']).toBe('application/x-www-form-urlencoded');
    const json = '{"a": [1, 2],  "b":"x"}';
    expect((await send(gateway.port, 'POST', '/echo', { 'content-type': 'application/json' }, json)).body).toBe(`POST ${json}`);
    const expecting = await send(gateway.port, 'POST', '/echo', { 'content-type': 'text/plain', expect: '100-continue', 'content-length': '5' }, 'hello');
    expect(expecting.status).toBe(200);
    expect(expecting.body).toBe('POST hello');
    expect(web.seen.at(-1)!.headers.expect).toBeUndefined();
    const head = await send(gateway.port, 'HEAD', '/about');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(web.seen.at(-1)!.method).toBe('HEAD');
  });

  it('passes a 503 from the web tier on once (never retried), and answers the bilingual page when it does not answer in time', async () => {
    for (const cookie of ['', 'bw_session=abc']) {
      const before = web.renders('/busy');
      const busy = await send(gateway.port, 'GET', '/busy', cookie ? { cookie } : {});
      expect(busy.status).toBe(503);
      expect(busy.body).toContain('busy');
      expect(web.renders('/busy')).toBe(before + 1);
    }
    for (const [method, cookie] of [['GET', ''], ['GET', 'bw_session=abc'], ['POST', '']] as const) {
      const timedOut = await send(gateway.port, method, '/hang', cookie ? { cookie } : {}, method === 'POST' ? 'x=1' : undefined);
      expect(timedOut.status).toBe(502);
      expect(timedOut.headers['cache-control']).toBe('no-store');
      expect(timedOut.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      expect(timedOut.body).toContain('temporarily unavailable');
      expect(timedOut.body).toContain('网站暂时无法访问');
    }
  });

  it('serves a stale page while one background render refreshes it', async () => {
    const first = await send(staleGateway.port, 'GET', '/news');
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(web.renders('/news')).toBe(1);
    // Past its 1 ms: the stored copy answers at once, and a render runs behind it.
    await vi.waitFor(async () => {
      const stale = await send(staleGateway.port, 'GET', '/news');
      expect(stale.headers['x-page-cache']).toBe('STALE');
      expect(stale.body).toBe(first.body);
    });
    await vi.waitFor(() => expect(web.renders('/news')).toBeGreaterThanOrEqual(2));
    // The refreshed copy replaces the old one.
    await vi.waitFor(async () => expect((await send(staleGateway.port, 'GET', '/news')).body).not.toBe(first.body));
  });
});
