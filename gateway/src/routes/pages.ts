import type { FastifyInstance } from 'fastify';
import type { CompanyReviews, operations, Validated } from '@brokerwise/api-contract';
import { sendOkJson } from '../http/cached.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { joinParts, type PageParts } from '../http/page-parts.ts';
import type { Sessions } from '../http/session.ts';

export interface PageDeps {
  parts: PageParts;
  sessions: Sessions;
}

/**
 * A server-rendered page's data in one answer (ADR 036): each part is asked in-process of the
 * operation that serves it (PageParts), in parallel, for the same caller, and answers what that
 * operation would (its envelope, or its failure with its HTTP status). The web tier's home and
 * company pages make this one call instead of four and six.
 */
export async function pageRoutes(app: FastifyInstance, deps: PageDeps): Promise<void> {
  const { parts, sessions } = deps;

  app.get('/api/pages/home', { schema: contractSchema('homePage') }, async (request, reply) => {
    const [banners, brands, categories, recentReviews] = await Promise.all([
      parts.part('banners', request, { page: 1, limit: 5 }),
      parts.part('brokersList', request, { page: 1, limit: 12, order: 'score' }),
      parts.part('categories', request, {}),
      parts.part('recentReviews', request, { limit: 6 }),
    ]);
    void reply.header('cache-control', 'no-store').header('vary', 'lang, accept-language');
    return sendOkJson(request, reply, joinParts({ banners, brands, categories, recentReviews }));
  });

  app.get<{ Querystring: Validated<typeof operations.companyPage.query> }>('/api/pages/company', { schema: contractSchema('companyPage') }, async (request, reply) => {
    const { id, page } = request.query;
    const reviewsCall = parts.part('companyReviews', request, { id, page });
    // The company's replies to the reviews shown (and to the caller's own): once those are known.
    const repliesCall = reviewsCall.then((reviews) => (reviews.json ? parts.part('companyReplies', request, { id, reviewIds: reviewIdsOf(reviews.json) }) : undefined));
    const [company, reviews, licences, follow, complaintFigures, complaints, replies] = await Promise.all([
      parts.part('companyDetail', request, { id }),
      reviewsCall,
      parts.part('companyLicences', request, { id }),
      // Following needs a session: a caller without one follows nothing, so it is not asked.
      sessions.presented(request) ? parts.part('companyFollow', request, { id }) : undefined,
      parts.part('complaintFigures', request, { id }),
      parts.part('complaints', request, { company: id, page: 1 }),
      repliesCall,
    ]);
    void reply.header('cache-control', 'no-store').header('vary', 'cookie, token, lang, accept-language');
    return sendOkJson(request, reply, joinParts({ company, reviews, licences, follow, complaintFigures, complaints, replies }));
  });
}

function reviewIdsOf(json: Buffer): string {
  const reviews = JSON.parse(json.toString()) as CompanyReviews;
  return [...reviews.list.map((r) => r.id), ...(reviews.mine ? [reviews.mine.id] : [])].join(',');
}
