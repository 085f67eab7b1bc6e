import type { OutboxRelay } from '@brokerwise/service-kit';
import type { NotificationsContext } from './domain/context.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface NotificationsDeps extends NotificationsContext {
  relay: OutboxRelay;
  /** The mail queue's sender: poked after a commit that queued mail. */
  sender: { poke(): void };
}
