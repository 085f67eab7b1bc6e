// Runs ../public-browse.js without k6, so a broken script or a drifted signature rule is caught on
// machines where k6 cannot be installed (docs/adr/006). Stand-ins replace the k6 modules
// (k6-stubs/), and fake-gateway.mjs, on 127.0.0.1, checks every request's signature with
// packages/api-signature. Random choices are seeded, so runs are repeatable.
//
//   npx node loadtest/k6/selftest/selftest.mjs        (Node 24: the fake gateway imports TypeScript)
//
// Prints "N passed, N failed" and exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { once } from 'node:events';

const here = new URL('./', import.meta.url);
const stubs = new URL('k6-stubs/', here).href;
register(
  'data:text/javascript,' +
    encodeURIComponent(`
const map = { 'k6': 'index.mjs', 'k6/http': 'http.mjs', 'k6/crypto': 'crypto.mjs', 'k6/execution': 'execution.mjs' };
export async function resolve(specifier, context, next) {
  if (Object.hasOwn(map, specifier)) return { url: new URL(map[specifier], ${JSON.stringify(stubs)}).href, shortCircuit: true };
  return next(specifier, context);
}`),
);

const SALT = 'selftest-salt';
const results = [];
function expect(name, ok, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? ` — ${detail}` : ''}`);
}

// Deterministic Math.random (mulberry32) for the scenario's choices.
let seed = 20261121;
Math.random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const gateway = spawn(process.execPath, [new URL('fake-gateway.mjs', here).pathname, SALT], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const port = await Promise.race([
    once(gateway.stdout, 'data').then(([chunk]) => String(chunk).trim()),
    once(gateway, 'exit').then(([code]) => {
      throw new Error(`the fake gateway exited with ${code} (it needs Node 24 to import TypeScript: run through npx/npm)`);
    }),
  ]);
  const baseUrl = `http://127.0.0.1:${port}`;

  let generation = 0;
  async function loadScript(env) {
    globalThis.__ENV = env;
    globalThis.open = (path) => readFileSync(new URL(path, new URL('../', here)), 'utf8');
    return import(`${new URL('../public-browse.js', here).href}?v=${++generation}`);
  }

  // 1. configuration
  let refused = false;
  try {
    await loadScript({ BASE_URL: baseUrl });
  } catch (err) {
    refused = /SIGNATURE_SALT/.test(String(err));
  }
  expect('refuses to start without SIGNATURE_SALT', refused);

  const data = JSON.parse(readFileSync(new URL('../data/public-browse.json', here), 'utf8'));
  for (const profile of Object.keys(data.profiles)) {
    const m = await loadScript({ BASE_URL: baseUrl, SIGNATURE_SALT: SALT, PROFILE: profile });
    const stages = m.options.scenarios.public_browse.stages;
    expect(`profile ${profile} has ramping stages`, Array.isArray(stages) && stages.length > 0 && stages.every((s) => s.duration && s.target >= 0));
  }
  const custom = await loadScript({ BASE_URL: baseUrl, SIGNATURE_SALT: SALT, VUS: '80', DURATION: '10m' });
  expect('VUS + DURATION give a constant level', custom.options.scenarios.public_browse.stages[1].target === 80 && custom.options.scenarios.public_browse.stages[1].duration === '10m');
  const t = custom.options.thresholds;
  expect('thresholds: p95 < 300 ms, errors < 1 %', t.http_req_duration?.[0] === 'p(95)<300' && t.http_req_failed?.[0] === 'rate<0.01');

  // 2. setup: wrong salt stops the run, right salt collects the country ids
  const wrong = await loadScript({ BASE_URL: `${baseUrl}/`, SIGNATURE_SALT: 'not-the-salt' });
  let setupRefused = false;
  try {
    wrong.setup();
  } catch (err) {
    setupRefused = /401/.test(String(err));
  }
  expect('setup stops on a rejected signature', setupRefused);

  const script = await loadScript({ BASE_URL: `${baseUrl}/`, SIGNATURE_SALT: SALT });
  const { recorded } = await import('k6');
  const { requests } = await import('k6/http');
  requests.length = 0;
  const setupData = script.setup();
  expect('setup returns the country ids', JSON.stringify(setupData.countryIds) === JSON.stringify(['enc-gb', 'enc-cy']));

  // 3. visits
  for (const k of Object.keys(recorded.checks)) delete recorded.checks[k];
  const ITERATIONS = 8;
  for (let i = 0; i < ITERATIONS; i++) script.default(setupData);

  const failedChecks = Object.entries(recorded.checks).filter(([, c]) => c.fail > 0);
  expect('every check passes against the fake gateway', failedChecks.length === 0, JSON.stringify(failedChecks));
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  expect('every request answered 200', requests.every((r) => r.status === 200), JSON.stringify(requests.filter((r) => r.status !== 200).slice(0, 3)));
  expect('every /api request carries timestamp, sign and lang', api.length > 0 && api.every((r) => /^\d+$/.test(r.headers.timestamp) && /^[0-9a-f]{64}$/.test(r.headers.sign) && ['en', 'zh-cn'].includes(r.headers.lang)));
  expect('no double slash from a trailing / in BASE_URL', requests.every((r) => !new URL(r.url).pathname.startsWith('//')));
  const names = new Set(requests.map((r) => r.tags.name));
  expect('visits hit home, categories, country and brokersList', ['home', 'categories', 'country', 'brokersList'].every((n) => names.has(n)), [...names].join(','));
  expect('each visit loads the home page once', requests.filter((r) => r.tags.name === 'home').length === ITERATIONS);

  const queries = await (await fetch(`${baseUrl}/__queries`)).json();
  const distinct = new Set(queries.map((q) => JSON.stringify(q)));
  const keys = new Set(queries.flatMap((q) => Object.keys(q)));
  expect('brokersList queries vary', distinct.size >= 5, `${distinct.size} distinct of ${queries.length}`);
  expect('queries use category, order, keyword, country filters', ['categories', 'order', 'keyword', 'country'].every((k) => keys.has(k)), [...keys].join(','));
  expect('visitors page beyond page 1', queries.some((q) => Number(q.page) > 1));

  // 4. ops.js (the operators' scenarios): options for every profile; it runs in `npm run load`'s
  // test (loadtest/load.test.ts) against a real stack.
  async function loadOps(env) {
    globalThis.__ENV = env;
    globalThis.open = (path, mode) => readFileSync(new URL(path, new URL('../', here)), mode === 'b' ? undefined : 'utf8');
    return import(`${new URL('../ops.js', here).href}?v=${++generation}`);
  }
  const ops = JSON.parse(readFileSync(new URL('../data/ops.json', here), 'utf8'));
  const base = { BASE_URL: baseUrl, SIGNATURE_SALT: SALT, MAILBOX_URL: `${baseUrl}/mail` };
  const refusal = async (env, pattern) => {
    try {
      await loadOps(env);
      return false;
    } catch (err) {
      return pattern.test(String(err));
    }
  };
  expect('ops.js refuses to start without SIGNATURE_SALT', await refusal({ BASE_URL: baseUrl }, /SIGNATURE_SALT/));
  expect('ops.js refuses an unknown SCENARIO', await refusal({ ...base, SCENARIO: 'nope' }, /unknown SCENARIO/));
  expect('ops.js asks for accounts for the signed-in scenarios', await refusal({ BASE_URL: baseUrl, SIGNATURE_SALT: SALT }, /USERS_FILE/));
  const readsOnly = await loadOps({ BASE_URL: baseUrl, SIGNATURE_SALT: SALT, SCENARIOS: 'pages,api_reads' });
  expect('ops.js runs pages and API reads without accounts', JSON.stringify(Object.keys(readsOnly.options.scenarios)) === '["pages","api_reads"]');
  const kinds = Object.keys(ops.mix);
  expect('ops.js covers pages, API reads, sign-in, review writes, uploads', JSON.stringify(kinds) === JSON.stringify(['pages', 'api_reads', 'sign_in', 'review_writes', 'uploads']));
  expect('ops.js has smoke, average, stress, spike, soak', ['smoke', 'average', 'stress', 'spike', 'soak'].every((p) => ops.profiles[p]));
  for (const profile of Object.keys(ops.profiles)) {
    const m = await loadOps({ ...base, SCENARIO: profile });
    const sc = m.options.scenarios;
    const th = m.options.thresholds;
    const shapeOk = kinds.every((n) => {
      const s = sc[n];
      if (!s || typeof m[s.exec] !== 'function') return false;
      if (profile === 'smoke') return s.executor === 'per-vu-iterations' && s.vus >= 1 && s.iterations >= 1;
      return s.executor === 'ramping-vus' && s.stages.length > 1 && s.stages.every((st) => /^\d+[smh]$/.test(st.duration) && st.target >= 0) && Math.max(...s.stages.map((st) => st.target)) > 0 && s.stages.at(-1).target === 0;
    });
    expect(`ops.js ${profile}: a scenario per kind of traffic, with its executor`, shapeOk, JSON.stringify(sc));
    const thresholdsOk =
      th.http_req_failed?.[0] === 'rate<0.01' &&
      kinds.every((n) => th[`http_req_failed{scenario:${n}}`]?.[0] === 'rate<0.01' && th[`http_req_duration{scenario:${n},phase:load}`]?.[0] === `p(95)<${ops.mix[n].p95Ms}`);
    expect(`ops.js ${profile}: http_req_failed < 1 % and a p95 per scenario`, thresholdsOk, JSON.stringify(th));
  }
  const spike = (await loadOps({ ...base, SCENARIO: 'spike' })).options.scenarios.pages.stages.map((st) => st.target);
  expect('ops.js spike jumps well above its base level', Math.max(...spike) >= 10 * spike[0], spike.join(','));
  const smoke = (await loadOps({ ...base, SCENARIO: 'smoke', ITERATIONS: '2' })).options.scenarios;
  expect('ops.js smoke: ITERATIONS sets the iterations; one review write per fresh account', smoke.pages.iterations === 2 && smoke.review_writes.iterations === 1);

} catch (err) {
  expect('selftest ran to the end', false, err instanceof Error ? err.message : String(err));
} finally {
  gateway.kill();
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
