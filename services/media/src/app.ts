import type { FastifyInstance } from 'fastify';
import type { OutboxRelay } from '@brokerwise/service-kit';
import type { MediaContext } from './domain/context.ts';
import { interactionRoutes } from './routes/interactions/index.ts';
import { postRoutes } from './routes/posts/index.ts';
import { uploadRoutes } from './routes/uploads/index.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface MediaDeps extends MediaContext {
  relay: OutboxRelay;
}

/** The media service's API as a Fastify plugin: routes only; infrastructure is passed in. */
export async function mediaApp(app: FastifyInstance, deps: MediaDeps): Promise<void> {
  await uploadRoutes(app, deps);
  await postRoutes(app, deps);
  await interactionRoutes(app, deps);
}
