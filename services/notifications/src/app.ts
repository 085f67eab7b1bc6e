import type { FastifyInstance } from 'fastify';
import type { OutboxRelay } from '@brokerwise/service-kit';
import type { NotificationsContext } from './domain/context.ts';
import { newsletterRoutes } from './routes/newsletter/index.ts';
import { noticeRoutes } from './routes/notices/index.ts';
import { preferenceRoutes } from './routes/preferences/index.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface NotificationsDeps extends NotificationsContext {
  relay: OutboxRelay;
  /** The mail queue's sender: poked after a commit that queued mail. */
  sender: { poke(): void };
}

/** The notifications service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function notificationsApp(app: FastifyInstance, deps: NotificationsDeps): Promise<void> {
  await noticeRoutes(app, deps);
  await preferenceRoutes(app, deps);
  await newsletterRoutes(app, deps);
}
