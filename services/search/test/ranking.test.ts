import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchConfig } from '../src/config.ts';
import { FUZZY_THRESHOLD, RELEVANCE } from '../src/domain/search.ts';
import { TYPO_FALLBACK_BELOW } from '../src/store/company.store.ts';
import { startHarness, upsertedEvent, type CompanyInput, type Harness, type SearchHit } from './harness.ts';

/** Names shaped like the demo catalogue's (joined-name and initials aliases), so they look alike to trigrams. */
const companies: CompanyInput[] = [
  { slug: 'sealpoint-financial', name: 'Sealpoint Financial', nameZh: '海豹金融', aliases: ['Haibao Jinrong', 'SealpointFinancial', 'SF'], score: 3.1, regulated: true },
  { slug: 'sealpoint', name: 'Sealpoint', nameZh: '海豹', aliases: ['Haibao'], score: 2.0 },
  { slug: 'lagoon-point-systems', name: 'Lagoon Point Systems', nameZh: '潟湖系统', aliases: ['Xihu Xitong', 'LagoonPointSystems', 'LPS'], score: 4.9, regulated: true },
  { slug: 'marlin-point-settle', name: 'Marlin Point Settle', nameZh: '旗鱼结算', aliases: ['Qiyu Jiesuan', 'MarlinPointSettle', 'MPS'], score: 4.8 },
  { slug: 'seabright-capital', name: 'Seabright Capital', nameZh: '海辉资本', aliases: ['Haihui Ziben', 'SeabrightCapital', 'SC'], score: 4.7, regulated: true },
  { slug: 'northwind-markets', name: 'Northwind Markets', nameZh: '北风市场', aliases: ['Beifeng Shichang', 'NorthwindMarkets', 'NWM'], score: 4.2, regulated: true },
];

const slugs = (body: { items: SearchHit[] }) => body.items.map((i) => i.slug);

describe('ranking: exact and prefix names first, typos only above the similarity threshold', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await h.deliver(...companies.map(upsertedEvent));
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('finds only the Sealpoint names for "Sealpoint": exact, then prefix, and no other "…point"', async () => {
    const r = await h.search({ q: 'Sealpoint' });
    expect(r.status).toBe(200);
    // Lagoon Point and Marlin Point score higher, so only relevance can put them below; they must not appear at all.
    expect(slugs(r.body)).toEqual(['sealpoint', 'sealpoint-financial']);
    expect(r.body.total).toBe(2);
    // Both are name prefixes of "seal": equal tier, so the better score first. "Seabright" is no typo of it.
    expect(slugs((await h.search({ q: 'seal' })).body)).toEqual(['sealpoint-financial', 'sealpoint']);
  });

  it('ranks an exact name above a prefix above a typo of the same name', async () => {
    const r = await h.search({ q: 'sealpoint financial' });
    expect(slugs(r.body)[0]).toBe('sealpoint-financial');
    const typo = await h.search({ q: 'sealpont financial' });
    expect(slugs(typo.body)).toEqual(['sealpoint-financial']);
    const [exact, prefix] = (await h.search({ q: 'Sealpoint' })).body.items as SearchHit[];
    expect(exact!.relevance).toBeGreaterThan(prefix!.relevance);
    expect(prefix!.relevance).toBeGreaterThan(typo.body.items[0].relevance);
  });

  it('still finds one-letter typos of a name', async () => {
    expect(slugs((await h.search({ q: 'nortwind' })).body)).toEqual(['northwind-markets']);
    expect(slugs((await h.search({ q: 'seabrigt' })).body)).toEqual(['seabright-capital']);
  });

  it('keeps the threshold a named constant, refused outside 0..1 in config', () => {
    expect(RELEVANCE.trigramThreshold).toBe(FUZZY_THRESHOLD);
    expect(parseSearchConfig({}).SEARCH_FUZZY_THRESHOLD).toBe(FUZZY_THRESHOLD);
    expect(() => parseSearchConfig({ SEARCH_FUZZY_THRESHOLD: '1.5' })).toThrow();
  });

  it('filters by licence status', async () => {
    const regulated = await h.search({ regulated: 'true', limit: 50 });
    expect(slugs(regulated.body).sort()).toEqual(companies.filter((c) => c.regulated).map((c) => c.slug).sort());
    const unregulated = await h.search({ q: 'sealpoint', regulated: 'false' });
    expect(slugs(unregulated.body)).toEqual(['sealpoint']);
    const bad = await h.search({ regulated: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('regulated');
  });
});

describe('a lower SEARCH_FUZZY_THRESHOLD lets looser matches in', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ SEARCH_FUZZY_THRESHOLD: '0.3' });
    await h.deliver(...companies.map(upsertedEvent));
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('returns the other "…point" names, after the exact and prefix matches', async () => {
    const found = slugs((await h.search({ q: 'Sealpoint' })).body);
    expect(found.slice(0, 2)).toEqual(['sealpoint', 'sealpoint-financial']);
    expect(found).toEqual(expect.arrayContaining(['lagoon-point-systems', 'marlin-point-settle']));
  });
});

describe('typos are a fallback: searched only while the words match fewer than TYPO_FALLBACK_BELOW names', () => {
  let h: Harness;
  const named = (i: number): CompanyInput => ({ slug: `nortwind-trader-${i}`, name: `Nortwind Trader ${i}`, score: 3 });

  beforeAll(async () => {
    h = await startHarness();
    // One fewer name match than the fallback's limit, and a company one letter away.
    await h.deliver(...[companies[5]!, ...Array.from({ length: TYPO_FALLBACK_BELOW - 1 }, (_, i) => named(i))].map(upsertedEvent));
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('adds the typo matches below the name matches while those are fewer, and leaves them out from then on', async () => {
    const few = await h.search({ q: 'nortwind', limit: 50 });
    expect(few.body.total).toBe(TYPO_FALLBACK_BELOW);
    expect(slugs(few.body).at(-1)).toBe('northwind-markets');
    await h.deliver(upsertedEvent(named(TYPO_FALLBACK_BELOW)));
    const enough = await h.search({ q: 'nortwind', limit: 50 });
    expect(enough.body.total).toBe(TYPO_FALLBACK_BELOW);
    expect(slugs(enough.body)).not.toContain('northwind-markets');
    // The name matches' own page is the same either way.
    expect(slugs(enough.body).slice(0, 20)).toEqual(slugs(few.body).slice(0, 20));
  });
});
