// `npm run rebuild` as an operator runs it, its own process, while the services keep running on
// the real servers: the catalogue and search services here share a NATS namespace of their own,
// each with its own database, all removed afterwards.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCache } from '@brokerwise/cache';
import { createTestDatabase, sql, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { uniqueName, runNodeScript } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../services/catalogue/src/config.ts';
import { saveCompany } from '../services/catalogue/src/domain/companies.ts';
import { startCatalogue } from '../services/catalogue/src/main.ts';
import { upsertCategory, upsertCountry } from '../services/catalogue/src/store/reference.store.ts';
import type { CatalogueTables } from '../services/catalogue/src/store/types.ts';
import { parseSearchConfig } from '../services/search/src/config.ts';
import { startSearch } from '../services/search/src/main.ts';
import type { SearchTables } from '../services/search/src/store/types.ts';
import { createTestBus } from '../services/search/test/harness.ts';
import { allVariantKeys } from '@brokerwise/storage';
import { makePng } from '../services/media/test/clips.ts';
import { startHarness as startMediaHarness } from '../services/media/test/harness.ts';

const SCRIPT = path.join(import.meta.dirname, 'rebuild.ts');

const rebuild = (args: string[], env: Record<string, string>) => runNodeScript(SCRIPT, args, { env });

describe('npm run rebuild', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('answers --help and refuses an unknown read model with 2', async () => {
    const help = await rebuild(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/search .*ratings|gateway-cache/s);
    const bad = await rebuild(['everything'], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown read model everything/);
  }, 60_000);

  describe.runIf(process.env.DATABASE_URL && process.env.NATS_URL)('search, with catalogue and search running', () => {
    let catalogueDb: TestDatabase<CatalogueTables>;
    let searchDb: Kysely<SearchTables>;
    let cataloguePort = 0;
    const ids: string[] = [];

    beforeAll(async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-rebuild-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const { bus, dispose } = await createTestBus('rebuild');
      cleanups.push(dispose);
      catalogueDb = await createTestDatabase<CatalogueTables>('catalogue', process.env.DATABASE_URL);
      cleanups.push(() => catalogueDb.destroy());
      const search = await createTestDatabase<SearchTables>('search', process.env.DATABASE_URL);
      cleanups.push(() => search.destroy());
      searchDb = search.db;
      const catalogue = await startCatalogue(parseCatalogueConfig({ PORT: '0', LOG_LEVEL: 'silent', DEMO_SEED: 'false', DATA_DIR: dir }), { bus, database: catalogueDb });
      cleanups.push(() => catalogue.close());
      cataloguePort = catalogue.port;
      const svc = await startSearch(parseSearchConfig({ PORT: '0', LOG_LEVEL: 'silent', CATALOGUE_DURABLE: uniqueName('srch').replaceAll('.', '_') }), { bus, database: search });
      cleanups.push(() => svc.close());

      // No demo data here: the reference rows a company needs.
      await upsertCategory(catalogueDb.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '经纪商', sort: 1 });
      await upsertCountry(catalogueDb.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
      for (let i = 0; i < 12; i++) {
        const row = await saveCompany(
          catalogueDb.db,
          {
            slug: `rebuild-co-${i}`,
            name: `Rebuild Company ${i}`,
            nameZh: `重建公司${i}`,
            category: 'Brokers',
            countryCode: 'GB',
            descriptionEn: 'A broker',
            descriptionZh: '经纪商',
            logoKey: null,
            score: 3 + (i % 3) / 2,
            reviewCount: 0,
            founded: 2000 + i,
            regulated: true,
            aliases: [],
            website: null,
            details: {},
          },
          { mediaUrl: (k) => `/media/${k}` },
        );
        ids.push(row.id);
      }
      await vi.waitFor(async () => expect(await searchDb.selectFrom('company').select('id').execute()).toHaveLength(12), { timeout: 60_000, interval: 100 });
    }, 120_000);

    it('repairs damaged and missing documents in place while search keeps answering', async () => {
      // Damage: a wrong name and an emptied full-text column on one row, another row lost.
      await sql`update company set name = 'Corrupted', search_doc = ''::tsvector where id = ${ids[0]}::uuid`.execute(searchDb);
      await searchDb.deleteFrom('company').where('id', '=', ids[1]!).execute();

      const r = await rebuild(['search', '--timeout', '60'], { DATABASE_URL: catalogueDb.url!, LOG_LEVEL: 'silent' });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/rebuild search: queued 12 companies/);
      expect(r.stdout).toMatch(/rebuild search: published 12\/12/);
      expect(r.stdout).toMatch(/rebuild search: done$/m);

      await vi.waitFor(
        async () => {
          const rows = await sql<{ id: string; name: string; doc: string }>`select id, name, search_doc::text as doc from company order by name`.execute(searchDb);
          expect(rows.rows).toHaveLength(12);
          expect(rows.rows.find((x) => x.id === ids[0])).toMatchObject({ name: 'Rebuild Company 0', doc: expect.stringContaining('rebuild') });
          expect(rows.rows.some((x) => x.id === ids[1])).toBe(true);
        },
        { timeout: 60_000, interval: 100 },
      );
    }, 120_000);

    it('fails with 1 and says so when the relay does not publish in time, or the database is not the catalogue\'s', async () => {
      const other = await createTestDatabase('catalogue', process.env.DATABASE_URL);
      try {
        const r = await rebuild(['search'], { DATABASE_URL: other.url!, LOG_LEVEL: 'silent' });
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/schema catalogue is not migrated here/);
      } finally {
        await other.destroy();
      }
    }, 60_000);

    it('image-sizes: gives logos stored before the jobs their sizes, through the running catalogue (no media schema in its database)', async () => {
      const logo = await fetch(`http://127.0.0.1:${cataloguePort}/v1/admin/companies/rebuild-co-2/logo`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(await makePng(240, 120)) });
      const key = ((await logo.json()) as { logoKey: string }).logoKey;
      const done = () => catalogueDb.db.selectFrom('image_variant_job').select('key').where('state', '=', 'done').execute();
      await vi.waitFor(async () => expect(await done()).toHaveLength(1), { timeout: 30_000, interval: 100 });
      // As stored before the jobs: no job, no recorded sizes (its files stay as they are).
      await catalogueDb.db.deleteFrom('image_variant_job').execute();
      await catalogueDb.db.updateTable('company').set({ logo_sizes: null }).execute();

      const r = await rebuild(['image-sizes', '--timeout', '60'], { DATABASE_URL: catalogueDb.url!, LOG_LEVEL: 'silent' });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/rebuild image-sizes: no media schema here/);
      expect(r.stdout).toMatch(/rebuild image-sizes: 1 logos and banners without recorded sizes queued for the catalogue/);
      expect(r.stdout).toMatch(/rebuild image-sizes: catalogue: 1 done, 0 failed, 0 waiting \(of 1\)/);
      const row = await catalogueDb.db.selectFrom('company').select(['logo_key', 'logo_sizes']).where('slug', '=', 'rebuild-co-2').executeTakeFirstOrThrow();
      expect([row.logo_key, row.logo_sizes?.map((x) => x.width)]).toEqual([key, [80, 160, 240]]);
    }, 120_000);
  });

  it.runIf(process.env.DATABASE_URL)('image-sizes: gives pictures stored before the jobs their sizes, through the running media worker', async () => {
    const media = await startMediaHarness();
    cleanups.push(() => media.close());
    const owner = randomUUID();
    const upload = async () => (await media.upload(`/v1/images?ownerId=${owner}`, await makePng(800, 450), 'image/png')).body as { id: string; coverKey: string };
    const pictures = [await upload(), await upload()];
    const jobsDone = () => media.db.selectFrom('image_variant_job').select('key').where('state', '=', 'done').execute();
    await vi.waitFor(async () => expect(await jobsDone()).toHaveLength(2), { timeout: 30_000, interval: 100 });
    // As stored before ADR 033's jobs: no job and no sizes; the first has no files either, the second has its files (made by the old in-process queue), which stay as they are.
    await media.db.deleteFrom('image_variant_job').execute();
    await media.db.updateTable('image').set({ cover_sizes: null }).execute();
    for (const key of allVariantKeys(pictures[0]!.coverKey, 'photo')) await media.objects.delete(key);
    const kept = allVariantKeys(pictures[1]!.coverKey, 'photo')[0]!;
    await media.objects.put(kept, Buffer.from('made before'), 'image/avif');

    const r = await rebuild(['image-sizes', '--timeout', '60'], { DATABASE_URL: media.databaseUrl!, LOG_LEVEL: 'silent' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/rebuild image-sizes: 2 covers and posters without recorded sizes queued for the media worker/);
    expect(r.stdout).toMatch(/rebuild image-sizes: media: 2 done, 0 failed, 0 waiting \(of 2\)/);
    expect(r.stdout).toMatch(/rebuild image-sizes: no catalogue schema here/);
    for (const p of pictures) {
      for (const key of allVariantKeys(p.coverKey, 'photo')) expect(await media.objects.head(key)).not.toBeNull();
      const row = await media.db.selectFrom('image').select('cover_sizes').where('id', '=', p.id).executeTakeFirstOrThrow();
      expect(row.cover_sizes?.map((x) => x.width)).toEqual([320, 640, 960, 1280]);
    }
    expect(await jobsDone()).toHaveLength(2);
    expect((await media.objects.get(kept))!.body.toString()).toBe('made before');
    // Nothing left to do the second time.
    const again = await rebuild(['image-sizes'], { DATABASE_URL: media.databaseUrl!, LOG_LEVEL: 'silent' });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 covers and posters without recorded sizes queued/);
  }, 120_000);

  it.runIf(process.env.REDIS_URL)('gateway-cache: drops the shared cached answers of its namespace only', async () => {
    const namespace = uniqueName('rbc').toLowerCase().replace(/[^a-z0-9_]/g, '_');
    const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${namespace}:` });
    const other = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${namespace}x:` });
    cleanups.push(async () => {
      await cache.delPrefix('');
      await other.delPrefix('');
      await cache.close();
      await other.close();
    });
    await cache.set('gw:cat:categories', '[1]', 60_000);
    await cache.set('gw:cat:countries:all', '[2]', 60_000);
    await cache.set(`sess:${randomUUID()}`, 'live', 60_000);
    await other.set('gw:cat:categories', '[3]', 60_000);
    const r = await rebuild(['gateway-cache'], { APP_MODE: 'production', REDIS_URL: process.env.REDIS_URL!, NATS_NAMESPACE: namespace });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/dropped 2 shared cached answers/);
    expect(await cache.get('gw:cat:categories')).toBeNull();
    expect(await other.get('gw:cat:categories')).toBe('[3]');
  }, 60_000);
});
