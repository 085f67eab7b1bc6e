import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from '@brokerwise/sql';
import { getCompanyDetail, rankBrokers } from '../../services/catalogue/src/domain/companies.ts';
import { toDetailDto } from '../../services/catalogue/src/routes/companies/index.ts';
import type { CatalogueTables } from '../../services/catalogue/src/store/types.ts';
import { useDemoCatalogue } from './test-catalogue.ts';

const HAN = /[\u4e00-\u9fff]/;

describe('demo seed through the detail read path (real SQL)', () => {
  const demo = useDemoCatalogue();
  let db: Kysely<CatalogueTables>;
  beforeAll(() => void (db = demo.db));

  it('fills every spec detail field, in both languages, for every demo company', async () => {
    const slugs = (await db.selectFrom('company').select(['slug']).execute()).map((r) => r.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(200);
    for (const slug of slugs) {
      const d = toDetailDto(await getCompanyDetail(db, slug));
      expect(d.about?.zh, slug).toMatch(HAN);
      for (const list of [d.services, d.assetTypes, d.platforms, d.paymentMethods]) {
        expect(list.length, slug).toBeGreaterThan(0);
        for (const item of list) expect(item.en && item.zh, slug).toBeTruthy();
      }
      expect(d.services.every((s) => HAN.test(s.zh)), slug).toBe(true);
      expect(d.currencies.length, slug).toBeGreaterThan(0);
      expect(d.contact).toMatchObject({ website: `https://${slug}.example`, email: `support@${slug}.example`, phone: expect.stringMatching(/^\+/) });
      expect(d.contact.address?.zh, slug).toMatch(HAN);
      for (const l of d.licences) expect(l.regulatorCountry.nameZh, `${slug} ${l.regulator}`).toMatch(HAN);
      if (d.category === 'Brokers' || d.category === 'Lp') {
        expect(d.maxLeverage, slug).toMatch(/^1:\d+$/);
        expect(d.openAccountUrl, slug).toBe(`https://${slug}.example/open-account`);
      }
    }
    // Chinese labels for terms come from the demo vocabulary, not the English word repeated.
    const broker = toDetailDto(await getCompanyDetail(db, slugs[0]!));
    expect(broker.assetTypes.find((a) => a.en === 'forex')?.zh).toBe('外汇');
  });

  it("stores every logo as the admin console's upload check would (a PNG named by its content), each with its sizes' job", async () => {
    const rows = await db.selectFrom('company').select(['slug', 'logo_key']).execute();
    // Not SVG: a browser builds a document per SVG picture and draws it on the main thread (docs/performance.md).
    for (const r of rows) expect(r.logo_key, r.slug).toMatch(/^logos\/[0-9a-f]{64}\.png$/);
    const jobs = await db.selectFrom('image_variant_job').select(['key', 'kind']).where('kind', '=', 'logo').execute();
    expect(new Set(jobs.map((j) => j.key))).toEqual(new Set(rows.map((r) => r.logo_key)));
  });

  it('ranks demo brokers with enough reviews', async () => {
    const { rows, total } = await rankBrokers(db, { page: 1, limit: 20, minReviews: 20 });
    expect(rows).toHaveLength(20);
    expect(total).toBeGreaterThan(20);
    expect(rows.every((r) => r.category_slug === 'Brokers' && r.review_count >= 20)).toBe(true);
  });
});
