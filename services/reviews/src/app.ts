import type { FastifyInstance } from 'fastify';
import type { OutboxRelay } from '@brokerwise/service-kit';
import type { ReviewsContext } from './domain/context.ts';
import { moderationRoutes } from './routes/moderation/index.ts';
import { ratingRoutes } from './routes/ratings/index.ts';
import { reviewRoutes } from './routes/reviews/index.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface ReviewsDeps extends ReviewsContext {
  relay: OutboxRelay;
}

/** The reviews service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function reviewsApp(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  await reviewRoutes(app, deps);
  await moderationRoutes(app, deps);
  await ratingRoutes(app, deps);
}
