import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from '@brokerwise/sql';
import { checkPromotion, findActivePromotions, promotionStatus } from '../../services/catalogue/src/domain/promotions.ts';
import type { CatalogueTables } from '../../services/catalogue/src/store/types.ts';
import { useDemoCatalogue } from './test-catalogue.ts';
import { loadDemoPromotions } from './load-demo.ts';
import { demoPromotions } from './demo-promotions.ts';

const DAY = 86_400_000;
const HAN = /[\u4e00-\u9fff]/;

describe('demo promotions (demo mode only)', () => {
  const demo = useDemoCatalogue();
  let db: Kysely<CatalogueTables>;
  beforeAll(() => void (db = demo.db));

  it('follow every promotion rule, in both languages, with risk warnings', () => {
    expect(demoPromotions.length).toBeGreaterThanOrEqual(8);
    expect(demoPromotions.length).toBeLessThanOrEqual(10);
    for (const p of demoPromotions) {
      const { fields } = checkPromotion({
        company: p.company, titleEn: p.title.en, titleZh: p.title.zh, summaryEn: p.summary.en, summaryZh: p.summary.zh,
        bodyEn: p.body.en, bodyZh: p.body.zh, termsEn: p.terms.en, termsZh: p.terms.zh,
        startsAt: new Date(Date.now() + p.startsInDays * DAY).toISOString(),
        endsAt: p.endsInDays === null ? null : new Date(Date.now() + p.endsInDays * DAY).toISOString(),
      });
      expect(fields, p.slug).toEqual({});
      for (const text of [p.title.zh, p.summary.zh, p.body.zh, p.terms.zh]) expect(text, p.slug).toMatch(HAN);
      expect(p.body.en, p.slug).toContain('Risk warning');
      expect(p.body.zh, p.slug).toContain('风险提示');
      expect(p.body.en.split('\n\n').length, p.slug).toBeGreaterThan(1);
    }
  });

  it('loads once: some running, one scheduled, one ended; a second load adds nothing and keeps edits and deletions', async () => {
    const now = new Date();
    expect(await loadDemoPromotions({ db, now })).toBe(demoPromotions.length);
    const rows = await db.selectFrom('promotion').selectAll().execute();
    expect(rows).toHaveLength(demoPromotions.length);
    const statuses = rows.map((r) => promotionStatus(r, now));
    expect(statuses.filter((s) => s === 'scheduled')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'ended')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'active').length).toBeGreaterThanOrEqual(6);
    const { rows: active, total } = await findActivePromotions(db, { page: 1, limit: 50, now });
    expect(total).toBe(statuses.filter((s) => s === 'active').length);
    expect(active.every((r) => r.company_name && HAN.test(r.company_name_zh) && r.company_logo_key)).toBe(true);

    // An admin edits one and deletes another; the next start must not undo either.
    const [first, second] = demoPromotions;
    await db.updateTable('promotion').set({ title_en: 'Edited by an admin' }).where('slug', '=', first!.slug).execute();
    await db.updateTable('promotion').set({ deleted_at: new Date() }).where('slug', '=', second!.slug).execute();
    expect(await loadDemoPromotions({ db, now: new Date(now.getTime() + 30 * DAY) })).toBe(0);
    const after = await db.selectFrom('promotion').selectAll().execute();
    expect(after).toHaveLength(demoPromotions.length);
    expect(after.find((r) => r.slug === first!.slug)?.title_en).toBe('Edited by an admin');
    expect(after.find((r) => r.slug === second!.slug)?.deleted_at).not.toBeNull();
    // Same dates as the first load: nothing was rewritten.
    for (const r of rows) expect(after.find((a) => a.slug === r.slug)?.starts_at.getTime()).toBe(r.starts_at.getTime());
  });
});
