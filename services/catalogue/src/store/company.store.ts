import { sql, type Kysely, type RawBuilder, type Selectable } from '@brokerwise/sql';
import { queueLogoSizes } from './image-sizes.store.ts';
import type { CatalogueTables, CategorySlug, CompanyAuditAction } from './types.ts';

export type CompanyRow = Selectable<CatalogueTables['company']>;

export interface CompanyFilter {
  category?: CategorySlug | undefined;
  minScore?: number | undefined;
  minReviews?: number | undefined;
  countryCode?: string | undefined;
  /** Licence status: true = regulated only, false = unregulated only. */
  regulated?: boolean | undefined;
  keyword?: string | undefined;
  slugs?: string[] | undefined;
  ids?: string[] | undefined;
  /** Admins (and naming the companies of existing reviews) also see hidden and merged companies. */
  includeHidden?: boolean | undefined;
  order: 'score' | 'reviews' | 'newest' | 'name';
  offset: number;
  limit: number;
}

export interface CompanyUpsert {
  id: string;
  slug: string;
  name: string;
  nameZh: string;
  category: CategorySlug;
  countryCode: string;
  descriptionEn: string;
  descriptionZh: string;
  logoKey: string | null;
  score: number;
  reviewCount: number;
  founded: number | null;
  regulated: boolean;
  aliases: string[];
  website: string | null;
  details: Record<string, unknown>;
}

type Db = Kysely<CatalogueTables>;

/** SQL only: filters, ordering and paging of companies. Keyword matching uses pg_trgm. */
export async function listCompanies(db: Db, f: CompanyFilter): Promise<{ rows: CompanyRow[]; total: number }> {
  let q = db.selectFrom('company');
  if (!f.includeHidden) q = q.where('hidden_at', 'is', null).where('merged_into', 'is', null);
  if (f.category) q = q.where('category_slug', '=', f.category);
  if (f.minScore !== undefined) q = q.where('score', '>=', f.minScore);
  if (f.minReviews !== undefined) q = q.where('review_count', '>=', f.minReviews);
  if (f.countryCode) q = q.where('country_code', '=', f.countryCode);
  if (f.regulated !== undefined) q = q.where('regulated', '=', f.regulated);
  if (f.slugs) q = f.slugs.length > 0 ? q.where('slug', 'in', f.slugs) : q.where(sql<boolean>`false`);
  if (f.ids) q = f.ids.length > 0 ? q.where('id', 'in', f.ids) : q.where(sql<boolean>`false`);
  const kw = f.keyword?.trim().toLowerCase();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', like),
        eb(sql`lower(name_zh)`, 'like', like),
        eb(sql`lower(array_to_string(aliases, ' '))`, 'like', like),
        // Typos in Latin names ("nortwind"): trigram word similarity.
        eb(sql<number>`word_similarity(${kw}, lower(name))`, '>', 0.5),
      ]),
    );
  }
  // Visitors' filters read the maintained counts (ADR 029); keywords, slugs, ids and admins count rows.
  const maintained = kw || f.slugs || f.ids || f.includeHidden ? undefined : await countVisible(db, f);
  const total = maintained ?? Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const ordered = <T extends typeof q>(rows: T): T => {
    let r = rows;
    if (kw) r = r.orderBy(sql`word_similarity(${kw}, lower(company.name))`, 'desc') as T;
    switch (f.order) {
      case 'reviews':
        r = r.orderBy('company.review_count', 'desc').orderBy('company.score', 'desc') as T;
        break;
      case 'newest':
        r = r.orderBy('company.created_at', 'desc') as T;
        break;
      case 'name':
        r = r.orderBy(sql`lower(company.name)`, 'asc') as T;
        break;
      default:
        r = r.orderBy('company.score', 'desc').orderBy('company.review_count', 'desc') as T;
    }
    return r.orderBy('company.slug') as T;
  };
  if (f.offset === 0) {
    return { rows: await ordered(q).selectAll().limit(f.limit).execute(), total };
  }
  // A later page skips `offset` entries of the order's index (index-only: slugs and sort keys),
  // then reads only its own rows in full, instead of fetching every skipped row.
  const page = ordered(q).select('company.slug').offset(f.offset).limit(f.limit).as('page');
  const rows = await ordered(db.selectFrom('company').innerJoin(page, 'page.slug', 'company.slug') as unknown as typeof q)
    .selectAll('company')
    .execute();
  return { rows, total };
}

/**
 * The number of visible companies under the listing's filters, from the counts the triggers keep
 * per (category, country, licence status, score) and per (category, review count). Undefined for a
 * mix the counts do not cover (a minimum of reviews with country, licence or score filters).
 */
async function countVisible(db: Db, f: CompanyFilter): Promise<number | undefined> {
  if (f.minReviews !== undefined) {
    if (f.countryCode || f.regulated !== undefined || f.minScore !== undefined) return undefined;
    let q = db.selectFrom('company_count_reviews').where('review_count', '>=', f.minReviews);
    if (f.category) q = q.where('category_slug', '=', f.category);
    const row = await q.select(sql<string | null>`sum(n)`.as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  let q = db.selectFrom('company_count');
  if (f.category) q = q.where('category_slug', '=', f.category);
  if (f.countryCode) q = q.where('country_code', '=', f.countryCode);
  if (f.regulated !== undefined) q = q.where('regulated', '=', f.regulated);
  if (f.minScore !== undefined) q = q.where('score', '>=', f.minScore);
  const row = await q.select(sql<string | null>`sum(n)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findCompanyBySlug(db: Db, slug: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('company').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** One page of every company in slug order (re-announcing them all). */
export async function companiesPage(db: Db, offset: number, limit: number): Promise<CompanyRow[]> {
  return db.selectFrom('company').selectAll().orderBy('slug').offset(offset).limit(limit).execute();
}

/** A new logo has no sizes yet: the ones recorded are kept only while the key stays (an SQL expression over the row before). */
const logoSizesFor = (key: RawBuilder<unknown>) => sql<string | null>`case when company.logo_key is not distinct from ${key} then company.logo_sizes end`;

/**
 * Insert or update by slug; bumps `version` so event consumers can drop stale updates. A raster
 * logo without sizes gets its job in the same transaction (ADR 033).
 */
export async function upsertCompany(db: Db, c: CompanyUpsert): Promise<CompanyRow> {
  const values = {
    id: c.id,
    slug: c.slug,
    name: c.name,
    name_zh: c.nameZh,
    category_slug: c.category,
    country_code: c.countryCode,
    description_en: c.descriptionEn,
    description_zh: c.descriptionZh,
    logo_key: c.logoKey,
    score: c.score,
    review_count: c.reviewCount,
    founded: c.founded,
    regulated: c.regulated,
    aliases: c.aliases,
    website: c.website,
    details: JSON.stringify(c.details),
  };
  const { id: _id, slug: _slug, ...changes } = values;
  const row = await db
    .insertInto('company')
    .values(values)
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({ ...changes, logo_sizes: logoSizesFor(sql`excluded.logo_key`), version: sql`company.version + 1`, updated_at: sql`now()` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueLogoSizes(db, row);
  return row;
}

export async function countCompaniesByCategory(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('company')
    .select(['category_slug', (eb) => eb.fn.countAll<number>().as('n')])
    .where('hidden_at', 'is', null)
    .where('merged_into', 'is', null)
    .groupBy('category_slug')
    .execute();
  return new Map(rows.map((r) => [r.category_slug, Number(r.n)]));
}

/**
 * Applies a published rating if it is newer than the one applied last; returns the updated row,
 * or undefined when the company is unknown or the rating is stale.
 */
export async function applyRating(db: Db, r: { companyId: string; score: number; approvedCount: number; version: number }): Promise<CompanyRow | undefined> {
  return db
    .updateTable('company')
    .set({ score: r.score, review_count: r.approvedCount, rating_version: r.version, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', r.companyId)
    .where('rating_version', '<', r.version)
    .returningAll()
    .executeTakeFirst();
}

export async function findCompanyById(db: Db, id: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends (admin changes read it to audit the before state). */
export async function lockCompanyBySlug(db: Db, slug: string): Promise<CompanyRow | undefined> {
  return db.selectFrom('company').selectAll().where('slug', '=', slug).forUpdate().executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('company').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

/** The fields an admin edits; the rest (score, counts, versions) are the system's. */
export type CompanyEdit = Partial<Omit<CompanyUpsert, 'id' | 'slug' | 'score' | 'reviewCount'>>;

/** Changes the given fields, bumps `version`; the row as now stored. A new raster logo gets its sizes' job (ADR 033). */
export async function updateCompany(db: Db, id: string, e: CompanyEdit & { hidden?: boolean }): Promise<CompanyRow> {
  const set: Record<string, unknown> = {};
  if (e.name !== undefined) set.name = e.name;
  if (e.nameZh !== undefined) set.name_zh = e.nameZh;
  if (e.category !== undefined) set.category_slug = e.category;
  if (e.countryCode !== undefined) set.country_code = e.countryCode;
  if (e.descriptionEn !== undefined) set.description_en = e.descriptionEn;
  if (e.descriptionZh !== undefined) set.description_zh = e.descriptionZh;
  if (e.logoKey !== undefined) {
    set.logo_key = e.logoKey;
    set.logo_sizes = logoSizesFor(sql`${e.logoKey}::text`);
  }
  if (e.founded !== undefined) set.founded = e.founded;
  if (e.regulated !== undefined) set.regulated = e.regulated;
  if (e.aliases !== undefined) set.aliases = e.aliases;
  if (e.website !== undefined) set.website = e.website;
  if (e.details !== undefined) set.details = JSON.stringify(e.details);
  if (e.hidden !== undefined) set.hidden_at = e.hidden ? sql`now()` : null;
  const row = await db
    .updateTable('company')
    .set({ ...set, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (e.logoKey !== undefined) await queueLogoSizes(db, row);
  return row;
}

/**
 * `from` now answers as `into`: marked merged (also every company merged into `from` before, so
 * chains stay one hop), its promotions move to `into`. Returns the merged row, version bumped.
 */
export async function mergeCompany(db: Db, fromId: string, intoId: string): Promise<CompanyRow> {
  await db.updateTable('company').set({ merged_into: intoId }).where('merged_into', '=', fromId).execute();
  await db.updateTable('promotion').set({ company_id: intoId }).where('company_id', '=', fromId).execute();
  return db
    .updateTable('company')
    .set({ merged_into: intoId, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', fromId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CompanyAuditRow = Selectable<CatalogueTables['company_audit']>;

export async function appendAudit(
  db: Db,
  a: { id: string; companyId: string; actorId: string; action: CompanyAuditAction; reason: string; before: object | null; after: object | null },
): Promise<void> {
  await db
    .insertInto('company_audit')
    .values({
      id: a.id,
      company_id: a.companyId,
      actor_id: a.actorId,
      action: a.action,
      reason: a.reason,
      before: a.before ? JSON.stringify(a.before) : null,
      after: a.after ? JSON.stringify(a.after) : null,
    })
    .execute();
}

/** Newest first, optionally one company's or one admin's. */
export async function listAudit(db: Db, f: { companyId?: string | undefined; actorId?: string | undefined; offset: number; limit: number }): Promise<{ rows: CompanyAuditRow[]; total: number }> {
  let q = db.selectFrom('company_audit');
  if (f.companyId) q = q.where('company_id', '=', f.companyId);
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q.selectAll().orderBy('at', 'desc').orderBy('id').offset(f.offset).limit(f.limit).execute();
  return { rows, total: Number(total?.n ?? 0) };
}
