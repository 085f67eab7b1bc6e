import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../src/config.ts';
import { startCatalogue } from '../src/main.ts';
import { upsertCategory, upsertCountry } from '../src/store/reference.store.ts';

const DAY = 86_400_000;
const daysFromNow = (d: number) => new Date(Date.now() + d * DAY).toISOString();

/** A valid promotion body for the catalogue's PUT; `over` replaces fields. */
const promo = (company: string, over: Record<string, unknown> = {}) => ({
  company,
  titleEn: 'Cashback on every lot you trade',
  titleZh: '每手交易返现活动',
  summaryEn: 'Earn a cash rebate on every standard lot you trade this quarter.',
  summaryZh: '本季度每交易一标准手即可获得现金返还，按月结算至您的账户。',
  bodyEn: 'Trade any forex pair and receive a rebate credited monthly to your account.\n\nRisk warning: trading involves risk.',
  bodyZh: '交易任意外汇货币对即可获得返现，返现每月结算一次并直接计入交易账户余额。\n\n风险提示：交易涉及风险，请谨慎参与并确保您完全理解相关风险。',
  termsEn: 'One rebate per lot. Abuse voids the rebate.',
  termsZh: '每手返现一次，滥用将取消返现资格。',
  startsAt: daysFromNow(-1),
  endsAt: daysFromNow(30),
  createdBy: 'admin-user-id',
  ...over,
});

interface PromotionJson {
  slug: string;
  status: string;
  company: { slug: string; name: string; nameZh: string; logoKey: string | null; score: number; openAccountUrl: string | null };
  title: { en: string; zh: string };
  body?: { en: string; zh: string };
  terms?: { en: string; zh: string };
  startsAt: string;
  endsAt: string | null;
  createdBy: string;
}

describe('promotions (real SQL, through HTTP)', () => {
  let t: TestDatabase;
  let bus: EventBus;
  let dir: string;
  let svc: { port: number; close: () => Promise<void> };
  let base: string;

  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('promo').toLowerCase() });
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-promo-'));
    svc = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: t, objects: new DiskStore({ dir }) });
    base = `http://127.0.0.1:${svc.port}`;
    await upsertCountry(t.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
    await upsertCategory(t.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
    for (const [slug, name, nameZh] of [['harbour-fx', 'Harbour FX', '海港外汇'], ['tidal-markets', 'Tidal Markets', '潮汐市场']] as const) {
      const res = await fetch(`${base}/v1/companies/${slug}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name, nameZh, category: 'Brokers', countryCode: 'GB', score: 4.4, reviewCount: 12, logoKey: `logos/${slug}.svg`,
          description: { en: 'A broker.', zh: '一家经纪商。' }, website: `https://${slug}.example`, details: { openAccountUrl: `https://${slug}.example/open` },
        }),
      });
      expect(res.status).toBe(200);
    }
  });

  afterAll(async () => {
    await svc?.close();
    if (bus) await destroyBus(bus);
    await t?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const put = (slug: string, body: unknown) => fetch(`${base}/v1/promotions/${slug}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const del = (slug: string) => fetch(`${base}/v1/promotions/${slug}`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{}' });
  const getJson = async <T>(p: string) => {
    const res = await fetch(`${base}${p}`);
    return { status: res.status, body: (await res.json()) as T };
  };
  const publicSlugs = async (qs = 'limit=50') => (await getJson<{ items: PromotionJson[]; total: number }>(`/v1/promotions?${qs}`)).body;
  const adminSlugs = async () => (await getJson<{ items: PromotionJson[] }>('/v1/admin/promotions?limit=50')).body.items.map((p) => p.slug);

  it('refuses a promotion with field codes for every broken rule, and an unknown company', async () => {
    const res = await put('bad-promo', promo('no-such-broker', { titleEn: 'Hi', summaryZh: '太短了', bodyEn: 'Too short.', startsAt: daysFromNow(2), endsAt: daysFromNow(1) }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: 'catalogue.promotion_invalid',
      fields: { company: 'unknown', titleEn: 'length', summaryZh: 'length', bodyEn: 'length', endsAt: 'before_start' },
    });
    const missing = await put('bad-promo', promo('harbour-fx', { titleZh: ' ', startsAt: '' }));
    expect((await missing.json()).error.fields).toEqual({ titleZh: 'required', startsAt: 'required' });
    // The schema bounds what a request may carry at all (never a 500).
    const huge = await put('bad-promo', promo('harbour-fx', { bodyEn: 'x'.repeat(50_000) }));
    expect(huge.status).toBe(400);
    expect((await huge.json()).error.fields).toHaveProperty('bodyEn');
    expect(await adminSlugs()).not.toContain('bad-promo');
  });

  it('lists active promotions only, newest first; ended ones still open, scheduled ones only as a preview', async () => {
    expect((await put('harbour-older', promo('harbour-fx', { startsAt: daysFromNow(-10), endsAt: null }))).status).toBe(200);
    expect((await put('harbour-newer', promo('harbour-fx', { startsAt: daysFromNow(-2) }))).status).toBe(200);
    expect((await put('tidal-active', promo('tidal-markets', { startsAt: daysFromNow(-5) }))).status).toBe(200);
    expect((await put('harbour-scheduled', promo('harbour-fx', { startsAt: daysFromNow(3), endsAt: daysFromNow(10) }))).status).toBe(200);
    expect((await put('harbour-ended', promo('harbour-fx', { startsAt: daysFromNow(-20), endsAt: daysFromNow(-1) }))).status).toBe(200);

    const all = await publicSlugs();
    expect(all.items.map((p) => p.slug)).toEqual(['harbour-newer', 'tidal-active', 'harbour-older']);
    expect(all.total).toBe(3);
    expect(all.items.every((p) => p.status === 'active')).toBe(true);
    expect(all.items[0]).toMatchObject({
      company: { slug: 'harbour-fx', name: 'Harbour FX', nameZh: '海港外汇', logoKey: 'logos/harbour-fx.svg', score: 4.4, openAccountUrl: 'https://harbour-fx.example/open' },
      title: { en: 'Cashback on every lot you trade', zh: '每手交易返现活动' },
    });
    // Lists leave the long texts out.
    expect(all.items[0]).not.toHaveProperty('body');
    expect(await publicSlugs('limit=2&page=2')).toMatchObject({ total: 3, items: [{ slug: 'harbour-older' }] });
    expect((await publicSlugs('company=tidal-markets')).items.map((p) => p.slug)).toEqual(['tidal-active']);

    const ended = await getJson<PromotionJson>('/v1/promotions/harbour-ended');
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ended', body: { en: expect.stringContaining('\n\nRisk warning') }, terms: { zh: '每手返现一次，滥用将取消返现资格。' } });
    const scheduled = await getJson<{ error: { code: string } }>('/v1/promotions/harbour-scheduled');
    expect(scheduled.status).toBe(404);
    expect(scheduled.body.error.code).toBe('catalogue.promotion_not_found');
    expect((await getJson<PromotionJson>('/v1/promotions/harbour-scheduled?preview=true')).body.status).toBe('scheduled');
    expect((await getJson<unknown>('/v1/promotions/never-existed')).status).toBe(404);

    // The admin sees every live promotion, scheduled and ended ones included.
    expect(await adminSlugs()).toEqual(expect.arrayContaining(['harbour-scheduled', 'harbour-ended', 'harbour-newer', 'tidal-active', 'harbour-older']));
  });

  it('creates only new slugs, updates only live promotions, and keeps who created it', async () => {
    expect((await put('mode-test', promo('harbour-fx', { mode: 'create' }))).status).toBe(200);
    const again = await put('mode-test', promo('harbour-fx', { mode: 'create' }));
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: 'catalogue.promotion_exists', fields: { slug: 'taken' } });
    const ghost = await put('mode-ghost', promo('harbour-fx', { mode: 'update' }));
    expect(ghost.status).toBe(404);
    expect(await adminSlugs()).not.toContain('mode-ghost');

    const updated = await put('mode-test', promo('tidal-markets', { mode: 'update', titleEn: 'Cashback, now on gold too', createdBy: 'someone-else', endsAt: null }));
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ company: { slug: 'tidal-markets' }, title: { en: 'Cashback, now on gold too' }, createdBy: 'admin-user-id', endsAt: null });
  });

  it('soft-deletes: gone from every list and page, the row kept, the slug reserved', async () => {
    expect((await put('to-delete', promo('harbour-fx'))).status).toBe(200);
    expect((await publicSlugs()).items.map((p) => p.slug)).toContain('to-delete');
    const res = await del('to-delete');
    expect(res.status).toBe(200);
    expect((await publicSlugs()).items.map((p) => p.slug)).not.toContain('to-delete');
    expect(await adminSlugs()).not.toContain('to-delete');
    expect((await getJson<unknown>('/v1/promotions/to-delete')).status).toBe(404);
    expect((await getJson<unknown>('/v1/promotions/to-delete?preview=true')).status).toBe(404);
    expect((await del('to-delete')).status).toBe(404);
    expect((await put('to-delete', promo('harbour-fx', { mode: 'update' }))).status).toBe(404);
    expect((await put('to-delete', promo('harbour-fx'))).status).toBe(409);
    const row = await t.db.selectFrom('promotion').select(['deleted_at']).where('slug', '=', 'to-delete').executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
