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

/** A page of app/routes.ts: its address (with a value for each path parameter) and its module. */
interface PageRoute {
  path: string;
  file: string;
}

async function pageRoutes(): Promise<PageRoute[]> {
  const source = await readFile(new URL('../app/routes.ts', import.meta.url), 'utf8');
  return [...source.matchAll(/(?:route\('([^']+)',\s*|index\()'([^']+)'/g)]
    .map((m) => ({ path: `/${m[1] ?? ''}`, file: m[2]! }))
    .filter((r) => r.path !== '/*')
    .map((r) => ({ ...r, path: r.path.replace(':name', 'Brokers').replace(':file', 'en') }));
}

const QUERY_NAME = /(?:\.get(?:All)?\(\s*|Param\(\s*\w+,\s*)'([A-Za-z_]+)'/g;

/**
 * The query parameters a page reads: the names its module and the app/lib modules it imports pass
 * to `searchParams.get(…)` or a `…Param(params, …)` helper, so a filter added later is covered too.
 */
async function queryNames(file: string): Promise<string[]> {
  const source = await readFile(new URL(`../app/${file}`, import.meta.url), 'utf8');
  const libs = [...source.matchAll(/from '\.\.\/lib\/([\w-]+)'/g)].map((m) => m[1]!);
  const sources = [source];
  for (const lib of libs) sources.push(await readFile(new URL(`../app/lib/${lib}.ts`, import.meta.url), 'utf8').catch(() => ''));
  return [...new Set(sources.flatMap((text) => [...text.matchAll(QUERY_NAME)].map((m) => m[1]!)))];
}

/** Query parameters many pages read (page numbers, ids, filters, tabs), and one no page knows. */
const PARAMS = ['page', 'cpage', 'id', 'uid', 'country', 'rating', 'order', 'categories', 'keyword', 'tab', 'type', 'kind', 'status', 'category', 'token', 'redirect', 'utm_x'];

/** Values a hand-edited address, an old link or a scanner sends. */
const ODD_VALUES = [
  // out of range, negative, non-numeric, huge (the API serves pages 1…10000)
  '10000', '10001', '99999', '99999999', '1001', '0', '-1', '-99999', '1.5', '1e308', 'NaN', 'Infinity', '0x10', 'abc', '', ' ', '9'.repeat(400),
  // unknown enum values of a filter, sort, tab or kind
  'garbage', 'Brokerz', 'SCORE', 'score ', 'all,unknown', 'null', 'undefined', '[]', '{}',
  // very long
  'x'.repeat(3000), '中'.repeat(1500),
];
const HOSTILE_VALUES = [
  // control and bidi characters
  '\u0000', 'a\u0007b', '\u001b[31m', '\r\nSet-Cookie: x=1', '\u202eevil\u202c', '\u2066x\u2069', '\u200f1', '\ufeff1', '\ud800',
  // broken escapes, paths, markup, injections
  '%', '%zz', '%00', '../../etc/passwd', '<script>', '"><svg onload=1>', "1' or '1'='1",
];
const oddValue = fc.oneof(
  fc.constantFrom(...ODD_VALUES),
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(String),
);

/** A query string of the page's own parameters (and some others): one to four, sometimes repeated. */
function oddQuery(names: string[]) {
  return fc
    .array(fc.tuple(fc.constantFrom(...names, ...PARAMS), oddValue, fc.constantFrom(0, 0, 1, 2), oddValue), { minLength: 1, maxLength: 4 })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [name, value, repeat, other] of pairs) {
        params.append(name, value);
        if (repeat === 1) params.append(name, '2');
        if (repeat === 2) params.append(name, other);
      }
      return params.toString();
    });
}

/** One of each kind, tried on every parameter the page reads (not left to chance). */
const EACH_PARAM = ['10001', '-1', 'abc', 'garbage', '', '\u0000', '\u202eevil\u202c', 'x'.repeat(3000)];

/** Every parameter the page reads with each kind of odd value and repeated, then generated queries. */
function oddQueries(names: string[], runs: number, seed: number): string[] {
  const fixed = names.flatMap((name) => EACH_PARAM.map((value) => new URLSearchParams([[name, value]]).toString()));
  const repeated = names.map((name) => new URLSearchParams([[name, '1'], [name, 'garbage'], [name, '99999']]).toString());
  return [...fixed, ...repeated, ...fc.sample(oddQuery(names), { numRuns: runs, seed })];
}

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

/** Session cookies of a user (or the demo admin) signed in through the API, as the browser would hold them. */
let userCookie = '';
let adminCookie = '';

async function sessionCookie(body: Record<string, unknown>): Promise<string> {
  const res = await stack.call<{ userInfo: { token: string } }>('POST', '/api/user/checkIn', { body });
  if (res.body.code !== 1) throw new Error(`sign-in failed: ${res.body.msg}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

beforeAll(async () => {
  const user = await stack.signUp();
  userCookie = `bw_session=${user.token}`;
  const admin = stack.demoAdmin;
  if (!admin) throw new Error('the stack seeds a demo admin');
  adminCookie = await sessionCookie({ tab: 'login', email: admin.email, password: admin.password, rememberpwd: false });
  expect(adminCookie).toContain('bw_session=');
}, 60_000);

afterAll(async () => {
  await web?.close();
  await stack?.close();
});

async function get(path: string, lang = 'en', cookie = ''): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { 'accept-language': lang, accept: 'text/html' };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${base}${path}`, { redirect: 'manual', headers });
  return { status: response.status, body: await response.text() };
}

/** Fetches every generated odd address of the routes (with the session cookie); the 5xx answers. */
async function serverErrors(routes: PageRoute[], cookie: string, runs: number): Promise<string[]> {
  const failures: string[] = [];
  for (const { path, file } of routes) {
    for (const query of oddQueries(await queryNames(file), runs, path.length * 7919)) {
      const url = `${path}?${query}`;
      const { status } = await get(url, query.length % 2 ? 'zh-CN' : 'en', cookie);
      if (status >= 500) failures.push(`${status} ${url.slice(0, 200)}`);
    }
  }
  return failures;
}

/** Pages whose answer depends on who is signed in: the account, trader and admin pages, and home. */
const SIGNED_IN = /^\/($|user\/|trader\/|admin\/|vlog\/personal|detail|comment|login)/;

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

  it('finds the parameters each page reads, filters included', async () => {
    const names = new Map((await pageRoutes()).map((r) => [r.path, r.file]));
    expect(await queryNames(names.get('/search')!)).toEqual(expect.arrayContaining(['page', 'country', 'rating', 'order', 'keyword']));
    expect(await queryNames(names.get('/admin/trader-applications')!)).toEqual(expect.arrayContaining(['page', 'status']));
    expect(await queryNames(names.get('/admin/promotions')!)).toEqual(expect.arrayContaining(['page', 'edit', 'delete']));
  });

  it('generated odd query strings never answer 5xx', async () => {
    const routes = await pageRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const failures = await serverErrors(routes, '', Number(process.env.ODD_RUNS ?? 10));
    expect({ failures, renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);

  it('nor for a signed-in user, on the account, trader and admin pages and home', async () => {
    const routes = (await pageRoutes()).filter((r) => SIGNED_IN.test(r.path));
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/user/reviews', '/user/notice', '/trader/account', '/admin/reviews']));
    // Signed in: the guarded pages render (a redirect to /login would test nothing).
    expect((await get('/user/reviews', 'en', userCookie)).status).toBe(200);
    const failures = await serverErrors(routes, userCookie, Number(process.env.ODD_RUNS ?? 10));
    expect({ failures, renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);

  it('nor for the admin, on the admin pages', async () => {
    const routes = (await pageRoutes()).filter((r) => r.path.startsWith('/admin/') || r.path === '/');
    expect((await get('/admin/reviews', 'en', adminCookie)).status).toBe(200);
    const failures = await serverErrors(routes, adminCookie, Number(process.env.ODD_RUNS ?? 10));
    expect({ failures, renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);
});
