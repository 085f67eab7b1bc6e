import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './routes/accounts/index.ts';
import { apiKeyRoutes } from './routes/api-keys/index.ts';
import { codeRoutes } from './routes/codes/index.ts';
import { companyClaimRoutes } from './routes/company-claims/index.ts';
import { sanctionRoutes } from './routes/sanctions/index.ts';
import { sessionRoutes } from './routes/sessions/index.ts';
import { transparencyRoutes } from './routes/transparency/index.ts';
import { userRoutes } from './routes/users/index.ts';
import type { IdentityDeps } from './deps.ts';

/** The identity service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function identityApp(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  await codeRoutes(app, deps);
  await accountRoutes(app, deps);
  await sessionRoutes(app, deps);
  await userRoutes(app, deps);
  await apiKeyRoutes(app, deps);
  await sanctionRoutes(app, deps);
  await transparencyRoutes(app, deps);
  await companyClaimRoutes(app, deps);
}
