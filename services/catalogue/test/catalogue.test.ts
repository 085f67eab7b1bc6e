import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { decodeEvent, type CompanyUpserted } from '@brokerwise/proto';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../src/config.ts';
import { startCatalogue } from '../src/main.ts';
import { upsertCountry, upsertCategory } from '../src/store/reference.store.ts';

const company = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  nameZh: `${name}中文`,
  category: 'Brokers',
  countryCode: 'GB',
  description: { en: `${name} is a broker.`, zh: `${name}是一家经纪商。` },
  score: 4.2,
  reviewCount: 10,
  founded: 2010,
  regulated: true,
  aliases: [`${name.toLowerCase()}fx`],
  website: 'https://example.example',
  ...over,
});

describe('catalogue service (real SQL, real bus)', () => {
  let t: TestDatabase;
  let bus: EventBus;
  let dir: string;
  let svc: { port: number; close: () => Promise<void> };
  let base: string;
  const events: CompanyUpserted[] = [];

  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('cat').toLowerCase() });
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-cat-'));
    const config = parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir });
    await bus.subscribe({
      durable: 'catalogue-test-probe',
      types: ['catalogue.company.upserted'],
      handler: async (m) => void events.push(decodeEvent(m.data).payload as CompanyUpserted),
    });
    svc = await startCatalogue(config, { bus, database: t, objects: new DiskStore({ dir }) });
    base = `http://127.0.0.1:${svc.port}`;
    for (const [i, c] of [['GB', 'United Kingdom', '英国'], ['AU', 'Australia', '澳大利亚']].entries()) {
      await upsertCountry(t.db, { code: c[0]!, name_en: c[1]!, name_zh: c[2]!, popular: true, sort: i });
    }
    for (const [i, slug] of (['Brokers', 'FinTech', 'Lp', 'Pay'] as const).entries()) {
      await upsertCategory(t.db, { slug, name_en: slug, name_zh: slug, sort: i });
    }
  });

  afterAll(async () => {
    await svc?.close();
    if (bus) await destroyBus(bus);
    await t?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const put = (slug: string, body: unknown) =>
    fetch(`${base}/v1/companies/${slug}`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-request-id': `req-${slug}` }, body: JSON.stringify(body) });

  it('saves a company and publishes catalogue.company.upserted through the outbox', async () => {
    const res = await put('northwind-markets', company('Northwind Markets'));
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ slug: 'northwind-markets', score: 4.2, version: 1 });
    await expect.poll(() => events.map((e) => e.slug), { timeout: 10_000 }).toContain('northwind-markets');
    const e = events.find((x) => x.slug === 'northwind-markets')!;
    expect(e.shortDescription?.zhCn).toBe('Northwind Markets是一家经纪商。');
    expect(e.version).toBe(1n);
    // A second save bumps the version consumers use to drop stale updates.
    await put('northwind-markets', company('Northwind Markets', { score: 3.9 }));
    await expect.poll(() => events.filter((x) => x.slug === 'northwind-markets').map((x) => x.version), { timeout: 10_000 }).toEqual([1n, 2n]);
  });

  it('filters by category, score, country, licence status and keyword (with typos), and pages', async () => {
    await put('bluefin-pay', company('Bluefin Pay', { category: 'Pay', countryCode: 'AU', score: 2.1, regulated: false }));
    await put('aurora-capital', company('Aurora Capital', { score: 4.8, countryCode: 'AU' }));
    const list = async (qs: string) => (await (await fetch(`${base}/v1/companies?${qs}`)).json()) as { items: { slug: string }[]; total: number };
    expect((await list('category=Pay')).items.map((c) => c.slug)).toEqual(['bluefin-pay']);
    expect((await list('minScore=4')).items.map((c) => c.slug)).toEqual(['aurora-capital']);
    expect((await list('country=AU&order=name')).items.map((c) => c.slug)).toEqual(['aurora-capital', 'bluefin-pay']);
    expect((await list('country=AU&regulated=false')).items.map((c) => c.slug)).toEqual(['bluefin-pay']);
    expect((await list('country=AU&regulated=true')).items.map((c) => c.slug)).toEqual(['aurora-capital']);
    expect((await list('keyword=nortwind')).items.map((c) => c.slug)).toEqual(['northwind-markets']);
    expect((await list('keyword=' + encodeURIComponent('中文'))).total).toBe(3);
    const page2 = await list('limit=2&page=2&order=name');
    expect(page2).toMatchObject({ total: 3, items: [{ slug: 'northwind-markets' }] });
  });

  it('refuses bad input with field codes, never a 500', async () => {
    const r1 = await fetch(`${base}/v1/companies?limit=500`);
    expect(r1.status).toBe(400);
    expect((await r1.json()).error.fields).toHaveProperty('limit');
    const r2 = await put('bad-country', company('Bad Country', { countryCode: 'ZZ' }));
    expect(r2.status).toBe(400);
    expect((await r2.json()).error).toMatchObject({ code: 'catalogue.unknown_country', fields: { countryCode: 'unknown' } });
    const r3 = await put('x', { name: '' });
    expect(r3.status).toBe(400);
    const r4 = await fetch(`${base}/v1/companies/nope`);
    expect(r4.status).toBe(404);
    expect((await r4.json()).error.code).toBe('catalogue.company_not_found');
  });

  it('returns a company with every detail field in both languages', async () => {
    const details = {
      about: { en: 'Founded in London.', zh: '成立于伦敦。' },
      services: [{ en: 'Copy trading', zh: '跟单交易' }],
      assetTypes: [{ en: 'forex', zh: '外汇' }, 'metals'],
      platforms: [{ en: 'MT5', zh: 'MT5' }],
      paymentMethods: [{ en: 'Bank wire', zh: '银行电汇' }],
      maxLeverage: '1:30',
      licences: [{ regulator: 'ASIC', regulatorCountry: 'AU', licenceNo: '123456', entity: 'Detail Markets Pty Ltd', status: 'regulated', registerUrl: 'https://register.asic.example/firms/123456' }],
      contact: { website: 'https://detail-markets.example', email: 'support@detail-markets.example', phone: '+44 2000 1234', address: { en: '1 Harbour Street, London', zh: '伦敦海港街1号' } },
      currencies: ['USD', 'GBP'],
      openAccountUrl: 'https://detail-markets.example/open-account',
    };
    expect((await put('detail-markets', company('Detail Markets', { details }))).status).toBe(200);
    const res = await fetch(`${base}/v1/companies/detail-markets`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      slug: 'detail-markets',
      nameZh: 'Detail Markets中文',
      about: details.about,
      services: details.services,
      // A bare string (older rows) reads as the same term in both languages.
      assetTypes: [{ en: 'forex', zh: '外汇' }, { en: 'metals', zh: 'metals' }],
      maxLeverage: '1:30',
      licences: [{ regulator: 'ASIC', regulatorCountry: { code: 'AU', nameEn: 'Australia', nameZh: '澳大利亚' }, status: 'regulated' }],
      contact: details.contact,
      currencies: ['USD', 'GBP'],
      openAccountUrl: 'https://detail-markets.example/open-account',
    });
    expect(new Date(body.updatedAt).getTime()).not.toBeNaN();
    // A company saved without details still answers every field, empty.
    const bare = await (await fetch(`${base}/v1/companies/aurora-capital`)).json();
    expect(bare).toMatchObject({ about: null, services: [], licences: [], maxLeverage: null, openAccountUrl: null, contact: { website: 'https://example.example', email: null, phone: null, address: null } });
  });

  it('ranks brokers by score with a minimum review count and deterministic ties', async () => {
    const cases: [string, number, number, string?][] = [
      ['rank-alpha', 4.9, 25],
      ['rank-bravo', 4.6, 300],
      ['rank-delta', 4.6, 300],
      ['rank-charlie', 4.6, 40],
      ['rank-few-reviews', 5.0, 19],
      ['rank-payments', 5.0, 999, 'Pay'],
    ];
    for (const [slug, score, reviewCount, category] of cases) {
      expect((await put(slug, company(slug, { score, reviewCount, category: category ?? 'Brokers' }))).status).toBe(200);
    }
    const top = async (qs: string) => (await (await fetch(`${base}/v1/top?${qs}`)).json()) as { items: { slug: string; score: number }[]; total: number };
    const all = await top('limit=50');
    const slugs = all.items.map((c) => c.slug).filter((s) => s.startsWith('rank-'));
    expect(slugs).toEqual(['rank-alpha', 'rank-bravo', 'rank-delta', 'rank-charlie']);
    for (let i = 1; i < all.items.length; i++) expect(all.items[i - 1]!.score).toBeGreaterThanOrEqual(all.items[i]!.score);
    expect(all.total).toBe(all.items.length);
    const second = await top('limit=2&page=2');
    expect(second.items.map((c) => c.slug)).toEqual(all.items.slice(2, 4).map((c) => c.slug));
    const bad = await fetch(`${base}/v1/top?page=0`);
    expect(bad.status).toBe(400);
  });

  it('reports readiness of its database and bus', async () => {
    const r = await fetch(`${base}/readyz`);
    expect(r.status).toBe(200);
    expect((await r.json()).checks).toMatchObject({ database: 'ok', bus: 'ok' });
  });
});
