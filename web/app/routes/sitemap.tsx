import type { CompanyCard, Page } from '../../../gateway/src/contract.ts';
import type { ApiClient } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { siteOrigin } from '../lib/seo';
import { buildSitemapXml, companySitemapPage, STATIC_SITEMAP_PAGES } from '../lib/sitemap';
import type { Route } from './+types/sitemap';

const PAGE_SIZE = 50;
/** Stops a runaway listing: 400 × 50 companies is far beyond the catalogue. */
const MAX_PAGES = 400;
const PARALLEL = 4;

/** Every company id, paging through the public list (50 a page, a few pages at a time). */
export async function allCompanyIds(api: ApiClient): Promise<string[]> {
  const fetchPage = async (page: number) => (await api.get<Page<CompanyCard>>('/api/brokers/brokersList', { page, limit: PAGE_SIZE, order: 'name' })).data;
  const first = await fetchPage(1);
  const ids = first.list.map((c) => c.id);
  const pages = Math.min(MAX_PAGES, Math.ceil(first.total / (first.limit || PAGE_SIZE)));
  for (let start = 2; start <= pages; start += PARALLEL) {
    const batch = [];
    for (let p = start; p < start + PARALLEL && p <= pages; p++) batch.push(fetchPage(p));
    for (const page of await Promise.all(batch)) ids.push(...page.list.map((c) => c.id));
  }
  return [...new Set(ids)];
}

/** /sitemap.xml: fixed pages, the ranking and every company, each with its language alternates. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageApi(request, context);
  let ids: string[];
  try {
    ids = await allCompanyIds(api);
  } catch {
    // A sitemap without the companies would tell crawlers they are gone: ask them to come back instead.
    return new Response('Sitemap temporarily unavailable\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '300', 'Cache-Control': 'no-store' },
    });
  }
  const xml = buildSitemapXml(siteOrigin(request.url, context.siteUrl), [...STATIC_SITEMAP_PAGES, ...ids.map(companySitemapPage)]);
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
