import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, hydrated, type Lang } from './browser.ts';

/** Issue 22 item 8: listing filters, name ranking and post-search suggestions on the demo site. */
const session = browserSession();

const cards = (page: Page) => page.locator('[data-testid="results-list"] [data-testid="company-card"]');
const regulatedBadges = (page: Page, label: string) => cards(page).getByText(label, { exact: true });
const count = async (page: Page) => Number((await page.getByTestId('results-count').innerText()).match(/\d+/)?.[0] ?? NaN);

describe('category listing filters', () => {
  it('applies a changed filter at once, keeps it in the address, and has no separate button', async () => {
    const { page } = await session.visitor('en');
    await page.goto('/listing/Brokers');
    await hydrated(page);
    const all = await count(page);
    const filters = page.getByTestId('company-filters');
    expect(await filters.getByRole('button').count()).toBe(0);

    await filters.getByLabel('Licence status').selectOption('unregulated');
    await page.waitForURL((url) => url.pathname === '/listing/Brokers' && url.searchParams.get('licence') === 'unregulated');
    await expect.poll(() => count(page)).toBeLessThan(all);
    expect(await cards(page).count()).toBeGreaterThan(0);
    expect(await regulatedBadges(page, 'Regulated').count()).toBe(0);

    await filters.getByLabel('Minimum rating').selectOption('3');
    await page.waitForURL((url) => url.searchParams.get('rating') === '3' && url.searchParams.get('licence') === 'unregulated');
    await filters.getByLabel('Sort by').selectOption('name');
    await page.waitForURL((url) => url.searchParams.get('order') === 'name' && url.searchParams.get('rating') === '3');
    const names = await cards(page).locator('h3').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);

    // The address is the state: a reload shows the same filters and results.
    await page.reload();
    await hydrated(page);
    expect(await filters.getByLabel('Licence status').inputValue()).toBe('unregulated');
    expect(await filters.getByLabel('Minimum rating').inputValue()).toBe('3');
    expect(await cards(page).locator('h3').allInnerTexts()).toEqual(names);
  });

  it('applies a select changed before the page hydrated once it has (the button is hidden wherever script runs)', async () => {
    const { page } = await session.visitor('en');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/entry.client-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/listing/Brokers');
    const filters = page.getByTestId('company-filters');
    expect(await filters.getByRole('button').count()).toBe(0);
    await filters.getByLabel('Licence status').selectOption('unregulated');
    release();
    await hydrated(page);
    await page.waitForURL((url) => url.pathname === '/listing/Brokers' && url.searchParams.get('licence') === 'unregulated');
    expect(await regulatedBadges(page, 'Regulated').count()).toBe(0);
  });

  it('filters by licence status in Chinese too, and without script through the fallback button', async () => {
    const { page } = await session.visitor('zh-CN');
    await page.goto('/listing/Brokers');
    await hydrated(page);
    await page.getByTestId('company-filters').getByLabel('牌照状态').selectOption('regulated');
    await page.waitForURL((url) => url.searchParams.get('licence') === 'regulated');
    await expect.poll(() => regulatedBadges(page, '受监管').count()).toBe(await cards(page).count());

    const bare = await (await session.context({ javaScriptEnabled: false })).newPage();
    await bare.goto('/listing/Pay');
    const form = bare.getByTestId('company-filters');
    await form.getByLabel('Licence status').selectOption('regulated');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await bare.waitForURL((url) => url.pathname === '/listing/Pay' && url.searchParams.get('licence') === 'regulated');
    expect(await cards(bare).count()).toBeGreaterThan(0);
    expect(await regulatedBadges(bare, 'Regulated').count()).toBe(await cards(bare).count());
  });
});

describe('company name search', () => {
  it('finds only Sealpoint for "Sealpoint", not the other "… Point" names', async () => {
    const { page } = await session.visitor('en');
    await page.goto('/search?keyword=Sealpoint');
    const names = await cards(page).locator('h3').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^Sealpoint/);
  });
});

describe('post search suggestions', () => {
  for (const lang of ['en', 'zh-CN'] as const satisfies Lang[]) {
    it(`every suggested search finds posts (${lang})`, async () => {
      const { page } = await session.visitor(lang);
      await page.goto('/vlog/search');
      const links = page.getByTestId('post-search-suggestions').getByRole('link');
      const words = await links.allInnerTexts();
      expect(words.length).toBeGreaterThanOrEqual(3);
      // The placeholder names the same examples.
      for (const word of words) expect(await page.getByTestId('post-search-input').getAttribute('placeholder')).toContain(word);
      for (const word of words) {
        await page.goto('/vlog/search');
        await page.getByTestId('post-search-suggestions').getByRole('link', { name: word, exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('keyword') === word);
        await page.getByTestId('post-search-count').waitFor();
        expect(await page.getByTestId('post-card').count(), word).toBeGreaterThan(0);
      }
    });
  }

  it('finds the Chinese gold video by "gold" and the English EUR/USD video by its Chinese name', async () => {
    const { page } = await session.visitor('en');
    await page.goto('/vlog/search?keyword=gold');
    await expect(page.getByTestId('post-card').filter({ hasText: '黄金' }).count()).resolves.toBeGreaterThan(0);
    await page.goto(`/vlog/search?keyword=${encodeURIComponent('欧元美元')}`);
    await expect(page.getByTestId('post-card').filter({ hasText: 'EUR/USD' }).count()).resolves.toBeGreaterThan(0);
  });
});
