import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ReviewsDeps } from '../../deps.ts';
import { appealRemoval, decideRemovalAppeal, removalAppealQueue, removalsOf } from '../../domain/removal-appeals.ts';
import type { RemovalAppealRow } from '../../store/removal-appeal.store.ts';
import { toReviewDto } from '../dto.ts';
import { toLogEntryDto } from '../reports/index.ts';
import { AppealBody, AppealParams, AppealQueuePage, AppealQueueQuery, DecideBody, DecideDto, RemovalAppealDto, RemovalList, UserParams } from './schemas.ts';

const toAppealDto = (a: RemovalAppealRow): Static<typeof RemovalAppealDto> => ({
  id: a.id,
  removalId: a.audit_id,
  targetKind: a.target_kind,
  targetId: a.target_id,
  userId: a.user_id,
  removedBy: a.removed_by,
  text: a.text,
  createdAt: a.created_at.toISOString(),
  decision: a.decision,
  decidedBy: a.decided_by,
  decisionReason: a.decision_reason,
  decidedAt: a.decided_at ? a.decided_at.toISOString() : null,
});

/** Appeals against content removals: the author's side (own removals only) and the moderators'. */
export async function removalAppealRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.get<{ Params: Static<typeof UserParams> }>(
    '/v1/users/:userId/removals',
    { config: { callerParam: 'userId' }, schema: { params: UserParams, response: { 200: RemovalList } } },
    async (request) => {
      const items = await removalsOf(deps, request.params.userId.toLowerCase());
      return {
        items: items.map(({ audit, target, appeal }) => ({
          removalId: audit.id,
          targetKind: audit.target_kind as RemovalAppealRow['target_kind'],
          targetId: audit.target_id,
          contextId: target.contextId ?? '',
          excerpt: target.excerpt,
          reason: audit.reason,
          rule: audit.rule,
          removedAt: audit.at.toISOString(),
          status: target.status === 'deleted' ? 'rejected' : target.status,
          appeal: appeal && toAppealDto(appeal),
        })),
      };
    },
  );

  app.post<{ Params: Static<typeof UserParams>; Body: Static<typeof AppealBody> }>(
    '/v1/users/:userId/removal-appeals',
    { config: { callerParam: 'userId' }, schema: { params: UserParams, body: AppealBody, response: { 200: RemovalAppealDto } } },
    async (request) => toAppealDto(await appealRemoval(deps, { userId: request.params.userId.toLowerCase(), removalId: request.body.removalId, text: request.body.text })),
  );

  app.get<{ Querystring: Static<typeof AppealQueueQuery> }>(
    '/v1/moderation/removal-appeals',
    { config: { callerRole: 'moderator' }, schema: { querystring: AppealQueueQuery, response: { 200: AppealQueuePage } } },
    async (request) => {
      const q = request.query;
      const { items, total } = await removalAppealQueue(deps, { open: (q.status ?? 'open') === 'open', page: q.page, limit: q.limit });
      return {
        items: items.map((i) => ({ appeal: toAppealDto(i.appeal), removal: i.removal && toLogEntryDto(i.removal), review: i.review && toReviewDto(i.review, undefined), target: i.target })),
        total,
      };
    },
  );

  app.post<{ Params: Static<typeof AppealParams>; Body: Static<typeof DecideBody> }>(
    '/v1/moderation/removal-appeals/:appealId/decide',
    { config: { callerRole: 'moderator' }, schema: { params: AppealParams, body: DecideBody, response: { 200: DecideDto } } },
    async (request) => {
      const b = request.body;
      const { appeal, review, target, audit, removal } = await decideRemovalAppeal(
        deps,
        { appealId: request.params.appealId, decision: b.decision, reason: b.reason, moderatorId: b.moderatorId.toLowerCase() },
        { correlationId: request.id },
      );
      deps.relay.poke();
      return { appeal: toAppealDto(appeal), review: review && toReviewDto(review, undefined), target, audit: toLogEntryDto(audit), removal: removal && toLogEntryDto(removal) };
    },
  );
}
