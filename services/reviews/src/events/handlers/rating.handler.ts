import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { Clock } from '../../domain/context.ts';
import { recomputeRating } from '../../domain/rating.ts';
import type { ReviewsTables } from '../../store/types.ts';

type Decided = EventPayload<'reviews.review.approved' | 'reviews.review.rejected' | 'reviews.review.deleted'>;

/**
 * The company's set of approved reviews may have changed: recompute its rating and emit
 * `reviews.rating.changed`. Runs in the inbox transaction, so a redelivered event is skipped.
 */
export const onReviewDecided =
  (now: Clock) =>
  async (payload: Decided, ctx: HandlerContext): Promise<void> => {
    const row = await recomputeRating(ctx.trx as Kysely<ReviewsTables>, payload.companyId, now, { correlationId: ctx.correlationId });
    ctx.log.debug({ companyId: row.company_id, version: row.version, score: row.score }, 'rating recomputed');
  };

/** An edit hides a published review until it is moderated again: only then the rating changes. */
export const onReviewSubmitted =
  (now: Clock) =>
  async (payload: EventPayload<'reviews.review.submitted'>, ctx: HandlerContext): Promise<void> => {
    if (!payload.wasApproved) return;
    await recomputeRating(ctx.trx as Kysely<ReviewsTables>, payload.companyId, now, { correlationId: ctx.correlationId });
  };
