import type { EventHandlers } from '@brokerwise/service-kit';

/**
 * Events this service consumes, listed explicitly (never discovered by scanning).
 * None yet: likes received and collections will arrive from the reviews and posts services'
 * events and update the counters kept on `user_account`.
 */
export const handlers: EventHandlers = {};
