import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { ReviewsTables, SignalKind } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type FlagRow = Selectable<ReviewsTables['review_flag']>;

export interface NewFlag {
  id: string;
  reviewId: string;
  kind: SignalKind;
  severity: number;
  details: Record<string, unknown>;
  at: Date;
}

export async function insertFlags(db: Db, flags: NewFlag[]): Promise<void> {
  if (flags.length === 0) return;
  await db
    .insertInto('review_flag')
    .values(flags.map((f) => ({ id: f.id, review_id: f.reviewId, kind: f.kind, severity: f.severity, details: JSON.stringify(f.details), created_at: f.at })))
    .execute();
}

/** Records where the review was last written from (keyed hashes, or null). */
export async function setOrigin(db: Db, reviewId: string, o: { address: string | null; device: string | null }): Promise<void> {
  await db.updateTable('review').set({ origin_address: o.address, origin_device: o.device }).where('id', '=', reviewId).execute();
}

/**
 * Live reviews by other accounts last written since `since` (any company, any status: a copied
 * text is a signal whether or not the original was published), newest first, at most `limit`.
 */
export async function recentTextsOfOthers(db: Db, userId: string, since: Date, limit: number): Promise<{ id: string; text: string }[]> {
  return db
    .selectFrom('review')
    .select(['id', 'text'])
    .where('user_id', '!=', userId)
    .where('deleted_at', 'is', null)
    .where('updated_at', '>=', since)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** Reviews of a company first written since `since` (deleted ones too: a burst is a burst), oldest first. */
export async function companyReviewsSince(db: Db, companyId: string, since: Date): Promise<{ id: string; user_id: string }[]> {
  return db.selectFrom('review').select(['id', 'user_id']).where('company_id', '=', companyId).where('created_at', '>=', since).orderBy('created_at').orderBy('id').execute();
}

/**
 * Other accounts' live reviews of the company written since `since` from the same address or
 * device hash, with which of the two matched.
 */
export async function sharedOriginReviews(
  db: Db,
  c: { companyId: string; userId: string; address: string | null; device: string | null; since: Date },
): Promise<{ id: string; user_id: string; same_address: boolean; same_device: boolean }[]> {
  if (c.address === null && c.device === null) return [];
  return db
    .selectFrom('review')
    .select(['id', 'user_id', sql<boolean>`coalesce(origin_address = ${c.address}, false)`.as('same_address'), sql<boolean>`coalesce(origin_device = ${c.device}, false)`.as('same_device')])
    .where('company_id', '=', c.companyId)
    .where('user_id', '!=', c.userId)
    .where('deleted_at', 'is', null)
    .where('updated_at', '>=', c.since)
    .where((eb) => eb.or([...(c.address !== null ? [eb('origin_address', '=', c.address)] : []), ...(c.device !== null ? [eb('origin_device', '=', c.device)] : [])]))
    .orderBy('updated_at')
    .execute();
}

/** The flags of each review's current version (raised at or after its last edit), oldest first. */
export async function currentFlags(db: Db, reviewIds: string[]): Promise<Map<string, FlagRow[]>> {
  const out = new Map<string, FlagRow[]>();
  if (reviewIds.length === 0) return out;
  const rows = await db
    .selectFrom('review_flag as f')
    .innerJoin('review as r', 'r.id', 'f.review_id')
    .selectAll('f')
    .where('f.review_id', 'in', reviewIds)
    .whereRef('f.created_at', '>=', 'r.updated_at')
    .orderBy('f.created_at')
    .orderBy('f.kind')
    .execute();
  for (const r of rows) out.set(r.review_id, [...(out.get(r.review_id) ?? []), r]);
  return out;
}
