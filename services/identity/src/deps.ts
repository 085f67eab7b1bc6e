import type { OutboxRelay } from '@brokerwise/service-kit';
import type { IdentityContext } from './domain/context.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface IdentityDeps extends IdentityContext {
  relay: OutboxRelay;
}
