import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, CJK, browserSession, hydrated } from './browser.ts';

const session = browserSession();
let context: BrowserContext;
let page: Page;

/** A fresh visitor in the default language; `context` and `page` are then its. */
const freshPage = async (options?: BrowserContextOptions): Promise<Page> => ({ context, page } = await session.visitor(undefined, options)).page;

async function texts(p: Page, selector: string): Promise<string[]> {
  return p.locator(selector).allInnerTexts();
}

async function cardNames(p: Page, scope = 'body'): Promise<string[]> {
  return texts(p, `${scope} [data-testid="company-card"] h3`);
}

describe('home page (English)', () => {
  it('shows the banner, search box, popular brands and footer countries', async () => {
    await freshPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toBe('Brokerwise');

    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    for (const label of ['Home', 'Reviews', 'Ranking List', 'Promotions', 'Trader TV', 'Blog']) {
      await expect(nav.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole('link', { name: 'Sign in' }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Sign up' }).first().isVisible()).resolves.toBe(true);

    const banner = page.locator('[data-testid="banner-carousel"] img').first();
    await expect(banner.isVisible()).resolves.toBe(true);
    expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await expect(page.getByTestId('search-keyword').first().isVisible()).resolves.toBe(true);

    const cards = page.locator('[data-testid="popular-brands"] [data-testid="company-card"]');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(12);
    const hrefs = await cards.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/detail\?id=.+/);
    // Asked for order=score: the brands arrive best first.
    const scores = (await texts(page, '[data-testid="popular-brands"] [data-testid="company-card"] [class*="scoreValue"]')).map(Number);
    expect(scores).toHaveLength(count);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0);

    const countries = page.locator('[data-testid="footer-countries"] a');
    expect(await countries.count()).toBeGreaterThan(0);
    const countryHrefs = await countries.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of countryHrefs) expect(href).toMatch(/^\/search\?country=.+/);
    for (const name of await countries.allInnerTexts()) expect(name).not.toMatch(CJK);
  });

  it('serves hashed assets as immutable and compresses pages', async () => {
    await freshPage();
    // From the served HTML (its module preloads wait for the first paint, web/app/lib/after-paint.ts):
    // React Router drops them once the page has hydrated.
    const served = await (await context.request.get('/')).text();
    const script = /<link rel="x-after-paint-modulepreload" href="([^"]+)"/.exec(served)?.[1];
    expect(script).toMatch(/^\/assets\//);
    const asset = await context.request.get(script!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = await context.request.get('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(html.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  });
});

describe('language', () => {
  /**
   * Clicks the page's language link. The new page's request names the language itself (?lang=): a
   * cookie written by script just before a reload can reach Chromium's network process after the
   * reload's request, which then rendered the old language (seen in CI on a slow machine).
   */
  async function switchLanguage(p: Page, to: 'en' | 'zh-CN'): Promise<void> {
    const [request] = await Promise.all([p.waitForRequest((r) => r.isNavigationRequest() && r.frame() === p.mainFrame()), p.waitForEvent('load'), p.getByTestId('language-switch').first().click()]);
    expect(new URL(request.url()).searchParams.get('lang')).toBe(to);
    await p.waitForFunction((lang) => document.documentElement.lang === lang, to);
  }

  it('switches to Chinese, reloads, and keeps the choice across navigation and new loads', async () => {
    await freshPage();
    await page.goto('/');
    await hydrated(page);
    const englishCountries = await texts(page, '[data-testid="footer-countries"] a');

    await switchLanguage(page, 'zh-CN');
    const nav = page.getByRole('navigation', { name: '主导航' }).first();
    for (const label of ['首页', '点评', '排行榜', '优惠活动', '博客']) {
      await expect(nav.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole('link', { name: '登录' }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('热门国家和地区').isVisible()).resolves.toBe(true);
    const chineseCountries = await texts(page, '[data-testid="footer-countries"] a');
    expect(chineseCountries.length).toBe(englishCountries.length);
    expect(chineseCountries.some((name) => CJK.test(name))).toBe(true);
    expect(chineseCountries).not.toEqual(englishCountries);

    await hydrated(page);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('zh-CN');

    // Client-side navigation keeps the language…
    await page.getByRole('link', { name: '关于我们' }).click();
    await page.waitForURL('**/about');
    await page.locator('h1', { hasText: CJK }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');

    // …and so does a brand-new page load.
    const second = await context.newPage();
    session.watch(second);
    await second.goto('/search');
    expect(await second.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await second.locator('h1').innerText()).toBe('搜索公司');
    await second.close();

    // And back to English.
    await switchLanguage(page, 'en');
    await hydrated(page);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    // Loaded through /about?lang=en, then tidied: the address is the page's own again.
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/about');
  });

  it('restores the cookie from localStorage when only localStorage survived', async () => {
    await freshPage();
    // Storage is filled before any page script runs, so nothing from an earlier load can race the
    // check (setting it after a load raced that load's own hydration, which reloaded mid-test).
    await context.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    expect(await context.cookies()).toEqual([]);
    // The page renders in English, restores the cookie and reloads itself: wait for the outcome,
    // not for one particular navigation.
    await page.goto('/', { waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang).catch(() => ''), { timeout: 15_000 }).toBe('zh-CN');
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('zh-CN');
    // It went round through /?lang=zh-CN, and tidied the address after.
    await expect.poll(() => new URL(page.url()).search, { timeout: 15_000 }).toBe('');
  });
});

describe('search', () => {
  it('submits the home search box to /search and lists matching companies', async () => {
    await freshPage();
    await page.goto('/');
    const firstBrand = (await cardNames(page, '[data-testid="popular-brands"]'))[0]!;
    const keyword = firstBrand.split(/\s+/)[0]!;

    await page.getByTestId('search-keyword').first().fill(keyword);
    await page.getByTestId('search-submit').first().click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keyword') === keyword);
    await page.locator('[data-testid="results-list"]').waitFor();
    const names = await cardNames(page, '[data-testid="results-list"]');
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => name.toLowerCase().includes(keyword.toLowerCase()))).toBe(true);
    expect(await page.title()).toContain(keyword);
  });

  it('opens a footer country as /search?country=… with companies from that country', async () => {
    await freshPage();
    await page.goto('/');
    const links = page.locator('[data-testid="footer-countries"] a');
    // Pick the first country that has companies on the home page, so results are certain to exist.
    const homeCountries = await texts(page, '[data-testid="popular-brands"] [data-testid="company-country"]');
    const footerNames = await links.allInnerTexts();
    const index = footerNames.findIndex((name) => homeCountries.includes(name));
    expect(index).toBeGreaterThanOrEqual(0);
    const countryName = footerNames[index]!;

    await links.nth(index).click();
    await page.waitForURL((url) => url.pathname === '/search' && !!url.searchParams.get('country'));
    await page.locator('[data-testid="results-list"]').waitFor();
    const resultCountries = await texts(page, '[data-testid="results-list"] [data-testid="company-country"]');
    expect(resultCountries.length).toBeGreaterThan(0);
    for (const name of resultCountries) expect(name).toBe(countryName);
  });

  it('shows an empty state for a search without results', async () => {
    await freshPage();
    await page.goto('/search?keyword=zzqxjv-no-such-company-9481');
    await expect(page.getByTestId('results-empty').isVisible()).resolves.toBe(true);
  });

  it('lists a category and pages through it with real links', async () => {
    await freshPage();
    const response = await page.goto('/listing/Brokers');
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Forex brokers');
    expect(await page.locator('[data-testid="results-list"] [data-testid="company-card"]').count()).toBeGreaterThan(0);
  });
});

describe('not found', () => {
  it('redirects unknown routes to /404, which answers 404', async () => {
    await freshPage();
    const response = await page.goto('/no-such-page/at-all');
    expect(new URL(page.url()).pathname).toBe('/404');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe("We couldn't find that page");
    await expect(page.getByRole('link', { name: 'Back to home' }).isVisible()).resolves.toBe(true);

    const listing = await page.goto('/listing/Banks');
    expect(new URL(page.url()).pathname).toBe('/404');
    expect(listing?.status()).toBe(404);
  });

  it('sends a client-side navigation to a missing page to /404 as well', async () => {
    await freshPage();
    await page.goto('/');
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);
    // Every menu link now has its page: navigate the client router itself (HydratedRouter keeps it
    // on window), as a link to a page that does not exist would.
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate('/no-such-page'));
    await page.waitForURL('**/404');
    await page.locator('h1', { hasText: "We couldn't find that page" }).waitFor();
  });
});

describe('odd addresses', () => {
  // Hand-edited, truncated or scanned links: past the last page, unknown filter values, repeated,
  // malformed, control and bidi characters, very long (web/test/odd-query.*.test.ts try them all).
  const ODD = [
    '/search?page=99999',
    '/listing/Brokers?page=99999&page=-1',
    '/topbrokers?page=abc',
    '/search?country=garbage&rating=9&order=nonsense',
    '/detail?id=%E2%80%AEevil%00',
    '/trader/index?sort=%1B%5B31m&page=1e308',
    `/search?keyword=${'x'.repeat(3000)}`,
  ];
  for (const lang of ['en', 'zh-CN'] as const) {
    it(`answers each with a page in ${lang === 'en' ? 'English' : 'Chinese'}, never a server error or the API's own words`, async () => {
      const { page: p } = await session.visitor(lang);
      for (const path of ODD) {
        const response = await p.goto(path);
        expect(response?.status() ?? 0, path).toBeLessThan(500);
        const title = p.locator('main h1').first();
        await title.waitFor({ timeout: 10_000 }).catch(async () => {
          throw new Error(`${path} (${response?.status()}): no heading in ${(await p.locator('body').innerText()).slice(0, 300)}`);
        });
        const heading = await title.innerText();
        expect(CJK.test(heading), `${path}: ${heading}`).toBe(lang === 'zh-CN');
        expect(await p.getByTestId('error-notice').count(), path).toBe(0);
        expect(await p.locator('main').innerText(), path).not.toMatch(/between 1 and|decrypt|解密|refresh the page|刷新页面/i);
      }
    });
  }
});

describe('content pages', () => {
  for (const [path, locale] of [
    ['/service', 'en'],
    ['/privacy', 'en'],
    ['/cookie', 'en'],
    ['/service', 'zh-CN'],
    ['/privacy', 'zh-CN'],
    ['/cookie', 'zh-CN'],
  ] as const) {
    it(`renders ${path} in ${locale} with a table of contents`, async () => {
      await freshPage();
      await context.addCookies([{ name: 'lang', value: locale, url: BASE_URL }]);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(locale);
      const title = await page.locator('h1').innerText();
      expect(title.length).toBeGreaterThan(3);
      expect(CJK.test(title)).toBe(locale === 'zh-CN');
      const tocLinks = await page.locator('nav[aria-labelledby="toc-title"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      const sections = await page.locator('article h2').count();
      expect(tocLinks.length).toBe(sections);
      expect(sections).toBeGreaterThan(2);
      for (const href of tocLinks) expect(await page.locator(href!).count()).toBe(1);
      expect(await page.title()).toContain(title);
    });
  }

  it('renders /about and /TraderChat in both languages', async () => {
    await freshPage();
    for (const path of ['/about', '/TraderChat']) {
      await page.goto(path);
      expect((await page.locator('h1').innerText()).length).toBeGreaterThan(3);
      expect(await page.locator('main h2').count()).toBeGreaterThan(0);
    }
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: BASE_URL }]);
    await page.goto('/about');
    expect(await page.locator('h1').innerText()).toMatch(CJK);
    await page.goto('/TraderChat');
    expect(await page.locator('#download').count()).toBe(1);
  });
});

describe('keyboard focus', () => {
  /** Tabs through the page; for each form control reached, what shows its focus and how. */
  async function focusRings(p: Page): Promise<{ kind: string; outline: string; width: number }[]> {
    const seen: { kind: string; outline: string; width: number }[] = [];
    for (let i = 0; i < 60; i += 1) {
      await p.keyboard.press('Tab');
      const ring = await p.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) return null;
        const type = el.tagName === 'INPUT' ? (el as HTMLInputElement).type : el.tagName.toLowerCase();
        // The control that draws the ring: a segmented control's label, a password field's frame.
        const shown = (type === 'radio' && el.closest('.mantine-SegmentedControl-control')) || (type === 'password' && el.closest('.mantine-Input-input')) || el;
        const style = getComputedStyle(shown);
        return { kind: type === 'radio' && shown !== el ? 'segmented' : type, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      if (ring && !seen.some((r) => r.kind === ring.kind)) seen.push(ring);
    }
    return seen;
  }

  it('shows a 2 px ring on every kind of form control, as on buttons and links', async () => {
    await freshPage();
    await page.goto('/register');
    await hydrated(page);
    const register = await focusRings(page);
    expect(register.map((r) => r.kind)).toEqual(expect.arrayContaining(['segmented', 'text', 'password', 'checkbox']));
    await page.goto('/search?keyword=a');
    await hydrated(page);
    const search = await focusRings(page);
    expect(search.map((r) => r.kind)).toEqual(expect.arrayContaining(['select']));
    for (const ring of [...register, ...search]) {
      expect(ring.outline, ring.kind).toBe('solid');
      expect(ring.width, ring.kind).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('header', () => {
  it('opens dropdowns with the keyboard and closes them with Escape', async () => {
    await freshPage();
    await page.goto('/');
    await hydrated(page);
    const reviews = page.locator('summary', { hasText: 'Reviews' });
    await reviews.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Liquidity', exact: true }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Liquidity', exact: true }).isVisible()).resolves.toBe(false);
  });

  it('shows both QR images in the customer-service menu', async () => {
    await freshPage();
    await page.goto('/');
    await hydrated(page);
    await page.getByLabel('Customer service').click();
    const images = page.locator('[data-testid="customer-service-panel"] img');
    expect(await images.count()).toBe(2);
    for (const img of await images.all()) {
      await img.waitFor();
      // Lazy images start loading only when the menu opens.
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
  });

  it('collapses into a menu button on phones', async () => {
    await freshPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('summary', { hasText: 'Reviews' }).isVisible()).resolves.toBe(false);
    await page.getByLabel('Menu').click();
    await page.getByRole('link', { name: 'Payment', exact: true }).click();
    await page.waitForURL('**/listing/Pay');
    await page.locator('h1', { hasText: 'Payment companies' }).waitFor();
  });
});

describe('newsletter', () => {
  it('checks the address before sending and shows the answer in place', async () => {
    await freshPage();
    await page.goto('/');
    await hydrated(page);
    await page.getByTestId('newsletter-email').fill('not-an-email');
    await page.getByTestId('newsletter-submit').click();
    await expect(page.getByText('The mailbox format is incorrect.').isVisible()).resolves.toBe(true);

    await page.getByTestId('newsletter-email').fill('trader@example.com');
    await page.getByTestId('newsletter-submit').click();
    // Double opt-in: the server asks to confirm by mail (or says the address is already subscribed).
    await page.getByTestId('newsletter-done').filter({ hasText: /confirm|already subscribed/ }).waitFor();
  });
});

describe('banner carousel', () => {
  it('steps to a slide from its dot, with labels in the page language and nothing in English', async () => {
    ({ context, page } = await session.visitor('zh-CN'));
    await page.goto('/');
    await hydrated(page);
    const dots = page.getByTestId('banner-dot');
    const total = await dots.count();
    expect(total).toBeGreaterThan(1);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');
    expect(await dots.nth(1).getAttribute('aria-label')).toBe('显示第 2 张横幅');
    const slides = page.getByTestId('banner-carousel').locator('[aria-roledescription]');
    expect(await slides.nth(1).getAttribute('aria-label')).toBe(`第 2 张，共 ${total} 张`);
    // What a screen reader calls a slide is said in the page's language too.
    expect(await slides.nth(1).getAttribute('aria-roledescription')).toBe('横幅');
    const track = page.getByTestId('banner-carousel').locator('> div').first();
    const width = await track.evaluate((el) => el.clientWidth);

    await dots.nth(1).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeCloseTo(width, -1);
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await dots.first().getAttribute('aria-current')).toBeNull();
    // Only the track moved: not the page, not the address.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Swiping (scrolling the track) moves the mark too.
    await track.evaluate((el) => el.scrollTo({ left: 0 }));
    await expect.poll(() => dots.first().getAttribute('aria-current')).toBe('true');
    expect(await page.getByTestId('banner-carousel').innerText()).not.toMatch(/slide/i);
  });
});

describe('without JavaScript', () => {
  it('renders the home page with its content and works through plain links and forms', async () => {
    await freshPage({ javaScriptEnabled: false });
    await page.goto('/');
    await expect(page.locator('[data-testid="banner-carousel"] img').first().isVisible()).resolves.toBe(true);
    // A banner dot is an in-page link: the track scrolls to its slide.
    await page.getByTestId('banner-dot').nth(1).click();
    await expect.poll(() => page.getByTestId('banner-carousel').locator('> div').first().evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="popular-brands"] [data-testid="company-card"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="footer-countries"] a').count()).toBeGreaterThan(0);
    expect(await page.locator('h1').innerText()).toBe('Check a broker before you trade');

    // A header dropdown opens without script (details/summary).
    await page.locator('summary', { hasText: 'Reviews' }).click();
    await page.getByRole('link', { name: 'FinTech', exact: true }).click();
    await page.waitForURL('**/listing/FinTech');
    expect(await page.locator('h1').innerText()).toBe('FinTech companies');

    // The search form is a plain GET form.
    const firstName = (await cardNames(page, '[data-testid="results-list"]'))[0]!;
    await page.goto('/');
    await page.getByTestId('search-keyword').first().fill(firstName);
    await page.getByTestId('search-submit').first().click();
    await page.waitForURL('**/search?keyword=*');
    expect(await cardNames(page, '[data-testid="results-list"]')).toContain(firstName);

    // The language link works through ?lang= and the server remembers it in the cookie.
    await page.getByTestId('language-switch').first().click();
    await page.waitForURL('**lang=zh-CN*');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  });
});
