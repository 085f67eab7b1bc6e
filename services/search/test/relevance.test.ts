import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The demo catalogue as the catalogue service generates it (deterministic). Importing another
// service's seed file is allowed in this test only: it arrives here as real events on the bus.
import { demoCompanies, type DemoCompany } from '../../../demo/catalogue/demo-data.ts';
import { startHarness, upsertedEvent, type Harness, type SearchHit } from './harness.ts';

/**
 * Relevance fixtures in both languages against the 248 demo companies.
 * `top1`: the first hit's slug. `top3`: slugs that must all be within the first three.
 * `every`: a property each of the first three hits has (and there are at least three).
 */
interface Case {
  name: string;
  query: Record<string, string | number>;
  top1?: string;
  top3?: string[];
  every?: (hit: SearchHit) => boolean;
  empty?: true;
}

const cases: Case[] = [
  // English: exact names
  { name: 'exact name', query: { q: 'Northwind Markets' }, top1: 'northwind-markets' },
  { name: 'exact name (3 words)', query: { q: 'Garnet Hill Trade' }, top1: 'garnet-hill-trade' },
  { name: 'exact name among siblings', query: { q: 'Meridian Arc Clearing' }, top1: 'meridian-arc-clearing' },
  { name: 'exact name among siblings 2', query: { q: 'Golden Reed Wallet' }, top1: 'golden-reed-wallet' },
  { name: 'exact short name', query: { q: 'Atoll Markets' }, top1: 'atoll-markets' },
  { name: 'slug as typed', query: { q: 'sextant-brokers' }, top1: 'sextant-brokers' },
  // English: prefixes and partial words
  { name: 'first word prefix', query: { q: 'north' }, top1: 'northwind-markets' },
  { name: 'shared first word', query: { q: 'garnet' }, top3: ['garnet-hill-trade', 'garnet-hill-analytics'] },
  { name: 'partial first word', query: { q: 'quartz' }, top3: ['quartzline-fx', 'quartzline-payments'] },
  { name: 'name prefix across words', query: { q: 'Evergrove An' }, top1: 'evergrove-analytics' },
  { name: 'short prefix', query: { q: 'narwh' }, top3: ['narwhal-capital', 'narwhal-cloud'] },
  { name: 'partial last word', query: { q: 'zephyrgate pay' }, top1: 'zephyrgate-payments' },
  { name: 'second word only', query: { q: 'reach remit' }, top1: 'heron-reach-remit' },
  // English: typos
  { name: 'typo: dropped letter', query: { q: 'nortwind' }, top1: 'northwind-markets' },
  { name: 'typo: swapped letters', query: { q: 'nrothwind markets' }, top1: 'northwind-markets' },
  { name: 'typo: dropped letter, 2 words', query: { q: 'sandalwod markets' }, top1: 'sandalwood-markets' },
  { name: 'typo: dropped vowel', query: { q: 'larkspr' }, top3: ['larkspur-markets', 'larkspur-labs', 'larkspur-pay'] },
  { name: 'typo: wrong vowel', query: { q: 'kestral point' }, top3: ['kestrel-point-markets', 'kestrel-point-analytics'] },
  { name: 'typo: swapped letters 2', query: { q: 'Tidewatre Capital' }, top1: 'tidewater-capital' },
  { name: 'typo: dropped letter 3', query: { q: 'Camphorwod Liquidity' }, top1: 'camphorwood-liquidity' },
  // English: case and accents
  { name: 'upper case', query: { q: 'NORTHWIND MARKETS' }, top1: 'northwind-markets' },
  { name: 'accented exact name', query: { q: 'Méridian Arc Wallet' }, top1: 'meridian-arc-wallet' },
  { name: 'accented prefix', query: { q: 'méridian' }, top3: ['meridian-arc-clearing', 'meridian-arc-wallet', 'meridian-arc-brokers'] },
  { name: 'umlaut', query: { q: 'Sölstice FX' }, top1: 'solstice-fx' },
  { name: 'accented upper prefix', query: { q: 'ÉGRET point' }, top1: 'egret-point-prime' },
  // Aliases: pinyin, initials, joined names
  { name: 'pinyin alias', query: { q: 'Beifeng Shichang' }, top1: 'northwind-markets' },
  { name: 'pinyin alias prefix', query: { q: 'beifeng' }, top1: 'northwind-markets' },
  { name: 'initials', query: { q: 'NWM' }, top1: 'northwind-markets' },
  { name: 'initials 2', query: { q: 'ght' }, top1: 'garnet-hill-trade' },
  { name: 'pinyin alias 2', query: { q: 'Liushi Jiaoyi' }, top1: 'garnet-hill-trade' },
  { name: 'joined name alias', query: { q: 'NorthwindMarkets' }, top1: 'northwind-markets' },
  { name: 'pinyin with apostrophe dropped', query: { q: 'zhuan jiaoyi' }, top1: 'pearlshore-trade' },
  { name: 'pinyin shared by two', query: { q: 'Xintianweng' }, top3: ['albatross-capital', 'albatross-remit'] },
  // Chinese: full names
  { name: 'Chinese name', query: { q: '北风市场' }, top1: 'northwind-markets' },
  { name: 'Chinese name 2', query: { q: '榴石交易' }, top1: 'garnet-hill-trade' },
  { name: 'Chinese long name', query: { q: '鹪园机构金融' }, top1: 'wrenfield-institutional' },
  { name: 'Chinese name among siblings', query: { q: '子午清算' }, top1: 'meridian-arc-clearing' },
  { name: 'Chinese name with spaces typed', query: { q: '子午 钱包' }, top1: 'meridian-arc-wallet' },
  // Chinese: partial words
  { name: 'first two characters', query: { q: '榴石' }, top3: ['garnet-hill-trade', 'garnet-hill-analytics'] },
  { name: 'first two characters 2', query: { q: '北风' }, top1: 'northwind-markets' },
  { name: 'first two characters 3', query: { q: '鹭门' }, top3: ['herongate-capital', 'herongate-systems'] },
  { name: 'first three characters', query: { q: '极光湾' }, top3: ['aurora-bay-global', 'aurora-bay-data'] },
  { name: '外汇 inside names', query: { q: '外汇' }, every: (h) => h.nameZh.includes('外汇') },
  { name: '流动性 inside names', query: { q: '流动性' }, every: (h) => h.category === 'Lp' && h.nameZh.includes('流动性') },
  { name: '科技 inside names', query: { q: '科技' }, every: (h) => h.category === 'FinTech' },
  { name: 'description word', query: { q: '塞浦路斯' }, every: (h) => h.nameZh.includes('塞浦路斯') || h.descriptionZh.includes('塞浦路斯') },
  // Filters
  { name: 'category filter, no query', query: { category: 'Pay' }, every: (h) => h.category === 'Pay' },
  { name: 'country filter with query', query: { q: 'markets', country: 'AU' }, every: (h) => h.countryCode === 'AU' && /markets/i.test(h.name) },
  { name: 'min score', query: { minScore: 4.5 }, every: (h) => h.score >= 4.5 },
  { name: 'all filters', query: { q: 'capital', category: 'Brokers', minScore: 4.3 }, every: (h) => h.category === 'Brokers' && h.score >= 4.3 && /capital/i.test(h.name) },
  { name: 'filter excludes the match', query: { q: '北风', category: 'Pay' }, empty: true },
  { name: 'nonsense finds nothing', query: { q: 'qqxzv' }, empty: true },
];

describe('relevance on the demo catalogue (events in, search out)', () => {
  let h: Harness;
  let demo: DemoCompany[];

  beforeAll(async () => {
    h = await startHarness();
    demo = demoCompanies();
    await h.deliver(
      ...demo.map((c) =>
        upsertedEvent({
          slug: c.slug,
          name: c.name,
          nameZh: c.nameZh,
          aliases: c.aliases,
          category: c.category,
          countryCode: c.countryCode,
          descriptionEn: c.description.en,
          descriptionZh: c.description.zh,
          score: c.score,
          founded: c.founded,
          regulated: c.regulated,
        }),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('indexed every demo company', async () => {
    expect((await h.search({ limit: 1 })).body.total).toBe(demo.length);
  });

  it.each(cases)('$name: $query', async (c) => {
    const r = await h.search({ limit: 10, ...c.query });
    expect(r.status).toBe(200);
    const items = r.body.items as SearchHit[];
    const top = items.map((i) => i.slug);
    if (c.empty) {
      expect(r.body.total).toBe(0);
      return;
    }
    if (c.top1) expect(top[0]).toBe(c.top1);
    if (c.top3) expect(top.slice(0, 3)).toEqual(expect.arrayContaining(c.top3));
    if (c.every) {
      expect(items.length).toBeGreaterThanOrEqual(3);
      for (const hit of items.slice(0, 3)) expect(c.every(hit), `${hit.slug} ${hit.nameZh}`).toBe(true);
    }
  });

  it('orders filters-only results by score, then slug, and counts them', async () => {
    const r = await h.search({ category: 'Pay', limit: 50 });
    const expected = demo
      .filter((c) => c.category === 'Pay')
      .sort((a, b) => b.score - a.score || a.slug.localeCompare(b.slug))
      .map((c) => c.slug);
    expect(r.body.total).toBe(expected.length);
    expect(r.body.items.map((i: SearchHit) => i.slug)).toEqual(expected.slice(0, 50));
    const min = await h.search({ minScore: 4.5, limit: 50 });
    expect(min.body.total).toBe(demo.filter((c) => c.score >= 4.5).length);
  });

  it('ranks the tiers: exact name > name prefix > alias > word prefix > typo > description', async () => {
    const rel = async (q: string, slug: string) => ((await h.search({ q, limit: 50 })).body.items as SearchHit[]).find((i) => i.slug === slug)?.relevance ?? 0;
    const exact = await rel('Northwind Markets', 'northwind-markets');
    const prefix = await rel('Northwind', 'northwind-markets');
    const alias = await rel('Beifeng Shichang', 'northwind-markets');
    const word = await rel('markets', 'northwind-markets');
    const typo = await rel('nortwind', 'northwind-markets');
    const description = await rel('毛里求斯', 'northwind-markets');
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(alias);
    expect(alias).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(typo);
    expect(typo).toBeGreaterThan(description);
    expect(description).toBeGreaterThan(0);
  });
});
