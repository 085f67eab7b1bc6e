import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { searchCatalogue } from '../../domain/search.ts';
import type { SearchRow } from '../../store/company.store.ts';
import type { SearchDeps } from '../../deps.ts';
import { SearchQuery, SearchResponse, type SearchHit } from './schemas.ts';

export function toSearchHit(r: SearchRow): Static<typeof SearchHit> {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    nameZh: r.name_zh,
    category: r.category,
    countryCode: r.country_code,
    descriptionEn: r.description_en,
    descriptionZh: r.description_zh,
    score: Number(r.score),
    regulated: r.regulated,
    founded: r.founded,
    logoUrl: r.logo_url,
    relevance: Math.round(Number(r.relevance) * 1000) / 1000,
  };
}

export async function searchRoutes(app: FastifyInstance, deps: SearchDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/v1/search',
    { schema: { querystring: SearchQuery, response: { 200: SearchResponse } } },
    async (request) => {
      const q = request.query;
      const { rows, total, totalExact } = await searchCatalogue(deps.db, {
        q: q.q,
        category: q.category,
        countryCode: q.country,
        minScore: q.minScore,
        regulated: q.regulated,
        order: q.order,
        page: q.page,
        limit: q.limit,
      }, { fuzzyThreshold: deps.fuzzyThreshold, exactTotalUpTo: deps.exactTotalUpTo });
      return { items: rows.map(toSearchHit), total, totalExact };
    },
  );
}
