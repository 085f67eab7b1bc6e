import type { FastifyInstance } from 'fastify';
import { searchRoutes } from './routes/search/index.ts';
import type { SearchDeps } from './deps.ts';

/** The search service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function searchApp(app: FastifyInstance, deps: SearchDeps): Promise<void> {
  await searchRoutes(app, deps);
}
