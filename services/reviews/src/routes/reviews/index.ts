import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ReviewsDeps } from '../../deps.ts';
import { companyReviews, deleteReview, recentReviews, submitReview, userReviews } from '../../domain/reviews.ts';
import { ReviewDto, ReviewPage, toReviewDto } from '../dto.ts';
import {
  CompanyParams,
  CompanyReviewsDto,
  CompanyReviewsQuery,
  DeleteQuery,
  DeletedDto,
  RecentDto,
  RecentQuery,
  SubmitBody,
  UserParams,
  UserReviewsQuery,
} from './schemas.ts';

type Company = { Params: Static<typeof CompanyParams> };

/** Writing, deleting and reading reviews (`userId` = the signed-in user, vouched for by the gateway). */
export async function reviewRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.put<Company & { Body: Static<typeof SubmitBody> }>(
    '/v1/companies/:companyId/reviews/mine',
    { schema: { params: CompanyParams, body: SubmitBody, response: { 200: ReviewDto } } },
    async (request) => {
      const b = request.body;
      const row = await submitReview(
        deps,
        {
          companyId: request.params.companyId.toLowerCase(),
          userId: b.userId.toLowerCase(),
          username: b.username,
          stars: b.stars,
          text: b.text,
          confirmed: b.confirmed,
          accountCreatedAt: new Date(b.accountCreatedAt),
          origin: { address: b.originAddress, device: b.originDevice },
          emailDomain: b.emailDomain,
          companyDomain: b.companyDomain,
        },
        { correlationId: request.id },
      );
      deps.relay.poke();
      return toReviewDto(row, row.user_id);
    },
  );

  app.delete<Company & { Querystring: Static<typeof DeleteQuery> }>(
    '/v1/companies/:companyId/reviews/mine',
    { schema: { params: CompanyParams, querystring: DeleteQuery, response: { 200: DeletedDto } } },
    async (request) => {
      const row = await deleteReview(deps, request.params.companyId.toLowerCase(), request.query.userId.toLowerCase(), { correlationId: request.id });
      deps.relay.poke();
      return { deleted: row.id };
    },
  );

  app.get<Company & { Querystring: Static<typeof CompanyReviewsQuery> }>(
    '/v1/companies/:companyId/reviews',
    { schema: { params: CompanyParams, querystring: CompanyReviewsQuery, response: { 200: CompanyReviewsDto } } },
    async (request) => {
      const q = request.query;
      const viewer = q.viewer?.toLowerCase();
      const { rows, total, mine } = await companyReviews(deps, request.params.companyId.toLowerCase(), { page: q.page, limit: q.limit }, viewer);
      return {
        // Another user's reject reason is not shown (approved reviews have none anyway).
        items: rows.map((r) => toReviewDto(r, viewer)),
        total,
        mine: mine ? toReviewDto(mine, viewer) : null,
      };
    },
  );

  app.get<{ Params: Static<typeof UserParams>; Querystring: Static<typeof UserReviewsQuery> }>(
    '/v1/users/:userId/reviews',
    { schema: { params: UserParams, querystring: UserReviewsQuery, response: { 200: ReviewPage } } },
    async (request) => {
      const userId = request.params.userId.toLowerCase();
      const { rows, total } = await userReviews(deps, userId, { page: request.query.page, limit: request.query.limit });
      return { items: rows.map((r) => toReviewDto(r, userId)), total };
    },
  );

  app.get<{ Querystring: Static<typeof RecentQuery> }>(
    '/v1/recent',
    { schema: { querystring: RecentQuery, response: { 200: RecentDto } } },
    async (request) => ({ items: (await recentReviews(deps, request.query.limit)).map((r) => toReviewDto(r, undefined)) }),
  );
}
