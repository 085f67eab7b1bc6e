import { requireRole } from '../http/admin-guard.ts';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import type { CatalogueClient, CatalogueCompany } from '../clients/catalogue.client.ts';
import type { IdentityClient, IdentityUser } from '../clients/identity.client.ts';
import type { AuditRecord, ReviewRecord, ReviewsClient } from '../clients/reviews.client.ts';
import type { TraderClient } from '../clients/trader.client.ts';
import type { AdminDecision, AuditEntry, Lang, Page, PublicReview } from '@brokerwise/api-contract';
import { companiesOfReviews, presentReview, verifiedClientsOf } from '../domain/reviews.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface AdminDeps {
  reviews: ReviewsClient;
  catalogue: CatalogueClient;
  identity: IdentityClient;
  sessions: Sessions;
  /** Marks reviews by verified clients in the queue (a moderator weighs them differently). */
  trader?: TraderClient | undefined;
}

const PAGE_SIZE = 20;

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

/** The reviews service's "no such review" speaks to authors; an admin is told the review is gone. */
function reviewGone(err: unknown): unknown {
  if (isAppError(err) && err.code === 'reviews.review_not_found') return new AppError({ code: 'admin.review_not_found', kind: 'not_found', message: 'No such review' });
  return err;
}

/** /api/admin/reviews/*: review moderation for accounts with the admin role. */
export async function adminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  const { reviews, catalogue, identity, sessions } = deps;
  const requireModerator = requireRole(sessions, identity, 'moderator');

  const present = (r: ReviewRecord, c: CatalogueCompany | undefined, lang: Lang, verified?: Set<string>): PublicReview => presentReview({ ...r, mine: false }, c, lang, verified);
  const companiesOf = (items: ReviewRecord[], rid: string) => companiesOfReviews(catalogue, items, rid);

  /** Moderator ids → usernames, one identity call per distinct moderator; '' for a vanished account. */
  const usernamesOf = async (moderatorIds: string[], known: IdentityUser | undefined, rid: string) => {
    const names = new Map<string, string>(known ? [[known.id, known.username]] : []);
    const missing = [...new Set(moderatorIds)].filter((id) => !names.has(id));
    const found = await Promise.all(
      missing.map((id) =>
        identity.user(id, rid).then(
          (u) => u.username,
          (err: unknown) => {
            if (isAppError(err) && err.kind === 'not_found') return '';
            throw err;
          },
        ),
      ),
    );
    missing.forEach((id, i) => names.set(id, found[i]!));
    return names;
  };

  const presentAudit = (a: AuditRecord, names: Map<string, string>): AuditEntry => ({
    id: a.id,
    reviewId: a.reviewId,
    moderator: { id: a.moderatorId, username: names.get(a.moderatorId) ?? '' },
    decision: a.decision,
    reason: a.reason,
    previousStatus: a.previousStatus,
    at: a.at,
  });

  app.get<{ Querystring: Validated<typeof operations.adminReviewQueue.query> }>('/api/admin/reviews/queue', { schema: contractSchema('adminReviewQueue') }, async (request, reply) => {
    await requireModerator(request);
    const page = await reviews.moderationQueue({ page: request.query.page, limit: PAGE_SIZE }, request.id);
    const [companies, verified] = await Promise.all([companiesOf(page.items, request.id), verifiedClientsOf(deps.trader, page.items, request.id)]);
    const data: Page<PublicReview> = { list: page.items.map((r) => present(r, companies.get(r.companyId), request.lang, verified)), total: page.total, page: request.query.page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminReviewDecide.body> }>('/api/admin/reviews/decide', { schema: contractSchema('adminReviewDecide') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    const { review, audit } = await reviews.decide(b.reviewId, { moderatorId: me.id, decision: b.decision, reason: b.reason ?? '' }, request.id).catch((err: unknown) => {
      throw reviewGone(err);
    });
    const companies = await companiesOf([review], request.id);
    const data: AdminDecision = { review: present(review, companies.get(review.companyId), request.lang), audit: presentAudit(audit, new Map([[me.id, me.username]])) };
    return send(request, reply, b.decision === 'approve' ? 'admin.review_approved' : 'admin.review_rejected', data);
  });

  app.get<{ Querystring: Validated<typeof operations.adminReviewAudit.query> }>('/api/admin/reviews/audit', { schema: contractSchema('adminReviewAudit') }, async (request, reply) => {
    const me = await requireModerator(request);
    const { items } = await reviews.audit(request.query.reviewId, request.id).catch((err: unknown) => {
      throw reviewGone(err);
    });
    const names = await usernamesOf(
      items.map((a) => a.moderatorId),
      me,
      request.id,
    );
    const data: AuditEntry[] = items.map((a) => presentAudit(a, names));
    return send(request, reply, 'ok', data);
  });
}
