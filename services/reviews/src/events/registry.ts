import type { EventHandlers } from '@brokerwise/service-kit';
import type { Clock } from '../domain/context.ts';
import { onUserDeleted } from './handlers/account.handler.ts';
import { onCompanyRemoved, onCompanyUpserted, type OnCompanyAnnounced } from './handlers/company.handler.ts';
import { onReviewDecided, onReviewSubmitted } from './handlers/rating.handler.ts';

/**
 * Events this service consumes, listed explicitly (never discovered by scanning): its own review
 * events, to keep each company's rating (and `reviews.rating.changed` for the catalogue and
 * search) in step with the approved reviews. A function of the clock, which the score's recency
 * weights read; and the catalogue's merges (`catalogue.company.removed` naming the survivor), which
 * move a duplicate's reviews to the company it went into; and deleted accounts, whose reviews go
 * with them. Given `onCompanyAnnounced` (`npm start` seeding reviews, ADR 021), also the catalogue's
 * company announcements.
 */
export function handlers(now: Clock, opts: { onCompanyAnnounced?: OnCompanyAnnounced | undefined } = {}): EventHandlers {
  return {
    ...(opts.onCompanyAnnounced ? { 'catalogue.company.upserted': onCompanyUpserted(now, opts.onCompanyAnnounced) } : {}),
    'catalogue.company.removed': onCompanyRemoved(now),
    'identity.user.deleted': onUserDeleted(now),
    'reviews.review.approved': onReviewDecided(now),
    'reviews.review.rejected': onReviewDecided(now),
    'reviews.review.deleted': onReviewDecided(now),
    'reviews.review.submitted': onReviewSubmitted(now),
  };
}
