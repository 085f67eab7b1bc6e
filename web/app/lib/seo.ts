/**
 * Canonical and alternate-language addresses of a page (SEO). Pure functions shared by the meta
 * functions of the pages and by /sitemap.xml, so both always name a page the same way.
 *
 * One address per language: English (the default) at the address without `lang`, which is also
 * `x-default` (a visitor without a cookie, and every crawler, gets English there), Chinese at
 * `?lang=zh-CN`. A page's canonical address is its address in the language it was rendered in, so
 * `?lang=en` (what the language switch links to) names the bare address as canonical, and the
 * canonical of every address is one of its hreflang alternates (Lighthouse's canonical audit).
 */
import { DEFAULT_LOCALE, LANG_QUERY_PARAM, LOCALES, type Locale } from './locale';

export interface AlternateLink {
  hrefLang: Locale | 'x-default';
  href: string;
}

export interface PageAddressInput {
  /** Public origin without a trailing slash, e.g. https://brokerwise.example. */
  origin: string;
  pathname: string;
  /** The request's query string (with or without the leading `?`). */
  search?: string | undefined;
  /**
   * Query parameters that make a different page (e.g. `id` on /detail, `page` on a list); the others
   * (tracking, sort order…) are left out of the canonical address. Omitted: every parameter counts.
   */
  keep?: readonly string[] | undefined;
}

/** The parameters that identify the page, without `lang` and without a redundant `page=1`. */
export function pageParams(input: Pick<PageAddressInput, 'search' | 'keep'>): URLSearchParams {
  const from = new URLSearchParams(input.search ?? '');
  const out = new URLSearchParams();
  for (const [name, value] of from) {
    if (name === LANG_QUERY_PARAM) continue;
    if (input.keep && !input.keep.includes(name)) continue;
    if (name === 'page' && (value === '1' || value === '')) continue;
    out.append(name, value);
  }
  return out;
}

/** The page's address in one language (`null`: the language-neutral x-default address). */
export function localizedUrl(input: PageAddressInput, lang: Locale | null): string {
  const params = pageParams(input);
  if (lang) params.set(LANG_QUERY_PARAM, lang);
  const origin = input.origin.replace(/\/+$/, '');
  const query = params.toString();
  return `${origin}${input.pathname}${query ? `?${query}` : ''}`;
}

/** The page's own address in one language: the default language's has no `lang`. */
export function languageUrl(input: PageAddressInput, lang: Locale): string {
  return localizedUrl(input, lang === DEFAULT_LOCALE ? null : lang);
}

/** Every language's address of the page plus x-default, for `<link rel="alternate" hreflang>` and the sitemap. */
export function alternateLinks(input: PageAddressInput): AlternateLink[] {
  return [
    ...LOCALES.map((lang) => ({ hrefLang: lang, href: languageUrl(input, lang) })),
    { hrefLang: 'x-default' as const, href: localizedUrl(input, null) },
  ];
}

/** The canonical address of a page rendered in `locale`. */
export function canonicalUrl(input: PageAddressInput, locale: Locale): string {
  return languageUrl(input, locale);
}

/** Open Graph's spelling of a locale. */
export const OG_LOCALE: Record<Locale, string> = { en: 'en_US', 'zh-CN': 'zh_CN' };

/** Makes a possibly relative address (e.g. `/media/…`) absolute; leaves absolute ones alone. */
export function absoluteUrl(origin: string, href: string): string {
  try {
    return new URL(href, `${origin.replace(/\/+$/, '')}/`).toString();
  } catch {
    return href;
  }
}

/** The public origin: a configured SITE_URL wins over the request's own (proxies may hide the real host). */
export function siteOrigin(requestUrl: string, siteUrl?: string | null): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      // A malformed setting is ignored rather than breaking every page.
    }
  }
  return new URL(requestUrl).origin;
}
