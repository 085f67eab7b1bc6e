import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { indexCompany, type CompanyFacts } from '../src/domain/company-index.ts';
import { searchCatalogue, type SearchInput, type SearchOrder } from '../src/domain/search.ts';
import { EXACT_TOTAL_UP_TO } from '../src/store/company.store.ts';
import { startHarness, type Harness } from './harness.ts';

/**
 * Past EXACT_TOTAL_UP_TO matches a search says "more than" and finds its page from the matches it
 * read first (ADR 029). The pages must be the ones counting every match gives: here the limit is
 * lowered to 4, so every tier, order, tie and filter below crosses it.
 */
const UP_TO = 4;

let n = 0;
const company = (f: Partial<CompanyFacts> & { name: string }): CompanyFacts => ({
  id: randomUUID(),
  slug: f.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `c-${++n}`,
  nameZh: '',
  aliases: [],
  category: 'Brokers',
  countryCode: 'GB',
  descriptionEn: `${f.name} is a company.`,
  descriptionZh: '',
  score: 3.5,
  regulated: false,
  founded: 2010,
  logoUrl: '',
  version: 1,
  updatedAt: new Date('2026-11-01T00:00:00Z'),
  ...f,
});

// Scores and years repeat, so ties are broken by the next key (relevance, score, slug) everywhere.
const score = (i: number) => [4.5, 3.5, 3.5, 4.0, 2.0][i % 5]!;
const founded = (i: number) => (i % 4 === 3 ? null : 2000 + (i % 3));
const category = (i: number) => (i % 2 === 0 ? 'Brokers' : 'Pay');
const companies: CompanyFacts[] = [
  company({ name: 'Alpha', nameZh: '阿尔法', score: 3.0 }),
  ...Array.from({ length: 8 }, (_, i) => company({ name: `Alpha Markets ${i}`, nameZh: `阿尔法市场${i}`, score: score(i), founded: founded(i), category: category(i) })),
  company({ name: 'Omega Trade', aliases: ['Alpha'], score: 4.0 }),
  company({ name: 'Delta Pay', aliases: ['AlphaPay'], score: 2.5 }),
  ...Array.from({ length: 10 }, (_, i) => company({ name: `Blue Alphaline ${i}`, nameZh: `蓝线${i}`, score: score(i + 1), founded: founded(i + 1), category: category(i + 1) })),
  ...Array.from({ length: 6 }, (_, i) => company({ name: `Red Alpha Group ${i}`, score: score(i + 2), founded: founded(i + 2), category: category(i) })),
  ...Array.from({ length: 12 }, (_, i) =>
    company({ name: `Gamma ${i}`, descriptionEn: `Gamma ${i} trades alpha signals.`, descriptionZh: `提供阿尔法策略${i}。`, score: score(i + 3), founded: founded(i), category: category(i) }),
  ),
  ...Array.from({ length: 3 }, (_, i) => company({ name: `Alpah Holdings ${i}`, score: score(i) })),
  ...Array.from({ length: 10 }, (_, i) => company({ name: `Zeta ${i}`, nameZh: `泽塔${i}`, score: score(i), category: category(i) })),
  // The same name more than once, aliases and alias prefixes: every tier above the word tier.
  ...Array.from({ length: 5 }, (_, i) => company({ name: 'Kappa', slug: `kappa-${i}`, score: score(i), founded: founded(i), category: category(i) })),
  ...Array.from({ length: 5 }, (_, i) => company({ name: `Lambda ${i}`, aliases: ['Kappa'], score: score(i + 1), category: category(i) })),
  ...Array.from({ length: 5 }, (_, i) => company({ name: `Sigma ${i}`, aliases: [`KappaOne${i}`], score: score(i + 2), category: category(i + 1) })),
  // Typo matches above description matches: "thetta" is in descriptions only (Theta's too).
  ...Array.from({ length: 6 }, (_, i) =>
    company({ name: `Theta ${i}`, descriptionEn: `Theta ${i}, not thetta.`, score: score(i), founded: founded(i + 1), category: category(i) }),
  ),
  ...Array.from({ length: 3 }, (_, i) => company({ name: `Theta Prime ${i}`, score: score(i + 1), category: category(i + 1) })),
  ...Array.from({ length: 6 }, (_, i) => company({ name: `Iota ${i}`, descriptionEn: `Iota ${i} likes thetta.`, score: score(i + 4), category: category(i + 1) })),
];

const queries = ['alpha', 'alp', '阿尔法', 'alpha 阿尔法', 'alphx', 'trades', 'kappa', 'thetta'];
const orders: SearchOrder[] = ['relevance', 'score', 'newest', 'name'];
const filters: Partial<SearchInput>[] = [{}, { category: 'Pay' }];

describe('search totals past EXACT_TOTAL_UP_TO', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    for (const c of companies) await indexCompany(h.db, c);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('keeps its default a few pages deep', () => {
    expect(EXACT_TOTAL_UP_TO).toBeGreaterThanOrEqual(200);
  });

  it('gives every page of every order the rows counting every match gives, and says "more than" past the limit', async () => {
    let bounded = 0;
    for (const q of queries) {
      for (const order of orders) {
        for (const f of filters) {
          const input = (page: number): SearchInput => ({ q, order, page, limit: 3, ...f });
          const all = await searchCatalogue(h.db, input(1), { exactTotalUpTo: 1_000_000 });
          const pages = Math.ceil(all.total / 3) + 1;
          for (let page = 1; page <= pages; page++) {
            const exact = page === 1 ? all : await searchCatalogue(h.db, input(page), { exactTotalUpTo: 1_000_000 });
            const found = await searchCatalogue(h.db, input(page), { exactTotalUpTo: UP_TO });
            const what = `${q} ${order} ${JSON.stringify(f)} page ${page}`;
            expect(found.rows.map((r) => `${r.slug} ${Number(r.relevance).toFixed(3)}`), what).toEqual(
              exact.rows.map((r) => `${r.slug} ${Number(r.relevance).toFixed(3)}`),
            );
            // Exact, or (a page within the limit of a search past it) "more than the limit". Typo
            // matches found in full when nothing else reached the limit are counted exactly.
            if (found.totalExact) expect(found.total, what).toBe(exact.total);
            else {
              expect({ total: found.total, past: exact.total > UP_TO, within: page * 3 <= UP_TO }, what).toEqual({ total: UP_TO, past: true, within: true });
              bounded++;
            }
          }
        }
      }
    }
    // Every query crossed the limit in some order.
    expect(bounded).toBeGreaterThan(queries.length * orders.length);
  }, 120_000);

  it('counts exactly when the matches are no more than the limit, and on pages past it', async () => {
    const few = await searchCatalogue(h.db, { q: 'omega', page: 1, limit: 3 }, { exactTotalUpTo: UP_TO });
    expect(few).toMatchObject({ total: 1, totalExact: true });
    const deep = await searchCatalogue(h.db, { q: 'alpha', page: 3, limit: 3 }, { exactTotalUpTo: UP_TO });
    const all = await searchCatalogue(h.db, { q: 'alpha', page: 3, limit: 3 }, { exactTotalUpTo: 1_000_000 });
    expect(deep).toMatchObject({ total: all.total, totalExact: true });
    expect(all.total).toBeGreaterThan(UP_TO);
  });
});
