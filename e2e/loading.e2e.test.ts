/**
 * Spec §9 and §8 on the client: the loading overlay (open while the page's own requests run,
 * closed 500 ms after the last one), and a page whose code cannot be downloaded (a message with a
 * reload action instead of a click that does nothing), in both languages.
 */
import { describe, expect, it } from 'vitest';
import { BASE_URL, browserSession, hydrated, type Lang } from './browser.ts';

const session = browserSession();

const TEXT = {
  en: { loading: 'Loading…', chunkTitle: 'This page could not be loaded completely', reload: 'Reload' },
  'zh-CN': { loading: '加载中…', chunkTitle: '页面未能完整加载', reload: '重新加载' },
} as const;

const SUBSCRIBE = '/api/newsletter/subscribe';

describe.each(['en', 'zh-CN'] as const)('loading overlay (%s)', (lang: Lang) => {
  it('is closed on a server-rendered load, opens while a request runs and closes 500 ms after it ends', async () => {
    const { context, page } = await session.visitor(lang);
    // The server renders it closed, so a first load never flashes it.
    const html = await (await context.request.get('/')).text();
    const tag = /<div[^>]*data-testid="loading-overlay"[^>]*>/.exec(html)?.[0];
    expect(tag).toBeDefined();
    expect(tag).toContain('aria-busy="false"');
    expect(tag).not.toContain('data-busy');

    await page.goto('/');
    await hydrated(page);
    const overlay = page.getByTestId('loading-overlay');
    expect(await overlay.getAttribute('data-busy')).toBeNull();

    // When the answer is shown and when the overlay closes, in the page's own clock.
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      const el = document.querySelector('[data-testid="loading-overlay"]')!;
      new MutationObserver(() => {
        if (!el.hasAttribute('data-busy')) marks.closed = performance.now();
      }).observe(el, { attributes: true, attributeFilter: ['data-busy'] });
      new MutationObserver(() => {
        if (marks.done === undefined && document.querySelector('[data-testid="newsletter-done"]')) marks.done = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${SUBSCRIBE}`, async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === SUBSCRIBE);
    await page.getByTestId('newsletter-email').fill(`overlay-${Date.now().toString(36)}@example.com`);
    await page.getByTestId('newsletter-submit').click();

    await page.locator('[data-testid="loading-overlay"][data-busy]').waitFor({ state: 'attached' });
    expect(await overlay.getAttribute('aria-busy')).toBe('true');
    expect(await overlay.textContent()).toBe(TEXT[lang].loading);

    release();
    await answered;
    await page.getByTestId('newsletter-done').waitFor();
    await page.locator('[data-testid="loading-overlay"]:not([data-busy])').waitFor({ state: 'attached' });
    expect(await overlay.textContent()).toBe('');
    // Closed no sooner than 500 ms after the answer was shown (a slow machine only widens the gap).
    const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
    expect(marks.closed! - marks.done!).toBeGreaterThanOrEqual(490);
    await page.unroute(`**${SUBSCRIBE}`);
  });
});

describe.each(['en', 'zh-CN'] as const)('a page whose code cannot be downloaded (%s)', (lang: Lang) => {
  it('says so and reloads into that page instead of ignoring the click', async () => {
    const { context, page } = await session.visitor(lang);
    await page.goto('/');
    await hydrated(page);
    // The About page's route module, as the router knows it once the footer's link is discovered.
    const moduleUrl = (await (
      await page.waitForFunction(
        () => (window as unknown as { __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> } }).__reactRouterManifest?.routes['routes/about']?.module,
      )
    ).jsonValue()) as string;
    const chunk = new URL(moduleUrl, BASE_URL).href;
    await context.route(chunk, (route) => route.abort());

    await page.locator('footer a[href="/about"]').first().click();
    const notice = page.getByTestId('chunk-error');
    await notice.waitFor();
    expect(await notice.getByText(TEXT[lang].chunkTitle, { exact: true }).isVisible()).toBe(true);
    // The page the visitor was on stays, working.
    expect(new URL(page.url()).pathname).toBe('/');

    // Reload loads the address the link led to in full (here with its code reachable again).
    await context.unroute(chunk);
    await Promise.all([page.waitForURL((url) => url.pathname === '/about'), notice.getByRole('link', { name: TEXT[lang].reload }).click()]);
    await hydrated(page);
    expect(await page.getByTestId('chunk-error').count()).toBe(0);
  });
});
