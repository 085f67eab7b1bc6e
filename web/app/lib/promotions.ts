/**
 * Promotions on the site (spec §2 /promotion, /essay): addresses, page numbers, admin-form dates
 * and the structured data of a promotion, kept free of React so they stay testable.
 */
import type { Promotion, PromotionDetail } from '@brokerwise/api-contract';
import type { Locale } from './locale';
import { absoluteUrl } from './seo';

/** Pages the list API accepts (`page` 1…1000). */
export const MAX_PROMOTION_PAGE = 1000;

/** A `?page=` value as a page number: anything odd is page 1. */
export function promotionPage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PROMOTION_PAGE ? n : 1;
}

export function promotionListHref(page = 1): string {
  return page > 1 ? `/promotion?${new URLSearchParams({ page: String(page) })}` : '/promotion';
}

/** The article of one promotion. */
export function essayHref(id: string): string {
  return `/essay?${new URLSearchParams({ id })}`;
}

/** Promotion ids (slugs) the API accepts; anything else is a 404 without asking. */
export function isPromotionId(id: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(id) && id.length <= 81;
}

/** An ISO time as the value of `<input type="datetime-local">`, in UTC (the admin form's zone). */
export function toUtcInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 16);
}

/**
 * A `datetime-local` value (read as UTC) as an ISO time for the API. Anything else is passed on as
 * typed, so the server names the field; empty stays empty.
 */
export function fromUtcInput(value: string): string {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v)) return `${v}:00.000Z`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/.test(v)) return `${v}Z`;
  return v;
}

const inLanguage = (locale: Locale) => (locale === 'zh-CN' ? 'zh-CN' : 'en');

/**
 * schema.org Article of a promotion: sponsored by, and about, the company (an Organization whose
 * page is its /detail address). Search engines are told plainly that the article is paid for.
 */
export function promotionJsonLd(p: PromotionDetail, origin: string, pageUrl: string, locale: Locale): Record<string, unknown> {
  const company = {
    '@type': 'Organization',
    name: p.company.name,
    url: absoluteUrl(origin, `/detail?${new URLSearchParams({ id: p.company.id })}`),
    ...(p.company.logo ? { logo: absoluteUrl(origin, p.company.logo) } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: p.title.slice(0, 110),
    description: p.summary,
    articleBody: p.body.join('\n\n'),
    inLanguage: inLanguage(locale),
    url: pageUrl,
    mainEntityOfPage: pageUrl,
    datePublished: p.startsAt,
    dateModified: p.updatedAt,
    ...(p.endsAt ? { expires: p.endsAt } : {}),
    ...(p.company.logo ? { image: absoluteUrl(origin, p.company.logo) } : {}),
    genre: 'Sponsored',
    sponsor: company,
    about: company,
    publisher: { '@type': 'Organization', name: 'Brokerwise', url: origin },
  };
}

/** schema.org ItemList of the promotions on one list page, in their order. */
export function promotionListJsonLd(list: Promotion[], origin: string, offset: number): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: list.map((p, i) => ({ '@type': 'ListItem', position: offset + i + 1, url: absoluteUrl(origin, essayHref(p.id)), name: p.title })),
  };
}
