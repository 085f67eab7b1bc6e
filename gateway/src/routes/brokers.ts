import type { FastifyInstance, FastifyReply } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { Cache } from '@brokerwise/cache';
import { contractSchema, dataSerializer } from '../http/contract-schema.ts';
import type { CatalogueClient, CatalogueCategory, CatalogueCountry } from '../clients/catalogue.client.ts';
import type { Banner, Category, CompanyCard, CompanyDetail, CompanyListPage, Country, Page, RankedCompany } from '@brokerwise/api-contract';
import type { OpaqueIds } from '../domain/opaque-id.ts';
import type { Presenters } from '../domain/presenters.ts';
import type { SearchClient } from '../clients/search.client.ts';
import { JsonCache, sendOkJson } from '../http/cached.ts';
import type { CacheInvalidator } from '../http/invalidation.ts';
import type { PageParts } from '../http/page-parts.ts';

export interface BrokersDeps {
  catalogue: CatalogueClient;
  search: SearchClient;
  invalidator?: CacheInvalidator | undefined;
  cache: Cache;
  ids: OpaqueIds;
  presenters: Presenters;
  ttlSeconds: number;
  /** Where the answers a page's data is made of are registered (ADR 036). */
  parts: PageParts;
}

/** Spec §7: the ranking takes only `page`; the page size is fixed. */
export const TOP_BROKERS_PAGE_SIZE = 20;

/** Public catalogue answers may sit in browser and CDN caches briefly. */
function publicCache(reply: FastifyReply, seconds: number, hit: boolean): void {
  void reply.header('cache-control', `public, max-age=${seconds}, stale-while-revalidate=${seconds * 2}`).header('x-cache', hit ? 'HIT' : 'MISS').header('vary', 'lang, accept-language');
}

export async function brokersRoutes(app: FastifyInstance, deps: BrokersDeps): Promise<void> {
  const { catalogue, ids, presenters, ttlSeconds, parts } = deps;
  const jsonCache = new JsonCache(deps.cache);
  deps.invalidator?.onInvalidate(() => jsonCache.clearLocal());

  const categoriesMap = async (requestId: string) => {
    const { json } = await jsonCache.get('gw:cat:categories', ttlSeconds, () => catalogue.categories(requestId));
    return new Map<string, CatalogueCategory>((JSON.parse(json.toString()) as CatalogueCategory[]).map((c) => [c.slug, c]));
  };
  const allCountries = async (requestId: string) => {
    const { json, hit } = await jsonCache.get('gw:cat:countries:all', ttlSeconds, () => catalogue.countries(false, requestId));
    const value = JSON.parse(json.toString()) as CatalogueCountry[];
    presenters.rememberCountries(value);
    return { value, hit };
  };

  const brokersList = parts.add('brokersList', async (request, q) => {
    const countryCode = q.country ? ids.decode('country', q.country, 'country') : undefined;
    const keyword = q.keyword?.trim() || undefined;
    const regulated = q.regulated === undefined ? undefined : q.regulated === 'true';
    const key = `gw:cat:list:${request.lang}:${JSON.stringify([q.page, q.limit, q.categories, q.rating, q.order, keyword?.toLowerCase(), countryCode, regulated])}`;
    return jsonCache.get(key, ttlSeconds, async () => {
      await allCountries(request.id);
      const cats = await categoriesMap(request.id);
      if (!keyword) {
        const result = await catalogue.companies({ page: q.page, limit: q.limit, category: q.categories, minScore: q.rating, country: countryCode, regulated, order: q.order }, request.id);
        const page: Page<CompanyCard> = { list: result.items.map((c) => presenters.company(c, request.lang, cats)), total: result.total, page: q.page, limit: q.limit };
        return page;
      }
      // Keyword: the search service finds and orders; the catalogue (source of truth) fills the cards.
      const order = q.order === 'score' || q.order === 'newest' || q.order === 'name' ? q.order : q.order === 'reviews' ? 'score' : 'relevance';
      const hits = await deps.search.search({ q: keyword, category: q.categories, country: countryCode, minScore: q.rating, regulated, order, page: q.page, limit: q.limit }, request.id);
      const slugs = hits.items.map((h) => h.slug);
      const cards = slugs.length > 0 ? (await catalogue.companies({ page: 1, limit: slugs.length, slugs: slugs.join(',') }, request.id)).items : [];
      const bySlug = new Map(cards.map((c) => [c.slug, c]));
      const list = slugs.flatMap((s) => {
        const c = bySlug.get(s);
        return c ? [presenters.company(c, request.lang, cats)] : [];
      });
      // Past the search's exact count, `total` is a lower bound (ADR 029).
      const page: CompanyListPage = { list, total: hits.total, page: q.page, limit: q.limit, ...(hits.totalExact === false ? { totalExact: false } : {}) };
      return page;
    }, dataSerializer('brokersList'));
  });
  app.get<{ Querystring: Validated<typeof operations.brokersList.query> }>('/api/brokers/brokersList', { schema: contractSchema('brokersList') }, async (request, reply) => {
    const { json, hit } = await brokersList(request, request.query);
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  const companyDetail = parts.add('companyDetail', (request, { id: slug }) =>
    jsonCache.get(`gw:cat:detail:${request.lang}:${slug}`, ttlSeconds, async () => {
      await allCountries(request.id);
      const [cats, company] = await Promise.all([categoriesMap(request.id), catalogue.company(slug, request.id)]);
      const data: CompanyDetail = presenters.detail(company, request.lang, cats);
      return data;
    }, dataSerializer('companyDetail')),
  );
  app.get<{ Querystring: Validated<typeof operations.companyDetail.query> }>('/api/brokers/detail', { schema: contractSchema('companyDetail') }, async (request, reply) => {
    const { json, hit } = await companyDetail(request, request.query);
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  app.get<{ Querystring: Validated<typeof operations.topBrokers.query> }>('/api/brokers/topBrokersList', { schema: contractSchema('topBrokers') }, async (request, reply) => {
    const { page } = request.query;
    const limit = TOP_BROKERS_PAGE_SIZE;
    const { json, hit } = await jsonCache.get(`gw:cat:top:${request.lang}:${page}`, ttlSeconds, async () => {
      await allCountries(request.id);
      const [cats, result] = await Promise.all([categoriesMap(request.id), catalogue.top(page, limit, request.id)]);
      const offset = (page - 1) * limit;
      const data: Page<RankedCompany> = { list: result.items.map((c, i) => presenters.ranked(c, offset + i + 1, request.lang, cats)), total: result.total, page, limit };
      return data;
    }, dataSerializer('topBrokers'));
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  const banners = parts.add('banners', (request, { page, limit }) =>
    jsonCache.get(`gw:cat:banners:${request.lang}:${page}:${limit}`, ttlSeconds, async () => {
      const r = await catalogue.banners(page, limit, request.id);
      const data: Page<Banner> = { list: r.items.map((b) => presenters.banner(b, request.lang)), total: r.total, page, limit };
      return data;
    }, dataSerializer('banners')),
  );
  app.get<{ Querystring: Validated<typeof operations.banners.query> }>('/api/brokers/getBannerList', { schema: contractSchema('banners') }, async (request, reply) => {
    const { json, hit } = await banners(request, request.query);
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  const categories = parts.add('categories', (request) =>
    jsonCache.get(`gw:cat:categories:${request.lang}`, ttlSeconds, async () => {
      const list = await catalogue.categories(request.id);
      const data: Category[] = list.map((c) => presenters.category(c, request.lang));
      return data;
    }, dataSerializer('categories')),
  );
  app.get('/api/brokers/categories', { schema: contractSchema('categories') }, async (request, reply) => {
    const { json, hit } = await categories(request, {});
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  // Footer list: the popular countries. Names in both languages; the client picks by locale.
  app.get('/api/brokers/country', { schema: contractSchema('popularCountries') }, async (request, reply) => {
    const { json, hit } = await jsonCache.get('gw:cat:countries:popular', ttlSeconds, async () => {
      const data: Country[] = (await catalogue.countries(true, request.id)).map((c) => presenters.country(c));
      return data;
    }, dataSerializer('popularCountries'));
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });

  // Spec: GET /api/ajax/dataRegion — every country/region (forms, filters).
  app.get('/api/ajax/dataRegion', { schema: contractSchema('countries') }, async (request, reply) => {
    const { json, hit } = await jsonCache.get('gw:cat:countries:region', ttlSeconds, async () => {
      const data: Country[] = (await allCountries(request.id)).value.map((c) => presenters.country(c));
      return data;
    }, dataSerializer('countries'));
    publicCache(reply, ttlSeconds, hit);
    return sendOkJson(request, reply, json);
  });
}
