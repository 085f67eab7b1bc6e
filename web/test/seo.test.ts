import { describe, expect, it } from 'vitest';
import { organizationJsonLd } from '../app/lib/company-seo';
import { absoluteUrl, alternateLinks, canonicalUrl, localizedUrl, pageParams, siteOrigin } from '../app/lib/seo';
import { buildRobotsTxt, buildSitemapXml, companySitemapPage, escapeXml, postSitemapPage, STATIC_SITEMAP_PAGES, traderSitemapPage } from '../app/lib/sitemap';
import { collectPages } from '../app/routes/sitemap';
import { compiledMessages } from '../app/lib/i18n.server';
import { LOCALES, type Locale } from '../app/lib/locale';
import { pageMeta } from '../app/lib/meta';
import { provideMessages } from '../app/lib/messages';
import type { RootData } from '../app/lib/root-data';

const origin = 'https://brokerwise.example';

describe('canonical and alternate-language addresses', () => {
  it('name English (the default, also x-default) without ?lang= and Chinese with it', () => {
    expect(alternateLinks({ origin, pathname: '/topbrokers' })).toEqual([
      { hrefLang: 'en', href: 'https://brokerwise.example/topbrokers' },
      { hrefLang: 'zh-CN', href: 'https://brokerwise.example/topbrokers?lang=zh-CN' },
      { hrefLang: 'x-default', href: 'https://brokerwise.example/topbrokers' },
    ]);
  });

  it('make the canonical address the page in the language it was rendered in', () => {
    expect(canonicalUrl({ origin, pathname: '/', search: '?lang=en' }, 'zh-CN')).toBe('https://brokerwise.example/?lang=zh-CN');
    expect(canonicalUrl({ origin, pathname: '/detail', search: 'id=ic-markets&lang=en' }, 'en')).toBe('https://brokerwise.example/detail?id=ic-markets');
    expect(canonicalUrl({ origin, pathname: '/', search: '?lang=en' }, 'en')).toBe('https://brokerwise.example/');
  });

  it('keep only the parameters that identify the page, and drop page=1', () => {
    const input = { search: '?id=a&utm_source=x&lang=zh-CN&page=1', keep: ['id', 'page'] };
    expect(pageParams(input).toString()).toBe('id=a');
    expect(localizedUrl({ origin, pathname: '/topbrokers', search: 'page=3&ref=mail', keep: ['page'] }, null)).toBe(
      'https://brokerwise.example/topbrokers?page=3',
    );
    // Without a list every parameter but lang counts.
    expect(pageParams({ search: 'keyword=fx&order=name&lang=en' }).toString()).toBe('keyword=fx&order=name');
  });

  it('encode parameter values', () => {
    expect(localizedUrl({ origin, pathname: '/detail', search: new URLSearchParams({ id: 'a b&c' }).toString() }, 'en')).toBe(
      'https://brokerwise.example/detail?id=a+b%26c&lang=en',
    );
  });

  it('tolerate a trailing slash on the origin', () => {
    expect(localizedUrl({ origin: `${origin}/`, pathname: '/about' }, 'en')).toBe('https://brokerwise.example/about?lang=en');
  });

  it('prefer a configured site address over the request origin', () => {
    expect(siteOrigin('http://10.0.0.5:3001/detail?id=x', 'https://brokerwise.example/')).toBe(origin);
    expect(siteOrigin('http://localhost:3000/detail?id=x', undefined)).toBe('http://localhost:3000');
    expect(siteOrigin('http://localhost:3000/', 'not a url')).toBe('http://localhost:3000');
  });

  it('make media addresses absolute', () => {
    expect(absoluteUrl(origin, '/media/logos/a.png')).toBe('https://brokerwise.example/media/logos/a.png');
    expect(absoluteUrl(origin, 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
});

describe('canonical and hreflang of a rendered page', () => {
  for (const locale of LOCALES) provideMessages(locale, compiledMessages(locale));
  const rootData = (locale: Locale) => ({ locale, origin }) as RootData;
  const headOf = (pathname: string, search: string, locale: Locale) => {
    const meta = pageMeta({ matches: [{ id: 'root', loaderData: rootData(locale) }], location: { pathname, search }, title: { id: 'app.meta.siteName' } });
    const link = (rel: string) => meta.filter((m) => 'tagName' in m && m.rel === rel) as { href: string; hrefLang?: string }[];
    return {
      canonical: link('canonical').map((l) => l.href),
      alternates: link('alternate').map((l) => [l.hrefLang, l.href]),
      ogUrl: (meta.find((m) => 'property' in m && m.property === 'og:url') as { content?: string } | undefined)?.content,
    };
  };
  const pages = ['/', '/topbrokers', '/listing/Brokers', '/detail?id=ic-markets', '/search?keyword=fx', '/blog/detail?id=b1', '/trader/account?id=t1', '/login'];
  // What a crawler (no cookie) gets at each address: the bare one in English, ?lang= in that language.
  const requests = pages.flatMap((page) => [
    { page, lang: null, locale: 'en' as const },
    ...LOCALES.map((locale) => ({ page, lang: locale, locale })),
  ]);

  it.each(requests)('$page with lang=$lang: one canonical among its own alternates, itself when it is one (Lighthouse)', ({ page, lang, locale }) => {
    const url = new URL(page, origin);
    if (lang) url.searchParams.set('lang', lang);
    const head = headOf(url.pathname, url.search, locale);
    expect(head.canonical).toHaveLength(1);
    const canonical = head.canonical[0]!;
    const hrefs = head.alternates.map(([, href]) => href);
    expect(head.alternates.map(([hrefLang]) => hrefLang)).toEqual(['en', 'zh-CN', 'x-default']);
    expect(hrefs).toContain(canonical);
    // The language's own address: the requested one, unless it was ?lang=en, which is the bare address's twin.
    if (hrefs.includes(url.toString())) expect(canonical).toBe(url.toString());
    expect(head.alternates.find(([hrefLang]) => hrefLang === locale)?.[1]).toBe(canonical);
    expect(new URL(canonical).searchParams.has('lang')).toBe(locale !== 'en');
    expect(head.ogUrl).toBe(canonical);
  });
});

describe('Organization JSON-LD', () => {
  const company = {
    name: 'IC Markets',
    nameEn: 'IC Markets',
    nameZh: 'IC 市场',
    aliases: ['ICM', 'IC Markets'],
    logo: '/media/logos/ic.png',
    country: { id: 'x', code: 'AU', name: '澳大利亚', Eglish: 'Australia' },
    contact: { website: 'https://icmarkets.example', email: null, phone: null, address: null },
    founded: 2007,
  };

  it('names the company, its other names, logo and country, without a rating', () => {
    const ld = organizationJsonLd(company, origin, `${origin}/detail?id=ic`);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'IC Markets',
      alternateName: ['IC 市场', 'ICM'],
      url: 'https://icmarkets.example',
      logo: 'https://brokerwise.example/media/logos/ic.png',
      address: { '@type': 'PostalAddress', addressCountry: 'Australia' },
    });
    // Demo review counts are not approved reviews: no aggregateRating until the API says so.
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('adds aggregateRating from approved reviews only, and none while there are none', () => {
    expect(organizationJsonLd(company, origin, `${origin}/detail?id=ic`, { score: 3.5, count: 0 })).not.toHaveProperty('aggregateRating');
    expect(organizationJsonLd(company, origin, `${origin}/detail?id=ic`, null)).not.toHaveProperty('aggregateRating');
    expect(organizationJsonLd(company, origin, `${origin}/detail?id=ic`, { score: 4.2, count: 12 }).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.2,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('falls back to the detail page when the company has no website', () => {
    const ld = organizationJsonLd({ ...company, contact: { ...company.contact, website: null } }, origin, `${origin}/detail?id=ic`);
    expect(ld.url).toBe(`${origin}/detail?id=ic`);
  });
});

describe('sitemap.xml', () => {
  it('escapes text for XML and drops characters XML forbids', () => {
    expect(escapeXml(`a&b<c>"d"'e'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  });

  it('lists every page once per language, each with all alternates', () => {
    const xml = buildSitemapXml(origin, [...STATIC_SITEMAP_PAGES, companySitemapPage('ic-markets')]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')).toBe(true);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)).toHaveLength((STATIC_SITEMAP_PAGES.length + 1) * 2);
    expect(xml.match(/<\/url>/g)).toHaveLength((STATIC_SITEMAP_PAGES.length + 1) * 2);
    expect(xml).toContain('<loc>https://brokerwise.example/detail?id=ic-markets</loc>');
    expect(xml).toContain('<loc>https://brokerwise.example/detail?id=ic-markets&amp;lang=zh-CN</loc>');
    expect(xml).not.toContain('lang=en');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://brokerwise.example/detail?id=ic-markets"/>');
    for (const path of ['/', '/topbrokers', '/listing/Brokers', '/listing/FinTech', '/listing/Lp', '/listing/Pay', '/service', '/privacy', '/cookie']) {
      expect(xml).toContain(`<loc>https://brokerwise.example${path}</loc>`);
      expect(xml).toContain(`<loc>https://brokerwise.example${path}?lang=zh-CN</loc>`);
    }
  });

  it('puts videos on /vlog/detail, image-text posts on /blog/detail and ranked traders on /trader/account', () => {
    const xml = buildSitemapXml(origin, [postSitemapPage({ id: 'v1', kind: 'video' }), postSitemapPage({ id: 'b1', kind: 'image_text' }), traderSitemapPage('t1')]);
    expect(xml).toContain('<loc>https://brokerwise.example/vlog/detail?id=v1</loc>');
    expect(xml).toContain('<loc>https://brokerwise.example/blog/detail?id=b1&amp;lang=zh-CN</loc>');
    expect(xml).toContain('<loc>https://brokerwise.example/trader/account?id=t1</loc>');
  });

  it('pages through a list to its end, and stops at the cap for a runaway one', async () => {
    const pages: number[] = [];
    const list = (total: number) => async (page: number) => {
      pages.push(page);
      const from = (page - 1) * 10;
      return { list: Array.from({ length: Math.max(0, Math.min(10, total - from)) }, (_, i) => from + i), total, page, limit: 10 };
    };
    expect(await collectPages(list(35), 100)).toEqual(Array.from({ length: 35 }, (_, i) => i));
    expect(pages.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    pages.length = 0;
    expect(await collectPages(list(1_000_000), 7)).toHaveLength(70);
    expect(Math.max(...pages)).toBe(7);
    expect(await collectPages(list(0), 7)).toEqual([]);
  });

  it('is well-formed even with hostile ids', () => {
    const xml = buildSitemapXml(origin, [companySitemapPage(`a"b<c>&d'`)]);
    // Every & starts an entity, no raw < or > inside text or attribute values.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    const withoutTags = xml.replace(/<\?xml[^>]*\?>|<\/?[a-z:]+(\s+[a-z:]+="[^"<>]*")*\s*\/?>/gi, '');
    expect(withoutTags).not.toMatch(/[<>]/);
    // Elements are balanced.
    for (const tag of ['urlset', 'url', 'loc']) {
      const opened = xml.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
      expect(opened, tag).toBeGreaterThan(0);
      expect(xml.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0, tag).toBe(opened);
    }
  });

  it('robots.txt points at the sitemap and keeps crawlers out of account and dev pages', () => {
    const txt = buildRobotsTxt(`${origin}/`);
    expect(txt).toContain('Sitemap: https://brokerwise.example/sitemap.xml');
    expect(txt).toContain('Disallow: /user/');
    expect(txt).toContain('Disallow: /dev/');
  });
});
