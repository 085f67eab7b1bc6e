import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CJK, browserSession } from './browser.ts';

const session = browserSession();
let context: BrowserContext;
let page: Page;

/** A fresh visitor in the default language; `context` and `page` are then its. */
const freshPage = async (options?: BrowserContextOptions): Promise<Page> => ({ context, page } = await session.visitor(undefined, options)).page;

const LANGS = [
  {
    lang: 'en',
    licences: 'National licences',
    columns: ['Regulator', 'Regulator country', 'Licence number', 'Licensed entity', 'Status', 'Register'],
    contact: 'Contact',
    reviews: 'Ratings and comments',
    rate: 'Rate',
    ranking: 'Top brokers ranking',
  },
  {
    lang: 'zh-CN',
    licences: '各国监管牌照',
    columns: ['监管机构', '监管国家/地区', '牌照号码', '持牌主体', '状态', '监管查询'],
    contact: '联系方式',
    reviews: '评分与评论',
    rate: '评分',
    ranking: '优质经纪商排行榜',
  },
] as const;

/** Head tags of the current page, as the server sent them. */
async function head(p: Page) {
  return p.evaluate(() => ({
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    og: Object.fromEntries([...document.querySelectorAll('meta[property^="og:"]')].map((m) => [m.getAttribute('property'), m.getAttribute('content')])),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>),
  }));
}

describe.each(LANGS)('company detail ($lang)', (t) => {
  it('opens from /search and shows the header, licences table, contact and the rating summary', async () => {
    await freshPage();
    // Regulated brokers have licences on record.
    await page.goto(`/search?categories=Brokers&order=score&lang=${t.lang}`);
    const card = page.locator('[data-testid="company-card"]', { has: page.locator('[class*="regulated"]') }).first();
    const name = (await card.locator('h3').innerText()).trim();
    const href = await card.locator('a').getAttribute('href');
    expect(href).toMatch(/^\/detail\?id=.+/);
    await Promise.all([page.waitForURL('**/detail?id=**'), card.locator('a').click()]);
    await page.getByTestId('company-detail').waitFor();

    expect(await page.getAttribute('html', 'lang')).toBe(t.lang);
    expect(await page.locator('h1').innerText()).toBe(name);
    expect(await page.title()).toContain(name);
    await expect(page.getByTestId('detail-score').locator('[role="img"]').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('regulated-badge').isVisible()).resolves.toBe(true);

    const rate = page.getByTestId('rate-link');
    expect(await rate.innerText()).toBe(t.rate);
    expect(await rate.getAttribute('href')).toBe(href!.replace('/detail', '/comment'));
    const openAccount = page.getByTestId('open-account');
    if (await openAccount.count()) {
      expect(await openAccount.getAttribute('target')).toBe('_blank');
      expect(await openAccount.getAttribute('rel')).toBe('noopener nofollow sponsored');
      expect(await openAccount.getAttribute('href')).toMatch(/^https?:\/\//);
    }

    const licences = page.getByTestId('detail-licences');
    expect(await licences.locator('h2').innerText()).toBe(t.licences);
    const table = page.getByTestId('licences-table');
    expect(await table.locator('thead th').allTextContents()).toEqual([...t.columns]);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    expect((await rows.first().locator('th').innerText()).trim()).not.toBe('');
    expect(await rows.first().locator('[data-status]').getAttribute('data-status')).toMatch(/^(regulated|offshore|revoked|exceeded)$/);

    const contact = page.getByTestId('detail-contact');
    expect(await contact.locator('h2').innerText()).toBe(t.contact);
    expect(await contact.locator('dt, p').count()).toBeGreaterThan(0);

    for (const section of ['about', 'services', 'assets', 'platforms', 'leverage', 'payments', 'currencies', 'aliases']) {
      await expect(page.getByTestId(`detail-${section}`).isVisible()).resolves.toBe(true);
    }
    const reviews = page.getByTestId('detail-reviews');
    expect(await reviews.locator('h2').innerText()).toBe(t.reviews);
    await expect(page.getByTestId('rating-summary').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('rating-distribution').locator('tbody tr').count()).toBe(5);
    const rated = (await page.getByTestId('rating-score').count()) > 0;
    const approved = rated ? Number(await page.getByTestId('rating-score').getAttribute('data-count')) : 0;
    if (t.lang === 'zh-CN') expect(await reviews.innerText()).toMatch(CJK);

    // SEO: canonical in this language, both alternates plus x-default, the logo as og:image, JSON-LD.
    const tags = await head(page);
    const id = new URLSearchParams(href!.split('?')[1]).get('id')!;
    // English (the default) lives at the address without ?lang= (also x-default), Chinese at ?lang=zh-CN.
    const langSuffix = t.lang === 'en' ? '' : `&lang=${t.lang}`;
    expect(tags.canonical).toMatch(new RegExp(`^https?://[^/]+/detail\\?id=${encodeURIComponent(id)}${langSuffix}$`));
    expect(tags.alternates.find(([lang]) => lang === t.lang)?.[1]).toBe(tags.canonical);
    expect(tags.alternates.map(([lang]) => lang)).toEqual(['en', 'zh-CN', 'x-default']);
    expect(tags.og['og:url']).toBe(tags.canonical);
    expect(tags.og['og:image']).toMatch(/^https?:\/\/.+/);
    const org = tags.jsonLd.find((ld) => ld['@type'] === 'Organization');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: expect.any(String), logo: tags.og['og:image'] });
    // aggregateRating only from approved reviews (the demo counts are not reviews).
    if (approved > 0) expect(org?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', reviewCount: approved, bestRating: 5, worstRating: 1 });
    else expect(org).not.toHaveProperty('aggregateRating');
  });
});

describe('company detail without JavaScript', () => {
  it('is complete HTML: header, licences, contact and working links', async () => {
    await freshPage({ javaScriptEnabled: false });
    await page.goto('/search?categories=Brokers&order=score');
    const href = await page.locator('[data-testid="company-card"] a').first().getAttribute('href');
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('detail-licences').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('detail-contact').isVisible()).resolves.toBe(true);
    // The language link is a plain link too.
    await page.goto(`${href!}&lang=zh-CN`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.getByTestId('detail-licences').locator('h2').innerText()).toBe('各国监管牌照');
  });

  it('answers 404 for an unknown company', async () => {
    await freshPage({ javaScriptEnabled: false });
    const response = await page.goto('/detail?id=no-such-company-anywhere');
    expect(response?.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
  });
});

describe.each(LANGS)('top brokers ($lang)', (t) => {
  it('lists ranked brokers, rank 1 first and best scores first, with page links', async () => {
    await freshPage();
    const response = await page.goto(`/topbrokers?lang=${t.lang}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe(t.ranking);
    const rows = page.getByTestId('ranked-company');
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    const ranks = (await page.getByTestId('rank').allInnerTexts()).map((r) => Number(r.replace(/\D/g, '')));
    expect(ranks[0]).toBe(1);
    expect(ranks).toEqual(ranks.map((_, i) => i + 1));
    const scores = (await page.locator('[data-testid="ranked-company"] [class*="scoreValue"]').allInnerTexts()).map(Number);
    expect(scores).toHaveLength(count);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await rows.first().getAttribute('href')).toMatch(/^\/detail\?id=.+/);
    expect((await head(page)).canonical).toMatch(new RegExp(t.lang === 'en' ? '/topbrokers$' : `/topbrokers\\?lang=${t.lang}$`));

    const next = page.getByRole('navigation').locator('a[rel="next"]');
    if (await next.count()) {
      expect(await next.getAttribute('href')).toBe('/topbrokers?page=2');
      await Promise.all([page.waitForURL('**/topbrokers?page=2'), next.click()]);
      await page.waitForFunction((first) => document.querySelector('[data-testid="rank"]')?.textContent?.replace(/\D/g, '') === String(first), count + 1);
      expect((await head(page)).canonical).toMatch(new RegExp(t.lang === 'en' ? '/topbrokers\\?page=2$' : `/topbrokers\\?page=2&lang=${t.lang}$`));
    }
  });
});

describe('sitemap and robots', () => {
  it('sitemap.xml lists the fixed pages, companies, posts and ranked traders with alternates', async () => {
    await freshPage();
    // Demo posts and ranked traders appear once the background seeding and syncs have run.
    let xml = '';
    await expect
      .poll(async () => {
        const response = await context.request.get('/sitemap.xml');
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toMatch(/^application\/xml/);
        xml = await response.text();
        return /\/vlog\/detail\?id=/.test(xml) && /\/blog\/detail\?id=/.test(xml) && /\/trader\/account\?id=/.test(xml);
      }, { timeout: 60_000, interval: 1000 })
      .toBe(true);
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    for (const path of ['/topbrokers', '/listing/Brokers', '/listing/FinTech', '/listing/Lp', '/listing/Pay', '/privacy', '/service', '/cookie']) {
      expect(xml).toContain(`${path}</loc>`);
      expect(xml).toContain(`${path}?lang=zh-CN</loc>`);
    }
    // English at the address without ?lang=, which is also x-default.
    expect(xml).not.toContain('lang=en');
    const detail = xml.match(/<loc>(https?:\/\/[^<]+\/detail\?id=[^<&]+)&amp;lang=zh-CN<\/loc>/);
    expect(detail).not.toBeNull();
    expect(xml).toContain(`<loc>${detail![1]}</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="${detail![1]}"`);
    // The demo creators' posts and the ranked demo traders are there too, each on its own page.
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/vlog\/detail\?id=[^<&]+<\/loc>/);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/blog\/detail\?id=[^<&]+&amp;lang=zh-CN<\/loc>/);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/trader\/account\?id=[^<&]+<\/loc>/);
    // The parsed document is well-formed XML with the sitemap namespace.
    await page.goto('/sitemap.xml');
    expect(await page.evaluate(async () => {
      const doc = new DOMParser().parseFromString(await (await fetch('/sitemap.xml')).text(), 'application/xml');
      return doc.querySelector('parsererror') ? 'error' : doc.documentElement.namespaceURI;
    })).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    // The listed detail page exists.
    const path = new URL(detail![1]!.replace(/&amp;/g, '&')).pathname + new URL(detail![1]!.replace(/&amp;/g, '&')).search;
    expect((await context.request.get(path)).status()).toBe(200);
  });

  it('robots.txt points at the sitemap', async () => {
    await freshPage();
    const response = await context.request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const txt = await response.text();
    expect(txt).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
    expect(txt).toContain('Disallow: /user/');
    expect(txt).toContain('Disallow: /dev/');
  });
});
