/**
 * The select-box messages of spec §8 on the bind form's server picker, in both languages:
 * "please enter N or more characters", "please delete N characters", "no results found", and
 * "loading more results" when the list is scrolled to its end.
 */
import { describe, expect, it } from 'vitest';
import { BASE_URL, browserSession } from './browser.ts';
import { register } from './users.ts';

const session = browserSession();

const TEXT = {
  en: { short: 'Please enter 2 or more characters', long3: 'Please delete 3 characters', long1: 'Please delete 1 character', none: 'No results found', more: 'Loading more results…' },
  'zh-CN': { short: '请输入 2 个或更多字符', long3: '请删除 3 个字符', long1: '请删除 1 个字符', none: '未找到结果', more: '正在加载更多结果…' },
} as const;

describe('server picker messages', () => {
  it('asks for more characters, for fewer past the limit, says when nothing matches and loads more at the end of the list (en, zh-CN)', async () => {
    const { context, page } = await session.visitor('en');
    await register(context, page, 'en', 'sel');
    for (const lang of ['en', 'zh-CN'] as const) {
      const t = TEXT[lang];
      await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
      await page.goto('/trader/bindaccount');
      await page.locator('[data-testid="bind-form"][data-ready]').waitFor();
      const input = page.getByTestId('bind-server');
      const note = page.getByTestId('bind-server-note');
      await input.click();
      await input.fill('L');
      await expect.poll(() => note.innerText()).toBe(t.short);
      // The API takes at most 100 characters: no call, the list says how many to delete.
      await input.fill('L'.repeat(103));
      await expect.poll(() => note.innerText()).toBe(t.long3);
      await input.fill('L'.repeat(101));
      await expect.poll(() => note.innerText()).toBe(t.long1);
      await input.fill(`zz-no-such-server-${Date.now().toString(36)}`);
      await expect.poll(() => note.innerText()).toBe(t.none);

      // The demo has more than 20 live servers: the first 20 come, scrolling to the end asks for 20 more.
      const options = page.getByTestId('bind-server-option');
      await input.fill('Live');
      await expect.poll(() => options.count()).toBe(20);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const nextPage = (url: URL) => url.pathname === '/api/brokers/brokerserver' && url.searchParams.get('limit') === '40';
      await page.route(nextPage, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByTestId('bind-server-list').evaluate((list) => (list.scrollTop = list.scrollHeight));
      const more = page.getByTestId('bind-server-more');
      await more.waitFor();
      expect(await more.innerText()).toBe(t.more);
      expect(await options.count()).toBe(20);
      release();
      await more.waitFor({ state: 'detached' });
      expect(await options.count()).toBeGreaterThan(20);
      expect(await options.count()).toBeLessThanOrEqual(40);
      await page.unroute(nextPage);
    }
  });
});
