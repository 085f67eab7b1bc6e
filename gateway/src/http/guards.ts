import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { SIGNATURE_WINDOW_SECONDS, verifySignature } from '@brokerwise/api-signature';
import type { Cache, RedisCache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import { resolveLang } from './lang.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes no request signature: a browser API that cannot send headers calls it
     * (EventSource). It still gets the language and rate-limit checks, and authenticates itself.
     */
    unsigned?: boolean;
  }
}

/**
 * Hooks every /api request passes, in order: language (so even refusals speak the caller's
 * language), per-address rate limit, then the request signature (so unsigned floods are counted too).
 */
export async function registerApiGuards(app: FastifyInstance, opts: { salt: string; cache: Cache; perMinute: number }): Promise<void> {
  app.decorateRequest('lang', 'en');

  app.addHook('onRequest', async (request) => {
    const header = request.headers.lang;
    const { lang, unsupported } = resolveLang(Array.isArray(header) ? header[0] : header, request.headers['accept-language']);
    request.lang = lang;
    if (unsupported !== undefined) {
      throw new AppError({ code: 'lang_unsupported', kind: 'validation', message: 'Unsupported language', fields: { lang: 'one_of:values=en, zh-cn' }, params: { lang: unsupported } });
    }
  });

  // Fixed one-minute window per visitor address (ADR 012: a page's server-side calls count against
  // the visitor the web tier vouches for). Counters live in Redis when the cache does, so every
  // replica shares them; in this process's memory otherwise (embedded mode).
  await app.register(fastifyRateLimit, {
    global: false,
    max: opts.perMinute,
    timeWindow: 60_000,
    nameSpace: 'rl:api:',
    keyGenerator: (request) => request.clientAddress,
    ...(opts.cache.kind === 'redis' ? { redis: (opts.cache as RedisCache).client } : {}),
    // A Redis outage lets requests through rather than refusing every one: the limit protects the
    // site, it is not a reason to take it down (readiness reports the cache).
    skipOnError: true,
    // Thrown, so the /api error handler answers the envelope in the caller's language (Retry-After set there too).
    errorResponseBuilder: (_request, context) =>
      new AppError({ code: 'too_many_requests', kind: 'too_many_requests', message: 'Rate limited', retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  app.addHook('onRequest', app.rateLimit());

  // Every client signing in the same second sends the same (timestamp, sign) pair, so a small
  // memo of verified pairs skips most hashing. The window check still runs on every request.
  const verified = new Set<string>();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.unsigned === true) return;
    const h = (name: string) => {
      const v = request.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const timestamp = h('timestamp');
    const sign = h('sign');
    const memoKey = `${timestamp}:${sign}`;
    if (verified.has(memoKey) && Math.abs(Number(timestamp) - Date.now() / 1000) <= SIGNATURE_WINDOW_SECONDS) return;
    const check = await verifySignature({ timestamp, sign }, opts.salt);
    if (!check.ok) throw new AppError({ code: check.error, kind: 'validation', message: 'Signature check failed' });
    if (verified.size >= 10_000) verified.clear();
    verified.add(memoKey);
  });
}
