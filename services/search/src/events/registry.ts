import type { EventHandlers } from '@brokerwise/service-kit';
import { onCompanyRemoved } from './handlers/company-removed.handler.ts';
import { onCompanyUpserted } from './handlers/company-upserted.handler.ts';

/**
 * Events this service consumes, listed explicitly (never discovered by scanning), one map per
 * durable consumer. `catalogueHandlers` run under the durable `search-catalogue`
 * (config CATALOGUE_DURABLE).
 */
export const catalogueHandlers: EventHandlers = {
  'catalogue.company.upserted': onCompanyUpserted,
  'catalogue.company.removed': onCompanyRemoved,
};

// ---------------------------------------------------------------------------------------------
// SLOT: `reviews.rating.changed` (durable `search-reviews`).
// The reviews service has not published its contract yet (no proto under proto/brokerwise/reviews).
// When it does: add `handlers/rating-changed.handler.ts` updating `company.score` (and a review
// count column, for order=reviews) guarded by its own version, export
//   export const reviewsHandlers: EventHandlers = { 'reviews.rating.changed': onRatingChanged };
// and start a second consumeEvents({ durable: 'search-reviews', handlers: reviewsHandlers }) in main.ts.
// Do not guess the payload before the contract exists.
