import type { FastifyInstance } from 'fastify';
import type { Cache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { ObjectStore } from '@brokerwise/storage';
import type { CatalogueClient } from './clients/catalogue.client.ts';
import type { OpaqueIds } from './domain/opaque-id.ts';
import type { Presenters } from './domain/presenters.ts';
import { sendError } from './http/envelope.ts';
import { registerApiGuards } from './http/guards.ts';
import { brokersRoutes } from './routes/brokers.ts';
import { mediaRoutes } from './routes/media.ts';
import { webProxyRoutes } from './routes/web-proxy.ts';

export interface GatewayDeps {
  catalogue: CatalogueClient;
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
    registerApiGuards(api, { salt: deps.salt, cache: deps.cache, perMinute: deps.rateLimitPerMinute });
    api.setErrorHandler((err, request, reply) => sendError(request, reply, err));
    await brokersRoutes(api, { catalogue: deps.catalogue, cache: deps.cache, ids: deps.ids, presenters: deps.presenters, ttlSeconds: deps.apiCacheTtlSeconds });
    // Unknown /api paths answer in the envelope instead of falling through to the page proxy.
    api.all('/api/*', async () => {
      throw new AppError({ code: 'route_not_found', kind: 'not_found', message: 'No such API path' });
    });
  });
  await app.register(async (media) => mediaRoutes(media, { objects: deps.objects }));
  await app.register(async (web) => webProxyRoutes(web, { webUrl: deps.webUrl, pageCacheTtlMs: deps.pageCacheTtlMs, timeoutMs: deps.upstreamTimeoutMs }));
}
