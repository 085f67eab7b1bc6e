import type { FastifyInstance } from 'fastify';
import type { OutboxRelay } from '@brokerwise/service-kit';
import type { IdentityContext } from './domain/context.ts';
import { accountRoutes } from './routes/accounts/index.ts';
import { codeRoutes } from './routes/codes/index.ts';
import { sessionRoutes } from './routes/sessions/index.ts';
import { userRoutes } from './routes/users/index.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface IdentityDeps extends IdentityContext {
  relay: OutboxRelay;
}

/** The identity service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function identityApp(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  await codeRoutes(app, deps);
  await accountRoutes(app, deps);
  await sessionRoutes(app, deps);
  await userRoutes(app, deps);
}
