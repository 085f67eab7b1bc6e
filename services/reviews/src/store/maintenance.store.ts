import { sql, type Kysely } from '@brokerwise/sql';
import { newReviewColumns, type NewReview } from './review.store.ts';
import type { ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;

/** True when the company has any review, live or deleted (a company with reviews of its own is never seeded; reviews are never deleted as rows). */
export async function hasAnyReview(db: Db, companyId: string): Promise<boolean> {
  const row = await db.selectFrom('review').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertApprovedReviews(
  db: Db,
  rows: readonly (NewReview & { at: Date; moderatorId: string })[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('review')
    .values(
      rows.map((r) => ({
        ...newReviewColumns(r, r.at),
        status: 'approved' as const,
        moderated_at: r.at,
        moderated_by: r.moderatorId,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Claims a recompute period; false when another replica (or an earlier tick) already has it. */
export async function claimRecomputePeriod(db: Db, period: number, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('rating_recompute_run')
    .values({ period, started_at: now })
    .onConflict((oc) => oc.column('period').doNothing())
    .returning('period')
    .executeTakeFirst();
  return row !== undefined;
}

export async function finishRecomputePeriod(db: Db, period: number, companies: number, now: Date): Promise<void> {
  await db.updateTable('rating_recompute_run').set({ finished_at: now, companies }).where('period', '=', period).execute();
}

/** Companies with at least one approved review: the ones whose score ages. */
export async function companiesWithApprovedReviews(db: Db): Promise<string[]> {
  const rows = await sql<{ company_id: string }>`select distinct company_id from review where status = 'approved' and deleted_at is null order by company_id`.execute(db);
  return rows.rows.map((r) => r.company_id);
}
