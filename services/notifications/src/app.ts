import type { FastifyInstance } from 'fastify';
import { companyFollowRoutes } from './routes/company-follows/index.ts';
import { newsletterRoutes } from './routes/newsletter/index.ts';
import { noticeRoutes } from './routes/notices/index.ts';
import { preferenceRoutes } from './routes/preferences/index.ts';
import type { NotificationsDeps } from './deps.ts';

/** The notifications service as a Fastify plugin: routes only; infrastructure is passed in. */
export async function notificationsApp(app: FastifyInstance, deps: NotificationsDeps): Promise<void> {
  await noticeRoutes(app, deps);
  await preferenceRoutes(app, deps);
  await newsletterRoutes(app, deps);
  await companyFollowRoutes(app, deps);
}
