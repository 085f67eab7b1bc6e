import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type RatingRow = Selectable<ReviewsTables['company_rating']>;

export async function findRating(db: Db, companyId: string, opts: { forUpdate?: boolean } = {}): Promise<RatingRow | undefined> {
  let q = db.selectFrom('company_rating').selectAll().where('company_id', '=', companyId);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Writes the rating with the next version (1 for a company's first rating). */
export async function saveRating(
  db: Db,
  r: { companyId: string; score: number; displayScore: number; approvedCount: number; distribution: readonly number[]; version: number; computedAt: Date },
): Promise<RatingRow> {
  const [d1, d2, d3, d4, d5] = r.distribution as [number, number, number, number, number];
  const values = { score: r.score, display_score: r.displayScore, approved_count: r.approvedCount, d1, d2, d3, d4, d5, version: r.version, computed_at: r.computedAt };
  return db
    .insertInto('company_rating')
    .values({ company_id: r.companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Serialises recomputations of one company's rating (replicas, redeliveries) until the transaction ends. */
export async function lockCompanyRating(db: Db, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`rating:${companyId}`}, 0))`.execute(db);
}
