import type { EventHandlers } from '@brokerwise/service-kit';

/**
 * Events this service consumes, listed explicitly (never discovered by scanning).
 * The catalogue is a source of truth and consumes nothing yet; review aggregates arrive here
 * when the reviews service publishes `reviews.rating.changed`.
 */
export const handlers: EventHandlers = {};
