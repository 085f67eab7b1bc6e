/**
 * What `npm run lighthouse` measures on the public pages (issue 20), checked on every run: one
 * canonical among its own hreflang alternates, a description, no stylesheet that blocks the first
 * paint, the banner (the home page's largest paint), a post's cover and a video post's poster
 * preloaded at high priority in the AVIF size a phone needs (one download), banner dots a
 * finger can hit (24 × 24 px), and no layout shift while the page loads and hydrates.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_REL_PREFIX, AFTER_PAINT_SCRIPT_TYPE } from '../web/app/lib/after-paint.ts';
import { BASE_URL, browserSession, hydrated } from './browser.ts';

const session = browserSession();
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** The pages Lighthouse audits; the company, post and trader are the first ones the sitemap lists. */
async function publicPages(): Promise<string[]> {
  const { context } = await session.visitor();
  const xml = await (await context.request.get('/sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')));
  const first = (...paths: string[]) => {
    const found = locs.find((u) => paths.includes(u.pathname) && !u.searchParams.has('lang'));
    return found ? `${found.pathname}${found.search}` : null;
  };
  return ['/', '/listing/Brokers', first('/detail'), '/search?keyword=markets', '/topbrokers', first('/blog/detail', '/vlog/detail'), first('/trader/account'), '/login'].filter(
    (p): p is string => p !== null,
  );
}

async function head(page: Page) {
  return page.evaluate(() => ({
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')] as const),
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
  }));
}

/** Every image the page requests, with the type it was answered with. */
function imageRequests(page: Page): { url: string; type: string }[] {
  const seen: { url: string; type: string }[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'image') seen.push({ url: new URL(r.url()).pathname, type: r.headers()['content-type'] ?? '' });
  });
  return seen;
}

/**
 * A page's largest paint as a <picture> (ADR 033): the browser took the AVIF size that is the
 * smallest one covering the drawn width on this screen, preloaded from the head with the same
 * srcset and sizes at high priority, and fetched it once (no other size, no original).
 */
async function lcpPicture(page: Page, picture: Locator, images: { url: string; type: string }[]) {
  const img = picture.locator('img');
  expect(await img.getAttribute('fetchpriority')).toBe('high');
  const source = picture.locator('source[type="image/avif"]');
  const srcset = (await source.getAttribute('srcset'))!;
  const sizes = (await source.getAttribute('sizes'))!;
  const widths = [...srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
  const { current, drawn, dpr } = await img.evaluate((el: HTMLImageElement) => ({ current: new URL(el.currentSrc).pathname, drawn: el.clientWidth, dpr: window.devicePixelRatio }));
  const wanted = widths.find((w) => w >= drawn * dpr) ?? widths.at(-1)!;
  expect(current).toMatch(new RegExp(`\\.${wanted}w\\.avif$`));
  expect(wanted).toBeLessThan(1280);

  const preload = page.locator('head link[rel="preload"][as="image"][imagesrcset]');
  expect(await preload.count()).toBe(1);
  expect([await preload.getAttribute('imagesrcset'), await preload.getAttribute('imagesizes'), await preload.getAttribute('type'), await preload.getAttribute('fetchpriority')]).toEqual([
    srcset,
    sizes,
    'image/avif',
    'high',
  ]);
  const original = (await img.getAttribute('src'))!;
  await expect.poll(() => images.filter((r) => r.url.startsWith(original)).length).toBeGreaterThan(0);
  expect(images.filter((r) => r.url.startsWith(original))).toEqual([{ url: current, type: 'image/avif' }]);
  return { original, current };
}

describe('public pages as a crawler and a phone see them', () => {
  it('name one canonical among their own alternates (themselves when they are one), with a description, in both languages', async () => {
    const pages = await publicPages();
    expect(pages).toHaveLength(8);
    // A crawler has no cookie: the bare address is English, ?lang=zh-CN Chinese, ?lang=en English.
    for (const path of pages) {
      for (const lang of [null, 'en', 'zh-CN'] as const) {
        const { page } = await session.visitor();
        const url = new URL(path, BASE_URL);
        if (lang) url.searchParams.set('lang', lang);
        await page.goto(url.toString());
        const tags = await head(page);
        const where = `${url.pathname}${url.search}`;
        expect(tags.canonical, where).toHaveLength(1);
        const canonical = tags.canonical[0]!;
        const hrefs = tags.alternates.map(([, href]) => href);
        expect(tags.alternates.map(([hreflang]) => hreflang), where).toEqual(['en', 'zh-CN', 'x-default']);
        expect(hrefs, where).toContain(canonical);
        if (hrefs.includes(url.toString())) expect(canonical, where).toBe(url.toString());
        expect(tags.alternates.find(([hreflang]) => hreflang === (lang ?? 'en'))?.[1], where).toBe(canonical);
        expect(tags.description.length, where).toBeGreaterThan(20);
        await page.context().close();
      }
    }
  });

  it('paint from the HTML: every stylesheet is inlined, none is fetched before the first paint', async () => {
    const pages = await publicPages();
    const { context } = await session.visitor('en', PHONE);
    for (const path of pages) {
      const html = await (await context.request.get(path)).text();
      const documentHead = html.slice(0, html.indexOf('</head>'));
      const links = [...documentHead.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) {
        expect(link, path).toContain('type="text/x-inlined-css"');
        const href = /href="([^"#]+)/.exec(link)![1]!;
        expect(documentHead, path).toContain(`<style data-href="${href}">`);
      }
    }
    // Styled without a single CSS request (and without script): the global styles (body) and the
    // route's own (the banner's rounded corners) apply.
    const bare = await session.context({ ...PHONE, javaScriptEnabled: false });
    const page = session.watch(await bare.newPage());
    const css: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') css.push(request.url());
    });
    await page.goto('/');
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).margin)).toBe('0px');
    expect(await page.getByTestId('banner-carousel').evaluate((el) => getComputedStyle(el).borderRadius)).toBe('18px');
    expect(css).toEqual([]);
  });

  it("draw their icons and ratings from the page's one sprite, before and after hydration", async () => {
    const pages = await publicPages();
    const { page } = await session.visitor('en', PHONE);
    // Each <use> names a symbol of the same page and, where shown, draws in a box (components/icons.tsx).
    const drawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('use')].map((use) => {
          const id = use.getAttribute('href')!.slice(1);
          const box = use.getBoundingClientRect();
          // An icon inside a closed menu has no box of its own to draw in.
          const shown = use.ownerSVGElement!.checkVisibility();
          return { id, found: document.getElementById(id)?.tagName ?? null, hidden: use.closest('[aria-hidden="true"]') !== null, sized: !shown || (box.width > 0 && box.height > 0) };
        }),
      );
    for (const path of pages) {
      for (const when of ['as served', 'hydrated']) {
        if (when === 'as served') await page.goto(path, { waitUntil: 'commit' }).then(() => page.waitForLoadState('domcontentloaded'));
        else await hydrated(page);
        const uses = await drawn();
        if (path === '/') expect(uses.length, `${path} ${when}`).toBeGreaterThan(20);
        for (const use of uses) expect(use, `${path} ${when}`).toEqual({ id: use.id, found: 'symbol', hidden: true, sized: true });
      }
    }
    expect(await page.locator('symbol').count()).toBeGreaterThan(5);
  });

  it('start their scripts and messages only once the page has painted (and its banner, cover or poster is drawn), and still hydrate', async () => {
    const pages = await publicPages();
    const { context, page } = await session.visitor('zh-CN', PHONE);
    // As served: the loads are inert until the paint (web/app/lib/after-paint.ts).
    const html = await (await context.request.get('/')).text();
    expect(html).not.toMatch(/<link rel="modulepreload"|<link rel="preload" as="fetch"| type="module" async=""/);
    expect(html).toContain(`<link rel="${AFTER_PAINT_REL_PREFIX}modulepreload" href="/assets/`);
    expect(html).toContain(`<link rel="${AFTER_PAINT_REL_PREFIX}preload" as="fetch"`);
    expect(html).toContain(`type="${AFTER_PAINT_SCRIPT_TYPE}"`);
    for (const path of pages) {
      await page.goto(path);
      await hydrated(page);
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const loads = resources.filter((r) => /\/assets\/.+\.js$|\/i18n\//.test(new URL(r.name).pathname));
        const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => resources.find((r) => r.name === img.currentSrc)?.responseEnd ?? 0);
        return {
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
          pictures: Math.max(0, ...pictures),
          firstLoad: Math.min(...loads.map((r) => r.startTime)),
          loads: loads.length,
        };
      });
      expect(timing.loads, path).toBeGreaterThan(2);
      expect(timing.firstLoad, path).toBeGreaterThanOrEqual(timing.paint);
      expect(timing.firstLoad, path).toBeGreaterThanOrEqual(timing.pictures);
      // Every inert link was turned back on.
      expect(await page.locator(`link[rel^="${AFTER_PAINT_REL_PREFIX}"]`).count(), path).toBe(0);
    }
  });

  it('preload the home banner at high priority, as the AVIF size a phone needs, and give each of its dots a 24 px target', async () => {
    const { page } = await session.visitor('zh-CN', PHONE);
    const images = imageRequests(page);
    await page.goto('/');
    await hydrated(page);
    const banner = await lcpPicture(page, page.getByTestId('banner-carousel').locator('picture').first(), images);
    expect(banner.original).toMatch(/^\/media\/banners\/.+\.jpg$/);

    const dots = page.getByTestId('banner-dot');
    expect(await dots.count()).toBeGreaterThan(1);
    for (const box of await dots.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
  });

  it("preload an image post's cover as the AVIF size a phone needs, and fetch it once", async () => {
    const { context, page } = await session.visitor('en', PHONE);
    const xml = await (await context.request.get('/sitemap.xml')).text();
    const path = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&'))).find((u) => u.pathname === '/blog/detail' && !u.searchParams.has('lang'))!;
    // Demo covers get their sizes just after the seed, as uploads do: wait until the one a phone takes is made.
    const html = await (await context.request.get(`${path.pathname}${path.search}`)).text();
    const avif = /\/media\/images\/[0-9a-f-]{36}\/cover\.webp\.960w\.avif/.exec(html)?.[0];
    expect(avif).toBeDefined();
    await expect.poll(async () => (await context.request.get(avif!)).headers()['content-type'], { timeout: 60_000, interval: 500 }).toBe('image/avif');
    const images = imageRequests(page);
    await page.goto(`${path.pathname}${path.search}`);
    await hydrated(page);
    const cover = await lcpPicture(page, page.getByTestId('post-detail').locator('article picture').first(), images);
    expect(cover.original).toMatch(/^\/media\/images\/[0-9a-f-]{36}\/cover\.webp$/);
  });

  it("preload a video post's poster as the AVIF size a phone needs, described at its real width, and fetch it once", async () => {
    const { context, page } = await session.visitor('en', PHONE);
    const xml = await (await context.request.get('/sitemap.xml')).text();
    const path = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&'))).find((u) => u.pathname === '/vlog/detail' && !u.searchParams.has('lang'))!;
    // The poster's sizes are made by the worker's job after the transcode: wait until the largest is.
    const html = await (await context.request.get(`${path.pathname}${path.search}`)).text();
    const avif = [...html.matchAll(/\/media\/videos\/[0-9a-f-]{36}\/poster\.jpg\.\d+w\.avif/g)].at(-1)?.[0];
    expect(avif).toBeDefined();
    await expect.poll(async () => (await context.request.get(avif!)).headers()['content-type'], { timeout: 60_000, interval: 500 }).toBe('image/avif');
    const images = imageRequests(page);
    await page.goto(`${path.pathname}${path.search}`);
    await hydrated(page);
    const poster = await lcpPicture(page, page.getByTestId('post-detail').locator('article picture').first(), images);
    expect(poster.original).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\/poster\.jpg$/);
    // The player's own poster is a transparent pixel (no second download), so the picture shows through it under the controls.
    expect(await page.getByTestId('post-video').getAttribute('poster')).toMatch(/^data:image\/gif;base64,/);
    // What is on screen in the player's upper half is the poster (the mean colour of a patch, as the page draws it and as the picture is).
    const box = (await page.getByTestId('post-video').boundingBox())!;
    const patch = { x: Math.round(box.width * 0.3), y: Math.round(box.height * 0.15), width: Math.round(box.width * 0.4), height: Math.round(box.height * 0.3) };
    const shot = await page.screenshot({ clip: { x: box.x + patch.x, y: box.y + patch.y, width: patch.width, height: patch.height }, scale: 'css' });
    const onScreen = (await sharp(shot).removeAlpha().stats()).channels.map((c) => c.mean);
    const inPicture = await page.getByTestId('post-poster').evaluate((img: HTMLImageElement, p) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: img.clientWidth, height: img.clientHeight });
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0, canvas.width, canvas.height);
      const { data } = g.getImageData(p.x, p.y, p.width, p.height);
      const sum = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      return sum.map((v) => v / (data.length / 4));
    }, patch);
    for (const [c, mean] of inPicture.entries()) expect(Math.abs(onScreen[c]! - mean)).toBeLessThanOrEqual(24);
    // The srcset says the size's real width: the browser then takes the picture as exactly as wide as its slot
    // (a size described wider than it is would come out narrower).
    const { natural, slot } = await page.getByTestId('post-poster').evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, slot: img.clientWidth }));
    expect(Math.abs(natural - slot)).toBeLessThanOrEqual(2);
  });

  it('do not shift their layout while loading and hydrating', async () => {
    const pages = await publicPages();
    const { page } = await session.visitor('en', PHONE);
    // Every shift since the navigation started (buffered), the ones right after input excluded, as CLS counts them.
    for (const path of [pages[0]!, pages[2]!]) {
      await page.goto(path);
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready);
      const shift = await page.evaluate(() => {
        // observe() with `buffered` puts the shifts so far in the observer's buffer at once (spec), so takeRecords() has them.
        const observer = new PerformanceObserver(() => undefined);
        observer.observe({ type: 'layout-shift', buffered: true });
        const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
        observer.disconnect();
        return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
      });
      expect(shift, path).toBeLessThan(0.01);
    }
  });

  it("keep a listing's results where they were drawn when the page hydrates (the filters' button is for browsers without script)", async () => {
    // Where the results are before the scripts run (they are held back) and once the page has hydrated:
    // the same place. The button was taken out at hydration, and the results moved up under it
    // (Lighthouse counted a layout shift of 0.016 on a phone).
    const top = (page: Page) => page.locator('section[aria-labelledby="results-heading"]').evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    const before = (await session.visitor('en', PHONE)).page;
    await before.route('**/assets/*.js', (route) => route.abort());
    await before.goto('/listing/Brokers');
    const after = (await session.visitor('en', PHONE)).page;
    await after.goto('/listing/Brokers');
    await hydrated(after);
    await after.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await top(after)).toBe(await top(before));
    expect(await after.getByTestId('company-filters').getByRole('button').count()).toBe(0);
  });
});
