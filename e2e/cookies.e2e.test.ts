/**
 * The cookie policy names exactly what the site keeps in a browser: a real session (home, sign-up
 * through a guarded page's login redirect, log out, sign in with "Remember me", switch language)
 * collects every cookie the site set and every web-storage key its pages wrote, and the sets must
 * equal the names the rendered /cookie page lists, in both languages. A cookie the policy doesn't
 * name fails, and so does a name the policy keeps for something the site no longer sets.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, browserSession, hydrated, type Lang } from './browser.ts';
import { register } from './users.ts';

const session = browserSession();

type Kind = 'cookie' | 'local' | 'session';
type Names = Record<Kind, string[]>;

/** How each language's policy marks the kind of an item: "`bw_session` (cookie): …". */
const KIND_WORDS: Record<Lang, Record<Kind, string>> = {
  en: { cookie: '(cookie)', local: '(local storage)', session: '(session storage)' },
  'zh-CN': { cookie: '（Cookie）', local: '（本地存储）', session: '（会话存储）' },
};

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The names the rendered policy lists, by kind. */
async function policyNames(page: Page, lang: Lang): Promise<Names> {
  await page.goto('/cookie');
  expect(await page.getAttribute('html', 'lang')).toBe(lang);
  const items = await page.locator('main li').evaluateAll((lis) =>
    lis.filter((li) => li.firstElementChild?.tagName === 'CODE').map((li) => ({ name: li.firstElementChild!.textContent!, text: li.textContent! })),
  );
  const names: Names = { cookie: [], local: [], session: [] };
  for (const { name, text } of items) {
    const after = text.slice(name.length).trimStart();
    const kind = (Object.entries(KIND_WORDS[lang]) as [Kind, string][]).find(([, word]) => after.startsWith(word))?.[0];
    if (!kind) throw new Error(`the policy lists ${name} without a kind: ${text.slice(0, 80)}`);
    names[kind].push(name);
  }
  return { cookie: sorted(names.cookie), local: sorted(names.local), session: sorted(names.session) };
}

/** Records every cookie the site sets (answers' Set-Cookie and the cookie jar) and every storage key a page writes. */
async function recordStorage(context: BrowserContext): Promise<{ names(): Promise<Names> }> {
  const host = new URL(BASE_URL).hostname;
  const cookies = new Set<string>();
  const keys: Record<'local' | 'session', Set<string>> = { local: new Set(), session: new Set() };
  await context.exposeBinding('__bwStorageWrite', (_source, area: 'local' | 'session', key: string) => void keys[area].add(key));
  await context.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      (window as unknown as { __bwStorageWrite(area: string, key: string): void }).__bwStorageWrite(this === window.sessionStorage ? 'session' : 'local', key);
      setItem.call(this, key, value);
    };
  });
  context.on('response', (response) => {
    if (new URL(response.url()).hostname !== host) return;
    void response
      .headerValues('set-cookie')
      .then((values) => {
        for (const value of values.flatMap((v) => v.split('\n'))) cookies.add(value.split('=')[0]!.trim());
      })
      .catch(() => undefined);
  });
  return {
    async names() {
      for (const c of await context.cookies()) if (c.domain.replace(/^\./, '') === host) cookies.add(c.name);
      return { cookie: sorted(cookies), local: sorted(keys.local), session: sorted(keys.session) };
    },
  };
}

describe('cookie policy', () => {
  it('names exactly the cookies and storage keys a browser session collects, in both languages', async () => {
    // No language cookie from the test: every cookie collected is one the site set.
    const { context, page } = await session.visitor();
    const recorder = await recordStorage(context);

    await page.goto('/');
    await hydrated(page);
    // A guarded page sends the visitor to sign in, keeping the way back; signing up from there returns.
    await page.goto('/user/set');
    expect(new URL(page.url()).pathname).toBe('/login');
    await hydrated(page);
    const account = await register(context, page, 'en', 'ck', { goTo: '/user/set' });

    // Log out, then sign in again with "Remember me".
    await hydrated(page);
    await page.locator('header summary', { hasText: account.username }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Log Out' }).click()]);
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Email or user name', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('header summary', { hasText: account.username }).waitFor({ timeout: 15_000 });

    // Switch to Chinese.
    await hydrated(page);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-switch').first().click()]);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');

    const collected = await recorder.names();
    // The durations the policy states: signed in with "Remember me" 30 days, bw_device 180 days, lang 1 year.
    const days = Object.fromEntries((await context.cookies()).map((c) => [c.name, Math.round((c.expires * 1000 - Date.now()) / 86_400_000)]));
    expect(days).toMatchObject({ bw_session: 30, bw_csrf: 30, bw_device: 180, lang: 365 });
    const zh = await policyNames(page, 'zh-CN');
    expect(collected).toEqual(zh);
    await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
    const en = await policyNames(page, 'en');
    expect(en).toEqual(zh);
    // What this journey must have met at least (so an empty recorder can't pass).
    expect(collected.cookie).toEqual(expect.arrayContaining(['bw_session', 'bw_csrf', 'bw_device', 'lang']));
  });
});
