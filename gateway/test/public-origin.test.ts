import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { ConfigError } from '@brokerwise/config';
import { createCache } from '@brokerwise/cache';
import { uniqueName, serviceTokenKeys } from '@brokerwise/testing';
import { parseGatewayConfig, publicOrigins } from '../src/config.ts';
import { hostAllowed, parsePublicOrigins } from '../src/http/origin.ts';
import { INTERNAL_SECRET_HEADER } from '@brokerwise/api-contract';
import { startGateway } from '../src/main.ts';

const SALT = 'public-origin-test-salt';
const WEB_SECRET = 'web-tier-secret-'.repeat(3);

/** One raw request with any Host header (fetch would not let us pick it). */
function get(port: number, url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('PUBLIC_ORIGIN: hosts the site answers for (ADR 015)', () => {
  it('matches host names and ports exactly, case-insensitively', () => {
    const o = parsePublicOrigins('https://brokerwise.example, https://www.brokerwise.example, http://10.0.0.5:8080');
    expect(o.canonical).toBe('https://brokerwise.example');
    for (const ok of ['brokerwise.example', 'BrokerWise.Example', 'brokerwise.example:443', 'www.brokerwise.example', '10.0.0.5:8080']) expect(hostAllowed(o, ok), ok).toBe(true);
    for (const bad of [undefined, '', 'evil.example', 'brokerwise.example.evil.example', 'evil.example/brokerwise.example', 'x@brokerwise.example', 'brokerwise.example:8443', '10.0.0.5', 'brokerwise.example\r\nx: y']) {
      expect(hostAllowed(o, bad), String(bad)).toBe(false);
    }
    const dev = publicOrigins({ PUBLIC_ORIGIN: '', PORT: 3000 });
    expect(dev.canonical).toBe('http://localhost:3000');
    for (const ok of ['localhost:3000', '127.0.0.1:54321', '[::1]:3000']) expect(hostAllowed(dev, ok), ok).toBe(true);
    expect(hostAllowed(dev, 'evil.example:3000')).toBe(false);
  });

  it('production refuses to start without it, and any mode refuses a malformed one', () => {
    const prod = { ...serviceTokenKeys(), APP_MODE: 'production', SIGNATURE_SALT: 'x'.repeat(20), ID_KEY: 'k'.repeat(20), JWT_SECRET: 'j'.repeat(40), INTERNAL_SECRET: 'i'.repeat(40) };
    expect(() => parseGatewayConfig(prod)).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parseGatewayConfig(prod)).toThrow(ConfigError);
    expect(parseGatewayConfig({ ...prod, PUBLIC_ORIGIN: 'https://brokerwise.example' }).PUBLIC_ORIGIN).toBe('https://brokerwise.example');
    for (const bad of ['brokerwise.example', 'https://brokerwise.example/path', 'ftp://brokerwise.example', 'https://u:p@brokerwise.example']) {
      expect(() => parseGatewayConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });

  describe('through the gateway', () => {
    let dir: string;
    let web: http.Server;
    let renders = 0;
    const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('origin')}:` });
    let gateway: Awaited<ReturnType<typeof startGateway>>;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'bw-origin-'));
      // A web tier that believed the forwarded host (the poisoning the gateway must make impossible).
      web = http.createServer((req, res) => {
        renders++;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><link rel="canonical" href="https://${String(req.headers['x-forwarded-host'])}${req.url}">`);
      });
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      gateway = await startGateway(
        parseGatewayConfig({
          PORT: '0',
          LOG_LEVEL: 'silent',
          SIGNATURE_SALT: SALT,
          DATA_DIR: dir,
          PUBLIC_ORIGIN: 'https://brokerwise.example,https://www.brokerwise.example',
          WEB_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
          PAGE_CACHE_TTL_MS: '60000',
          INTERNAL_SECRET: WEB_SECRET,
        }),
        { cache },
      );
    });

    afterAll(async () => {
      await gateway?.close();
      await new Promise((resolve) => web?.close(resolve));
      await cache.delPrefix('');
      await cache.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('Host: evil.example cannot change what the next visitor sees (no render, no cache entry)', async () => {
      const evil = await get(gateway.port, '/topbrokers', { host: 'evil.example', 'accept-encoding': 'identity' });
      expect(evil.status).toBe(421);
      expect(evil.headers['cache-control']).toBe('no-store');
      expect(evil.body).toMatch(/Wrong address/);
      expect(evil.body).toMatch(/地址错误/);
      expect(renders).toBe(0);
      const visitor = await get(gateway.port, '/topbrokers', { host: 'brokerwise.example', 'accept-encoding': 'identity' });
      expect(visitor.status).toBe(200);
      expect(visitor.body).toContain('href="https://brokerwise.example/topbrokers"');
      expect(visitor.body).not.toContain('evil');
      // X-Forwarded-Host from the client is not passed on either.
      const forwarded = await get(gateway.port, '/about', { host: 'brokerwise.example', 'x-forwarded-host': 'evil.example', 'accept-encoding': 'identity' });
      expect(forwarded.body).not.toContain('evil');
    });

    it('answers /api for another host with the 421 envelope in the caller\'s language', async () => {
      const r = await get(gateway.port, '/api/brokers/categories', { host: 'evil.example', lang: 'zh-cn', ...(await signatureHeaders(SALT)) });
      expect(r.status).toBe(421);
      expect(JSON.parse(r.body)).toMatchObject({ code: 0, msg: '此服务器不响应该主机名。', data: { error: 'host_not_allowed' } });
    });

    it('answers the web tier by its internal name (GATEWAY_URL=http://gateway:3000) only with the shared secret', async () => {
      const signed = await signatureHeaders(SALT);
      const asWeb = await get(gateway.port, '/api/brokers/categories', { host: 'gateway:3000', ...signed, [INTERNAL_SECRET_HEADER]: WEB_SECRET });
      // Past the host check (no catalogue runs here, so the answer itself is the outage envelope).
      expect(asWeb.status).not.toBe(421);
      expect(asWeb.body).not.toContain('host_not_allowed');
      expect((await get(gateway.port, '/media/open-data/latest.json', { host: 'gateway:3000', [INTERNAL_SECRET_HEADER]: WEB_SECRET })).status).not.toBe(421);
      for (const secret of [undefined, 'x'.repeat(WEB_SECRET.length), 'short']) {
        const r = await get(gateway.port, '/api/brokers/categories', { host: 'gateway:3000', ...signed, ...(secret ? { [INTERNAL_SECRET_HEADER]: secret } : {}) });
        expect(r.status, String(secret)).toBe(421);
      }
    });

    it('health probes answer any host (Kubernetes probes use the pod address)', async () => {
      expect((await get(gateway.port, '/healthz', { host: '10.1.2.3:3000' })).status).toBe(200);
    });
  });
});
