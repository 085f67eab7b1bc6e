import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@brokerwise/errors';
import { Categories } from './domain/posts.ts';
import { sendError } from './http/envelope.ts';
import { ApiKeys } from './http/api-keys.ts';
import { registerApiGuards } from './http/guards.ts';
import { registerOldClientBodies } from './http/old-clients.ts';
import { registerHostCheck } from './http/origin.ts';
import { registerContractCheck } from './http/contract-check.ts';
import { PostingGuard } from './http/posting.ts';
import { Sessions } from './http/session.ts';
import { adminRoutes } from './routes/admin.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { adminCompanyRoutes } from './routes/admin-companies.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { adminAuditRoutes } from './routes/admin-audit.ts';
import { companyReplyRoutes } from './routes/company-replies.ts';
import { complaintRoutes } from './routes/complaints.ts';
import { apiKeyRoutes } from './routes/api-keys.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { publicApiRoutes } from './routes/public-api.ts';
import { promotionRoutes } from './routes/promotions.ts';
import { devMailboxRoutes } from './routes/dev-mailbox.ts';
import { newsletterFormRoutes, newsletterRoutes } from './routes/newsletter.ts';
import { licenceRoutes } from './routes/licences.ts';
import { noticeRoutes } from './routes/notices.ts';
import { postRoutes } from './routes/posts.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { traderRoutes } from './routes/trader.ts';
import { transparencyRoutes } from './routes/transparency.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/user.ts';
import { brokersRoutes } from './routes/brokers.ts';
import { mediaRoutes } from './routes/media.ts';
import { webProxyRoutes } from './routes/web-proxy.ts';
import type { GatewayDeps } from './deps.ts';
import { RecentAnswers } from './http/cached.ts';
import { PageParts } from './http/page-parts.ts';
import { pageRoutes } from './routes/pages.ts';

/** How long anonymous readers share an answer built from people's writes (complaints, replies). */
const RECENT_ANSWERS_MS = 5_000;

/** The front door: /api (envelope, language, signature, rate limit), /media, and pages via the web server. */
export async function gatewayApp(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  // First: another host never reaches a route or the page micro-cache (health probes are outside).
  registerHostCheck(app, deps.publicOrigins);
  // Before compression (an onSend hook too), so the check reads the JSON itself.
  if (deps.checkContract) registerContractCheck(app);
  // /api JSON and pages the web tier left uncompressed (it compresses its own, which this skips).
  // Not /media (route option), nor the notice streams: they write to the socket themselves, so
  // nothing here buffers them.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  const apiKeys = new ApiKeys(deps.identity, deps.cache);
  await app.register(async (api) => {
    await api.register(fastifyCookie);
    await api.register(fastifyJwt, { secret: deps.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
    await api.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
    await registerOldClientBodies(api);
    await registerApiGuards(api, { salt: deps.salt, cache: deps.cache, perMinute: deps.rateLimitPerMinute });
    api.setErrorHandler((err, request, reply) => sendError(request, reply, err));
    // Complaint cases, company replies and their figures for anonymous readers: a few seconds in
    // this process, forgotten on every write through the API and on every invalidating event.
    const recent = new RecentAnswers(Math.min(RECENT_ANSWERS_MS, deps.apiCacheTtlSeconds * 1000));
    recent.clearOnWrites(api);
    deps.invalidator?.onInvalidate(() => recent.clear());
    // The operations a page's data is made of register here; /api/pages/* asks them in-process (ADR 036).
    const parts = new PageParts();
    await brokersRoutes(api, { catalogue: deps.catalogue, search: deps.search, invalidator: deps.invalidator, cache: deps.cache, ids: deps.ids, presenters: deps.presenters, ttlSeconds: deps.apiCacheTtlSeconds, parts });
    const sessions = new Sessions({ app: api, identity: deps.identity, cache: deps.cache, secureCookies: deps.secureCookies, secret: deps.jwtSecret });
    const posting = new PostingGuard({ sessions, identity: deps.identity, cache: deps.cache });
    await reviewRoutes(api, { reviews: deps.reviews, trader: deps.trader, catalogue: deps.catalogue, identity: deps.identity, sessions, posting, cache: deps.cache, invalidator: deps.invalidator, ttlSeconds: deps.apiCacheTtlSeconds, originSecret: deps.jwtSecret, parts });
    await adminRoutes(api, { reviews: deps.reviews, trader: deps.trader, catalogue: deps.catalogue, identity: deps.identity, sessions });
    await moderationRoutes(api, { reviews: deps.reviews, media: deps.media, identity: deps.identity, catalogue: deps.catalogue, sessions });
    await adminUserRoutes(api, { identity: deps.identity, sessions, posting });
    await adminAuditRoutes(api, { identity: deps.identity, catalogue: deps.catalogue, reviews: deps.reviews, sessions });
    await adminCompanyRoutes(api, { catalogue: deps.catalogue, identity: deps.identity, sessions, invalidator: deps.invalidator });
    await companyReplyRoutes(api, { identity: deps.identity, catalogue: deps.catalogue, reviews: deps.reviews, sessions, recent, parts });
    await complaintRoutes(api, { identity: deps.identity, catalogue: deps.catalogue, reviews: deps.reviews, sessions, posting, objects: deps.objects, recent, parts });
    await transparencyRoutes(api, { reviews: deps.reviews, identity: deps.identity, sessions, cache: deps.cache, ttlSeconds: deps.apiCacheTtlSeconds });
    await api.register(async (traders) => traderRoutes(traders, { trader: deps.trader, catalogue: deps.catalogue, identity: deps.identity, sessions }));
    await promotionRoutes(api, { catalogue: deps.catalogue, identity: deps.identity, sessions, cache: deps.cache, invalidator: deps.invalidator, presenters: deps.presenters, ttlSeconds: deps.apiCacheTtlSeconds });
    // Posts and uploads in their own scopes (uploads add raw-body parsers).
    const categories = new Categories(deps.media);
    await api.register(async (posts) => postRoutes(posts, { media: deps.media, identity: deps.identity, sessions, posting, categories }));
    await api.register(async (uploads) => uploadRoutes(uploads, { media: deps.media, sessions, ...deps.uploadLimits }));
    await userRoutes(api, { identity: deps.identity, catalogue: deps.catalogue, cache: deps.cache, sessions, ids: deps.ids, presenters: deps.presenters });
    await apiKeyRoutes(api, { identity: deps.identity, sessions, keys: apiKeys, perMinute: deps.rateLimitPerMinute });
    await openApiRoutes(api);
    await noticeRoutes(api, { notifications: deps.notifications, identity: deps.identity, sessions, streams: deps.noticeStreams });
    await newsletterRoutes(api, { notifications: deps.notifications, cache: deps.cache, limit: deps.newsletterLimit });
    await licenceRoutes(api, { catalogue: deps.catalogue, identity: deps.identity, notifications: deps.notifications, sessions, invalidator: deps.invalidator, cache: deps.cache, ttlSeconds: deps.apiCacheTtlSeconds, parts });
    await pageRoutes(api, { parts, sessions });
    // Unknown /api paths answer in the envelope instead of falling through to the page proxy.
    api.all('/api/*', async () => {
      throw new AppError({ code: 'route_not_found', kind: 'not_found', message: 'No such API path' });
    });
  });
  await app.register(async (media) => mediaRoutes(media, { objects: deps.objects }));
  // The public read API for third parties: its own error shape, CORS, ETags and per-key limits.
  await app.register(async (v1) => publicApiRoutes(v1, { catalogue: deps.catalogue, reviews: deps.reviews, trader: deps.trader, keys: apiKeys, cache: deps.cache, perMinute: deps.rateLimitPerMinute }));
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
