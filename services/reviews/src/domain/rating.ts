import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { ratingChanged } from '../events/publish.ts';
import { findRating, lockCompanyRating, saveRating, type RatingRow } from '../store/rating.store.ts';
import { approvedStars } from '../store/review.store.ts';
import type { ReviewsTables } from '../store/types.ts';
import type { Clock, RequestMeta } from './context.ts';
import { PRIOR_MEAN, computeRating, type Rating } from './score.ts';

export interface RatingSummary extends Rating {
  companyId: string;
  /** 0 until the company's first recomputation. */
  version: number;
  computedAt: Date | null;
}

/**
 * Recomputes a company's rating from its approved reviews at `now()` (score.ts), stores it with
 * the next version and enqueues `reviews.rating.changed`, all in the caller's transaction (the
 * event handler's, whose inbox row makes a redelivery a no-op). Recomputations of one company
 * are serialised so versions increase with the data they describe.
 */
export async function recomputeRating(trx: Kysely<ReviewsTables>, companyId: string, now: Clock, meta: RequestMeta = {}): Promise<RatingRow> {
  await lockCompanyRating(trx, companyId);
  const previous = await findRating(trx, companyId);
  const at = now();
  const reviews = await approvedStars(trx, companyId);
  const rating = computeRating(
    reviews.map((r) => ({ stars: r.stars, writtenAt: r.updated_at })),
    at,
  );
  const row = await saveRating(trx, { companyId, ...rating, version: Number(previous?.version ?? 0) + 1, computedAt: at });
  await enqueueEvent(trx, ratingChanged(row, meta.correlationId));
  return row;
}

/** The stored rating of a company; the prior (3.5, nothing counted) before its first review is decided. */
export async function getRating(db: Kysely<ReviewsTables>, companyId: string): Promise<RatingSummary> {
  const row = await findRating(db, companyId);
  if (!row) return { companyId, score: PRIOR_MEAN, displayScore: PRIOR_MEAN, approvedCount: 0, distribution: [0, 0, 0, 0, 0], version: 0, computedAt: null };
  return {
    companyId,
    score: row.score,
    displayScore: row.display_score,
    approvedCount: row.approved_count,
    distribution: [row.d1, row.d2, row.d3, row.d4, row.d5],
    version: Number(row.version),
    computedAt: row.computed_at,
  };
}
