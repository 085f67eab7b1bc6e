import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import { MemoryBus, destroyBus } from '@brokerwise/bus';
import { MemoryCache, createCache } from '@brokerwise/cache';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName, serviceTokenKeys } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../../services/catalogue/src/config.ts';
import { startCatalogue } from '../../services/catalogue/src/main.ts';
import { parseSearchConfig } from '../../services/search/src/config.ts';
import { startSearch } from '../../services/search/src/main.ts';
import { upsertCategory, upsertCountry } from '../../services/catalogue/src/store/reference.store.ts';
import { operations, type Operation } from '@brokerwise/api-contract';
import type { BrokersListResponse, CompanyDetailResponse, CountryListResponse, Envelope, ErrorData, TopBrokersResponse } from '@brokerwise/api-contract';
import { expectContract } from './api-contract.ts';
import { INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@brokerwise/api-contract';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway, type GatewayRoute } from '../src/main.ts';

const SALT = 'contract-test-salt';

const NORTHWIND_DETAILS = {
  about: { en: 'Northwind Markets has served traders since 2011.', zh: '北风市场自2011年起服务交易者。' },
  services: [{ en: 'Forex trading accounts', zh: '外汇交易账户' }, { en: 'Copy trading', zh: '跟单交易' }],
  assetTypes: [{ en: 'forex', zh: '外汇' }, { en: 'metals', zh: '贵金属' }],
  platforms: [{ en: 'MT5', zh: 'MT5' }, { en: 'Mobile app', zh: '移动App' }],
  paymentMethods: [{ en: 'Bank wire', zh: '银行电汇' }, { en: 'UnionPay', zh: '银联' }],
  maxLeverage: '1:30',
  licences: [{ regulator: 'CySEC', regulatorCountry: 'CY', licenceNo: '123/14', entity: 'Northwind Markets (Europe) Ltd', status: 'regulated', registerUrl: 'https://register.cysec.example/firms/123%2F14' }],
  contact: { website: 'https://northwind-markets.example', email: 'support@northwind-markets.example', phone: '+44 2079 4600', address: { en: 'Floor 3, 12 Harbour Street, London, United Kingdom', zh: '英国伦敦海港街12号3楼' } },
  currencies: ['USD', 'GBP', 'EUR'],
  openAccountUrl: 'https://northwind-markets.example/open-account',
};

describe('gateway /api contract (spec §7, §8)', () => {
  let t: TestDatabase;
  let dir: string;
  let catalogue: { port: number; close: () => Promise<void> };
  let search: { port: number; close: () => Promise<void> };
  let searchDb: TestDatabase;
  let gateway: { port: number; close: () => Promise<void>; routes: GatewayRoute[] };
  let base: string;
  const bus = new MemoryBus();
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('gwtest')}:` });

  async function putCompany(slug: string, body: Record<string, unknown>): Promise<void> {
    const res = await fetch(`http://127.0.0.1:${catalogue.port}/v1/companies/${slug}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    searchDb = await createTestDatabase('search', process.env.DATABASE_URL);
    // The search service indexes what the catalogue publishes: start it first, on the same bus.
    // Totals past 2 matches are "more than 2" (ADR 029), so three companies cross it.
    search = await startSearch(parseSearchConfig({ PORT: '0', LOG_LEVEL: 'silent', SEARCH_EXACT_TOTAL_UP_TO: '2' }), { bus, database: searchDb });
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-'));
    const objects = new DiskStore({ dir });
    catalogue = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: t, objects });
    await upsertCountry(t.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
    await upsertCountry(t.db, { code: 'CY', name_en: 'Cyprus', name_zh: '塞浦路斯', popular: false, sort: 2 });
    await upsertCategory(t.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
    await upsertCategory(t.db, { slug: 'Pay', name_en: 'Payment', name_zh: '支付服务商', sort: 2 });
    await objects.put('logos/northwind-markets.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    for (const [slug, name, country, category, score, reviewCount] of [
      ['northwind-markets', 'Northwind Markets', 'GB', 'Brokers', 4.5, 120],
      ['copperline-fx', 'Copperline FX', 'CY', 'Brokers', 3.1, 30],
      ['tidewater-pay', 'Tidewater Pay', 'GB', 'Pay', 4.0, 500],
    ] as const) {
      await putCompany(slug, { name, nameZh: `${name}（中）`, category, countryCode: country, score, reviewCount, founded: 2011, regulated: slug !== 'copperline-fx', description: { en: `${name} in English.`, zh: `${name}的中文介绍。` }, logoKey: `logos/${slug}.svg`, ...(slug === 'northwind-markets' ? { website: 'https://northwind-markets.example', details: NORTHWIND_DETAILS } : {}) });
    }
    gateway = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        SIGNATURE_SALT: SALT,
        CATALOGUE_URL: `http://127.0.0.1:${catalogue.port}`,
        SEARCH_URL: `http://127.0.0.1:${search.port}`,
        WEB_URL: 'http://127.0.0.1:9', // nothing listens: pages answer the bilingual 502 page
        DATA_DIR: dir,
        RATE_LIMIT_PER_MINUTE: '1000',
        CHECK_CONTRACT: 'true',
      }),
      { cache, objects },
    );
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await catalogue?.close();
    await search?.close();
    await searchDb?.destroy();
    await cache.delPrefix('');
    await cache.close();
    await destroyBus(bus);
    await t?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  async function call<T>(p: string, opts: { lang?: string; headers?: Record<string, string>; unsigned?: boolean } = {}): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
    const headers: Record<string, string> = { ...(opts.unsigned ? {} : await signatureHeaders(SALT)), ...(opts.lang ? { lang: opts.lang } : {}), ...opts.headers };
    const res = await fetch(`${base}${p}`, { headers });
    const json: unknown = await res.json();
    expectContract('GET', p, json);
    return { status: res.status, body: json as Envelope<T>, headers: res.headers };
  }

  it('lists every /api operation the gateway serves in the shared operations table, and nothing else', () => {
    // Not JSON operations: the catch-all 404, and the notice stream (Server-Sent Events).
    const notOperations = new Set(['/api/*', '/api/user/notice/stream', '/api/openapi.json']);
    const served = gateway.routes
      .filter((r) => r.url.startsWith('/api/') && !notOperations.has(r.url))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url}`));
    const table = Object.values(operations).map((o) => `${o.method} ${o.path}`);
    expect([...new Set(served)].sort()).toEqual([...table].sort());
  });

  it('documents in the table the query and body fields each route validates', () => {
    const names = (schema: unknown) => Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).filter((k) => k !== '_').sort();
    const drift: string[] = [];
    for (const [id, o] of Object.entries(operations) as [string, Operation][]) {
      const route = gateway.routes.find((r) => r.url === o.path && (Array.isArray(r.method) ? r.method.includes(o.method) : r.method === o.method));
      const schema = route?.schema as { querystring?: unknown; body?: unknown } | undefined;
      if (JSON.stringify(names(schema?.querystring)) !== JSON.stringify(names(o.query))) drift.push(`${id} query: route ${names(schema?.querystring)} / table ${names(o.query)}`);
      if (schema?.body && JSON.stringify(names(schema.body)) !== JSON.stringify(names(o.body))) drift.push(`${id} body: route ${names(schema.body)} / table ${names(o.body)}`);
    }
    expect(drift).toEqual([]);
  });

  it('serves the committed OpenAPI description at /api/openapi.json, unsigned and cacheable', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.text()).toBe(await readFile(new URL('../../docs/api/openapi.json', import.meta.url), 'utf8'));
    const again = await fetch(`${base}/api/openapi.json`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('serves brokersList in the envelope, localized by the lang header', async () => {
    const before = Math.floor(Date.now() / 1000);
    const en = await call<BrokersListResponse['data']>('/api/brokers/brokersList?page=1&limit=10');
    const after = Math.ceil(Date.now() / 1000);
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ code: 1, msg: 'Success', data: { total: 3, page: 1, limit: 10 } });
    // The server's clock (seconds), read while it answered.
    expect(en.body.time).toBeGreaterThanOrEqual(before);
    expect(en.body.time).toBeLessThanOrEqual(after);
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

  it('finds companies by keyword through the search service, typos and Chinese names included', async () => {
    // The search read model fills from catalogue events while this runs: a partly filled index can
    // rank another company first, so wait for the expected first hit (a wrong ranking times out).
    // One flat poll (a poll inside a poll hides which one timed out behind vitest's STACK_TRACE_ERROR).
    const firstHit = async (kw: string, lang = 'en') =>
      (await call<BrokersListResponse['data']>(`/api/brokers/brokersList?keyword=${encodeURIComponent(kw)}`, { lang })).body.data.list[0]?.id;
    // Generous: the index fills from hundreds of catalogue events, slowly on a busy machine.
    await expect.poll(() => firstHit('nortwind'), { timeout: 60_000, interval: 250 }).toBe('northwind-markets');
    await expect.poll(() => firstHit('Tidewater Pay（中）', 'zh-cn'), { timeout: 60_000, interval: 250 }).toBe('tidewater-pay');
    const zh = await call<BrokersListResponse['data']>(`/api/brokers/brokersList?keyword=copperline`, { lang: 'zh-cn' });
    expect(zh.body.data.list[0]).toMatchObject({ id: 'copperline-fx', name: 'Copperline FX（中）', reviewCount: 30 }); // card data from the catalogue
  }, 150_000);

  it('says "more than" for a keyword that matches more companies than the search counts exactly', async () => {
    // "english" is in all three descriptions; the search counts up to 2, unless the page ends past it.
    const page = (limit: number) => call<BrokersListResponse['data']>(`/api/brokers/brokersList?keyword=english&limit=${limit}`);
    await expect.poll(async () => (await page(10)).body.data.total, { timeout: 30_000 }).toBe(3);
    expect((await page(10)).body.data).not.toHaveProperty('totalExact');
    const first = (await page(1)).body.data;
    expect({ total: first.total, totalExact: first.totalExact, list: first.list.length }).toEqual({ total: 2, totalExact: false, list: 1 });
  });

  it('filters by licence status, with and without a keyword', async () => {
    const ids = async (qs: string) => (await call<BrokersListResponse['data']>(`/api/brokers/brokersList?${qs}`)).body.data.list.map((c) => c.id).sort();
    expect(await ids('regulated=false')).toEqual(['copperline-fx']);
    expect(await ids('regulated=true')).toEqual(['northwind-markets', 'tidewater-pay']);
    await expect.poll(() => ids('keyword=copperline&regulated=false'), { timeout: 30_000 }).toEqual(['copperline-fx']);
    expect(await ids('keyword=copperline&regulated=true')).toEqual([]);
    const bad = await call<ErrorData>('/api/brokers/brokersList?regulated=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ regulated: 'regulated must be one of: true, false.' });
    }, 90_000);

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

  it('serves a company detail with every spec field, localized by lang, and caches it', async () => {
    const en = await call<CompanyDetailResponse['data']>('/api/brokers/detail?id=northwind-markets');
    expect(en.status).toBe(200);
    expect(en.headers.get('x-cache')).toBe('MISS');
    expect(en.body).toMatchObject({ code: 1, msg: 'Success' });
    expect(en.body.data).toMatchObject({
      id: 'northwind-markets',
      name: 'Northwind Markets',
      nameEn: 'Northwind Markets',
      nameZh: 'Northwind Markets（中）',
      logo: '/media/logos/northwind-markets.svg',
      category: { slug: 'Brokers', name: 'Brokers' },
      country: { code: 'GB', Eglish: 'United Kingdom', name: '英国' },
      description: 'Northwind Markets in English.',
      score: 4.5,
      reviewCount: 120,
      founded: 2011,
      regulated: true,
      about: 'Northwind Markets has served traders since 2011.',
      services: ['Forex trading accounts', 'Copy trading'],
      assetTypes: ['forex', 'metals'],
      platforms: ['MT5', 'Mobile app'],
      maxLeverage: '1:30',
      licences: [{ regulator: 'CySEC', regulatorCountry: 'Cyprus', licenceNo: '123/14', entity: 'Northwind Markets (Europe) Ltd', status: 'regulated', registerUrl: 'https://register.cysec.example/firms/123%2F14' }],
      paymentMethods: ['Bank wire', 'UnionPay'],
      contact: { website: 'https://northwind-markets.example', email: 'support@northwind-markets.example', phone: '+44 2079 4600', address: 'Floor 3, 12 Harbour Street, London, United Kingdom' },
      currencies: ['USD', 'GBP', 'EUR'],
      openAccountUrl: 'https://northwind-markets.example/open-account',
    });
    expect(new Date(en.body.data.updatedAt).getTime()).not.toBeNaN();
    const again = await call<CompanyDetailResponse['data']>('/api/brokers/detail?id=northwind-markets');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('cache-control')).toContain('public');
    expect(again.body.data).toEqual(en.body.data);

    const zh = await call<CompanyDetailResponse['data']>('/api/brokers/detail?id=northwind-markets', { lang: 'zh-cn' });
    expect(zh.body.msg).toBe('成功');
    expect(zh.body.data).toMatchObject({
      name: 'Northwind Markets（中）',
      category: { name: '外汇经纪商' },
      description: 'Northwind Markets的中文介绍。',
      about: '北风市场自2011年起服务交易者。',
      services: ['外汇交易账户', '跟单交易'],
      assetTypes: ['外汇', '贵金属'],
      platforms: ['MT5', '移动App'],
      paymentMethods: ['银行电汇', '银联'],
      licences: [{ regulatorCountry: '塞浦路斯' }],
      contact: { address: '英国伦敦海港街12号3楼' },
    });

    // Without a details document every field is still present, empty.
    const bare = await call<CompanyDetailResponse['data']>('/api/brokers/detail?id=tidewater-pay', { lang: 'zh-cn' });
    expect(bare.body.data).toMatchObject({ id: 'tidewater-pay', about: '', services: [], licences: [], maxLeverage: null, openAccountUrl: null, contact: { website: null, email: null, phone: null, address: null } });
  });

  it('answers an unknown company with a bilingual 404 and a malformed id with a field error, never a 500', async () => {
    const missing = await call<ErrorData>('/api/brokers/detail?id=no-such-company');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 0, msg: 'This company does not exist.', data: { error: 'catalogue.company_not_found' } });
    const missingZh = await call<ErrorData>('/api/brokers/detail?id=no-such-company', { lang: 'zh-cn' });
    expect(missingZh.status).toBe(404);
    expect(missingZh.body.msg).toBe('该公司不存在。');
    const noId = await call<ErrorData>('/api/brokers/detail');
    expect(noId.status).toBe(400);
    expect(noId.body).toMatchObject({ code: 0, msg: 'id is required.', data: { error: 'validation_failed', fields: { id: 'id is required.' } } });
    const spaces = await call<ErrorData>(`/api/brokers/detail?id=${encodeURIComponent('northwind markets')}`, { lang: 'zh-cn' });
    expect(spaces.status).toBe(400);
    expect(spaces.body).toMatchObject({ code: 0, msg: 'id 无效。', data: { fields: { id: 'id 无效。' } } });
    const traversal = await call<ErrorData>(`/api/brokers/detail?id=${encodeURIComponent('../v1/top')}`);
    expect(traversal.status).toBe(400);
    for (const r of [missing, noId, spaces, traversal]) expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('ranks top brokers 20 a page with absolute ranks, in both languages, and refuses bad pages', async () => {
    // 21 more ranked brokers (and one with too few reviews) so the ranking spans two pages.
    for (let i = 0; i < 21; i++) {
      const slug = `ranked-broker-${String(i).padStart(2, '0')}`;
      await putCompany(slug, { name: `Ranked Broker ${i}`, nameZh: `排名经纪商${i}`, category: 'Brokers', countryCode: 'CY', score: 4.0, reviewCount: 20 + i, description: { en: 'A ranked broker.', zh: '一家上榜经纪商。' } });
    }
    await putCompany('few-reviews-fx', { name: 'Few Reviews FX', category: 'Brokers', countryCode: 'GB', score: 5, reviewCount: 19, description: { en: 'New.', zh: '新公司。' } });

    const p1 = await call<TopBrokersResponse['data']>('/api/brokers/topBrokersList');
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ code: 1, msg: 'Success', data: { total: 23, page: 1, limit: 20 } });
    expect(p1.body.data.list).toHaveLength(20);
    expect(p1.body.data.list.map((c) => c.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(p1.body.data.list[0]).toMatchObject({ rank: 1, id: 'northwind-markets', name: 'Northwind Markets', category: { name: 'Brokers' }, country: { code: 'GB' }, score: 4.5 });
    // Equal scores: more reviews first.
    expect(p1.body.data.list[1]).toMatchObject({ rank: 2, id: 'ranked-broker-20', reviewCount: 40 });
    const ids = p1.body.data.list.map((c) => c.id);
    expect(ids).not.toContain('few-reviews-fx');
    expect(ids).not.toContain('tidewater-pay');

    const p2 = await call<TopBrokersResponse['data']>('/api/brokers/topBrokersList?page=2', { lang: 'zh-cn' });
    expect(p2.body).toMatchObject({ code: 1, msg: '成功', data: { total: 23, page: 2, limit: 20 } });
    expect(p2.body.data.list.map((c) => [c.rank, c.id])).toEqual([
      [21, 'ranked-broker-01'],
      [22, 'ranked-broker-00'],
      [23, 'copperline-fx'],
    ]);
    expect(p2.body.data.list[0]).toMatchObject({ name: '排名经纪商1', category: { name: '外汇经纪商' }, description: '一家上榜经纪商。' });
    const cached = await call<TopBrokersResponse['data']>('/api/brokers/topBrokersList?page=2', { lang: 'zh-cn' });
    expect(cached.headers.get('x-cache')).toBe('HIT');
    expect(cached.body.data).toEqual(p2.body.data);

    const zero = await call<ErrorData>('/api/brokers/topBrokersList?page=0');
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ code: 0, msg: 'page must be between 1 and 1000.' });
    const zeroZh = await call<ErrorData>('/api/brokers/topBrokersList?page=0', { lang: 'zh-cn' });
    expect(zeroZh.body.msg).toBe('page 必须在 1 到 1000 之间。');
    const text = await call<ErrorData>('/api/brokers/topBrokersList?page=abc');
    expect(text.body.data.fields).toEqual({ page: 'page must be a whole number.' });
    const limit = await call<ErrorData>('/api/brokers/topBrokersList?limit=50');
    expect(limit.status).toBe(400);
    expect(limit.body.msg).toBe('Unknown parameter limit.');
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

  it('counts server-rendered calls against the visitor named by the web tier, and only with the shared secret', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-visitor-'));
    const secret = 'web-tier-secret-0123456789abcdefghij';
    // A stand-in web server: what does the gateway's page proxy tell it?
    const pageHeaders: http.IncomingHttpHeaders[] = [];
    const web = http.createServer((req, res) => {
      pageHeaders.push(req.headers);
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><p>page</p>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const gw = await startGateway(
      parseGatewayConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        SIGNATURE_SALT: SALT,
        RATE_LIMIT_PER_MINUTE: '2',
        INTERNAL_SECRET: secret,
        CATALOGUE_URL: 'http://127.0.0.1:9',
        WEB_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
        PAGE_CACHE_TTL_MS: '0',
        DATA_DIR: dir,
      }),
      { cache: new MemoryCache(), objects: new DiskStore({ dir }) },
    );
    const call = async (headers: Record<string, string>) =>
      (await fetch(`http://127.0.0.1:${gw.port}/api/brokers/categories`, { headers: { ...(await signatureHeaders(SALT)), ...headers } })).status;
    const asWeb = (visitor: string) => ({ [VISITOR_ADDRESS_HEADER]: visitor, [INTERNAL_SECRET_HEADER]: secret });
    try {
      // Two visitors behind the same web server: each has a budget of its own (catalogue down: 503).
      expect([await call(asWeb('198.51.100.1')), await call(asWeb('198.51.100.1')), await call(asWeb('198.51.100.1'))]).toEqual([503, 503, 429]);
      expect(await call(asWeb('2001:db8::7'))).toBe(503);
      // Without the secret (or with a wrong one, or no address at all) the header is ignored: the
      // socket's address counts, so a client cannot pick a fresh address for every request.
      const forged = { [VISITOR_ADDRESS_HEADER]: '198.51.100.9', [INTERNAL_SECRET_HEADER]: 'x'.repeat(secret.length) };
      expect([await call(forged), await call({ [VISITOR_ADDRESS_HEADER]: '198.51.100.10' }), await call(forged)]).toEqual([503, 503, 429]);
      expect(await call({ ...asWeb('not-an-address') })).toBe(429);

      // Pages: the proxy vouches for its own X-Forwarded-For with the secret, and drops what a client
      // sent under the same names.
      const page = await fetch(`http://127.0.0.1:${gw.port}/about`, { headers: { [INTERNAL_SECRET_HEADER]: 'forged', [VISITOR_ADDRESS_HEADER]: '198.51.100.66', 'x-forwarded-for': '198.51.100.66' } });
      expect(page.status).toBe(200);
      expect(pageHeaders.at(-1)).toMatchObject({ [INTERNAL_SECRET_HEADER]: secret, 'x-forwarded-for': '127.0.0.1' });
      expect(pageHeaders.at(-1)![VISITOR_ADDRESS_HEADER]).toBeUndefined();
    } finally {
      await new Promise((resolve) => web.close(resolve));
      await gw.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.REDIS_URL)('shares the per-address counters between replicas through Redis', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-rl-redis-'));
    const prefix = `${uniqueName('gwrl')}:`;
    const caches = [createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: prefix }), createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: prefix })];
    const settings = { PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: SALT, RATE_LIMIT_PER_MINUTE: '2', CATALOGUE_URL: 'http://127.0.0.1:9', DATA_DIR: dir } as const;
    // Connected first: while Redis is unreachable the limit lets requests through.
    await Promise.all(caches.map((c) => c.ping()));
    const replicas = [
      await startGateway(parseGatewayConfig(settings), { cache: caches[0]!, objects: new DiskStore({ dir }) }),
      await startGateway(parseGatewayConfig(settings), { cache: caches[1]!, objects: new DiskStore({ dir }) }),
    ];
    const call = async (port: number) => fetch(`http://127.0.0.1:${port}/api/brokers/categories`, { headers: { ...(await signatureHeaders(SALT)), lang: 'en' } });
    try {
      const statuses = [(await call(replicas[0]!.port)).status, (await call(replicas[1]!.port)).status];
      const third = await call(replicas[0]!.port);
      expect([...statuses, third.status]).toEqual([503, 503, 429]);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(third.headers.get('x-ratelimit-limit')).toBe('2');
      expect(((await third.json()) as Envelope<ErrorData>).msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      // The counter is one Redis key under the cache's prefix.
      expect(await caches[0]!.get('rl:api:127.0.0.1')).toBe('3');
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      await caches[0]!.delPrefix('rl:api:');
      await Promise.all(caches.map((c) => c.close()));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sheds load while the event loop lags: 503 envelope with Retry-After in the caller\'s language; health probes still answer', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-pressure-'));
    const gw = await startGateway(
      parseGatewayConfig({ PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: SALT, CATALOGUE_URL: 'http://127.0.0.1:9', DATA_DIR: dir, PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '1', PRESSURE_RETRY_AFTER_SECONDS: '9' }),
      { cache: new MemoryCache(), objects: new DiskStore({ dir }) },
    );
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        // the gateway runs in this thread: its event loop stalls with it
      }
    };
    try {
      let shed: Response | undefined;
      let probe: Response | undefined;
      // A stall shows from the next sample on (the poll's own pause lets one be taken).
      await expect
        .poll(
          async () => {
            busy(150);
            [shed, probe] = await Promise.all([
              fetch(`http://127.0.0.1:${gw.port}/api/brokers/categories`, { headers: { ...(await signatureHeaders(SALT)), lang: 'zh-cn' } }),
              fetch(`http://127.0.0.1:${gw.port}/healthz`),
            ]);
            return shed.headers.get('retry-after');
          },
          { timeout: 20_000, interval: 20 },
        )
        .toBe('9');
      expect(shed!.status).toBe(503);
      const body = (await shed!.json()) as Envelope<ErrorData>;
      expect(body).toMatchObject({ code: 503, msg: '网站当前繁忙，请在 9 秒后重试。', data: { error: 'server_busy' } });
      expect(probe!.status).toBe(200);
      // Still alive and answering once the stall is over.
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${gw.port}/healthz`)).status).toBe(200);
    } finally {
      await gw.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production with the public development salt', () => {
    expect(() => parseGatewayConfig({ APP_MODE: 'production', SIGNATURE_SALT: 'prod-salt-123', ID_KEY: 'a-real-production-key-123', JWT_SECRET: 'x'.repeat(40) })).toThrow(/SERVICE_TOKEN_PRIVATE_KEY: required in production/);
    expect(() => parseGatewayConfig({ ...serviceTokenKeys(), APP_MODE: 'production', ID_KEY: 'a-real-production-key-123' })).toThrow(/SIGNATURE_SALT/);
    expect(() => parseGatewayConfig({ ...serviceTokenKeys(), APP_MODE: 'production', SIGNATURE_SALT: 'prod-salt-123', ID_KEY: 'a-real-production-key-123' })).toThrow(/JWT_SECRET/);
    const prod = { ...serviceTokenKeys(), APP_MODE: 'production', SIGNATURE_SALT: 'prod-salt-123', ID_KEY: 'a-real-production-key-123', JWT_SECRET: 'x'.repeat(40) };
    expect(() => parseGatewayConfig(prod)).toThrow(/INTERNAL_SECRET/);
    expect(() => parseGatewayConfig({ ...prod, INTERNAL_SECRET: 'too-short' })).toThrow(/INTERNAL_SECRET/);
    expect(() => parseGatewayConfig({ ...prod, INTERNAL_SECRET: 's'.repeat(32) })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parseGatewayConfig({ ...prod, INTERNAL_SECRET: 's'.repeat(32), PUBLIC_ORIGIN: 'https://brokerwise.example/path' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parseGatewayConfig({ ...prod, INTERNAL_SECRET: 's'.repeat(32), PUBLIC_ORIGIN: 'https://brokerwise.example' })).not.toThrow();
  });
});
