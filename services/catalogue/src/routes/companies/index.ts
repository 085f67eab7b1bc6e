import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { findCompanies, getCompanyDetail, rankBrokers, republishAll, saveCompany, type CompanyDetail } from '../../domain/companies.ts';
import type { CompanyRow } from '../../store/company.store.ts';
import type { CatalogueDeps } from '../../deps.ts';
import { CompanyDto, DetailDto, ListQuery, ListResponse, SaveBody, SlugParams, TopQuery } from './schemas.ts';

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
    logoSizes: r.logo_sizes,
    score: Number(r.score),
    reviewCount: r.review_count,
    founded: r.founded,
    regulated: r.regulated,
    aliases: r.aliases,
    website: r.website,
    version: Number(r.version),
  };
}

export function toDetailDto({ row, details, countries }: CompanyDetail): Static<typeof DetailDto> {
  const countryName = (code: string) => {
    const c = countries.get(code);
    return { code, nameEn: c?.name_en ?? code, nameZh: c?.name_zh ?? code };
  };
  return {
    ...toCompanyDto(row),
    ...details,
    licences: details.licences.map((l) => ({ ...l, regulatorCountry: countryName(l.regulatorCountry) })),
    updatedAt: new Date(row.updated_at).toISOString(),
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
        regulated: q.regulated,
        keyword: q.keyword,
        slugs: q.slugs ? q.slugs.split(',') : undefined,
        ids: q.ids ? q.ids.split(',') : undefined,
        // Naming the companies of existing reviews: a hidden or merged one still has its name.
        includeHidden: q.ids ? true : undefined,
        order: q.order,
      });
      return { items: rows.map(toCompanyDto), total };
    },
  );

  app.get<{ Params: Static<typeof SlugParams> }>(
    '/v1/companies/:slug',
    { schema: { params: SlugParams, response: { 200: DetailDto } } },
    async (request) => toDetailDto(await getCompanyDetail(deps.db, request.params.slug)),
  );

  app.get<{ Querystring: Static<typeof TopQuery> }>(
    '/v1/top',
    { schema: { querystring: TopQuery, response: { 200: ListResponse } } },
    async (request) => {
      const { rows, total } = await rankBrokers(deps.db, { page: request.query.page, limit: request.query.limit, minReviews: deps.topMinReviews });
      return { items: rows.map(toCompanyDto), total };
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

  // Operations: re-announce every company so a read model (search) can rebuild from events.
  app.post('/v1/admin/republish', { config: { callerRole: 'admin' } }, async (request) => {
    const count = await republishAll(deps.db, { mediaUrl: deps.mediaUrl, correlationId: request.id });
    deps.relay.poke();
    return { republished: count };
  });
}
