import type { BrokersListQuery, CategorySlug } from '@brokerwise/api-contract';

export const CATEGORY_SLUGS: readonly CategorySlug[] = ['Brokers', 'FinTech', 'Lp', 'Pay'];
export const ORDERS = ['score', 'reviews', 'newest', 'name'] as const;
export type Order = (typeof ORDERS)[number];
export const RATINGS = [4, 3, 2, 1] as const;
/** Licence status filter: regulated companies only, or unregulated ones only. */
export const LICENCES = ['regulated', 'unregulated'] as const;
export type Licence = (typeof LICENCES)[number];
export const SEARCH_PAGE_SIZE = 10;
/** The last page brokersList serves (its schema's maximum); a later one is shown as past the end. */
export const MAX_SEARCH_PAGE = 10_000;
const MAX_KEYWORD = 100;

export function isCategorySlug(value: string | null | undefined): value is CategorySlug {
  return !!value && (CATEGORY_SLUGS as readonly string[]).includes(value);
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

export interface SearchQuery {
  keyword: string;
  country: string;
  categories: CategorySlug | undefined;
  rating: number | undefined;
  licence: Licence | undefined;
  order: Order;
  page: number;
}

/**
 * Reads /search's query string leniently: anything malformed is dropped rather than rejected, and a
 * page past what the API serves is its last servable page (an empty page with a way back).
 */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const categories = params.get('categories');
  const order = params.get('order');
  const rating = positiveInt(params.get('rating'));
  const licence = params.get('licence');
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, MAX_KEYWORD),
    country: (params.get('country') ?? '').trim(),
    categories: isCategorySlug(categories) ? categories : undefined,
    rating: rating !== undefined && rating <= 5 ? rating : undefined,
    licence: (LICENCES as readonly string[]).includes(licence ?? '') ? (licence as Licence) : undefined,
    order: (ORDERS as readonly string[]).includes(order ?? '') ? (order as Order) : 'score',
    page: Math.min(positiveInt(params.get('page')) ?? 1, MAX_SEARCH_PAGE),
  };
}

export function toBrokersListQuery(q: SearchQuery, limit = SEARCH_PAGE_SIZE): BrokersListQuery {
  return {
    page: q.page,
    limit,
    order: q.order,
    ...(q.keyword ? { keyword: q.keyword } : {}),
    ...(q.country ? { country: q.country } : {}),
    ...(q.categories ? { categories: q.categories } : {}),
    ...(q.rating ? { rating: q.rating } : {}),
    ...(q.licence ? { regulated: q.licence === 'regulated' ? 'true' : 'false' } : {}),
  };
}

/** The query string of a search page, leaving out defaults so addresses stay short and canonical. */
export function searchHref(pathname: string, q: SearchQuery, page: number): string {
  const params = new URLSearchParams();
  if (q.keyword) params.set('keyword', q.keyword);
  if (q.country) params.set('country', q.country);
  if (q.categories && pathname === '/search') params.set('categories', q.categories);
  if (q.rating) params.set('rating', String(q.rating));
  if (q.licence) params.set('licence', q.licence);
  if (q.order !== 'score') params.set('order', q.order);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}
