import type { Page, PostCard } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import type { ApiClient } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { siteOrigin } from '../lib/seo';
import { buildSitemapXml, companySitemapPage, postSitemapPage, promotionSitemapPage, STATIC_SITEMAP_PAGES, traderSitemapPage } from '../lib/sitemap';
import type { Route } from './+types/sitemap';

const PARALLEL = 4;

/**
 * Every item of a paged public list, a few pages at a time, up to `maxPages` pages (a runaway
 * listing stops there; the newest posts come first, so a cap keeps the freshest).
 */
export async function collectPages<T>(fetchPage: (page: number) => Promise<Page<T>>, maxPages: number): Promise<T[]> {
  const first = await fetchPage(1);
  const items = [...first.list];
  const pages = Math.min(maxPages, Math.ceil(first.total / Math.max(1, first.limit || first.list.length)));
  for (let start = 2; start <= pages; start += PARALLEL) {
    const batch = [];
    for (let p = start; p < start + PARALLEL && p <= pages; p++) batch.push(fetchPage(p));
    for (const page of await Promise.all(batch)) items.push(...page.list);
  }
  return items;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** Every company id (50 a page; 400 pages is far beyond the catalogue). */
export async function allCompanyIds(api: ApiClient): Promise<string[]> {
  const list = await collectPages(async (page) => (await api.op(ops.brokersList, { page, limit: 50, order: 'name' })).data, 400);
  return unique(list.map((c) => c.id));
}

/** Every running promotion's id (scheduled and ended ones are not listed). */
export async function allPromotionIds(api: ApiClient): Promise<string[]> {
  const list = await collectPages(async (page) => (await api.op(ops.promotions, { page })).data, 100);
  return unique(list.map((p) => p.id));
}

/** The newest published posts (up to 10,000), each on its own detail page. */
export async function newestPosts(api: ApiClient): Promise<Pick<PostCard, 'id' | 'kind'>[]> {
  const list = await collectPages(async (page) => (await api.op(ops.posts, { page, limit: 50 })).data, 200);
  return [...new Map(list.map((p) => [p.id, { id: p.id, kind: p.kind }])).values()];
}

/** The public accounts of the Top Trader ranking (hidden accounts are never in it). */
export async function rankedTraderIds(api: ApiClient): Promise<string[]> {
  const list = await collectPages(async (page) => (await api.op(ops.topTraders, { page })).data, 50);
  return unique(list.map((r) => r.account.id));
}

/** /sitemap.xml: fixed pages, every company and running promotion, the newest posts and the ranked traders, each with its language alternates. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageApi(request, context);
  let ids: string[];
  let promotionIds: string[];
  let posts: Pick<PostCard, 'id' | 'kind'>[];
  let traderIds: string[];
  try {
    [ids, promotionIds, posts, traderIds] = await Promise.all([allCompanyIds(api), allPromotionIds(api), newestPosts(api), rankedTraderIds(api)]);
  } catch {
    // A sitemap without the companies would tell crawlers they are gone: ask them to come back instead.
    return new Response('Sitemap temporarily unavailable\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '300', 'Cache-Control': 'no-store' },
    });
  }
  const xml = buildSitemapXml(siteOrigin(request.url, context.siteUrl), [...STATIC_SITEMAP_PAGES, ...ids.map(companySitemapPage), ...promotionIds.map(promotionSitemapPage), ...posts.map(postSitemapPage), ...traderIds.map(traderSitemapPage)]);
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
