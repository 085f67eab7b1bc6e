import type { OutboxRelay } from '@brokerwise/service-kit';
import type { MediaContext } from './domain/context.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface MediaDeps extends MediaContext {
  relay: OutboxRelay;
  /** Wakes the worker's slots when it runs in this process (a job was queued); otherwise it polls. */
  pokeWorker?: () => void;
}
