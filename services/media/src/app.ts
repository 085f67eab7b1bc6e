import type { FastifyInstance } from 'fastify';
import { interactionRoutes } from './routes/interactions/index.ts';
import { moderationRoutes } from './routes/moderation/index.ts';
import { postRoutes } from './routes/posts/index.ts';
import { uploadRoutes } from './routes/uploads/index.ts';
import type { MediaDeps } from './deps.ts';

/** The media service's API as a Fastify plugin: routes only; infrastructure is passed in. */
export async function mediaApp(app: FastifyInstance, deps: MediaDeps): Promise<void> {
  await uploadRoutes(app, deps);
  await postRoutes(app, deps);
  await interactionRoutes(app, deps);
  await moderationRoutes(app, deps);
}
