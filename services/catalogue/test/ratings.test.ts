import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { decodeEvent, encodeEvent, type CompanyUpserted } from '@brokerwise/proto';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../src/config.ts';
import { startCatalogue } from '../src/main.ts';
import { upsertCategory, upsertCountry } from '../src/store/reference.store.ts';
import type { CatalogueTables } from '../src/store/types.ts';

describe('catalogue applies ratings published by the reviews service', () => {
  let t: TestDatabase<CatalogueTables>;
  let bus: EventBus;
  let dir: string;
  let svc: { port: number; close: () => Promise<void> };
  let companyId: string;
  const upserts: CompanyUpserted[] = [];

  beforeAll(async () => {
    t = await createTestDatabase<CatalogueTables>('catalogue', process.env.DATABASE_URL);
    bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('rat').toLowerCase() });
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-rat-'));
    await bus.subscribe({ durable: 'ratings-probe', types: ['catalogue.company.upserted'], handler: async (m) => void upserts.push(decodeEvent(m.data).payload as CompanyUpserted) });
    svc = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: t, objects: new DiskStore({ dir }) });
    await upsertCountry(t.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
    await upsertCategory(t.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
    const res = await fetch(`http://127.0.0.1:${svc.port}/v1/companies/rated-broker`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rated Broker', category: 'Brokers', countryCode: 'GB', score: 4.4, reviewCount: 120, description: { en: 'A broker.', zh: '一家经纪商。' } }),
    });
    companyId = ((await res.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await svc?.close();
    if (bus) await destroyBus(bus);
    await t?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const rating = (version: bigint, displayScore: number, approvedCount: number) =>
    encodeEvent('reviews.rating.changed', { companyId, score: displayScore, displayScore, approvedCount, distribution: [0, 0, 0, 0, approvedCount], version }, { producer: 'reviews' });

  it('takes the new score and count, re-announces the company, and ignores stale versions', async () => {
    const fresh = rating(3n, 3.8, 2);
    await bus.publish({ id: fresh.id, type: fresh.type, data: fresh.bytes });
    await expect.poll(async () => (await t.db.selectFrom('company').select(['score', 'review_count']).where('id', '=', companyId).executeTakeFirst()), { timeout: 10_000 }).toEqual({ score: 3.8, review_count: 2 });
    await expect.poll(() => upserts.filter((u) => u.slug === 'rated-broker').map((u) => u.score), { timeout: 10_000 }).toContain(3.8);
    const stale = rating(2n, 1.2, 1);
    await bus.publish({ id: stale.id, type: stale.type, data: stale.bytes });
    const newer = rating(4n, 4.1, 3);
    await bus.publish({ id: newer.id, type: newer.type, data: newer.bytes });
    await expect.poll(async () => (await t.db.selectFrom('company').select(['score', 'review_count']).where('id', '=', companyId).executeTakeFirst()), { timeout: 10_000 }).toEqual({ score: 4.1, review_count: 3 });
    expect(upserts.filter((u) => u.slug === 'rated-broker').map((u) => u.score)).not.toContain(1.2);
  });
});
