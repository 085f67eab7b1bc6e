import type { FastifyInstance } from 'fastify';
import { adminCompanyRoutes } from './routes/admin-companies/index.ts';
import { companyRoutes } from './routes/companies/index.ts';
import { licenceRoutes } from './routes/licences/index.ts';
import { promotionRoutes } from './routes/promotions/index.ts';
import { referenceRoutes } from './routes/reference/index.ts';
import type { CatalogueDeps } from './deps.ts';

/** The catalogue as a Fastify plugin: routes only; infrastructure is passed in. */
export async function catalogueApp(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  await companyRoutes(app, deps);
  await referenceRoutes(app, deps);
  await promotionRoutes(app, deps);
  await adminCompanyRoutes(app, deps);
  await licenceRoutes(app, deps);
}
