import type { Kysely } from '@brokerwise/sql';
import {
  claimRecomputePeriod,
  companiesWithApprovedReviews,
  finishRecomputePeriod,
  hasAnyReview,
  insertApprovedReviews,
} from '../store/maintenance.store.ts';
import type { ReviewsTables } from '../store/types.ts';
import type { Clock } from './context.ts';
import { recomputeRating } from './rating.ts';

export interface SeedReview {
  id: string;
  userId: string;
  username: string;
  stars: number;
  text: string;
  writtenAt: Date;
}

/**
 * Writes approved reviews for a company that has never had one, once per company however often
 * it is asked (a company that later loses them all is not seeded again), and computes its rating,
 * in the caller's transaction. The rating then flows to the catalogue and search like any other
 * (`reviews.rating.changed`). The demo site's reviews (demo/reviews) come this way. Returns how
 * many it wrote.
 */
export async function seedApprovedReviews(
  trx: Kysely<ReviewsTables>,
  companyId: string,
  reviews: readonly SeedReview[],
  now: Clock,
  opts: { moderatorId: string; correlationId: string },
): Promise<number> {
  // A deleted review keeps its row, so a company that lost all its reviews is not seeded again.
  if (reviews.length === 0 || (await hasAnyReview(trx, companyId))) return 0;
  await insertApprovedReviews(
    trx,
    reviews.map((r) => ({ id: r.id, companyId, userId: r.userId, username: r.username, stars: r.stars, text: r.text, at: r.writtenAt, moderatorId: opts.moderatorId })),
  );
  await recomputeRating(trx, companyId, now, { correlationId: opts.correlationId });
  return reviews.length;
}

/**
 * Recency weights change with time, so a company nobody reviews still drifts back towards the
 * prior: every `intervalMs` one replica (whoever claims the period) recomputes every rated
 * company, each in its own transaction, publishing `reviews.rating.changed` as usual.
 * Returns the number of companies recomputed, or null when the period was already claimed.
 */
export async function recomputeAllRatings(db: Kysely<ReviewsTables>, now: Clock, intervalMs: number): Promise<number | null> {
  const period = Math.floor(now().getTime() / intervalMs);
  if (!(await claimRecomputePeriod(db, period, now()))) return null;
  const companies = await companiesWithApprovedReviews(db);
  for (const companyId of companies) {
    await db.transaction().execute((trx) => recomputeRating(trx, companyId, now, { correlationId: `recompute-${period}` }));
  }
  await finishRecomputePeriod(db, period, companies.length, now());
  return companies.length;
}
