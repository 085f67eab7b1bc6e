import type { FastifyInstance } from 'fastify';
import { complaintRoutes } from './routes/complaints/index.ts';
import { moderationRoutes } from './routes/moderation/index.ts';
import { publishedRoutes } from './routes/published/index.ts';
import { ratingRoutes } from './routes/ratings/index.ts';
import { removalAppealRoutes } from './routes/removal-appeals/index.ts';
import { replyRoutes } from './routes/replies/index.ts';
import { reportRoutes } from './routes/reports/index.ts';
import { reviewRoutes } from './routes/reviews/index.ts';
import { transparencyRoutes } from './routes/transparency/index.ts';
import type { ReviewsDeps } from './deps.ts';

/** The reviews service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function reviewsApp(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  await reviewRoutes(app, deps);
  await moderationRoutes(app, deps);
  await ratingRoutes(app, deps);
  await publishedRoutes(app, deps);
  await reportRoutes(app, deps);
  await removalAppealRoutes(app, deps);
  await transparencyRoutes(app, deps);
  await complaintRoutes(app, deps);
  await replyRoutes(app, deps);
}
