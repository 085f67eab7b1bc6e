import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, runMigrations, sql, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { applyRating, listCompanies, mergeCompany, updateCompany, upsertCompany, type CompanyFilter } from '../src/store/company.store.ts';
import { upsertCategory, upsertCountry } from '../src/store/reference.store.ts';
import type { CatalogueTables, CategorySlug } from '../src/store/types.ts';

const CATEGORIES: CategorySlug[] = ['Brokers', 'FinTech', 'Lp', 'Pay'];
const COUNTRIES = ['GB', 'AU', 'CY'];

/** A deterministic sequence (no flaky seeds): a linear congruential generator. */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

describe('listing totals from the maintained counts (ADR 029)', () => {
  let t: TestDatabase;
  let db: Kysely<CatalogueTables>;

  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    await runMigrations(t, migrations);
    db = t.db as Kysely<CatalogueTables>;
    for (const [i, code] of COUNTRIES.entries()) await upsertCountry(db, { code, name_en: code, name_zh: code, popular: true, sort: i });
    for (const [i, slug] of CATEGORIES.entries()) await upsertCategory(db, { slug, name_en: slug, name_zh: slug, sort: i });
  });

  afterAll(async () => {
    await t?.destroy();
  });

  /** Every filter mix the counts answer, against a count of the rows themselves. */
  async function expectTotalsMatchRows() {
    const filters: Omit<CompanyFilter, 'order' | 'offset' | 'limit'>[] = [{}, { minReviews: 0 }, { minReviews: 20 }, { category: 'Brokers', minReviews: 5 }];
    for (const category of [undefined, ...CATEGORIES]) {
      for (const countryCode of [undefined, ...COUNTRIES]) {
        for (const regulated of [undefined, true, false]) {
          for (const minScore of [undefined, 0, 2.5, 4.1]) filters.push({ category, countryCode, regulated, minScore });
        }
      }
    }
    for (const f of filters) {
      let q = db.selectFrom('company').where('hidden_at', 'is', null).where('merged_into', 'is', null);
      if (f.category) q = q.where('category_slug', '=', f.category);
      if (f.countryCode) q = q.where('country_code', '=', f.countryCode);
      if (f.regulated !== undefined) q = q.where('regulated', '=', f.regulated);
      if (f.minScore !== undefined) q = q.where('score', '>=', f.minScore);
      if (f.minReviews !== undefined) q = q.where('review_count', '>=', f.minReviews);
      const counted = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const listed = await listCompanies(db, { ...f, order: 'score', offset: 0, limit: 1 });
      expect({ f, total: listed.total }).toEqual({ f, total: counted });
    }
  }

  it('stay equal to counting the rows through inserts, updates, ratings, hiding, merging and deletes', async () => {
    const next = generator(29);
    const ids: string[] = [];
    const company = (i: number) => ({
      id: randomUUID(),
      slug: `count-${i}`,
      name: `Count ${i}`,
      nameZh: '',
      category: CATEGORIES[next(4)]!,
      countryCode: COUNTRIES[next(3)]!,
      descriptionEn: 'x',
      descriptionZh: 'x',
      logoKey: null,
      score: next(51) / 10,
      reviewCount: next(40),
      founded: null,
      regulated: next(2) === 0,
      aliases: [],
      website: null,
      details: {},
    });
    for (let i = 0; i < 60; i++) ids.push((await upsertCompany(db, company(i))).id);
    await expectTotalsMatchRows();

    // The same slug again: an update through INSERT … ON CONFLICT, with new filter values.
    for (let i = 0; i < 10; i++) await upsertCompany(db, company(i));
    for (let v = 1; v <= 20; v++) await applyRating(db, { companyId: ids[next(ids.length)]!, score: next(51) / 10, approvedCount: next(40), version: v * 100 });
    await updateCompany(db, ids[3]!, { hidden: true });
    await updateCompany(db, ids[4]!, { hidden: true });
    await updateCompany(db, ids[4]!, { hidden: false });
    await updateCompany(db, ids[5]!, { category: 'Pay', countryCode: 'CY', regulated: false });
    await mergeCompany(db, ids[6]!, ids[7]!);
    await mergeCompany(db, ids[7]!, ids[8]!);
    // One statement changing many rows, then deletes (a hidden one among them).
    await sql`update company set score = least(score + 0.5, 5), review_count = review_count + 1 where slug like 'count-1%'`.execute(db);
    await sql`delete from company where id in (${ids[3]!}, ${ids[20]!}, ${ids[21]!})`.execute(db);
    await expectTotalsMatchRows();
  });

  it('pages past the first read the same rows in the same order as one ordered scan', async () => {
    for (const order of ['score', 'reviews', 'newest', 'name'] as const) {
      const all = await listCompanies(db, { order, offset: 0, limit: 100 });
      const pages = [];
      for (let offset = 0; offset < all.rows.length; offset += 7) pages.push(...(await listCompanies(db, { order, offset, limit: 7 })).rows);
      expect(pages.map((r) => r.slug)).toEqual(all.rows.map((r) => r.slug));
      const filtered = await listCompanies(db, { order, category: 'Brokers', offset: 0, limit: 50 });
      const second = await listCompanies(db, { order, category: 'Brokers', offset: 3, limit: 4 });
      expect(second.rows.map((r) => r.slug)).toEqual(filtered.rows.slice(3, 7).map((r) => r.slug));
      expect(second.total).toBe(filtered.total);
    }
  });
});
