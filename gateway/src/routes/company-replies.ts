import { operations, type AdminCompanyClaim, type AdminQueuedReply, type CompanyClaim, type CompanyReplies, type CompanyReply, type Lang, type Validated } from '@brokerwise/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import type { CatalogueClient, CatalogueCompany } from '../clients/catalogue.client.ts';
import type { IdentityClaim, IdentityClient } from '../clients/identity.client.ts';
import type { ReplyRecord, ReviewsClient } from '../clients/reviews.client.ts';
import { companiesOfReviews } from '../domain/reviews.ts';
import { requireRole } from '../http/admin-guard.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { RecentAnswers, sendOkJson } from '../http/cached.ts';
import { dataSerializer } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { PageParts } from '../http/page-parts.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface CompanyReplyDeps {
  identity: IdentityClient;
  catalogue: CatalogueClient;
  reviews: ReviewsClient;
  sessions: Sessions;
  /** Anonymous readers' replies and figures, kept a few seconds (forgotten on every write). */
  recent?: RecentAnswers | undefined;
  /** Where the answers a page's data is made of are registered (ADR 036). */
  parts: PageParts;
}

const PAGE_SIZE = 20;
/** Review ids a company page asks replies for at once (a page shows 10, and the visitor's own). */
const MAX_REVIEW_IDS = 20;

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T, params?: Record<string, string | number>) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang, params), time: now(), data });

/** The company as the pages of that language name it. */
const nameOf = (c: Pick<CatalogueCompany, 'name' | 'nameZh'>, lang: Lang) => (lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name);

/** A malformed id is "no such …" (the services refuse a non-UUID path parameter with validation_failed). */
const gone =
  (code: string) =>
  (err: unknown): never => {
    if (isAppError(err) && (err.kind === 'not_found' || err.code === 'validation_failed')) throw new AppError({ code, kind: 'not_found', message: 'Not found' });
    throw err;
  };

const presentReply = (r: ReplyRecord): CompanyReply => ({
  id: r.id,
  reviewId: r.reviewId,
  content: r.text,
  status: r.status,
  rejectReason: r.rejectReason,
  date: r.updatedAt,
  publishedAt: r.firstPublishedAt,
  edited: r.edited,
});

/**
 * Company representatives and their replies (issue 19, ADR 030). Identity owns the claims and
 * who represents which company; the gateway checks the company's website domain from the catalogue
 * and tells the reviews service which companies the caller represents when they reply.
 */
export async function companyReplyRoutes(app: FastifyInstance, deps: CompanyReplyDeps): Promise<void> {
  const recent = deps.recent ?? new RecentAnswers(0);
  const { identity, catalogue, reviews, sessions } = deps;
  const requireAdmin = requireRole(sessions, identity, 'admin');
  const requireModerator = requireRole(sessions, identity, 'moderator');

  /** Catalogue companies by id, one call. */
  const companiesById = (ids: string[], rid: string) => companiesOfReviews(catalogue, ids.map((companyId) => ({ companyId })), rid);
  const claimOf = (c: IdentityClaim, companies: Map<string, CatalogueCompany>, lang: Lang): CompanyClaim => {
    const company = companies.get(c.companyId);
    return {
      id: c.id,
      company: { id: company?.slug ?? '', name: company ? nameOf(company, lang) : c.companyName },
      email: c.email,
      status: c.status,
      createdAt: c.createdAt,
      verifiedAt: c.verifiedAt,
      decidedAt: c.decidedAt,
      decisionReason: c.decisionReason,
      revokedAt: c.revokedAt,
    };
  };
  const adminClaimOf = (c: IdentityClaim, companies: Map<string, CatalogueCompany>, lang: Lang): AdminCompanyClaim => ({
    ...claimOf(c, companies, lang),
    user: { id: c.userId, username: c.username ?? '' },
    companyHost: c.companyHost,
  });
  const oneAdminClaim = async (c: IdentityClaim, request: FastifyRequest) => adminClaimOf(c, await companiesById([c.companyId], request.id), request.lang);

  // --- The claimant -----------------------------------------------------------------------

  app.get('/api/user/companyClaims', { schema: contractSchema('companyClaims') }, async (request, reply) => {
    const user = await sessions.require(request);
    const { items } = await identity.companyClaims(user.userId, request.id);
    const companies = await companiesById(
      items.map((c) => c.companyId),
      request.id,
    );
    return send(
      request,
      reply,
      'ok',
      items.map((c) => claimOf(c, companies, request.lang)),
    );
  });

  app.post<{ Body: Validated<typeof operations.companyClaim.body> }>('/api/user/companyClaim', { schema: contractSchema('companyClaim') }, async (request, reply) => {
    const user = await sessions.require(request);
    const company = await catalogue.company(request.body.company, request.id);
    const started = await identity.startClaim(
      user.userId,
      {
        companyId: company.id,
        companyName: company.name,
        companyWebsite: company.website ?? company.contact.website ?? '',
        email: request.body.email,
        locale: request.lang,
      },
      request.id,
    );
    const companies = new Map([[company.id, company]]);
    return send(request, reply, 'claim.code_sent', { claim: claimOf(started.claim, companies, request.lang), resendAfter: started.resendAfter }, { email: started.claim.email });
  });

  app.post<{ Body: Validated<typeof operations.companyClaimVerify.body> }>('/api/user/companyClaimVerify', { schema: contractSchema('companyClaimVerify') }, async (request, reply) => {
    const user = await sessions.require(request);
    const claim = await identity.verifyClaim(user.userId, request.body.claimId, request.body.code, request.id).catch(gone('identity.claim_not_found'));
    return send(request, reply, 'claim.verified', claimOf(claim, await companiesById([claim.companyId], request.id), request.lang));
  });

  // --- Replies ----------------------------------------------------------------------------

  const companyReplies = deps.parts.add('companyReplies', async (request, query) => {
    const viewer = await sessions.optional(request);
    const reviewIds = query.reviewIds
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, MAX_REVIEW_IDS);
    const load = async (): Promise<CompanyReplies> => {
      const company = await catalogue.company(query.id, request.id);
      const [replies, figures, representing] = await Promise.all([
        reviewIds.length > 0 ? reviews.replies(reviewIds, request.id) : Promise.resolve({ items: [] }),
        reviews.replyFigures(company.id, request.id),
        viewer ? identity.representing(viewer.userId, request.id) : Promise.resolve({ items: [] }),
      ]);
      const representative = representing.items.some((c) => c.companyId === company.id);
      return {
        company: { id: company.slug, name: nameOf(company, request.lang) },
        // Everyone sees published replies; the company's representatives see theirs in any status.
        replies: replies.items.filter((r) => r.companyId === company.id && (r.status === 'approved' || representative)).map(presentReply),
        figures,
        representative,
      };
    };
    if (viewer) return { json: Buffer.from(dataSerializer('companyReplies')(await load())) };
    // Anonymous: the same answer for every visitor of this company page.
    return { json: await recent.get(`replies:${request.lang}:${query.id}:${reviewIds.join(',')}`, load, dataSerializer('companyReplies')) };
  });
  app.get<{ Querystring: Validated<typeof operations.companyReplies.query> }>('/api/reviews/replies', { schema: contractSchema('companyReplies') }, async (request, reply) => {
    const { json } = await companyReplies(request, request.query);
    return sendOkJson(request, reply.header('vary', 'cookie, token, lang').header('cache-control', 'no-store'), json);
  });

  app.post<{ Body: Validated<typeof operations.writeReply.body> }>('/api/reviews/reply', { schema: contractSchema('writeReply') }, async (request, reply) => {
    const user = await sessions.require(request);
    const { items } = await identity.representing(user.userId, request.id);
    const saved = await reviews
      .writeReply(request.body.reviewId, { userId: user.userId, companyIds: items.map((c) => c.companyId), text: request.body.content }, request.id)
      .catch(gone('reviews.review_not_found'));
    return send(request, reply, 'reviews.reply_saved', presentReply(saved));
  });

  // --- Staff ------------------------------------------------------------------------------

  app.get<{ Querystring: Validated<typeof operations.adminCompanyClaims.query> }>('/api/admin/companyClaims', { schema: contractSchema('adminCompanyClaims') }, async (request, reply) => {
    await requireAdmin(request);
    const page = request.query.page;
    const { items, total } = await identity.claimQueue({ status: request.query.status, page, limit: PAGE_SIZE }, request.id);
    const companies = await companiesById(
      items.map((c) => c.companyId),
      request.id,
    );
    return send(request, reply, 'ok', { list: items.map((c) => adminClaimOf(c, companies, request.lang)), total, page, limit: PAGE_SIZE });
  });

  app.post<{ Body: Validated<typeof operations.adminCompanyClaimDecide.body> }>(
    '/api/admin/companyClaims/decide',
    { schema: contractSchema('adminCompanyClaimDecide') },
    async (request, reply) => {
      const me = await requireAdmin(request);
      const b = request.body;
      const claim = await identity.decideClaim(b.claimId, { adminId: me.id, decision: b.decision, ...(b.reason ? { reason: b.reason } : {}) }, request.id).catch(gone('identity.claim_not_found'));
      const data = await oneAdminClaim(claim, request);
      return send(request, reply, b.decision === 'approve' ? 'admin.claim_approved' : 'admin.claim_rejected', data, { company: data.company.name });
    },
  );

  app.post<{ Body: Validated<typeof operations.adminRepresentativeRevoke.body> }>(
    '/api/admin/companyClaims/revoke',
    { schema: contractSchema('adminRepresentativeRevoke') },
    async (request, reply) => {
      const me = await requireAdmin(request);
      const claim = await identity.revokeRepresentative(request.body.claimId, { adminId: me.id, reason: request.body.reason }, request.id).catch(gone('identity.claim_not_found'));
      return send(request, reply, 'admin.representative_revoked', await oneAdminClaim(claim, request));
    },
  );

  app.get<{ Querystring: Validated<typeof operations.adminReplies.query> }>('/api/admin/replies', { schema: contractSchema('adminReplies') }, async (request, reply) => {
    await requireModerator(request);
    const page = request.query.page;
    const { items, total } = await reviews.replyQueue({ page, limit: PAGE_SIZE }, request.id);
    const [companies, histories] = await Promise.all([
      companiesById(
        items.map((i) => i.reply.companyId),
        request.id,
      ),
      Promise.all(items.map((i) => reviews.replyHistory(i.reply.id, request.id))),
    ]);
    const people = [...new Set(items.flatMap((i, n) => [i.reply.authorId, ...histories[n]!.items.map((v) => v.authorId)]))];
    const { items: cards } = people.length > 0 ? await identity.userCards(people, request.id) : { items: [] };
    const names = new Map(cards.map((u) => [u.id, u.username]));
    const list: AdminQueuedReply[] = items.map((i, n) => {
      const company = companies.get(i.reply.companyId);
      return {
        reply: presentReply(i.reply),
        company: { id: company?.slug ?? '', name: company ? nameOf(company, request.lang) : '' },
        author: { id: i.reply.authorId, username: names.get(i.reply.authorId) ?? '' },
        review: { id: i.review.id, username: i.review.username, score: i.review.stars, content: i.review.text },
        history: histories[n]!.items.map((v) => ({ content: v.text, date: v.writtenAt, author: names.get(v.authorId) ?? '' })),
      };
    });
    return send(request, reply, 'ok', { list, total, page, limit: PAGE_SIZE });
  });

  app.post<{ Body: Validated<typeof operations.adminReplyDecide.body> }>('/api/admin/replies/decide', { schema: contractSchema('adminReplyDecide') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    const decided = await reviews
      .decideReply(b.replyId, { moderatorId: me.id, decision: b.decision, ...(b.reason ? { reason: b.reason } : {}) }, request.id)
      .catch(gone('reviews.reply_not_found'));
    return send(request, reply, b.decision === 'approve' ? 'admin.reply_published' : 'admin.reply_rejected', presentReply(decided));
  });
}
