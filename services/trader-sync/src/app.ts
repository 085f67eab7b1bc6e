import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './routes/accounts/index.ts';
import { brokerRoutes } from './routes/brokers/index.ts';
import type { TraderDeps } from './deps.ts';

/** trader-sync as a Fastify plugin: routes only; infrastructure is passed in. */
export async function traderApp(app: FastifyInstance, deps: TraderDeps): Promise<void> {
  await accountRoutes(app, deps);
  await brokerRoutes(app, deps);
}
