import type { OutboxRelay } from '@brokerwise/service-kit';
import type { ReviewsContext } from './domain/context.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface ReviewsDeps extends ReviewsContext {
  relay: OutboxRelay;
}
