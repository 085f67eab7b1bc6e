import type { FastifyInstance } from 'fastify';
import type { OutboxRelay } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { companyRoutes } from './routes/companies/index.ts';
import { promotionRoutes } from './routes/promotions/index.ts';
import { referenceRoutes } from './routes/reference/index.ts';
import type { CatalogueTables } from './store/types.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface CatalogueDeps {
  db: Kysely<CatalogueTables>;
  relay: OutboxRelay;
  /** Public address of a stored object (logos, banners). */
  mediaUrl: (key: string) => string;
  /** Fewest reviews a broker needs to be ranked (config TOP_MIN_REVIEWS). */
  topMinReviews: number;
}

/** The catalogue as a Fastify plugin: routes only; infrastructure is passed in. */
export async function catalogueApp(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  await companyRoutes(app, deps);
  await referenceRoutes(app, deps);
  await promotionRoutes(app, deps);
}
