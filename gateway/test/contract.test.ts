import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { MemoryBus } from '@brokerwise/bus';
import { MemoryCache, createCache } from '@brokerwise/cache';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../../services/catalogue/src/config.ts';
import { startCatalogue } from '../../services/catalogue/src/main.ts';
import { upsertCategory, upsertCountry } from '../../services/catalogue/src/store/reference.store.ts';
import type { BrokersListResponse, CountryListResponse, Envelope, ErrorData } from '../src/contract.ts';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/main.ts';

const SALT = 'contract-test-salt';

describe('gateway /api contract (spec §7, §8)', () => {
  let t: TestDatabase;
  let dir: string;
  let catalogue: { port: number; close: () => Promise<void> };
  let gateway: { port: number; close: () => Promise<void> };
  let base: string;
  const bus = new MemoryBus();
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('gwtest')}:` });

  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-'));
    const objects = new DiskStore({ dir });
    catalogue = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: t, objects });
    await upsertCountry(t.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
    await upsertCountry(t.db, { code: 'CY', name_en: 'Cyprus', name_zh: '塞浦路斯', popular: false, sort: 2 });
    await upsertCategory(t.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
    await upsertCategory(t.db, { slug: 'Pay', name_en: 'Payment', name_zh: '支付服务商', sort: 2 });
    await objects.put('logos/northwind-markets.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    for (const [slug, name, country, category, score] of [
      ['northwind-markets', 'Northwind Markets', 'GB', 'Brokers', 4.5],
      ['copperline-fx', 'Copperline FX', 'CY', 'Brokers', 3.1],
      ['tidewater-pay', 'Tidewater Pay', 'GB', 'Pay', 4.0],
    ] as const) {
      const res = await fetch(`http://127.0.0.1:${catalogue.port}/v1/companies/${slug}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, nameZh: `${name}（中）`, category, countryCode: country, score, description: { en: `${name} in English.`, zh: `${name}的中文介绍。` }, logoKey: `logos/${slug}.svg` }),
      });
      expect(res.status).toBe(200);
    }
    gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        SIGNATURE_SALT: SALT,
        CATALOGUE_URL: `http://127.0.0.1:${catalogue.port}`,
        WEB_URL: 'http://127.0.0.1:9', // nothing listens: pages answer the bilingual 502 page
        DATA_DIR: dir,
        RATE_LIMIT_PER_MINUTE: '1000',
      }),
      { cache, objects },
    );
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await catalogue?.close();
    await cache.close();
    await bus.close();
    await t?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  async function call<T>(p: string, opts: { lang?: string; headers?: Record<string, string>; unsigned?: boolean } = {}): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const headers: Record<string, string> = { ...(opts.unsigned ? {} : await signatureHeaders(SALT)), ...(opts.lang ? { lang: opts.lang } : {}), ...opts.headers };
    const res = await fetch(`${base}${p}`, { headers });
    return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
  }

  it('serves brokersList in the envelope, localized by the lang header', async () => {
    const en = await call<BrokersListResponse['data']>('/api/brokers/brokersList?page=1&limit=10');
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ code: 1, msg: 'Success', data: { total: 3, page: 1, limit: 10 } });
    expect(Math.abs(en.body.time - Date.now() / 1000)).toBeLessThan(5);
    expect(en.body.data.list.map((c) => c.id)).toEqual(['northwind-markets', 'tidewater-pay', 'copperline-fx']);
    expect(en.body.data.list[0]).toMatchObject({ name: 'Northwind Markets', description: 'Northwind Markets in English.', category: { slug: 'Brokers', name: 'Brokers' }, country: { code: 'GB', Eglish: 'United Kingdom', name: '英国' }, logo: '/media/logos/northwind-markets.svg' });
    const zh = await call<BrokersListResponse['data']>('/api/brokers/brokersList?categories=Pay', { lang: 'zh-cn' });
    expect(zh.body.msg).toBe('成功');
    expect(zh.body.data.list).toHaveLength(1);
    expect(zh.body.data.list[0]).toMatchObject({ name: 'Tidewater Pay（中）', description: 'Tidewater Pay的中文介绍。', category: { name: '支付服务商' } });
    const fallback = await call<BrokersListResponse['data']>('/api/brokers/brokersList?rating=4', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(fallback.body.msg).toBe('成功');
    expect(fallback.body.data.total).toBe(2);
  });

  it('caches public answers (second call is a hit)', async () => {
    const first = await call('/api/brokers/categories');
    const second = await call('/api/brokers/categories');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('cache-control')).toContain('public');
    expect(second.body.data).toEqual(first.body.data);
  });

  it('gives countries opaque ids that filter brokersList, and refuses forged ones', async () => {
    const countries = await call<CountryListResponse['data']>('/api/brokers/country');
    expect(countries.body.data.map((c) => c.Eglish)).toEqual(['United Kingdom']);
    const all = await call<CountryListResponse['data']>('/api/ajax/dataRegion');
    expect(all.body.data.map((c) => c.code).sort()).toEqual(['CY', 'GB']);
    const gb = countries.body.data[0]!;
    expect(gb.id).not.toContain('GB');
    const filtered = await call<BrokersListResponse['data']>(`/api/brokers/brokersList?country=${gb.id}`);
    expect(filtered.body.data.list.map((c) => c.id).sort()).toEqual(['northwind-markets', 'tidewater-pay']);
    const forged = await call<ErrorData>('/api/brokers/brokersList?country=R0JHQkdCR0JHQkdCR0JHQkdCR0I');
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 0, msg: 'Failed to decrypt', data: { error: 'country_decrypt_failed', fields: { country: 'Failed to decrypt' } } });
    const forgedZh = await call<ErrorData>('/api/brokers/brokersList?country=abc', { lang: 'zh-cn' });
    expect(forgedZh.body.msg).toBe('解密失败');
  });

  it('refuses missing, stale and forged signatures in the caller language', async () => {
    const missing = await call<ErrorData>('/api/brokers/categories', { unsigned: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 0, data: { error: 'signature_missing' } });
    expect(missing.body.msg).toContain('signature is missing');
    const stale = await call<ErrorData>('/api/brokers/categories', { unsigned: true, lang: 'zh-cn', headers: await signatureHeaders(SALT, Date.now() - 3600_000) });
    expect(stale.body).toMatchObject({ code: 0, msg: '请求签名已过期，请检查设备时间后重试。', data: { error: 'signature_expired' } });
    const forged = await call<ErrorData>('/api/brokers/categories', { unsigned: true, headers: await signatureHeaders('wrong-salt') });
    expect(forged.body.data.error).toBe('signature_invalid');
  });

  it('explains bad query values per field in both languages, never a 500', async () => {
    const huge = await call<ErrorData>('/api/brokers/brokersList?limit=100000');
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ code: 0, msg: 'limit must be between 1 and 50.', data: { fields: { limit: 'limit must be between 1 and 50.' } } });
    const hugeZh = await call<ErrorData>('/api/brokers/brokersList?limit=100000', { lang: 'zh-cn' });
    expect(hugeZh.body.msg).toBe('limit 必须在 1 到 50 之间。');
    const wrongType = await call<ErrorData>('/api/brokers/brokersList?page=abc');
    expect(wrongType.body.data.fields).toEqual({ page: 'page must be a whole number.' });
    const badEnum = await call<ErrorData>('/api/brokers/brokersList?categories=Banks');
    expect(badEnum.body.msg).toBe('categories must be one of: Brokers, FinTech, Lp, Pay.');
    const unknown = await call<ErrorData>('/api/brokers/brokersList?foo=1', { lang: 'zh-cn' });
    expect(unknown.body.msg).toBe('未知参数 foo。');
    const lang = await call<ErrorData>('/api/brokers/categories', { lang: 'fr' });
    expect(lang.status).toBe(400);
    expect(lang.body).toMatchObject({ code: 0, data: { error: 'lang_unsupported' } });
    expect(lang.body.msg).toContain('Use en or zh-cn');
    const path404 = await call<ErrorData>('/api/brokers/nothing-here');
    expect(path404.status).toBe(404);
    expect(path404.body).toMatchObject({ code: 0, data: { error: 'route_not_found' } });
    const longKeyword = await call<ErrorData>(`/api/brokers/brokersList?keyword=${'x'.repeat(101)}`);
    expect(longKeyword.body.msg).toBe('keyword must be at most 100 characters.');
  });

  it('serves stored media with safe headers', async () => {
    const res = await fetch(`${base}/media/logos/northwind-markets.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Raw path: fetch() would normalise the dot segments away before sending.
    const traversal = await new Promise<number>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: gateway.port, path: '/media/logos/..%2F..%2Fpackage.json' }, (r) => resolve(r.statusCode ?? 0)).on('error', reject);
    });
    expect(traversal).toBe(404);
    expect((await fetch(`${base}/media/logos/missing.svg`)).status).toBe(404);
  });

  it('answers a bilingual page when the web server is down', async () => {
    const res = await fetch(`${base}/about`);
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain('temporarily unavailable');
    expect(html).toContain('网站暂时无法访问');
  });
});

describe('gateway protection and degradation', () => {
  it('rate-limits per address with 429 and Retry-After', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-rl-'));
    const gw = await startGateway(parseGatewayConfig({ PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: SALT, RATE_LIMIT_PER_MINUTE: '3', CATALOGUE_URL: 'http://127.0.0.1:9', DATA_DIR: dir }), {
      cache: new MemoryCache(),
      objects: new DiskStore({ dir }),
    });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`http://127.0.0.1:${gw.port}/api/brokers/categories`, { headers: { ...(await signatureHeaders(SALT)), lang: 'zh-cn' } });
        statuses.push(last.status);
      }
      // The catalogue is unreachable: the first three say so (503), the fourth is throttled.
      expect(statuses).toEqual([503, 503, 503, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await last!.json()) as Envelope<ErrorData>;
      expect(body).toMatchObject({ code: 429, data: { error: 'too_many_requests' } });
      expect(body.msg).toMatch(/^请求过于频繁，请在 \d+ 秒后重试。$/);
    } finally {
      await gw.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production with the public development salt', () => {
    expect(() => parseGatewayConfig({ APP_MODE: 'production', ID_KEY: 'a-real-production-key-123' })).toThrow(/SIGNATURE_SALT/);
    expect(() => parseGatewayConfig({ APP_MODE: 'production', SIGNATURE_SALT: 'prod-salt-123', ID_KEY: 'a-real-production-key-123' })).toThrow(/JWT_SECRET/);
    expect(() => parseGatewayConfig({ APP_MODE: 'production', SIGNATURE_SALT: 'prod-salt-123', ID_KEY: 'a-real-production-key-123', JWT_SECRET: 'x'.repeat(40) })).not.toThrow();
  });
});
