import type { FastifyInstance } from 'fastify';
import { moderationRoutes } from './routes/moderation/index.ts';
import { ratingRoutes } from './routes/ratings/index.ts';
import { reviewRoutes } from './routes/reviews/index.ts';
import type { ReviewsDeps } from './deps.ts';

/** The reviews service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function reviewsApp(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  await reviewRoutes(app, deps);
  await moderationRoutes(app, deps);
  await ratingRoutes(app, deps);
}
