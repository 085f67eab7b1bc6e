import type { FastifyInstance } from 'fastify';
import type { Kysely } from '@brokerwise/sql';
import { searchRoutes } from './routes/search/index.ts';
import type { SearchTables } from './store/types.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface SearchDeps {
  db: Kysely<SearchTables>;
}

/** The search service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function searchApp(app: FastifyInstance, deps: SearchDeps): Promise<void> {
  await searchRoutes(app, deps);
}
