import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { ReviewsDeps } from '../../deps.ts';
import { listAllApproved } from '../../store/review.store.ts';
import { PageQuery } from '../dto.ts';

const PublishedQuery = Type.Object(PageQuery, { additionalProperties: false });
const PublishedDto = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      companyId: Type.String(),
      stars: Type.Integer(),
      /** When the author last wrote it: the score's age runs from here. */
      writtenAt: Type.String(),
      publishedAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  total: Type.Integer(),
});

/** Every published review's rating inputs (no text, no author), for the public API and open data. */
export async function publishedRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof PublishedQuery> }>('/v1/reviews/published', { schema: { querystring: PublishedQuery, response: { 200: PublishedDto } } }, async (request) => {
    const { rows, total } = await listAllApproved(deps.db, request.query);
    return {
      items: rows.map((r) => ({ id: r.id, companyId: r.company_id, stars: r.stars, writtenAt: r.updated_at.toISOString(), publishedAt: r.moderated_at ? r.moderated_at.toISOString() : null })),
      total,
    };
  });
}
