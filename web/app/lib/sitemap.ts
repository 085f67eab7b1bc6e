/**
 * sitemap.xml (sitemaps.org 0.9 with xhtml:link hreflang alternates): every language's address of a
 * page is its own <url>, each naming all alternates, as search engines recommend.
 */
import { LOCALES } from './locale';
import { alternateLinks, languageUrl } from './seo';

/** A public page: a path plus the query parameters that identify it (e.g. `{ id }` on /detail). */
export interface SitemapPage {
  pathname: string;
  params?: Record<string, string> | undefined;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly' | undefined;
  priority?: number | undefined;
}

/** Fixed public pages (companies are added from the API). */
export const STATIC_SITEMAP_PAGES: readonly SitemapPage[] = [
  { pathname: '/', changefreq: 'daily', priority: 1 },
  { pathname: '/topbrokers', changefreq: 'daily', priority: 0.9 },
  { pathname: '/trader/index', changefreq: 'daily', priority: 0.8 },
  { pathname: '/promotion', changefreq: 'daily', priority: 0.6 },
  { pathname: '/vlog/index', changefreq: 'daily', priority: 0.6 },
  { pathname: '/vlog/blog', changefreq: 'daily', priority: 0.6 },
  { pathname: '/listing/Brokers', changefreq: 'daily', priority: 0.8 },
  { pathname: '/listing/FinTech', changefreq: 'daily', priority: 0.8 },
  { pathname: '/listing/Lp', changefreq: 'daily', priority: 0.8 },
  { pathname: '/listing/Pay', changefreq: 'daily', priority: 0.8 },
  { pathname: '/about', changefreq: 'monthly', priority: 0.4 },
  { pathname: '/about/methodology', changefreq: 'monthly', priority: 0.4 },
  { pathname: '/TraderChat', changefreq: 'monthly', priority: 0.4 },
  { pathname: '/service', changefreq: 'yearly', priority: 0.2 },
  { pathname: '/privacy', changefreq: 'yearly', priority: 0.2 },
  { pathname: '/cookie', changefreq: 'yearly', priority: 0.2 },
];

export function companySitemapPage(id: string): SitemapPage {
  return { pathname: '/detail', params: { id }, changefreq: 'weekly', priority: 0.7 };
}

/** A running promotion's article (/essay?id=). */
export function promotionSitemapPage(id: string): SitemapPage {
  return { pathname: '/essay', params: { id }, changefreq: 'weekly', priority: 0.5 };
}

/** A published post: videos on /vlog/detail, image-text posts on /blog/detail. */
export function postSitemapPage(post: { id: string; kind: string }): SitemapPage {
  return { pathname: post.kind === 'video' ? '/vlog/detail' : '/blog/detail', params: { id: post.id }, changefreq: 'weekly', priority: 0.5 };
}

/** A public trader account of the ranking (/trader/account?id=). */
export function traderSitemapPage(id: string): SitemapPage {
  return { pathname: '/trader/account', params: { id }, changefreq: 'daily', priority: 0.4 };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML content and attribute values; drops characters XML 1.0 does not allow. */
export function escapeXml(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

export function buildSitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const address = { origin, pathname: page.pathname, search: new URLSearchParams(page.params ?? {}).toString() };
    const alternates = alternateLinks(address)
      .map((l) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(l.hrefLang)}" href="${escapeXml(l.href)}"/>`)
      .join('\n');
    for (const lang of LOCALES) {
      lines.push('  <url>', `    <loc>${escapeXml(languageUrl(address, lang))}</loc>`);
      if (page.changefreq) lines.push(`    <changefreq>${page.changefreq}</changefreq>`);
      if (page.priority !== undefined) lines.push(`    <priority>${page.priority.toFixed(1)}</priority>`);
      lines.push(alternates, '  </url>');
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

export function buildRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /user/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}
