import type { EventBus } from '@brokerwise/bus';
import { createCache, type Cache } from '@brokerwise/cache';
import { ServiceTokenSigner, startService, type StartedService } from '@brokerwise/service-kit';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import type { Mailbox } from '@brokerwise/mail';
import type { RouteOptions } from 'fastify';
import { gatewayApp } from './app.ts';
import { sendError } from './http/envelope.ts';
import { CatalogueClient } from './clients/catalogue.client.ts';
import { IdentityClient } from './clients/identity.client.ts';
import { NotificationsClient } from './clients/notifications.client.ts';
import { MediaClient } from './clients/media.client.ts';
import { ReviewsClient } from './clients/reviews.client.ts';
import { SearchClient } from './clients/search.client.ts';
import { TraderClient } from './clients/trader.client.ts';
import { publicOrigins, type GatewayConfig } from './config.ts';
import { OpaqueIds } from './domain/opaque-id.ts';
import { registerClientAddress } from './http/client-address.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerActingContext } from './http/acting.ts';
import { CacheInvalidator } from './http/invalidation.ts';
import { NoticeStreams } from './http/notice-stream.ts';
import { Presenters } from './domain/presenters.ts';

export interface GatewayShared {
  cache?: Cache;
  /** The bus whose catalogue/review events invalidate cached answers (embedded: the shared one). */
  bus?: EventBus;
  objects?: ObjectStore;
  /** Embedded mode: the file mailer, whose mailbox is shown at /dev/mailbox. */
  devMailbox?: Mailbox;
}

/** A registered route as Fastify saw it (the fuzz suite fuzzes every one of them from its schema). */
export interface GatewayRoute {
  method: string | string[];
  url: string;
  schema?: RouteOptions['schema'];
  config?: unknown;
}

export type StartedGateway = StartedService<{ routes: GatewayRoute[] }>;

export async function startGateway(config: GatewayConfig, shared: GatewayShared = {}): Promise<StartedGateway> {
  const cache = shared.cache ?? createCache({ redisUrl: config.REDIS_URL, keyPrefix: `${config.NATS_NAMESPACE}:` });
  const objects =
    shared.objects ??
    (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const ids = new OpaqueIds(config.ID_KEY);
  // Every call to a service carries a token this gateway signed for it (ADR 017).
  const tokens = config.SERVICE_TOKEN_PRIVATE_KEY ? new ServiceTokenSigner(config.SERVICE_TOKEN_PRIVATE_KEY) : undefined;
  const catalogue = new CatalogueClient(config.CATALOGUE_URL, config.UPSTREAM_TIMEOUT_MS, tokens);
  const invalidator = new CacheInvalidator(cache);
  const noticeStreams = new NoticeStreams({ heartbeatMs: config.NOTICE_STREAM_HEARTBEAT_MS });

  return startService<unknown, { routes: GatewayRoute[] }>({
    name: 'gateway',
    config,
    fastify: {
      bodyLimit: config.BODY_LIMIT_BYTES,
      requestTimeoutMs: config.UPLOAD_TIMEOUT_MS,
      idleTimeoutMs: config.REQUEST_IDLE_TIMEOUT_MS,
      trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY_ADDRESSES : false,
      // Outside /api too (pages' unknown methods, /media, health): errors are the envelope, never the services' wire form.
      errorReply: sendError,
    },
    hooks: async (app) => {
      await registerSecurityHeaders(app, { production: config.APP_MODE === 'production' });
      registerClientAddress(app, config.INTERNAL_SECRET);
      registerActingContext(app);
    },
    bus: { shared: shared.bus },
    // Pages and cached answers still serve without these: degraded, not unready (docs/operations.md).
    resources: [
      { name: 'cache', check: () => cache.ping(), close: shared.cache ? undefined : () => cache.close() },
      { name: 'objects', check: () => objects.ping(), whenFailing: 'degraded' },
      {
        name: 'catalogue',
        whenFailing: 'degraded',
        check: async () => {
          const res = await fetch(`${config.CATALOGUE_URL}/readyz`, { signal: AbortSignal.timeout(1_500) });
          if (!res.ok) throw new Error(`catalogue answered ${res.status}`);
        },
      },
    ],
    setup: async ({ app, bus, routes: register, subscribe }) => {
      const routes: GatewayRoute[] = [];
      app.addHook('onRoute', (r) => void routes.push({ method: r.method, url: r.url, schema: r.schema, config: r.config }));
      await register(gatewayApp, {
        publicOrigins: publicOrigins(config),
        catalogue,
        search: new SearchClient(config.SEARCH_URL, config.UPSTREAM_TIMEOUT_MS, tokens),
        reviews: new ReviewsClient(config.REVIEWS_URL, config.UPSTREAM_TIMEOUT_MS, tokens),
        trader: new TraderClient(config.TRADER_SYNC_URL, config.UPSTREAM_TIMEOUT_MS, tokens),
        media: new MediaClient(config.MEDIA_URL, config.UPSTREAM_TIMEOUT_MS, config.UPLOAD_TIMEOUT_MS, tokens),
        uploadLimits: { videoMaxBytes: config.UPLOAD_VIDEO_MAX_BYTES, imageMaxBytes: config.UPLOAD_IMAGE_MAX_BYTES },
        invalidator,
        identity: new IdentityClient(config.IDENTITY_URL, config.UPSTREAM_TIMEOUT_MS, tokens),
        notifications: new NotificationsClient(config.NOTIFICATIONS_URL, config.UPSTREAM_TIMEOUT_MS, tokens),
        noticeStreams,
        newsletterLimit: { max: config.NEWSLETTER_RATE_LIMIT, windowSeconds: config.NEWSLETTER_RATE_WINDOW_SECONDS },
        jwtSecret: config.JWT_SECRET,
        secureCookies: config.COOKIE_SECURE ?? config.APP_MODE === 'production',
        devMailbox: config.APP_MODE === 'production' ? undefined : shared.devMailbox,
        cache,
        objects,
        ids,
        presenters: new Presenters(ids, '/media/'),
        salt: config.SIGNATURE_SALT,
        apiCacheTtlSeconds: config.API_CACHE_TTL_SECONDS,
        rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
        webUrl: config.WEB_URL,
        internalSecret: config.INTERNAL_SECRET,
        pageCacheTtlMs: config.PAGE_CACHE_TTL_MS,
        upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
        checkContract: config.CHECK_CONTRACT,
      });
      subscribe(() => invalidator.subscribe(bus, app.log));
      // Every replica hears every notice signal (its own durable), for the streams it holds.
      subscribe(() => noticeStreams.subscribe(bus, app.log));
      return { routes };
    },
  });
}
