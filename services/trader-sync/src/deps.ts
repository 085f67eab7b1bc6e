import type { OutboxRelay } from '@brokerwise/service-kit';
import type { TraderContext } from './domain/context.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface TraderDeps extends TraderContext {
  relay: OutboxRelay;
  /** Ask the sync worker to look for due accounts now (no-op when this process runs no worker). */
  pokeSync: () => void;
}
