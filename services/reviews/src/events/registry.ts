import type { EventHandlers } from '@brokerwise/service-kit';
import type { Clock } from '../domain/context.ts';
import { onCompanyUpsertedSeedDemo } from './handlers/demo.handler.ts';
import { onReviewDecided, onReviewSubmitted } from './handlers/rating.handler.ts';

/**
 * Events this service consumes, listed explicitly (never discovered by scanning): its own review
 * events, to keep each company's rating (and `reviews.rating.changed` for the catalogue and
 * search) in step with the approved reviews. A function of the clock, which the score's recency
 * weights read. In demo mode it also seeds demo reviews for the companies the catalogue announces.
 */
export function handlers(now: Clock, opts: { demoReviews: boolean }): EventHandlers {
  return {
    ...(opts.demoReviews ? { 'catalogue.company.upserted': onCompanyUpsertedSeedDemo(now) } : {}),
    'reviews.review.approved': onReviewDecided(now),
    'reviews.review.rejected': onReviewDecided(now),
    'reviews.review.deleted': onReviewDecided(now),
    'reviews.review.submitted': onReviewSubmitted(now),
  };
}
