import fastifyCors from '@fastify/cors';
import fastifyEtag from '@fastify/etag';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Cache, RedisCache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { CatalogueClient, CatalogueCompany, CatalogueCompanyDetail } from '../clients/catalogue.client.ts';
import type { RatingRecord, ReviewsClient } from '../clients/reviews.client.ts';
import type { TraderClient } from '../clients/trader.client.ts';
import type { ApiKeys } from '../http/api-keys.ts';
import { errorEnvelope, toAppError } from '../http/envelope.ts';
import { resolveLang } from '../http/lang.ts';

export interface PublicApiDeps {
  catalogue: CatalogueClient;
  reviews: ReviewsClient;
  trader: TraderClient;
  keys: ApiKeys;
  cache: Cache;
  /** Calls a minute per key; callers without a key get a tenth of it per address. */
  perMinute: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyId: string | null;
  }
}

/** Bumped only for a breaking change, which gets a new prefix (/v2) while /v1 keeps answering. */
export const PUBLIC_API_VERSION = '1.0';
/** The services' page size limit. */
const MAX_LIMIT = 50;
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 50 }));
const Cursor = Type.Optional(Type.String({ maxLength: 200 }));
const Paged = Type.Object({ limit: Limit, cursor: Cursor }, { additionalProperties: false });
const CompaniesQuery = Type.Object(
  {
    limit: Limit,
    cursor: Cursor,
    category: Type.Optional(Type.String({ maxLength: 40 })),
    country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
    minRating: Type.Optional(Type.Number({ minimum: 0, maximum: 5 })),
    regulated: Type.Optional(Type.Boolean()),
    /** Also each company's licences and/or rating inputs, so a full copy takes one call a page. */
    include: Type.Optional(Type.String({ pattern: '^(licences|rating)(,(licences|rating))?$' })),
  },
  { additionalProperties: false },
);
const TradersQuery = Type.Object(
  { limit: Limit, cursor: Cursor, sort: Type.Optional(Type.Unsafe<'score' | 'gain' | 'drawdown' | 'trades' | 'track'>({ type: 'string', enum: ['score', 'gain', 'drawdown', 'trades', 'track'] })) },
  { additionalProperties: false },
);
const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });

/**
 * A cursor names the next page of one listing. It is opaque to clients (base64url JSON) so the
 * paging can become keyset-based without a new version.
 */
const encodeCursor = (page: number): string => Buffer.from(JSON.stringify({ p: page })).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 1;
  try {
    const { p } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { p?: unknown };
    if (typeof p === 'number' && Number.isInteger(p) && p >= 1 && p <= 10_000) return p;
  } catch {
    // falls through to the field error
  }
  throw new AppError({ code: 'validation_failed', kind: 'validation', message: 'Bad cursor', fields: { cursor: 'invalid' } });
}
const nextCursor = (page: number, limit: number, total: number): string | null => (page * limit < total ? encodeCursor(page + 1) : null);

/** The API key from `Authorization: Bearer …` or `X-Api-Key`, when one was sent. */
function sentKey(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim();
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
}

const mediaUrl = (request: FastifyRequest, key: string | null) => (key ? `${request.protocol}://${request.host}/media/${key}` : null);

function company(request: FastifyRequest, c: CatalogueCompany) {
  return {
    id: c.id,
    slug: c.slug,
    name: { en: c.name, zh: c.nameZh },
    category: c.category,
    country: c.countryCode,
    rating: { score: c.score, reviewCount: c.reviewCount },
    regulated: c.regulated,
    founded: c.founded,
    website: c.website,
    aliases: c.aliases,
    logo: mediaUrl(request, c.logoKey),
    url: `${request.protocol}://${request.host}/detail?${new URLSearchParams({ id: c.slug })}`,
  };
}

const licences = (c: CatalogueCompanyDetail) =>
  c.licences.map((l) => ({ regulator: l.regulator, regulatorCountry: l.regulatorCountry.code, licenceNo: l.licenceNo, entity: l.entity, status: l.status, registerUrl: l.registerUrl }));

/** A company's score with what it is computed from (the methodology page says how). */
const ratingOf = (request: FastifyRequest, slug: string, r: RatingRecord) => ({
  company: slug,
  score: r.score,
  displayScore: r.displayScore,
  publishedReviews: r.approvedCount,
  // Published reviews per star, 1 to 5.
  distribution: r.distribution,
  computedAt: r.computedAt,
  methodology: `${request.protocol}://${request.host}/about/methodology`,
});

function companyDetail(request: FastifyRequest, c: CatalogueCompanyDetail) {
  return {
    ...company(request, c),
    description: c.description,
    about: c.about,
    services: c.services,
    assetTypes: c.assetTypes,
    platforms: c.platforms,
    paymentMethods: c.paymentMethods,
    maxLeverage: c.maxLeverage,
    currencies: c.currencies,
    licences: licences(c),
    updatedAt: c.updatedAt,
  };
}

/**
 * The public read API for third parties (`/v1`): published data only, no personal data (no user
 * ids, names or balances), stable ids, cursor pages, ETags, CORS for any origin (no cookies are
 * read), rate limits per key. Documented at /developers and in the README.
 */
export async function publicApiRoutes(app: FastifyInstance, deps: PublicApiDeps): Promise<void> {
  await app.register(fastifyCors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'X-Api-Key', 'If-None-Match', 'Accept-Language'],
    exposedHeaders: ['ETag', 'Retry-After', 'X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
    maxAge: 86_400,
    // An OPTIONS without the preflight headers gets the same 204 instead of a plain-text 400.
    strictPreflight: false,
  });
  await app.register(fastifyEtag);
  app.decorateRequest('apiKeyId', null);

  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err);
    if (appError.status >= 500) request.log.error({ err }, 'request failed');
    if (appError.retryAfter !== undefined) void reply.header('retry-after', String(appError.retryAfter));
    const lang = resolveLang(undefined, request.headers['accept-language']).lang;
    const envelope = errorEnvelope(appError, lang, request.id);
    void reply.status(appError.status).header('cache-control', 'no-store');
    return reply.send({ error: { code: envelope.data.error, message: envelope.msg, ...(envelope.data.fields ? { fields: envelope.data.fields } : {}) }, requestId: request.id });
  });

  // The key first, so the rate limit counts per key; a key that is sent must be valid.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    const key = sentKey(request);
    if (key === undefined) return;
    const found = await deps.keys.verify(key, request.id);
    if (!found) throw new AppError({ code: 'api.key_invalid', kind: 'unauthenticated', message: 'Invalid API key' });
    request.apiKeyId = found.id;
  });
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: 60_000,
    nameSpace: 'rl:v1:',
    max: (request) => ((request as FastifyRequest).apiKeyId ? deps.perMinute : Math.max(1, Math.floor(deps.perMinute / 10))),
    keyGenerator: (request) => (request.apiKeyId ? `key:${request.apiKeyId}` : `ip:${request.clientAddress}`),
    ...(deps.cache.kind === 'redis' ? { redis: (deps.cache as RedisCache).client } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError({ code: 'too_many_requests', kind: 'too_many_requests', message: 'Rate limited', retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  app.addHook('onRequest', app.rateLimit());
  app.addHook('onResponse', async (request) => {
    if (request.apiKeyId) await deps.keys.count(request.apiKeyId);
  });

  // Published data changes on moderation and sync, not per request: a minute in shared caches.
  const send = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'public, max-age=60').header('vary', 'Authorization, X-Api-Key').send(body);

  app.get('/v1', async (request, reply) =>
    send(reply, {
      name: 'Brokerwise public API',
      version: PUBLIC_API_VERSION,
      documentation: `${request.protocol}://${request.host}/developers`,
      licence: 'CC BY 4.0 (attribute "Brokerwise")',
      endpoints: ['/v1/companies', '/v1/companies/{slug}', '/v1/companies/{slug}/reviews', '/v1/companies/{slug}/rating', '/v1/companies/{slug}/licences', '/v1/reviews', '/v1/rankings/top-brokers', '/v1/rankings/top-traders', '/v1/promotions'],
    }),
  );

  app.get<{ Querystring: Static<typeof CompaniesQuery> }>('/v1/companies', { schema: { querystring: CompaniesQuery } }, async (request, reply) => {
    const q = request.query;
    const limit = q.limit ?? 50;
    const page = decodeCursor(q.cursor);
    // By name: an order that does not move while a client pages through it.
    const result = await deps.catalogue.companies(
      { page, limit, category: q.category, country: q.country?.toUpperCase(), minScore: q.minRating, regulated: q.regulated, order: 'name' },
      request.id,
    );
    const include = new Set(q.include?.split(',') ?? []);
    // Two internal calls per company: only for a caller with a key, whose rate limit is ten times higher and named.
    if (include.size > 0 && !request.apiKeyId) throw new AppError({ code: 'api.key_required', kind: 'unauthenticated', message: 'include needs an API key', fields: { include: 'key_required' } });
    const data = await Promise.all(
      result.items.map(async (c) => ({
        ...company(request, c),
        ...(include.has('licences') ? { licences: licences(await deps.catalogue.company(c.slug, request.id)) } : {}),
        ...(include.has('rating') ? { ratingInputs: ratingOf(request, c.slug, await deps.reviews.rating(c.id, request.id)) } : {}),
      })),
    );
    return send(reply, { data, total: result.total, nextCursor: nextCursor(page, limit, result.total) });
  });

  app.get<{ Querystring: Static<typeof Paged> }>('/v1/reviews', { schema: { querystring: Paged } }, async (request, reply) => {
    const limit = request.query.limit ?? 50;
    const page = decodeCursor(request.query.cursor);
    const result = await deps.reviews.published({ page, limit }, request.id);
    // Rating inputs only: no text, no author. `companyId` is /v1/companies' `id`.
    return send(reply, { data: result.items, total: result.total, nextCursor: nextCursor(page, limit, result.total) });
  });

  app.get<{ Params: Static<typeof SlugParams> }>('/v1/companies/:slug', { schema: { params: SlugParams } }, async (request, reply) =>
    send(reply, { data: companyDetail(request, await deps.catalogue.company(request.params.slug, request.id)) }),
  );

  app.get<{ Params: Static<typeof SlugParams>; Querystring: Static<typeof Paged> }>(
    '/v1/companies/:slug/reviews',
    { schema: { params: SlugParams, querystring: Paged } },
    async (request, reply) => {
      const limit = request.query.limit ?? 50;
      const page = decodeCursor(request.query.cursor);
      const c = await deps.catalogue.company(request.params.slug, request.id);
      const result = await deps.reviews.forCompany(c.id, { page, limit }, request.id);
      // Published reviews only, without who wrote them.
      const data = result.items.filter((r) => r.status === 'approved').map((r) => ({ id: r.id, company: c.slug, stars: r.stars, text: r.text, publishedAt: r.moderatedAt ?? r.createdAt, updatedAt: r.updatedAt }));
      return send(reply, { data, total: result.total, nextCursor: nextCursor(page, limit, result.total) });
    },
  );

  // The licence register: each licence with its status history; evidence by URL and SHA-256, so a copy can be checked.
  app.get<{ Params: Static<typeof SlugParams> }>('/v1/companies/:slug/licences', { schema: { params: SlugParams } }, async (request, reply) => {
    const r = await deps.catalogue.licences(request.params.slug, false, request.id);
    const data = r.licences.map((l) => ({
      regulator: l.regulator,
      regulatorCountry: l.regulatorCountry,
      licenceNo: l.licenceNo,
      entity: l.entity,
      status: l.status,
      registerUrl: l.registerUrl,
      history: l.history.map((e) => ({
        status: e.status,
        previousStatus: e.previousStatus,
        effectiveOn: e.effectiveOn,
        note: e.note,
        evidence: e.evidence ? { url: mediaUrl(request, e.evidence.key), sha256: e.evidence.sha256, contentType: e.evidence.contentType, size: e.evidence.size, capturedAt: e.evidence.capturedAt } : null,
        recordedAt: e.recordedAt,
      })),
    }));
    return send(reply, { data });
  });

  app.get<{ Params: Static<typeof SlugParams> }>('/v1/companies/:slug/rating', { schema: { params: SlugParams } }, async (request, reply) => {
    const c = await deps.catalogue.company(request.params.slug, request.id);
    return send(reply, { data: ratingOf(request, c.slug, await deps.reviews.rating(c.id, request.id)) });
  });

  app.get<{ Querystring: Static<typeof Paged> }>('/v1/rankings/top-brokers', { schema: { querystring: Paged } }, async (request, reply) => {
    const limit = request.query.limit ?? 50;
    const page = decodeCursor(request.query.cursor);
    const result = await deps.catalogue.top(page, limit, request.id);
    const data = result.items.map((c, i) => ({ rank: (page - 1) * limit + i + 1, company: company(request, c) }));
    return send(reply, { data, total: result.total, nextCursor: nextCursor(page, limit, result.total) });
  });

  app.get<{ Querystring: Static<typeof TradersQuery> }>('/v1/rankings/top-traders', { schema: { querystring: TradersQuery } }, async (request, reply) => {
    const limit = request.query.limit ?? 50;
    const page = decodeCursor(request.query.cursor);
    const result = await deps.trader.ranking({ page, limit, sort: request.query.sort ?? 'score' }, request.id);
    // Performance only: no owner, account number, balance or equity.
    const data = result.items.map(({ rank, account: a }) => ({
      rank,
      account: {
        id: a.id,
        broker: { slug: a.broker.slug, name: a.broker.name },
        type: a.type,
        verified: a.verified,
        score: a.ranking.score,
        stats: a.stats && {
          currency: a.stats.currency,
          gainPct: a.stats.gainPct,
          absoluteGainPct: a.stats.absoluteGainPct,
          maxDrawdownPct: a.stats.maxDrawdownPct,
          profitFactor: a.stats.profitFactor,
          winRatePct: a.stats.winRatePct,
          trades: a.stats.trades,
          trackDays: a.stats.trackDays,
          firstDealAt: a.stats.firstDealAt,
          lastDealAt: a.stats.lastDealAt,
        },
        url: `${request.protocol}://${request.host}/trader/account?${new URLSearchParams({ id: a.id })}`,
      },
    }));
    return send(reply, { data, total: result.total, nextCursor: nextCursor(page, limit, result.total) });
  });

  app.get<{ Querystring: Static<typeof Paged> }>('/v1/promotions', { schema: { querystring: Paged } }, async (request, reply) => {
    const limit = request.query.limit ?? 50;
    const page = decodeCursor(request.query.cursor);
    const result = await deps.catalogue.promotions({ page, limit }, request.id);
    const data = result.items.map((p) => ({
      id: p.id,
      slug: p.slug,
      status: p.status,
      company: { id: p.company.id, slug: p.company.slug, name: { en: p.company.name, zh: p.company.nameZh } },
      title: p.title,
      summary: p.summary,
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      url: `${request.protocol}://${request.host}/essay?${new URLSearchParams({ id: p.slug })}`,
    }));
    return send(reply, { data, total: result.total, nextCursor: nextCursor(page, limit, result.total) });
  });

  // Unknown /v1 paths answer in this API's error shape instead of falling through to the pages.
  app.all('/v1/*', async () => {
    throw new AppError({ code: 'route_not_found', kind: 'not_found', message: 'No such API path' });
  });
}
