import { signatureHeaders } from '@brokerwise/api-signature';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { GatewayRoute } from '../../src/main.ts';
import { expectContract } from '../api-contract.ts';
import { startReviewStack } from '../review-stack.ts';
import { fieldsOf, hostileString, wrongType, type JsonSchema } from './schema-arbitraries.ts';

/**
 * Fuzzes every operation of the public /api and of the public read API /v1, enumerated from the routes the gateway registered
 * (so a new route is fuzzed, or this suite fails until it has a generator), against the real
 * gateway and services. Each case: valid, boundary and hostile values from the route's own
 * schema, in well-formed, truncated, oversize, wrongly typed or malformed bodies, signed, as an
 * anonymous visitor, a user (token or cookie + CSRF), or the admin. Never a 5xx, always the
 * envelope, the site alive afterwards; profile edits that are accepted read back unchanged.
 * Replay a failure with FUZZ_SEED=<seed> (printed), more cases with FUZZ_RUNS.
 */
const SALT = 'fuzz-salt-0123';
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const RUNS = Math.max(100, Number(process.env.FUZZ_RUNS ?? 100));

const stack = await startReviewStack(SALT, { all: true, trader: true, gatewayEnv: { RATE_LIMIT_PER_MINUTE: '100000000', NOTICE_STREAM_HEARTBEAT_MS: '1000', REQUEST_IDLE_TIMEOUT_MS: '5000', UPSTREAM_TIMEOUT_MS: '10000' } });
afterAll(async () => stack.close(), 60_000);

type Who = 'anonymous' | 'user' | 'user-cookie' | 'admin' | 'forged';
interface Session {
  token: string;
  cookie: string;
  csrf: string;
}

async function signIn(email: string, password: string): Promise<Session> {
  const res = await fetch(`${stack.base}/api/user/checkIn`, {
    method: 'POST',
    headers: { ...(await signatureHeaders(SALT)), 'content-type': 'application/json', lang: 'en' },
    body: JSON.stringify({ tab: 'login', email, password }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { userInfo: { token: string } } };
  if (body.code !== 1) throw new Error(`sign-in failed: ${body.msg}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('bw_csrf='))?.slice('bw_csrf='.length) ?? '';
  return { token: body.data.userInfo.token, cookie: cookies.join('; '), csrf };
}

const user = await stack.signUp();
const userSession = await signIn(user.username, 'Secret123');
const adminSession = stack.demoAdmin ? await signIn(stack.demoAdmin.email, stack.demoAdmin.password) : undefined;
/** A key of the public read API (/v1), sent when a /v1 case is made "as a user". */
const apiKey = (await stack.call<{ key: string }>('POST', '/api/user/apiKeys', { token: userSession.token, body: { name: 'fuzz' } })).body.data.key;

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  who: Who;
  lang: string;
  contentType?: string;
  body?: string | Uint8Array;
  /** What was meant to be sent, for the read-back check. */
  fields?: Record<string, unknown>;
}

/* ------------------------------ request encodings ------------------------------ */

const encodeQuery = (fields: Record<string, unknown>): string => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      const text = typeof one === 'string' ? one : JSON.stringify(one) ?? '';
      qs.append(k, text);
    }
  }
  return qs.toString();
};

/** JSON with chosen values replaced by raw tokens JSON.stringify can't write (1e309, duplicate keys). */
const RAW_NUMBERS = ['1e309', '-1e309', '1e-400', '123456789012345678901234567890', '-0', '1.0'];
const jsonBody = (fields: Record<string, unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(JSON.stringify(fields)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...RAW_NUMBERS), fc.constantFrom(...Object.keys(fields), 'page')).map(([n, k]) => JSON.stringify({ ...fields, [k]: '__RAW__' }).replace('"__RAW__"', n)) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.keys(fields), 'id').map((k) => `${JSON.stringify(fields).slice(0, -1)}${Object.keys(fields).length > 0 ? ',' : ''}"${k}":"dup"}`) },
    { weight: 1, arbitrary: fc.nat().map((n) => JSON.stringify(fields).slice(0, n % Math.max(1, JSON.stringify(fields).length))) },
  );

/** Bodies that are not what the route reads: the parser and content-type paths. */
const strayBody: fc.Arbitrary<{ contentType?: string; body?: string | Uint8Array }> = fc.oneof(
  fc.constant({ contentType: 'application/json', body: '' }),
  fc.constant({ contentType: 'application/json', body: '{"a":' }),
  fc.constant({ contentType: 'application/json', body: 'null' }),
  fc.constant({ contentType: 'application/json', body: '[1,2,3]' }),
  fc.constant({ contentType: 'application/json', body: '"\\ud800"' }),
  fc.constant({ contentType: 'application/json; charset=latin1', body: '{}' }),
  fc.constant({ contentType: 'text/plain', body: 'hello' }),
  fc.constant({ contentType: 'application/xml', body: '<a/>' }),
  fc.constant({ contentType: 'application/x-www-form-urlencoded', body: 'a=1&a=2&email=%00' }),
  fc.constant({ contentType: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG' }),
  fc.constant({ contentType: 'multipart/form-data', body: 'no boundary' }),
  fc.constant({ contentType: 'video/mp4', body: new Uint8Array(2048) }),
  fc.constant({ contentType: 'image/png', body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }),
  fc.constant({ body: '{}' }),
  fc.constant({ contentType: 'application/json', body: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }),
  fc.uint8Array({ maxLength: 200 }).map((b) => ({ contentType: 'application/octet-stream', body: b })),
);

const whoArb: fc.Arbitrary<Who> = fc.constantFrom<Who>('anonymous', 'user', 'user', 'user-cookie', 'admin', 'forged');
const langArb = fc.constantFrom('en', 'zh-cn', 'en', 'zh-cn', 'fr', '*', 'ZH-CN;q=0.1');

const schemaOf = (route: GatewayRoute, part: 'querystring' | 'body' | 'params') => (route.schema as Record<string, JsonSchema | undefined> | undefined)?.[part];

/** A request for a route described by its schema (query and/or JSON body). */
function schemaRequests(route: GatewayRoute, method: string): fc.Arbitrary<FuzzRequest> {
  const query = fieldsOf(schemaOf(route, 'querystring'));
  const bodySchema = schemaOf(route, 'body');
  const body = method === 'GET' ? fc.constant(undefined) : fieldsOf(bodySchema);
  return fc
    .record({ query, body, who: whoArb, lang: langArb, stray: fc.option(strayBody, { freq: 6 }), wrongBody: fc.option(wrongType, { freq: 12 }) })
    .chain(({ query: q, body: b, who, lang, stray, wrongBody }) => {
      const base = { method, path: route.url, query: encodeQuery(q), who, lang };
      if (method === 'GET') return fc.constant<FuzzRequest>(base);
      if (stray) return fc.constant<FuzzRequest>({ ...base, ...stray });
      if (wrongBody !== null) return fc.constant<FuzzRequest>({ ...base, contentType: 'application/json', body: JSON.stringify(wrongBody) ?? 'null' });
      return jsonBody(b ?? {}).map((text) => ({ ...base, contentType: 'application/json', body: text, fields: b ?? {} }));
    });
}

/** Routes without a query or body schema read raw bodies: their generators are named here. */
// Oversize files are rare (each is megabytes through the whole stack), but every run has some.
const uploadBodies: fc.Arbitrary<{ contentType?: string; body?: string | Uint8Array }> = fc.oneof(
  { weight: 4, arbitrary: strayBody },
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((b) => ({ contentType: 'image/png', body: b })) },
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((b) => ({ contentType: 'video/mp4', body: b })) },
  { weight: 1, arbitrary: fc.constantFrom({ contentType: 'video/mp4', body: new Uint8Array(10 * 1024 * 1024 + 1) }, { contentType: 'image/jpeg', body: new Uint8Array(5 * 1024 * 1024 + 1) }) },
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom('file', 'other', ''), fc.uint8Array({ maxLength: 512 }), fc.boolean()).map(([name, bytes, close]) => ({
    contentType: 'multipart/form-data; boundary=BwFuzz',
    body: new Uint8Array(Buffer.concat([Buffer.from(`--BwFuzz\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`), Buffer.from(bytes), Buffer.from(close ? '\r\n--BwFuzz--\r\n' : '')])),
  })) },
);
const rawRequests = (route: GatewayRoute, method: string, bodies: fc.Arbitrary<{ contentType?: string; body?: string | Uint8Array }>): fc.Arbitrary<FuzzRequest> =>
  fc.record({ who: whoArb, lang: langArb, b: bodies, q: fc.option(fc.dictionary(fc.string({ maxLength: 6 }), hostileString(), { maxKeys: 2 }), { freq: 4 }) }).map(({ who, lang, b, q }) => ({
    method,
    path: route.url,
    query: q ? encodeQuery(q) : '',
    who,
    lang,
    ...b,
  }));

const RAW_ROUTES: Record<string, (route: GatewayRoute, method: string) => fc.Arbitrary<FuzzRequest>> = {
  'POST /api/upload/video': (r, m) => rawRequests(r, m, uploadBodies),
  'POST /api/upload/image': (r, m) => rawRequests(r, m, uploadBodies),
  'POST /api/user/avatar': (r, m) => rawRequests(r, m, uploadBodies),
  'POST /api/admin/companies/licence-evidence': (r, m) => rawRequests(r, m, uploadBodies),
  'POST /api/complaints/evidence': (r, m) => rawRequests(r, m, uploadBodies),
  'POST /api/user/index': (r, m) => rawRequests(r, m, strayBody),
  // Signs the fuzz sessions out otherwise: only anonymous and forged callers here.
  'POST /api/user/logout': (r, m) => rawRequests(r, m, strayBody).map((q) => ({ ...q, who: q.who === 'forged' ? 'forged' : 'anonymous' })),
  'GET /api/user/notice/stream': (r, m) => rawRequests(r, m, fc.constant({})),
  // Reads that take no input: stray query fields only.
  'GET /api/vlog/categories': (r, m) => rawRequests(r, m, fc.constant({})),
  'GET /api/user/noticecont': (r, m) => rawRequests(r, m, fc.constant({})),
  'GET /api/user/emailPreferences': (r, m) => rawRequests(r, m, fc.constant({})),
  'GET /api/user/sanctions': (r, m) => rawRequests(r, m, fc.constant({})),
  'GET /api/user/removals': (r, m) => rawRequests(r, m, fc.constant({})),
  'GET /api/admin/dashboard': (r, m) => rawRequests(r, m, fc.constant({})),
  'GET /v1': (r, m) => rawRequests(r, m, fc.constant({})),
  'ALL /v1/*': (_r, _m) =>
    fc.record({ who: whoArb, lang: langArb, method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'), p: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('..', '%00', 'companies', 'rankings')), { minLength: 1, maxLength: 3 }) }).map(({ who, lang, method, p }) => ({
      method,
      path: `/v1/${p.map((s) => (s.startsWith('%') || s === '..' ? s : encodeURIComponent(s.toWellFormed()))).join('/')}`,
      query: '',
      who,
      lang,
    }))
      .filter((q) => new URL(q.path, 'http://x').pathname.startsWith('/v1/')),
  // The catch-all: unknown paths and methods under /api.
  'ALL /api/*': (_r, _m) =>
    fc.record({ who: whoArb, lang: langArb, method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), p: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('..', '%00', '%ED%A0%80', 'brokers', 'user')), { minLength: 1, maxLength: 3 }) }).map(({ who, lang, method, p }) => ({
      method,
      path: `/api/${p.map((s) => (s.startsWith('%') || s === '..' ? s : encodeURIComponent(s.toWellFormed()))).join('/')}`,
      query: '',
      who,
      lang,
      ...(method === 'GET' || method === 'OPTIONS' ? {} : { contentType: 'application/json', body: '{}' }),
    }))
      // `..` that climbs out of /api is a page path (the web tier's, absent from this stack).
      .filter((q) => new URL(q.path, 'http://x').pathname.startsWith('/api/')),
};

/* ------------------------------ sending and checking ------------------------------ */

interface Answer {
  status: number;
  contentType: string;
  json: unknown;
  text: string;
}

async function send(req: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...(await signatureHeaders(SALT)), lang: req.lang };
  if (req.contentType) headers['content-type'] = req.contentType;
  const session = req.who === 'admin' ? adminSession : req.who === 'user' || req.who === 'user-cookie' ? userSession : undefined;
  if (session && req.who === 'user-cookie') {
    headers.cookie = session.cookie;
    headers['x-csrf-token'] = session.csrf;
  } else if (session) headers.token = session.token;
  if (req.who === 'forged') headers.token = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.';
  if (req.path.startsWith('/v1')) {
    headers['accept-language'] = req.lang;
    if (req.who === 'user' || req.who === 'admin') headers.authorization = `Bearer ${apiKey}`;
    if (req.who === 'forged') headers['x-api-key'] = `bwk_${'A'.repeat(43)}`;
  }
  const controller = new AbortController();
  const res = await fetch(`${stack.base}${req.path}${req.query ? `?${req.query}` : ''}`, {
    method: req.method,
    headers,
    ...(req.body !== undefined && req.method !== 'GET' ? { body: req.body as BodyInit } : {}),
    signal: controller.signal,
    redirect: 'manual',
  });
  const contentType = res.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    controller.abort();
    return { status: res.status, contentType, json: undefined, text: '' };
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType, json, text };
}

function checkEnvelope(req: FuzzRequest, a: Answer): void {
  const where = `${req.method} ${req.path}?${req.query} as ${req.who} → ${a.status} ${a.text.slice(0, 300)}`;
  expect(a.status, where).toBeLessThan(500);
  // fetch resolves `..` before sending (`/v1/%zz/../` goes out as `/v1/`): judge the path the gateway saw.
  const wire = new URL(req.path, 'http://x').pathname;
  if (wire.startsWith('/v1') && decodable(wire)) return checkPublicAnswer(req, a, where);
  if (a.contentType.startsWith('text/event-stream')) {
    expect(a.status, where).toBe(200);
    return;
  }
  if (req.method === 'OPTIONS' && a.status === 204) return;
  // The OpenAPI description is the one /api answer that is not an envelope.
  if (req.path === '/api/openapi.json' && a.status === 200) {
    expect((a.json as { openapi?: unknown } | undefined)?.openapi, where).toBe('3.1.0');
    return;
  }
  // Downloads (the transparency CSV) answer their own media type when they succeed.
  if (a.status === 200 && a.contentType.startsWith('text/csv')) {
    expect(a.text.split('\r\n')[0], where).toMatch(/^month,/);
    return;
  }
  const env = a.json as { code?: unknown; msg?: unknown; time?: unknown; data?: { error?: unknown; fields?: unknown } } | undefined;
  expect(env, where).toBeTypeOf('object');
  expect(typeof env!.code, where).toBe('number');
  expect(typeof env!.msg, where).toBe('string');
  expect(typeof env!.time, where).toBe('number');
  expect(env, where).toHaveProperty('data');
  if (a.status >= 400) {
    expect(typeof env!.data?.error, where).toBe('string');
    if (env!.data?.fields !== undefined) expect(env!.data.fields, where).toBeTypeOf('object');
  }
  // Whatever came in, what goes out matches the published contract.
  if (decodable(wire)) expect(() => expectContract(req.method, req.path, a.json), where).not.toThrow();
}

/** A path the router can read; one it cannot (`%R`) is refused before any route, in the site's envelope. */
function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The public read API's own shape: `data` on success, `error.code` and `error.message` on failure. */
function checkPublicAnswer(req: FuzzRequest, a: Answer, where: string): void {
  if (req.method === 'OPTIONS' && a.status === 204) return;
  const body = a.json as { data?: unknown; error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined;
  expect(body, where).toBeTypeOf('object');
  if (a.status >= 400) {
    expect(typeof body!.error?.code, where).toBe('string');
    expect(typeof body!.error?.message, where).toBe('string');
    if (body!.error?.fields !== undefined) expect(body!.error.fields, where).toBeTypeOf('object');
  } else if (req.path !== '/v1') expect(body, where).toHaveProperty('data');
}

/** Accepted profile edits read back unchanged through the profile. */
const READ_BACK: Record<string, (req: FuzzRequest, a: Answer) => Promise<void>> = {
  'POST /api/user/editUser': async (req, a) => {
    if ((a.json as { code?: number }).code !== 1 || !req.fields || req.who === 'admin') return;
    const profile = await send({ method: 'POST', path: '/api/user/index', query: '', who: req.who, lang: 'en' });
    const data = (profile.json as { data: Record<string, unknown> }).data;
    for (const field of ['motto', 'username'] as const) {
      if (typeof req.fields[field] === 'string' && req.fields[field] !== '') expect(data[field], `read back ${field}`).toBe(req.fields[field]);
    }
  },
};

async function alive(): Promise<void> {
  const res = await send({ method: 'GET', path: '/api/brokers/categories', query: '', who: 'anonymous', lang: 'en' });
  expect(res.status).toBe(200);
}

/* ------------------------------ the suite ------------------------------ */

const operations = stack.routes
  .flatMap((r) => (Array.isArray(r.method) ? (r.url === '/api/*' || r.url === '/v1/*' ? ['ALL'] : r.method) : [r.method]).map((method) => ({ route: r, method })))
  .filter(({ route, method }) => (route.url.startsWith('/api/') || route.url === '/v1' || route.url.startsWith('/v1/')) && method !== 'HEAD')
  .filter((op, i, all) => all.findIndex((o) => o.method === op.method && o.route.url === op.route.url) === i);

function generatorFor(route: GatewayRoute, method: string): fc.Arbitrary<FuzzRequest> | undefined {
  const raw = RAW_ROUTES[`${method} ${route.url}`];
  if (raw) return raw(route, method);
  if (schemaOf(route, 'querystring') || schemaOf(route, 'body')) return withPathParams(schemaRequests(route, method));
  if (schemaOf(route, 'params')) return withPathParams(rawRequests(route, method, fc.constant({})));
  return undefined;
}

/** `/v1/companies/:slug`: a real slug, or anything a caller might put there. */
function withPathParams(arb: fc.Arbitrary<FuzzRequest>): fc.Arbitrary<FuzzRequest> {
  return arb.chain((req) =>
    req.path.includes(':')
      ? fc.oneof(fc.constant('harbour-fx'), hostileString(300)).map((value) => ({ ...req, path: req.path.replace(/:[A-Za-z]+/g, encodeURIComponent(value.toWellFormed()) || 'x') }))
      : fc.constant(req),
  );
}

describe(`fuzzing every /api operation (FUZZ_SEED=${SEED}, ${RUNS} cases each)`, () => {
  it('finds the operations from the gateway itself, each with a generator', () => {
    expect(operations.length).toBeGreaterThan(80);
    const missing = operations.filter(({ route, method }) => !generatorFor(route, method)).map(({ route, method }) => `${method} ${route.url}`);
    expect(missing, 'routes without a fuzz generator (give them a schema or a RAW_ROUTES entry)').toEqual([]);
  });

  for (const { route, method } of operations) {
    it(`${method} ${route.url}`, async () => {
      const arb = generatorFor(route, method);
      if (!arb) return;
      const readBack = READ_BACK[`${method} ${route.url}`];
      const result = await fc.check(
        fc.asyncProperty(arb, async (req) => {
          const a = await send(req);
          checkEnvelope(req, a);
          if (readBack) await readBack(req, a);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        throw new Error(`${method} ${route.url}: replay with FUZZ_SEED=${SEED} (fast-check seed ${result.seed}, path ${result.counterexamplePath})\n${fc.defaultReportMessage(result)}`, { cause: result.errorInstance });
      }
      await alive();
    }, 120_000);
  }
});
