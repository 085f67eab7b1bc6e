import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Mailbox } from '@brokerwise/mail';
import type { Cache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { ObjectStore } from '@brokerwise/storage';
import type { CatalogueClient } from './clients/catalogue.client.ts';
import type { IdentityClient } from './clients/identity.client.ts';
import type { ReviewsClient } from './clients/reviews.client.ts';
import type { SearchClient } from './clients/search.client.ts';
import type { OpaqueIds } from './domain/opaque-id.ts';
import type { Presenters } from './domain/presenters.ts';
import { sendError } from './http/envelope.ts';
import { registerApiGuards } from './http/guards.ts';
import type { CacheInvalidator } from './http/invalidation.ts';
import { Sessions } from './http/session.ts';
import { adminRoutes } from './routes/admin.ts';
import { devMailboxRoutes } from './routes/dev-mailbox.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { userRoutes } from './routes/user.ts';
import { brokersRoutes } from './routes/brokers.ts';
import { mediaRoutes } from './routes/media.ts';
import { webProxyRoutes } from './routes/web-proxy.ts';

export interface GatewayDeps {
  catalogue: CatalogueClient;
  search: SearchClient;
  reviews: ReviewsClient;
  identity: IdentityClient;
  jwtSecret: string;
  secureCookies: boolean;
  invalidator?: CacheInvalidator | undefined;
  /** Embedded mode only: the file mailer's mailbox, shown at /dev/mailbox. */
  devMailbox?: Mailbox | undefined;
  cache: Cache;
  objects: ObjectStore;
  ids: OpaqueIds;
  presenters: Presenters;
  salt: string;
  apiCacheTtlSeconds: number;
  rateLimitPerMinute: number;
  webUrl: string;
  pageCacheTtlMs: number;
  upstreamTimeoutMs: number;
}

/** The front door: /api (envelope, language, signature, rate limit), /media, and pages via the web server. */
export async function gatewayApp(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  await app.register(async (api) => {
    await api.register(fastifyCookie);
    await api.register(fastifyJwt, { secret: deps.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
    await api.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 5 } });
    registerApiGuards(api, { salt: deps.salt, cache: deps.cache, perMinute: deps.rateLimitPerMinute });
    api.setErrorHandler((err, request, reply) => sendError(request, reply, err));
    await brokersRoutes(api, { catalogue: deps.catalogue, search: deps.search, invalidator: deps.invalidator, cache: deps.cache, ids: deps.ids, presenters: deps.presenters, ttlSeconds: deps.apiCacheTtlSeconds });
    const sessions = new Sessions({ app: api, identity: deps.identity, cache: deps.cache, secureCookies: deps.secureCookies });
    await reviewRoutes(api, { reviews: deps.reviews, catalogue: deps.catalogue, identity: deps.identity, sessions });
    await adminRoutes(api, { reviews: deps.reviews, catalogue: deps.catalogue, identity: deps.identity, sessions });
    await userRoutes(api, { identity: deps.identity, catalogue: deps.catalogue, cache: deps.cache, sessions, ids: deps.ids, presenters: deps.presenters });
    // Unknown /api paths answer in the envelope instead of falling through to the page proxy.
    api.all('/api/*', async () => {
      throw new AppError({ code: 'route_not_found', kind: 'not_found', message: 'No such API path' });
    });
  });
  await app.register(async (media) => mediaRoutes(media, { objects: deps.objects }));
  if (deps.devMailbox) {
    const mailbox = deps.devMailbox;
    await app.register(async (dev) => devMailboxRoutes(dev, { mailbox }));
  }
  await app.register(async (web) => webProxyRoutes(web, { webUrl: deps.webUrl, pageCacheTtlMs: deps.pageCacheTtlMs, timeoutMs: deps.upstreamTimeoutMs, invalidator: deps.invalidator }));
}
