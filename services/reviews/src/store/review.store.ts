import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { ReviewStatus, ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type ReviewRow = Selectable<ReviewsTables['review']>;

export interface Page {
  page: number;
  limit: number;
}

const offset = (p: Page) => (p.page - 1) * p.limit;

/** Serialises one user's submissions (limits, one review per company) until the transaction ends. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${userId}, 0))`.execute(db);
}

/** The user's live (not deleted) review of the company; `forUpdate` locks it for the transaction. */
export async function findUserReview(db: Db, companyId: string, userId: string, opts: { forUpdate?: boolean } = {}): Promise<ReviewRow | undefined> {
  let q = db.selectFrom('review').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).where('deleted_at', 'is', null);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findLiveReview(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<ReviewRow | undefined> {
  let q = db.selectFrom('review').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The columns of a review row as first written (by its author, or seeded), at `at`. */
export const newReviewColumns = (r: { id: string; companyId: string; userId: string; username: string; stars: number; text: string }, at: Date) => ({
  id: r.id,
  company_id: r.companyId,
  user_id: r.userId,
  username: r.username,
  stars: r.stars,
  text: r.text,
  created_at: at,
  updated_at: at,
});

export type NewReview = Parameters<typeof newReviewColumns>[0];

export async function insertReview(db: Db, r: NewReview & { now: Date }): Promise<ReviewRow> {
  return db
    .insertInto('review')
    .values({ ...newReviewColumns(r, r.now), status: 'pending' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new version of the text and stars: back to pending, the previous decision forgotten (it stays in the audit). */
export async function rewriteReview(db: Db, id: string, r: { username: string; stars: number; text: string; now: Date }): Promise<ReviewRow> {
  return db
    .updateTable('review')
    .set({ username: r.username, stars: r.stars, text: r.text, status: 'pending', reject_reason: null, moderated_at: null, moderated_by: null, updated_at: r.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setDecision(db: Db, id: string, d: { status: ReviewStatus; rejectReason: string | null; moderatorId: string; now: Date }): Promise<ReviewRow> {
  return db
    .updateTable('review')
    .set({ status: d.status, reject_reason: d.rejectReason, moderated_at: d.now, moderated_by: d.moderatorId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markDeleted(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('review').set({ deleted_at: now }).where('id', '=', id).execute();
}

/** Approved reviews of a company, newest written first. */
export async function listApproved(db: Db, companyId: string, page: Page): Promise<{ rows: ReviewRow[]; total: number }> {
  const base = db.selectFrom('review').where('company_id', '=', companyId).where('status', '=', 'approved').where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(offset(page)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** What the score formula reads: stars and when each approved review was written. */
export async function approvedStars(db: Db, companyId: string): Promise<{ stars: number; updated_at: Date }[]> {
  return db
    .selectFrom('review')
    .select(['stars', 'updated_at'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'approved')
    .where('deleted_at', 'is', null)
    .execute();
}

/** Every live review of a user, whatever its status, newest written first. */
export async function listByUser(db: Db, userId: string, page: Page): Promise<{ rows: ReviewRow[]; total: number }> {
  const base = db.selectFrom('review').where('user_id', '=', userId).where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(offset(page)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Pending reviews, the longest waiting first. */
export async function listPending(db: Db, page: Page): Promise<{ rows: ReviewRow[]; total: number }> {
  const base = db.selectFrom('review').where('status', '=', 'pending').where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updated_at', 'asc').orderBy('id', 'asc').limit(page.limit).offset(offset(page)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Approved reviews of every company, newest written first. */
export async function listRecentApproved(db: Db, limit: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('review')
    .selectAll()
    .where('status', '=', 'approved')
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every review the user ever wrote, deleted ones included (the new-account limits read them). */
export async function submissionsOf(db: Db, userId: string): Promise<Pick<ReviewRow, 'id' | 'company_id' | 'text' | 'created_at' | 'updated_at' | 'deleted_at'>[]> {
  return db.selectFrom('review').select(['id', 'company_id', 'text', 'created_at', 'updated_at', 'deleted_at']).where('user_id', '=', userId).execute();
}

/** Every published review of every company, in id order (the open-data export pages through it). */
export async function listAllApproved(db: Db, page: Page): Promise<{ rows: Pick<ReviewRow, 'id' | 'company_id' | 'stars' | 'updated_at' | 'moderated_at'>[]; total: number }> {
  const base = db.selectFrom('review').where('status', '=', 'approved').where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.select(['id', 'company_id', 'stars', 'updated_at', 'moderated_at']).orderBy('id').limit(page.limit).offset(offset(page)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Reviews by id, deleted ones included (the moderation queue shows what was reported). */
export async function findReviews(db: Db, ids: string[]): Promise<Map<string, ReviewRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('review').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
