import type { Kysely } from '@brokerwise/sql';
import {
  claimDemoSeed,
  claimRecomputePeriod,
  companiesWithApprovedReviews,
  finishRecomputePeriod,
  hasAnyReview,
  insertApprovedReviews,
} from '../store/maintenance.store.ts';
import type { ReviewsTables } from '../store/types.ts';
import type { Clock } from './context.ts';
import { DEMO_MODERATOR_ID, demoReviewsFor } from './demo-reviews.ts';
import { recomputeRating } from './rating.ts';

/**
 * Demo mode: the first time the catalogue announces a company that has never had a review, write
 * its demo reviews (approved) and compute its rating, in the caller's (inbox) transaction. The
 * rating then flows to the catalogue and search like any other (`reviews.rating.changed`).
 */
export async function seedDemoReviews(trx: Kysely<ReviewsTables>, company: { id: string; score: number }, now: Clock, correlationId: string): Promise<number> {
  if (company.score <= 0 || (await hasAnyReview(trx, company.id))) return 0;
  const at = now();
  const reviews = demoReviewsFor(company.id, company.score, at);
  if (!(await claimDemoSeed(trx, company.id, reviews.length, at))) return 0;
  await insertApprovedReviews(
    trx,
    reviews.map((r) => ({ id: r.id, companyId: company.id, userId: r.userId, username: r.username, stars: r.stars, text: r.text, at: r.writtenAt, moderatorId: DEMO_MODERATOR_ID })),
  );
  await recomputeRating(trx, company.id, now, { correlationId });
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
