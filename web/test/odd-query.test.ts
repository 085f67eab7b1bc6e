import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startReviewStack, type ReviewStack } from '../../gateway/test/review-stack.ts';
import { startWebServer, type WebServer } from '../server.ts';

/**
 * Every server-rendered page, fetched as plain HTML against the real gateway and services, with odd
 * query strings: none may answer 5xx. A 503 tells crawlers and monitors the site is down, and a
 * bad address is the visitor's mistake (or an old link), not an outage.
 */

const SALT = 'odd-query-test-salt';

/** The pages of app/routes.ts, with a value for each path parameter. */
async function pagePaths(): Promise<string[]> {
  const source = await readFile(new URL('../app/routes.ts', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/(?:route\('([^']+)'|index\()/g)].map((m) => `/${m[1] ?? ''}`);
  return paths
    .filter((p) => p !== '/*')
    .map((p) => p.replace(':name', 'Brokers').replace(':file', 'en'));
}

/** Query parameters the pages read (page numbers, ids, filters, tabs), and one no page knows. */
const PARAMS = ['page', 'cpage', 'id', 'uid', 'country', 'rating', 'order', 'categories', 'keyword', 'tab', 'type', 'kind', 'status', 'category', 'token', 'redirect', 'utm_x'];

/** Values a hand-edited address, an old link or a scanner sends. */
const oddValue = fc.oneof(
  fc.constantFrom('99999', '10001', '1001', '0', '-1', '-99999', '1.5', '1e308', 'NaN', 'abc', '', ' ', '9'.repeat(400), 'garbage', 'Brokerz', 'x'.repeat(3000)),
  fc.constantFrom('\u0000', 'a\u0007b', '\u001b[31m', '\u202eevil\u202c', '\u2066x\u2069', '\ufeff1', '%', '%zz', '../../etc/passwd', '<script>', "1' or '1'='1", '\ud800'),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(String),
);

/** A query string: one to three odd parameters, sometimes repeated. */
const oddQuery = fc
  .array(fc.tuple(fc.constantFrom(...PARAMS), oddValue, fc.boolean()), { minLength: 1, maxLength: 3 })
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [name, value, repeat] of pairs) {
      params.append(name, value);
      if (repeat) params.append(name, '2');
    }
    return params.toString();
  });

let stack: ReviewStack;
let web: WebServer;
let base: string;
const renderErrors: string[] = [];

// React's development-only warnings (this renders Vite's dev build) are not what is under test here.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

beforeAll(async () => {
  // No rate limit: a 429 would hide the answer the page gives.
  stack = await startReviewStack(SALT, { all: true, trader: true, gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  web = await startWebServer({ host: '127.0.0.1', port: 0, gatewayUrl: stack.base, signatureSalt: SALT, dev: true, onError: (error) => void (renderErrors.length < 3 && renderErrors.push(String((error as Error)?.stack ?? error).slice(0, 600))) });
  base = `http://127.0.0.1:${web.port}`;
}, 180_000);

afterAll(async () => {
  await web?.close();
  await stack?.close();
});

async function get(path: string, lang = 'en'): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${path}`, { redirect: 'manual', headers: { 'accept-language': lang, accept: 'text/html' } });
  return { status: response.status, body: await response.text() };
}

describe('odd query strings on every page', () => {
  it('the addresses from the bug report show an empty page or ignore the value, in both languages', async () => {
    for (const lang of ['en', 'zh-CN']) {
      for (const path of ['/search?page=99999', '/listing/Brokers?page=99999', '/topbrokers?page=99999', '/search?country=garbage']) {
        const { status, body } = await get(path, lang);
        expect({ path, lang, status }).toEqual({ path, lang, status: 200 });
        // Never the outage notice, nor the API's own message about its query fields.
        expect(body).not.toContain('data-testid="error-notice"');
        expect(body).not.toMatch(/between 1 and|Failed to decrypt|解密失败/);
      }
    }
    expect((await get('/topbrokers?page=99999')).body).toMatch(/data-testid="ranking-(empty|list)"/);
  });

  it('a page past the end of the results offers the last page', async () => {
    // The catalogue has a company (seeded by the stack) or none; either way no 5xx and a way back.
    const { status, body } = await get('/search?page=5000');
    expect(status).toBe(200);
    expect(body).toMatch(/data-testid="results-(past-end|empty)"[\s\S]*href="\/search(\?[^"]*)?"/);
  });

  it('generated odd query strings never answer 5xx', async () => {
    const paths = await pagePaths();
    expect(paths.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const path of paths) {
      const queries = fc.sample(oddQuery, { numRuns: Number(process.env.ODD_RUNS ?? 10), seed: path.length * 7919 });
      for (const query of queries) {
        const url = `${path}?${query}`;
        const { status } = await get(url, query.length % 2 ? 'zh-CN' : 'en');
        if (status >= 500) failures.push(`${status} ${url.slice(0, 200)}`);
      }
    }
    expect({ failures, renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);
});
