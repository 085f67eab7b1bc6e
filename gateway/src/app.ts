import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@brokerwise/errors';
import { Categories } from './domain/posts.ts';
import { sendError } from './http/envelope.ts';
import { registerApiGuards } from './http/guards.ts';
import { registerHostCheck } from './http/origin.ts';
import { Sessions } from './http/session.ts';
import { adminRoutes } from './routes/admin.ts';
import { promotionRoutes } from './routes/promotions.ts';
import { devMailboxRoutes } from './routes/dev-mailbox.ts';
import { newsletterFormRoutes, newsletterRoutes } from './routes/newsletter.ts';
import { noticeRoutes } from './routes/notices.ts';
import { postRoutes } from './routes/posts.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { traderRoutes } from './routes/trader.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/user.ts';
import { brokersRoutes } from './routes/brokers.ts';
import { mediaRoutes } from './routes/media.ts';
import { webProxyRoutes } from './routes/web-proxy.ts';
import type { GatewayDeps } from './deps.ts';

/** The front door: /api (envelope, language, signature, rate limit), /media, and pages via the web server. */
export async function gatewayApp(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  // First: another host never reaches a route or the page micro-cache (health probes are outside).
  registerHostCheck(app, deps.publicOrigins);
  // /api JSON and pages the web tier left uncompressed (it compresses its own, which this skips).
  // Not /media (route option), nor the notice streams: they write to the socket themselves, so
  // nothing here buffers them.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(async (api) => {
    await api.register(fastifyCookie);
    await api.register(fastifyJwt, { secret: deps.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
    await api.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
    await registerApiGuards(api, { salt: deps.salt, cache: deps.cache, perMinute: deps.rateLimitPerMinute });
    api.setErrorHandler((err, request, reply) => sendError(request, reply, err));
    await brokersRoutes(api, { catalogue: deps.catalogue, search: deps.search, invalidator: deps.invalidator, cache: deps.cache, ids: deps.ids, presenters: deps.presenters, ttlSeconds: deps.apiCacheTtlSeconds });
    const sessions = new Sessions({ app: api, identity: deps.identity, cache: deps.cache, secureCookies: deps.secureCookies, secret: deps.jwtSecret });
    await reviewRoutes(api, { reviews: deps.reviews, trader: deps.trader, catalogue: deps.catalogue, identity: deps.identity, sessions, cache: deps.cache, invalidator: deps.invalidator, ttlSeconds: deps.apiCacheTtlSeconds });
    await adminRoutes(api, { reviews: deps.reviews, trader: deps.trader, catalogue: deps.catalogue, identity: deps.identity, sessions });
    await api.register(async (traders) => traderRoutes(traders, { trader: deps.trader, catalogue: deps.catalogue, identity: deps.identity, sessions }));
    await promotionRoutes(api, { catalogue: deps.catalogue, identity: deps.identity, sessions, cache: deps.cache, invalidator: deps.invalidator, presenters: deps.presenters, ttlSeconds: deps.apiCacheTtlSeconds });
    // Posts and uploads in their own scopes (uploads add raw-body parsers).
    const categories = new Categories(deps.media);
    await api.register(async (posts) => postRoutes(posts, { media: deps.media, identity: deps.identity, sessions, categories }));
    await api.register(async (uploads) => uploadRoutes(uploads, { media: deps.media, sessions, ...deps.uploadLimits }));
    await userRoutes(api, { identity: deps.identity, catalogue: deps.catalogue, cache: deps.cache, sessions, ids: deps.ids, presenters: deps.presenters });
    await noticeRoutes(api, { notifications: deps.notifications, identity: deps.identity, sessions, streams: deps.noticeStreams });
    await newsletterRoutes(api, { notifications: deps.notifications, cache: deps.cache, limit: deps.newsletterLimit });
    // Unknown /api paths answer in the envelope instead of falling through to the page proxy.
    api.all('/api/*', async () => {
      throw new AppError({ code: 'route_not_found', kind: 'not_found', message: 'No such API path' });
    });
  });
  await app.register(async (media) => mediaRoutes(media, { objects: deps.objects }));
  // The footer's newsletter form without script (a plain form post, answered with a redirect).
  await app.register(async (form) => newsletterFormRoutes(form, { notifications: deps.notifications, cache: deps.cache, limit: deps.newsletterLimit }));
  // Open notice streams end before the server drains, or they would hold the shutdown up.
  app.addHook('preClose', async () => deps.noticeStreams.closeAll());
  if (deps.devMailbox) {
    const mailbox = deps.devMailbox;
    await app.register(async (dev) => devMailboxRoutes(dev, { mailbox }));
  }
  await app.register(async (web) => webProxyRoutes(web, { webUrl: deps.webUrl, pageCacheTtlMs: deps.pageCacheTtlMs, timeoutMs: deps.upstreamTimeoutMs, internalSecret: deps.internalSecret, invalidator: deps.invalidator }));
}
