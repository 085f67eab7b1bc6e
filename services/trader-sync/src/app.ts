import type { FastifyInstance } from 'fastify';
import type { OutboxRelay } from '@brokerwise/service-kit';
import type { TraderContext } from './domain/context.ts';
import { accountRoutes } from './routes/accounts/index.ts';
import { brokerRoutes } from './routes/brokers/index.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface TraderDeps extends TraderContext {
  relay: OutboxRelay;
  /** Ask the sync worker to look for due accounts now (no-op when this process runs no worker). */
  pokeSync: () => void;
}

/** trader-sync as a Fastify plugin: routes only; infrastructure is passed in. */
export async function traderApp(app: FastifyInstance, deps: TraderDeps): Promise<void> {
  await accountRoutes(app, deps);
  await brokerRoutes(app, deps);
}
