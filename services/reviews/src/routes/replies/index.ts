import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ReviewsDeps } from '../../deps.ts';
import { companyReplyFigures, decideReply, repliesOf, replyHistory, replyQueue, writeReply } from '../../domain/replies.ts';
import type { ReplyRow } from '../../store/reply.store.ts';
import {
  CompanyParams,
  DecisionBody,
  FiguresDto,
  HistoryDto,
  QueueDto,
  QueueQuery,
  RepliesQuery,
  ReplyDto,
  ReplyListDto,
  ReplyParams,
  ReviewParams,
  WriteBody,
} from './schemas.ts';

const replyDto = (r: ReplyRow): Static<typeof ReplyDto> => ({
  id: r.id,
  reviewId: r.review_id,
  companyId: r.company_id,
  authorId: r.author_id,
  text: r.text,
  status: r.status,
  rejectReason: r.reject_reason,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  firstPublishedAt: r.first_published_at?.toISOString() ?? null,
  edited: r.updated_at.getTime() !== r.created_at.getTime(),
});

/** Company replies (ADR 030): written by representatives, decided by moderators, read by anyone. */
export async function replyRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.put<{
    Params: Static<typeof ReviewParams>;
    Body: Static<typeof WriteBody>;
  }>(
    '/v1/reviews/:reviewId/reply',
    {
      schema: {
        params: ReviewParams,
        body: WriteBody,
        response: { 200: ReplyDto },
      },
    },
    async (request) =>
      replyDto(
        await writeReply(deps, {
          reviewId: request.params.reviewId,
          ...request.body,
        }),
      ),
  );

  app.get<{ Querystring: Static<typeof RepliesQuery> }>(
    '/v1/replies',
    { schema: { querystring: RepliesQuery, response: { 200: ReplyListDto } } },
    async (request) => {
      const ids = request.query.reviewIds
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 100);
      return { items: (await repliesOf(deps, ids)).map(replyDto) };
    },
  );

  app.get<{ Params: Static<typeof CompanyParams> }>(
    '/v1/companies/:companyId/reply-figures',
    { schema: { params: CompanyParams, response: { 200: FiguresDto } } },
    async (request) => companyReplyFigures(deps, request.params.companyId),
  );

  app.get<{ Params: Static<typeof ReplyParams> }>(
    '/v1/replies/:replyId/history',
    { schema: { params: ReplyParams, response: { 200: HistoryDto } } },
    async (request) => ({
      items: (await replyHistory(deps, request.params.replyId)).map((v) => ({
        authorId: v.author_id,
        text: v.text,
        writtenAt: v.written_at.toISOString(),
      })),
    }),
  );

  app.get<{ Querystring: Static<typeof QueueQuery> }>(
    '/v1/moderation/replies',
    {
      config: { callerRole: 'moderator' },
      schema: { querystring: QueueQuery, response: { 200: QueueDto } },
    },
    async (request) => {
      const { rows, total } = await replyQueue(deps, request.query);
      return {
        items: rows.map((r) => ({
          reply: replyDto(r),
          review: {
            id: r.review_id,
            username: r.review_username,
            stars: r.review_stars,
            text: r.review_text,
          },
        })),
        total,
      };
    },
  );

  app.post<{
    Params: Static<typeof ReplyParams>;
    Body: Static<typeof DecisionBody>;
  }>(
    '/v1/moderation/replies/:replyId',
    {
      schema: {
        params: ReplyParams,
        body: DecisionBody,
        response: { 200: ReplyDto },
      },
    },
    async (request) => {
      const b = request.body;
      const reply = await decideReply(
        deps,
        {
          replyId: request.params.replyId,
          moderatorId: b.moderatorId.toLowerCase(),
          decision: b.decision,
          reason: b.reason,
        },
        { correlationId: request.id },
      );
      deps.relay.poke();
      return replyDto(reply);
    },
  );
}
