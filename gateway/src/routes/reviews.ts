import { createHmac } from 'node:crypto';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import type { CatalogueClient, CatalogueCompany } from '../clients/catalogue.client.ts';
import type { Cache } from '@brokerwise/cache';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { ReviewRecord, ReviewsClient } from '../clients/reviews.client.ts';
import type { TraderClient } from '../clients/trader.client.ts';
import type { CompanyReviews, Lang, Page, PublicReview } from '@brokerwise/api-contract';
import { companiesOfReviews, presentReview, verifiedClientsOf } from '../domain/reviews.ts';
import { JsonCache, sendOkJson } from '../http/cached.ts';
import { contractSchema, dataSerializer } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { CacheInvalidator } from '../http/invalidation.ts';
import type { PageParts } from '../http/page-parts.ts';
import type { PostingGuard } from '../http/posting.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface ReviewDeps {
  reviews: ReviewsClient;
  /** For the "verified client" badges (one call per page); absent = no badges. */
  trader?: TraderClient | undefined;
  catalogue: CatalogueClient;
  identity: IdentityClient;
  sessions: Sessions;
  /** Submitting a review is posting: a restricted user is refused. */
  posting: PostingGuard;
  /** Anonymous review pages are cached like catalogue answers and dropped on `reviews.rating.changed`. */
  cache: Cache;
  invalidator?: CacheInvalidator | undefined;
  ttlSeconds: number;
  /** Keys the client-address hash sent with a review (automatic signals); the raw address never leaves. */
  originSecret: string;
  /** Where the answers a page's data is made of are registered (ADR 036). */
  parts: PageParts;
}

const PAGE_SIZE = 10;

/** The host of a company's website ('' when it has none or it does not parse). */
function websiteDomain(website: string | null): string {
  if (!website) return '';
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`).hostname;
  } catch {
    return '';
  }
}

/** The reviews service names fields stars/text/confirmed; the public form says score/content/check. */
const FIELD_NAMES: Record<string, string> = { stars: 'score', text: 'content', confirmed: 'check' };
function renameFields(err: unknown): unknown {
  if (!isAppError(err) || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [FIELD_NAMES[k] ?? k, v]));
  return new AppError({ ...err.toJSON(), fields });
}

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

/** Review paths: reading is public; writing needs a session; the reviews service keeps the rules. */
export async function reviewRoutes(app: FastifyInstance, deps: ReviewDeps): Promise<void> {
  const { reviews, catalogue, identity, sessions } = deps;
  const jsonCache = new JsonCache(deps.cache);
  deps.invalidator?.onInvalidate(() => jsonCache.clearLocal());

  const present = (r: ReviewRecord, c: CatalogueCompany | undefined, lang: Lang, verified?: Set<string>): PublicReview => presentReview(r, c, lang, verified);
  const verifiedOf = (items: (ReviewRecord | null)[], rid: string) => verifiedClientsOf(deps.trader, items, rid);
  const companiesOf = (items: ReviewRecord[], rid: string) => companiesOfReviews(catalogue, items, rid);
  // Its own key, derived from the gateway secret, so an address hash is never a token signature.
  const originKey = createHmac('sha256', deps.originSecret).update('brokerwise review origin v1').digest();
  const originHash = (value: string) => createHmac('sha256', originKey).update(value).digest('base64url');

  const companyReviews = deps.parts.add('companyReviews', async (request, query) => {
    const viewer = await sessions.optional(request);
    const load = async (): Promise<CompanyReviews> => {
      const company = await catalogue.company(query.id, request.id);
      const [page, rating] = await Promise.all([
        reviews.forCompany(company.id, { page: query.page, limit: PAGE_SIZE, viewer: viewer?.userId }, request.id),
        reviews.rating(company.id, request.id),
      ]);
      const verified = await verifiedOf([...page.items, page.mine], request.id);
      return {
        list: page.items.map((r) => present(r, company, request.lang, verified)),
        total: page.total,
        page: query.page,
        limit: PAGE_SIZE,
        mine: page.mine ? present(page.mine, company, request.lang, verified) : null,
        rating: { score: rating.displayScore, count: rating.approvedCount, distribution: rating.distribution },
      };
    };
    // Answers are not shared between callers when they carry the caller's own review.
    if (viewer) return { json: Buffer.from(dataSerializer('companyReviews')(await load())), hit: undefined };
    // Anonymous: every approval, rejection or deletion emits reviews.rating.changed, which drops these.
    return jsonCache.get(`gw:cat:reviews:${request.lang}:${query.id}:${query.page}`, deps.ttlSeconds, load, dataSerializer('companyReviews'));
  });
  app.get<{ Querystring: Validated<typeof operations.companyReviews.query> }>('/api/reviews/list', { schema: contractSchema('companyReviews') }, async (request, reply) => {
    const { json, hit } = await companyReviews(request, request.query);
    void reply.header('vary', 'cookie, token, lang').header('cache-control', 'no-store');
    if (hit !== undefined) void reply.header('x-cache', hit ? 'HIT' : 'MISS');
    return sendOkJson(request, reply, json);
  });

  app.post<{ Body: Validated<typeof operations.submitReview.body> }>('/api/reviews/submit', { schema: contractSchema('submitReview') }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const b = request.body;
    const [company, me] = await Promise.all([catalogue.company(b.id, request.id), identity.user(user.userId, request.id)]);
    const saved = await reviews
      .submit(
        company.id,
        {
          userId: me.id,
          username: me.username,
          stars: Math.trunc(b.score ?? 0),
          text: b.content ?? '',
          confirmed: b.check === true,
          accountCreatedAt: me.createdAt,
          // For the automatic signals: one address behind several accounts, accounts tied to the company.
          ...(request.clientAddress ? { originAddress: originHash(request.clientAddress) } : {}),
          emailDomain: (me.email?.split('@')[1] ?? '').slice(0, 253),
          companyDomain: websiteDomain(company.website).slice(0, 253),
        },
        request.id,
      )
      .catch((err: unknown) => {
        throw renameFields(err);
      });
    return send(request, reply, 'reviews.submitted', present(saved, company, request.lang, await verifiedOf([saved], request.id)));
  });

  app.post<{ Body: Validated<typeof operations.deleteReview.body> }>('/api/reviews/delete', { schema: contractSchema('deleteReview') }, async (request, reply) => {
    const user = await sessions.require(request);
    const company = await catalogue.company(request.body.id, request.id);
    await reviews.remove(company.id, user.userId, request.id);
    return send(request, reply, 'reviews.deleted', null);
  });

  app.get<{ Querystring: Validated<typeof operations.myReviews.query> }>('/api/user/reviews', { schema: contractSchema('myReviews') }, async (request, reply) => {
    const user = await sessions.require(request);
    const page = await reviews.forUser(user.userId, { page: request.query.page, limit: PAGE_SIZE }, request.id);
    const companies = await companiesOf(page.items, request.id);
    const verified = await verifiedOf(page.items, request.id);
    const data: Page<PublicReview> = { list: page.items.map((r) => present({ ...r, mine: true }, companies.get(r.companyId), request.lang, verified)), total: page.total, page: request.query.page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  // The same for everyone (the home page): cached, and dropped by the reviews.rating.changed
  // every approval, rejection or deletion emits.
  const recentReviews = deps.parts.add('recentReviews', (request, { limit }) =>
    jsonCache.get(`gw:cat:reviews:recent:${request.lang}:${limit}`, deps.ttlSeconds, async () => {
      const { items } = await reviews.recent(limit, request.id);
      const companies = await companiesOf(items, request.id);
      const verified = await verifiedOf(items, request.id);
      return items.filter((r) => companies.has(r.companyId)).map((r) => present({ ...r, mine: false }, companies.get(r.companyId), request.lang, verified));
    }, dataSerializer('recentReviews')),
  );
  app.get<{ Querystring: Validated<typeof operations.recentReviews.query> }>('/api/reviews/recent', { schema: contractSchema('recentReviews') }, async (request, reply) => {
    const { json, hit } = await recentReviews(request, request.query);
    void reply.header('cache-control', 'public, max-age=30').header('x-cache', hit ? 'HIT' : 'MISS');
    return sendOkJson(request, reply, json);
  });
}
