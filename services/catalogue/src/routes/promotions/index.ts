import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { readDetails } from '../../domain/company-details.ts';
import { deletePromotion, findActivePromotions, findAllPromotions, getPromotion, promotionStatus, savePromotion } from '../../domain/promotions.ts';
import type { PromotionRow } from '../../store/promotion.store.ts';
import type { CatalogueDeps } from '../../deps.ts';
import {
  AdminPromotionListQuery,
  PromotionDetailQuery,
  PromotionDto,
  PromotionListQuery,
  PromotionListResponse,
  PromotionSaveBody,
  PromotionSlugParams,
  PromotionSummaryDto,
} from './schemas.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export function toPromotionSummaryDto(r: PromotionRow, now: Date): Static<typeof PromotionSummaryDto> {
  return {
    id: r.id,
    slug: r.slug,
    status: promotionStatus(r, now),
    company: {
      id: r.company_id,
      slug: r.company_slug,
      name: r.company_name,
      nameZh: r.company_name_zh,
      logoKey: r.company_logo_key,
      score: Number(r.company_score),
      reviewCount: r.company_review_count,
      openAccountUrl: readDetails(r.company_details, r.company_website).openAccountUrl,
    },
    title: { en: r.title_en, zh: r.title_zh },
    summary: { en: r.summary_en, zh: r.summary_zh },
    startsAt: iso(r.starts_at),
    endsAt: r.ends_at === null ? null : iso(r.ends_at),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export function toPromotionDto(r: PromotionRow, now: Date): Static<typeof PromotionDto> {
  return { ...toPromotionSummaryDto(r, now), body: { en: r.body_en, zh: r.body_zh }, terms: { en: r.terms_en, zh: r.terms_zh } };
}

/** Broker promotions: the public list and page, and the admin's list, save and delete. */
export async function promotionRoutes(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof PromotionListQuery> }>(
    '/v1/promotions',
    { schema: { querystring: PromotionListQuery, response: { 200: PromotionListResponse } } },
    async (request) => {
      const now = new Date();
      const { rows, total } = await findActivePromotions(deps.db, { ...request.query, now });
      return { items: rows.map((r) => toPromotionSummaryDto(r, now)), total };
    },
  );

  app.get<{ Querystring: Static<typeof AdminPromotionListQuery> }>(
    '/v1/admin/promotions',
    { config: { callerRole: 'admin' }, schema: { querystring: AdminPromotionListQuery, response: { 200: PromotionListResponse } } },
    async (request) => {
      const now = new Date();
      const { rows, total } = await findAllPromotions(deps.db, request.query);
      return { items: rows.map((r) => toPromotionSummaryDto(r, now)), total };
    },
  );

  app.get<{ Params: Static<typeof PromotionSlugParams>; Querystring: Static<typeof PromotionDetailQuery> }>(
    '/v1/promotions/:slug',
    { schema: { params: PromotionSlugParams, querystring: PromotionDetailQuery, response: { 200: PromotionDto } } },
    async (request) => {
      const now = new Date();
      return toPromotionDto(await getPromotion(deps.db, request.params.slug, { preview: request.query.preview, now }), now);
    },
  );

  app.put<{ Params: Static<typeof PromotionSlugParams>; Body: Static<typeof PromotionSaveBody> }>(
    '/v1/promotions/:slug',
    { config: { callerRole: 'admin' }, schema: { params: PromotionSlugParams, body: PromotionSaveBody, response: { 200: PromotionDto } } },
    async (request) => {
      const { mode, createdBy, ...promotion } = request.body;
      const row = await savePromotion(deps.db, { slug: request.params.slug, mode, createdBy, promotion });
      return toPromotionDto(row, new Date());
    },
  );

  app.delete<{ Params: Static<typeof PromotionSlugParams> }>(
    '/v1/promotions/:slug',
    { config: { callerRole: 'admin' }, schema: { params: PromotionSlugParams, response: { 200: PromotionSlugParams } } },
    async (request) => {
      await deletePromotion(deps.db, request.params.slug);
      return { slug: request.params.slug };
    },
  );
}
