import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { MemoryCache } from '@brokerwise/cache';
import { DiskStore } from '@brokerwise/storage';
import type { Envelope, ErrorData } from '@brokerwise/api-contract';
import { parseGatewayConfig } from '../src/config.ts';
import { API_CSP, PERMISSIONS_POLICY } from '../src/http/security-headers.ts';
import { startGateway } from '../src/main.ts';
import { serviceTokenKeys } from '@brokerwise/testing';

const SALT = 'security-headers-test-salt';
/** What the web tier sends with a render (ADR 015): the gateway must pass it on untouched, once. */
const PAGE_CSP = "script-src 'nonce-abc123' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const BIG_HTML = `<!doctype html><title>t</title>${'<p>Brokerwise reviews of forex brokers.</p>'.repeat(200)}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded body. */
  body: string;
  /** Bytes on the wire. */
  wireBytes: number;
}

/** One raw request: any Host header, and the body as sent (fetch would hide both). */
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString(), wireBytes: raw.length });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers every answer of the gateway carries, whatever the path. */
function expectCommonHeaders(a: Answer): void {
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(a.headers['x-frame-options']).toBe('DENY');
  expect(a.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(a.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
}

describe('gateway security headers and compression', () => {
  let dir: string;
  let web: http.Server;
  const gateways: Awaited<ReturnType<typeof startGateway>>[] = [];
  let dev: Awaited<ReturnType<typeof startGateway>>;
  let prod: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-headers-'));
    const objects = new DiskStore({ dir });
    await objects.put('logos/acme.svg', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(600)}</svg>`), 'image/svg+xml');
    // A stand-in web tier: a page with its own nonce policy, a big uncompressed page, and a pre-compressed one.
    web = http.createServer((req, res) => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(BIG_HTML);
      }
      if (req.url === '/gzipped') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
        return void res.end(zlib.gzipSync(BIG_HTML));
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP, 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
      res.end('<!doctype html><p>page</p>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const common = { PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, CATALOGUE_URL: 'http://127.0.0.1:9', WEB_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}`, PAGE_CACHE_TTL_MS: '0' } as const;
    dev = await startGateway(parseGatewayConfig({ ...common, SIGNATURE_SALT: SALT }), { cache: new MemoryCache(), objects });
    prod = await startGateway(
      parseGatewayConfig({ ...common, ...serviceTokenKeys(), APP_MODE: 'production', SIGNATURE_SALT: SALT, ID_KEY: 'k'.repeat(20), JWT_SECRET: 'j'.repeat(40), INTERNAL_SECRET: 'i'.repeat(40), PUBLIC_ORIGIN: 'https://brokerwise.example' }),
      { cache: new MemoryCache(), objects },
    );
    gateways.push(dev, prod);
  });

  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await new Promise((resolve) => web?.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('/api answers: nosniff, a CSP that allows nothing, no HSTS in development', async () => {
    const a = await get(dev.port, '/api/brokers/categories', { ...(await signatureHeaders(SALT)), lang: 'en' });
    expect(a.status).toBe(503); // the catalogue is down: still a full set of headers
    expectCommonHeaders(a);
    expect(a.headers['content-security-policy']).toBe(API_CSP);
    expect(a.headers['strict-transport-security']).toBeUndefined();
    // Refusals before any route (unknown path, bad signature) too.
    const unknown = await get(dev.port, '/api/nope', { lang: 'en' });
    expectCommonHeaders(unknown);
    expect(unknown.headers['content-security-policy']).toBe(API_CSP);
  });

  it('pages keep the web tier\'s nonce policy, once, and get the rest', async () => {
    const page = await get(dev.port, '/about', { 'accept-encoding': 'identity' });
    expect(page.status).toBe(200);
    expectCommonHeaders(page);
    // One header, the web tier's own: not replaced by helmet's, not doubled.
    expect(page.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    // The gateway's own pages (web down, host refused) carry a policy of their own.
    const refused = await get(dev.port, '/about', { host: 'evil.example' });
    expect(refused.status).toBe(421);
    expectCommonHeaders(refused);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  });

  it('/media: nosniff and its own policy, never recompressed', async () => {
    const m = await get(dev.port, '/media/logos/acme.svg', { 'accept-encoding': 'br, gzip' });
    expect(m.status).toBe(200);
    expectCommonHeaders(m);
    expect(m.headers['content-security-policy']).toContain("img-src data:");
    expect(m.headers['content-encoding']).toBeUndefined();
    expect(m.headers['content-length']).toBe(String(m.wireBytes));
  });

  it('production adds HSTS (a year, subdomains) on every answer', async () => {
    const host = { host: 'brokerwise.example' };
    for (const a of [await get(prod.port, '/api/brokers/categories', { ...host, ...(await signatureHeaders(SALT)) }), await get(prod.port, '/about', host), await get(prod.port, '/media/logos/acme.svg', host)]) {
      expectCommonHeaders(a);
      const hsts = /max-age=(\d+); includeSubDomains/.exec(a.headers['strict-transport-security'] ?? '');
      expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('compresses /api JSON and uncompressed pages, and leaves pre-compressed pages alone', async () => {
    // Fifty unknown parameters: a field error per parameter makes a JSON answer of a few kilobytes.
    const query = Array.from({ length: 50 }, (_, i) => `unknown_parameter_${i}=1`).join('&');
    for (const encoding of ['br', 'gzip'] as const) {
      const api = await get(dev.port, `/api/brokers/brokersList?${query}`, { ...(await signatureHeaders(SALT)), lang: 'en', 'accept-encoding': encoding });
      expect(api.status).toBe(400);
      expect(api.headers['content-encoding']).toBe(encoding);
      expect(api.wireBytes).toBeLessThan(Buffer.byteLength(api.body));
      const body = JSON.parse(api.body) as Envelope<ErrorData>;
      expect(Object.keys(body.data.fields ?? {})).toHaveLength(50);
    }
    const plain = await get(dev.port, `/api/brokers/brokersList?${query}`, { ...(await signatureHeaders(SALT)), lang: 'en', 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const big = await get(dev.port, '/big', { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.body).toBe(BIG_HTML);
    const gzipped = await get(dev.port, '/gzipped', { 'accept-encoding': 'br, gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip'); // as the web tier sent it, not wrapped again
    expect(gzipped.body).toBe(BIG_HTML);
  });
});
