import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEvent, type CompanyUpserted } from '@brokerwise/proto';
import { createTestDatabase, runMigrations, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { readDetails } from '../src/domain/company-details.ts';
import { describeProblem, importCompanies, type ImportFormat } from '../src/domain/import-companies.ts';
import { findCompanyBySlug, upsertCompany } from '../src/store/company.store.ts';
import { upsertCategory, upsertCountry } from '../src/store/reference.store.ts';
import type { CatalogueTables } from '../src/store/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixture = (name: string) => path.join(here, 'fixtures', name);
const mediaUrl = (key: string) => `/media/${key}`;

describe('company import (real SQL)', () => {
  let t: TestDatabase;
  let db: Kysely<CatalogueTables>;

  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    await runMigrations(t, migrations);
    db = t.db as Kysely<CatalogueTables>;
    for (const [i, [code, en, zh]] of [['GB', 'United Kingdom', '英国'], ['AU', 'Australia', '澳大利亚']].entries()) {
      await upsertCountry(db, { code: code!, name_en: en!, name_zh: zh!, popular: true, sort: i });
    }
    for (const [i, slug] of (['Brokers', 'FinTech', 'Lp', 'Pay'] as const).entries()) await upsertCategory(db, { slug, name_en: slug, name_zh: slug, sort: i });
  });

  afterAll(async () => {
    await t?.destroy();
  });

  const run = async (name: string, dryRun = false) =>
    importCompanies(db, { text: await readFile(fixture(name), 'utf8'), format: name.endsWith('.csv') ? 'csv' : ('json' as ImportFormat) }, { dryRun, correlationId: 'import-test', mediaUrl });

  /** Everything a failed import must not change: companies and queued events. */
  const snapshot = async () => ({
    companies: await db.selectFrom('company').select(['slug', 'version', 'score', 'name']).orderBy('slug').execute(),
    outbox: (await db.selectFrom('outbox').select('id').execute()).length,
  });

  const queued = async () =>
    (await db.selectFrom('outbox').select(['payload', 'type']).execute()).map((r) => {
      const decoded = decodeEvent(r.payload);
      return { type: r.type, correlationId: decoded.envelope.correlationId, event: decoded.payload as CompanyUpserted };
    });

  it('reports every bad CSV row by line and imports nothing', async () => {
    const before = await snapshot();
    const result = await run('companies-bad.csv');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...new Set(result.problems.map((p) => p.line))]).toEqual([3, 5]);
    const at = (line: number) => Object.fromEntries(result.problems.filter((p) => p.line === line).map((p) => [p.field, p.message]));
    expect(at(3)).toMatchObject({ countryCode: 'unknown country ZZ', score: expect.stringMatching(/5/) });
    expect(at(5)).toMatchObject({ nameZh: 'is required', category: 'must be one of Brokers, FinTech, Lp, Pay', servicesZh: 'must list as many items as servicesEn (2), found 1' });
    expect(describeProblem(result.problems[0]!)).toMatch(/^line 3 /);
    expect(await snapshot()).toEqual(before);
  });

  it('reports every bad JSON item by index (schema, unknown fields, duplicate slugs) and imports nothing', async () => {
    const before = await snapshot();
    const result = await run('companies-bad.json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...new Set(result.problems.map((p) => p.index))]).toEqual([1, 2]);
    const fields = (index: number) => result.problems.filter((p) => p.index === index).map((p) => p.field);
    expect(fields(1)).toEqual(expect.arrayContaining(['slug', 'score']));
    expect(fields(2)).toEqual(expect.arrayContaining(['colour', 'slug']));
    expect(result.problems.find((p) => p.index === 2 && p.field === 'slug')?.message).toBe('duplicates item [0]');
    expect(describeProblem(result.problems.find((p) => p.index === 1)!)).toMatch(/^item \[1\] /);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses files that are not CSV/JSON arrays with a file-level problem', async () => {
    const notJson = await importCompanies(db, { text: '{"slug":', format: 'json' }, { dryRun: false, mediaUrl });
    expect(notJson).toMatchObject({ ok: false, problems: [{ message: expect.stringMatching(/^not valid JSON/) }] });
    const object = await importCompanies(db, { text: '{}', format: 'json' }, { dryRun: false, mediaUrl });
    expect(object).toMatchObject({ ok: false, problems: [{ message: 'must be a JSON array of companies' }] });
    const columns = await importCompanies(db, { text: 'slug,name,colour\nx,y,z\n', format: 'csv' }, { dryRun: false, mediaUrl });
    expect(columns.ok).toBe(false);
    if (!columns.ok) expect(columns.problems.map((p) => p.message).join(' ')).toMatch(/unknown column\(s\) colour.*|missing column/);
    const quote = await importCompanies(db, { text: 'slug,name\n"open,1\n', format: 'csv' }, { dryRun: false, mediaUrl });
    expect(quote).toMatchObject({ ok: false, problems: [{ line: 2, message: expect.stringMatching(/^not valid CSV/) }] });
  });

  it('dry-runs a good file without writing anything', async () => {
    const before = await snapshot();
    const result = await run('companies-good.csv', true);
    expect(result).toEqual({ ok: true, dryRun: true, created: ['harbourglen-markets', 'tidewater-liquidity', 'bluegill-pay'], updated: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('imports a good CSV in one go, with details, and queues one event per row', async () => {
    const eventsBefore = (await queued()).length;
    const result = await run('companies-good.csv');
    expect(result).toEqual({ ok: true, dryRun: false, created: ['harbourglen-markets', 'tidewater-liquidity', 'bluegill-pay'], updated: [] });
    const row = (await findCompanyBySlug(db, 'harbourglen-markets'))!;
    expect(row).toMatchObject({ name: 'Harbourglen Markets', name_zh: '港谷市场', category_slug: 'Brokers', country_code: 'GB', review_count: 180, founded: 2012, regulated: true, website: 'https://harbourglen-markets.example', aliases: ['港谷市场', 'Ganggu Shichang'] });
    expect(Number(row.score)).toBe(4.4);
    expect(row.description_en).toBe('A London broker offering forex, metals and indices.');
    const d = readDetails(row.details, row.website);
    expect(d).toMatchObject({
      about: { en: 'Founded in 2012, Harbourglen Markets serves retail traders.', zh: '港谷市场成立于2012年，服务零售交易者。' },
      services: [{ en: 'Forex trading accounts', zh: '外汇交易账户' }, { en: 'Copy trading', zh: '跟单交易' }],
      assetTypes: [{ en: 'forex', zh: '外汇' }, { en: 'metals', zh: '贵金属' }, { en: 'indices', zh: '指数' }],
      paymentMethods: [{ en: 'Bank wire', zh: '银行电汇' }, { en: 'Visa', zh: 'Visa' }],
      maxLeverage: '1:30',
      currencies: ['GBP', 'USD', 'EUR'],
      licences: [{ regulator: 'FCA', regulatorCountry: 'GB', licenceNo: '612345', status: 'regulated' }],
      contact: { website: 'https://harbourglen-markets.example', email: 'support@harbourglen-markets.example', phone: '+44 2071 5500', address: { en: 'Floor 4, 12 Harbour Street, London, United Kingdom', zh: '英国伦敦海港街12号4楼' } },
      openAccountUrl: 'https://harbourglen-markets.example/open-account',
    });
    // A quoted cell spanning two lines stays one value.
    expect((await findCompanyBySlug(db, 'bluegill-pay'))!.description_en).toBe('Cross-border payouts for merchants,\nwith same-day settlement.');
    const events = (await queued()).slice(eventsBefore);
    expect(events.map((e) => e.event.slug).sort()).toEqual(['bluegill-pay', 'harbourglen-markets', 'tidewater-liquidity']);
    expect(events.every((e) => e.type === 'catalogue.company.upserted' && e.correlationId === 'import-test')).toBe(true);
  });

  it('imports JSON and updates existing companies by slug, keeping what the file omits', async () => {
    await upsertCompany(db, {
      id: '00000000-0000-4000-8000-000000000001',
      slug: 'aurora-bay-fx',
      name: 'Aurora Bay',
      nameZh: '极光湾',
      category: 'Brokers',
      countryCode: 'AU',
      descriptionEn: 'Old.',
      descriptionZh: '旧。',
      logoKey: 'logos/aurora-bay-fx.svg',
      score: 3,
      reviewCount: 77,
      founded: 2001,
      regulated: true,
      aliases: ['Aurora'],
      website: 'https://aurora-bay-fx.example',
      details: { platforms: [{ en: 'MT4', zh: 'MT4' }] },
    });
    const result = await run('companies-good.json');
    expect(result).toEqual({ ok: true, dryRun: false, created: ['sterling-crest-prime'], updated: ['aurora-bay-fx'] });
    const aurora = (await findCompanyBySlug(db, 'aurora-bay-fx'))!;
    expect(aurora).toMatchObject({ id: '00000000-0000-4000-8000-000000000001', name: 'Aurora Bay FX', logo_key: 'logos/aurora-bay-fx.svg', review_count: 77, founded: 2001, aliases: ['Aurora'] });
    expect(Number(aurora.version)).toBe(2);
    expect(readDetails(aurora.details, aurora.website).platforms).toEqual([{ en: 'MT4', zh: 'MT4' }]);
    const prime = (await findCompanyBySlug(db, 'sterling-crest-prime'))!;
    expect(readDetails(prime.details, prime.website)).toMatchObject({ services: [{ en: 'Liquidity bridge', zh: '流动性桥接' }], contact: { address: { zh: '英国伦敦市场路1号' } } });
    expect(prime.regulated).toBe(true);
  });

  it('runs as `npm run import`: exit 1 with every bad line listed, exit 2 on usage', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bw-import-'));
    const cli = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
        const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(t.url ? { DATABASE_URL: t.url } : {}) };
        const child = spawn(process.execPath, [path.join(root, 'scripts/import-companies.ts'), ...args], { cwd: root, env });
        let out = '';
        let err = '';
        child.stdout.on('data', (b: Buffer) => (out += b.toString()));
        child.stderr.on('data', (b: Buffer) => (err += b.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out, err }));
      });
    try {
      const bad = await cli([fixture('companies-bad.csv')]);
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('nothing imported');
      expect(bad.err).toMatch(/line 3 score/);
      expect(bad.err).toMatch(/line 5 nameZh: is required/);
      const usage = await cli(['companies.txt']);
      expect(usage.code).toBe(2);
      expect(usage.out).toContain('Usage: npm run import');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // A child process that boots an embedded database: generous, never a timing assertion.
  }, 120_000);
});
