import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ReviewsDeps } from '../../deps.ts';
import { getRating } from '../../domain/rating.ts';
import { DISPLAY_DECIMALS, HALF_LIFE_DAYS, PRIOR_MEAN, PRIOR_WEIGHT } from '../../domain/score.ts';
import { CompanyParams, MethodologyDto, RatingDto } from './schemas.ts';

/** Company ratings as last recomputed, and the constants of the published formula. */
export async function ratingRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.get<{ Params: Static<typeof CompanyParams> }>(
    '/v1/companies/:companyId/rating',
    { schema: { params: CompanyParams, response: { 200: RatingDto } } },
    async (request) => {
      const r = await getRating(deps.db, request.params.companyId.toLowerCase());
      return { ...r, distribution: [...r.distribution], computedAt: r.computedAt ? r.computedAt.toISOString() : null };
    },
  );

  app.get('/v1/rating/methodology', { schema: { response: { 200: MethodologyDto } } }, async () => ({
    priorWeight: PRIOR_WEIGHT,
    priorMean: PRIOR_MEAN,
    halfLifeDays: HALF_LIFE_DAYS,
    displayDecimals: DISPLAY_DECIMALS,
  }));
}
