import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, expect, vi } from 'vitest';
import { startReviewStack, type ReviewStack } from '../../gateway/test/review-stack.ts';
import { startWebServer, type WebServer } from '../server.ts';

/**
 * Shared by the odd-query.*.test.ts files: every server-rendered page, fetched as plain HTML against
 * the real gateway and services, with odd query strings: none may answer 5xx. A 503 tells crawlers
 * and monitors the site is down, and a bad address is the visitor's mistake (or an old link), not an
 * outage. Each file starts its own stack and web server, so the files run side by side.
 */

const SALT = 'odd-query-test-salt';

/** Generated queries per page (on top of the fixed ones). */
export const ODD_RUNS = Number(process.env.ODD_RUNS ?? 10);

/** A page of app/routes.ts: its address (with a value for each path parameter) and its module. */
export interface PageRoute {
  path: string;
  file: string;
}

export async function pageRoutes(): Promise<PageRoute[]> {
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
export async function queryNames(file: string): Promise<string[]> {
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

/**
 * Every parameter the page reads with each kind of odd value and repeated, then generated queries.
 * The seed comes from the page's address, so a page gets the same queries whichever file tries it.
 */
function oddQueries(names: string[], runs: number, seed: number): string[] {
  const fixed = names.flatMap((name) => EACH_PARAM.map((value) => new URLSearchParams([[name, value]]).toString()));
  const repeated = names.map((name) => new URLSearchParams([[name, '1'], [name, 'garbage'], [name, '99999']]).toString());
  return [...fixed, ...repeated, ...fc.sample(oddQuery(names), { numRuns: runs, seed })];
}

/** Pages whose answer depends on who is signed in: the account, trader and admin pages, and home. */
export const SIGNED_IN = /^\/($|user\/|trader\/|admin\/|vlog\/personal|detail|comment|login)/;

export interface OddQueryServer {
  /** The first render errors the web server reported (a page that failed to render). */
  renderErrors: string[];
  /** Session cookies of a user and of the demo admin, when asked for (else empty). */
  userCookie: string;
  adminCookie: string;
  get(path: string, lang?: string, cookie?: string): Promise<{ status: number; body: string }>;
  /** Fetches every generated odd address of the routes (with the session cookie); the 5xx answers. */
  serverErrors(routes: PageRoute[], cookie: string, runs: number): Promise<string[]>;
}

/**
 * Registers the file's hooks: the whole stack (every service, trader-sync included) and the web
 * server in dev mode, then the sessions the file needs, signed in through the API as the browser
 * would hold them. The fields are set once the hooks have run.
 */
export function useOddQueryServer(sessions: { user?: boolean; admin?: boolean } = {}): OddQueryServer {
  let stack: ReviewStack | undefined;
  let web: WebServer | undefined;
  let base = '';

  async function get(path: string, lang = 'en', cookie = ''): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { 'accept-language': lang, accept: 'text/html' };
    if (cookie) headers.cookie = cookie;
    const response = await fetch(`${base}${path}`, { redirect: 'manual', headers });
    return { status: response.status, body: await response.text() };
  }

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

  const server: OddQueryServer = { renderErrors: [], userCookie: '', adminCookie: '', get, serverErrors };
  const { renderErrors } = server;

  async function sessionCookie(body: Record<string, unknown>): Promise<string> {
    const res = await stack!.call<{ userInfo: { token: string } }>('POST', '/api/user/checkIn', { body });
    if (res.body.code !== 1) throw new Error(`sign-in failed: ${res.body.msg}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
  }

  // React's development-only warnings (this renders Vite's dev build) are not what is under test here.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

  beforeAll(async () => {
    // No rate limit: a 429 would hide the answer the page gives.
    stack = await startReviewStack(SALT, { all: true, trader: true, gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    web = await startWebServer({ host: '127.0.0.1', port: 0, gatewayUrl: stack.base, signatureSalt: SALT, dev: true, onError: (error) => void (renderErrors.length < 3 && renderErrors.push(String((error as Error)?.stack ?? error).slice(0, 600))) });
    base = `http://127.0.0.1:${web.port}`;
    // The dev server compiles the root and the shared modules on its first page: here, not inside a
    // test's time limit while the other files compile theirs.
    await get('/');
  }, 180_000);

  beforeAll(async () => {
    if (sessions.user) server.userCookie = `bw_session=${(await stack!.signUp()).token}`;
    if (sessions.admin) {
      const admin = stack!.demoAdmin;
      if (!admin) throw new Error('the stack seeds a demo admin');
      server.adminCookie = await sessionCookie({ tab: 'login', email: admin.email, password: admin.password, rememberpwd: false });
      expect(server.adminCookie).toContain('bw_session=');
    }
  }, 60_000);

  afterAll(async () => {
    await web?.close();
    await stack?.close();
  });

  return server;
}
