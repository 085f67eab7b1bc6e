import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { notFound } from '@brokerwise/errors';
import { findCompanies, saveCompany } from '../../domain/companies.ts';
import { findCompanyBySlug, type CompanyRow } from '../../store/company.store.ts';
import type { CatalogueDeps } from '../../app.ts';
import { CompanyDto, ListQuery, ListResponse, SaveBody, SlugParams } from './schemas.ts';

export function toCompanyDto(r: CompanyRow): Static<typeof CompanyDto> {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    nameZh: r.name_zh,
    category: r.category_slug,
    countryCode: r.country_code,
    description: { en: r.description_en, zh: r.description_zh },
    logoKey: r.logo_key,
    score: Number(r.score),
    reviewCount: r.review_count,
    founded: r.founded,
    regulated: r.regulated,
    aliases: r.aliases,
    website: r.website,
    version: Number(r.version),
  };
}

export async function companyRoutes(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/companies',
    { schema: { querystring: ListQuery, response: { 200: ListResponse } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await findCompanies(deps.db, {
        page: q.page,
        limit: q.limit,
        category: q.category,
        minScore: q.minScore,
        countryCode: q.country,
        keyword: q.keyword,
        order: q.order,
      });
      return { items: rows.map(toCompanyDto), total };
    },
  );

  app.get<{ Params: Static<typeof SlugParams> }>(
    '/v1/companies/:slug',
    { schema: { params: SlugParams, response: { 200: CompanyDto } } },
    async (request) => {
      const row = await findCompanyBySlug(deps.db, request.params.slug);
      if (!row) throw notFound('catalogue.company_not_found', 'No such company');
      return toCompanyDto(row);
    },
  );

  app.put<{ Params: Static<typeof SlugParams>; Body: Static<typeof SaveBody> }>(
    '/v1/companies/:slug',
    { schema: { params: SlugParams, body: SaveBody, response: { 200: CompanyDto } } },
    async (request) => {
      const b = request.body;
      const row = await saveCompany(
        deps.db,
        {
          slug: request.params.slug,
          name: b.name,
          nameZh: b.nameZh,
          category: b.category,
          countryCode: b.countryCode,
          descriptionEn: b.description.en,
          descriptionZh: b.description.zh,
          logoKey: b.logoKey,
          score: b.score,
          reviewCount: b.reviewCount,
          founded: b.founded,
          regulated: b.regulated,
          aliases: b.aliases,
          website: b.website,
          details: b.details,
        },
        { correlationId: request.id, mediaUrl: deps.mediaUrl },
      );
      deps.relay.poke();
      return toCompanyDto(row);
    },
  );
}
