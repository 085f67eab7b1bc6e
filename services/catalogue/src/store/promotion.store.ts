import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { CatalogueTables } from './types.ts';

type Db = Kysely<CatalogueTables>;

/** A promotion with the company fields its readers see (name, logo, score, open-account link). */
export type PromotionRow = Selectable<CatalogueTables['promotion']> & {
  company_slug: string;
  company_name: string;
  company_name_zh: string;
  company_logo_key: string | null;
  company_score: number;
  company_review_count: number;
  company_website: string | null;
  company_details: unknown;
};

export interface PromotionWrite {
  companyId: string;
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  bodyEn: string;
  bodyZh: string;
  termsEn: string;
  termsZh: string;
  startsAt: Date;
  endsAt: Date | null;
}

function withCompany(db: Db) {
  return db
    .selectFrom('promotion as p')
    .innerJoin('company as c', 'c.id', 'p.company_id')
    .selectAll('p')
    .select([
      'c.slug as company_slug',
      'c.name as company_name',
      'c.name_zh as company_name_zh',
      'c.logo_key as company_logo_key',
      'c.score as company_score',
      'c.review_count as company_review_count',
      'c.website as company_website',
      'c.details as company_details',
    ]);
}

/** Live promotions running at `now` (started, not ended), newest start first; optionally of one company. */
export async function listActivePromotions(
  db: Db,
  f: { now: Date; companySlug?: string | undefined; offset: number; limit: number },
): Promise<{ rows: PromotionRow[]; total: number }> {
  let q = withCompany(db)
    .where('p.deleted_at', 'is', null)
    .where('p.starts_at', '<=', f.now)
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', f.now)]));
  if (f.companySlug) q = q.where('c.slug', '=', f.companySlug);
  const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q.orderBy('p.starts_at', 'desc').orderBy('p.created_at', 'desc').orderBy('p.slug').offset(f.offset).limit(f.limit).execute();
  return { rows, total: Number(total?.n ?? 0) };
}

/** Every live promotion, scheduled and ended ones included (admin), latest start first. */
export async function listLivePromotions(db: Db, f: { offset: number; limit: number }): Promise<{ rows: PromotionRow[]; total: number }> {
  const q = withCompany(db).where('p.deleted_at', 'is', null);
  const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q.orderBy('p.starts_at', 'desc').orderBy('p.created_at', 'desc').orderBy('p.slug').offset(f.offset).limit(f.limit).execute();
  return { rows, total: Number(total?.n ?? 0) };
}

/** One promotion by slug, deleted or not (the caller decides what a deleted one means). */
export async function findPromotionBySlug(db: Db, slug: string): Promise<PromotionRow | undefined> {
  return withCompany(db).where('p.slug', '=', slug).executeTakeFirst();
}

const columns = (w: PromotionWrite) => ({
  company_id: w.companyId,
  title_en: w.titleEn,
  title_zh: w.titleZh,
  summary_en: w.summaryEn,
  summary_zh: w.summaryZh,
  body_en: w.bodyEn,
  body_zh: w.bodyZh,
  terms_en: w.termsEn,
  terms_zh: w.termsZh,
  starts_at: w.startsAt,
  ends_at: w.endsAt,
});

/** Inserts a promotion; returns false (and changes nothing) when the slug is already taken. */
export async function insertPromotion(db: Db, p: PromotionWrite & { id: string; slug: string; createdBy: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('promotion')
    .values({ id: p.id, slug: p.slug, created_by: p.createdBy, ...columns(p) })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Updates a live (not deleted) promotion; false when there is none with that slug. */
export async function updatePromotion(db: Db, slug: string, p: PromotionWrite): Promise<boolean> {
  const updated = await db
    .updateTable('promotion')
    .set({ ...columns(p), updated_at: sql`now()` })
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Soft delete; false when there is no live promotion with that slug. */
export async function softDeletePromotion(db: Db, slug: string): Promise<boolean> {
  const deleted = await db
    .updateTable('promotion')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('slug', '=', slug)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

export async function companyIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  return (await db.selectFrom('company').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}
