import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ReviewsDeps } from '../../deps.ts';
import { decide, moderationHistory, moderationQueue } from '../../domain/moderation.ts';
import type { AuditRow } from '../../store/audit.store.ts';
import type { Decision } from '../../store/types.ts';
import { ReviewPage, toReviewDto } from '../dto.ts';
import { AuditDto, AuditListDto, DecisionBody, DecisionDto, QueueQuery, ReviewParams } from './schemas.ts';

function toAuditDto(a: AuditRow): Static<typeof AuditDto> {
  // A removal after a report rejected the review, a restore on appeal approved it: its own history shows them as such.
  const decision: Decision = a.decision === 'approve' || a.decision === 'restore' ? 'approve' : 'reject';
  return { id: a.id, reviewId: a.review_id ?? a.target_id, moderatorId: a.moderator_id, decision, reason: a.reason, previousStatus: a.previous_status, at: a.at.toISOString() };
}

/** The moderators' side (the gateway lets admins only). */
export async function moderationRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof QueueQuery> }>(
    '/v1/moderation/queue',
    { config: { callerRole: 'moderator' }, schema: { querystring: QueueQuery, response: { 200: ReviewPage } } },
    async (request) => {
      const { rows, total } = await moderationQueue(deps, { page: request.query.page, limit: request.query.limit });
      return { items: rows.map((r) => toReviewDto(r, undefined)), total };
    },
  );

  app.post<{ Params: Static<typeof ReviewParams>; Body: Static<typeof DecisionBody> }>(
    '/v1/moderation/:reviewId',
    { schema: { params: ReviewParams, body: DecisionBody, response: { 200: DecisionDto } } },
    async (request) => {
      const b = request.body;
      const { review, audit } = await decide(
        deps,
        { reviewId: request.params.reviewId, moderatorId: b.moderatorId.toLowerCase(), decision: b.decision, reason: b.reason },
        { correlationId: request.id },
      );
      deps.relay.poke();
      return { review: toReviewDto(review, undefined), audit: toAuditDto(audit) };
    },
  );

  app.get<{ Params: Static<typeof ReviewParams> }>(
    '/v1/moderation/:reviewId/audit',
    { config: { callerRole: 'moderator' }, schema: { params: ReviewParams, response: { 200: AuditListDto } } },
    async (request) => ({ items: (await moderationHistory(deps, request.params.reviewId)).map(toAuditDto) }),
  );
}
