/**
 * `npm test`: everything a change must pass, in one command.
 *   lint (boundary rules at error) → typecheck → buf lint → vitest (unit, integration,
 *   adapter conformance, gateway contract) → Lighthouse (mobile, thresholds) and browser e2e
 *   against one started site.
 * Real PostgreSQL/NATS/Redis are used when DATABASE_URL/NATS_URL/REDIS_URL are set (CI);
 * otherwise the embedded adapters. Every step creates its own databases/streams/keys.
 * The k6 load scripts are exercised without k6 (stand-in modules, fake gateway) so they can't rot;
 * `npm run load`'s own test (loadtest/load.test.ts, in vitest) runs ops.js's smoke scenario on a stack.
 * Ends with one line "N passed, N failed".
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brokerwise/testing/ports';
import pg from 'pg';
import { resolveChromium } from '../e2e/chromium.ts';
import { leaked, snapshot, type Servers } from './leaks.ts';
import { demoDoneIn } from './startup.ts';
import { createBus, destroyBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: npm test [-- <step>...]
  Steps, in order: lint, typecheck, k6, buf, vitest, lighthouse, e2e, topology, leaks (all when none is named).
  lighthouse and e2e share one started site: once its demo data is in, Lighthouse measures 8 pages in
  both languages as a phone (npm run lighthouse -- --check --form-factors mobile), then the browser tests run.
  topology: with real servers, starts npm run topology and drives the smoke journey (smoke/).
  leaks: with real servers, whatever databases, streams, keys or temp dirs the run left behind fail it.
  Uses the real PostgreSQL/NATS/Redis named by DATABASE_URL, NATS_URL, REDIS_URL, else embedded ones.
  E2E_FILES=a.e2e.test.ts,b.e2e.test.ts limits the browser step; E2E_BROWSER=npm forces the npm Chromium.
  Ends with "N passed, N failed"; exit code 1 when anything failed.`);
  process.exit(0);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bw-test-'));
const only = new Set(process.argv.slice(2)); // e.g. `npm test -- vitest e2e`
const wanted = (step: string) => only.size === 0 || only.has(step);

let passed = 0;
let failed = 0;
const failures: string[] = [];
const failedTests: string[] = [];

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

function run(step: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n▶ ${step}: ${path.basename(cmd)} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) failures.push(step);
  return r.status === 0;
}

function countVitest(file: string, step: string): void {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // Name every failed test at the end of the output: CI keeps only the tail of a long log.
    for (const suite of report.testResults ?? []) {
      for (const t of suite.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = (t.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 300);
        failedTests.push(`${path.relative(root, suite.name)} › ${t.fullName}\n    ${why}`);
      }
      if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed') failedTests.push(`${path.relative(root, suite.name)}\n    ${(suite.message ?? '').split('\n')[0]?.slice(0, 300)}`);
    }
  } catch {
    failed += 1;
    failures.push(`${step} (no report)`);
  }
}

function check(step: string, ok: boolean): void {
  if (ok) passed += 1;
  else failed += 1;
}

async function waitReady(url: string, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/**
 * Accessibility, best practices and SEO fail under 100; performance fails under this floor, which is
 * now issue 20's bar itself. On a quiet machine (the clean-clone CI's case: this step runs alone,
 * before the browser tests) every phone row scored 97–100 on 2026-11-27 (docs/performance.md); a
 * row under the bar is run twice more and judged on the median of three, which absorbs one noisy
 * run. A busy machine (load average over 10) shows blocking time that CI's does not.
 */
const PERF_FLOOR = 95;

/**
 * Lighthouse on the started site, as a phone (thresholds above). It waits until
 * the demo data is all in (the demo videos are transcoded in the background after the site answers:
 * ffmpeg on the same cores would count as the pages' blocking time) and runs before the browser
 * tests, so it measures the demo pages as a visitor finds them, not pages the tests have filled.
 * A page under the performance bar is run twice more and judged on the median of the three.
 */
async function lighthouseStep(baseUrl: string, demoDone: Promise<boolean>): Promise<void> {
  const started = Date.now();
  console.log('\n▶ lighthouse: waiting for the demo data (posts, transcoded videos)');
  const done = await Promise.race([demoDone, new Promise<false>((r) => setTimeout(r, 600_000, false).unref())]);
  console.log(done ? `  in after ${Math.round((Date.now() - started) / 1000)} s` : '  not all in after 10 minutes: measuring anyway');
  check('lighthouse', run('lighthouse', process.execPath, [path.join(root, 'scripts/lighthouse.ts'), '--target', baseUrl, '--form-factors', 'mobile', '--check', '--runs', '3', '--scores-only', '--perf-floor', String(PERF_FLOOR)]));
  console.log(`  lighthouse step: ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The steps that need the site running: lighthouse, then the browser tests (e2e), on one start. */
async function siteSteps(): Promise<void> {
  const port = await freePort();
  // A known demo-admin password for this run, so the browser tests can moderate like an admin.
  const adminPassword = `Adm${Date.now().toString(36).slice(-5)}9x`;
  const env: NodeJS.ProcessEnv = { ...process.env, DEMO_ADMIN_PASSWORD: adminPassword, PORT: String(port), DATA_DIR: path.join(tmp, 'data'), LOG_LEVEL: 'warn', NATS_NAMESPACE: `e2e${Date.now().toString(36)}`, CHECK_CONTRACT: 'true',
    // Every browser of the suite is one address (127.0.0.1): a site's per-address budgets would make
    // tests fail on each other's calls, so they are lifted; the limits' own tests are in gateway/test.
    RATE_LIMIT_PER_MINUTE: '100000', NEWSLETTER_RATE_LIMIT: '1000' };
  let dbName: string | undefined;
  if (process.env.DATABASE_URL) {
    dbName = `bw_e2e_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  // Resolved (and, for the npm build, decompressed) once here, so the log names the browser used.
  const browser = await resolveChromium();
  console.log(`\n▶ e2e: browser ${browser.label}`);
  console.log(`\n▶ e2e: starting the site on port ${port}`);
  const site: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  // Its output goes on to the log as before; the lighthouse step waits for the demo data's "Done." line in it.
  const demoDone = demoDoneIn(site.stdout!, (line) => console.log(line));
  try {
    const ready = await waitReady(`http://127.0.0.1:${port}/readyz`, 180_000);
    check('e2e: site started', ready);
    if (!ready) {
      failures.push('e2e: site did not become ready');
      return;
    }
    // The site runs the build it just made: check each page's compressed JavaScript on it (no second build).
    if (wanted('e2e')) check('e2e: JS per page', run('e2e: JS per page', process.execPath, [path.join(root, 'web/scripts/js-budget.ts')]));
    if (wanted('lighthouse')) await lighthouseStep(`http://127.0.0.1:${port}`, demoDone);
    if (!wanted('e2e')) return;
    const report = path.join(tmp, 'e2e.json');
    // E2E_FILES=reviews,detail runs only the matching files (while working on one journey).
    run('e2e', bin('vitest'), ['run', '--config', 'e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(process.env.E2E_FILES?.split(',').filter(Boolean) ?? [])], { ...process.env, E2E_BASE_URL: `http://127.0.0.1:${port}`, E2E_ADMIN_EMAIL: 'admin@brokerwise.example', E2E_ADMIN_PASSWORD: adminPassword, E2E_DATA_DIR: env.DATA_DIR });
    countVitest(report, 'e2e');
  } finally {
    // A site that already exited (a failed build, a crash) sends no second 'exit': waiting for one
    // would leave the run hanging and its database behind.
    if (site.exitCode === null && site.signalCode === null) {
      site.kill('SIGTERM');
      await new Promise((r) => site.once('exit', r));
    }
    // The site's streams and keys (its own namespace), as the tests remove theirs.
    if (process.env.NATS_URL) await destroyBus(await createBus({ natsUrl: process.env.NATS_URL, namespace: env.NATS_NAMESPACE! }));
    if (process.env.REDIS_URL) {
      const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${env.NATS_NAMESPACE!}:` });
      await cache.delPrefix('');
      await cache.close();
    }
    if (dbName) {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}

const servers: Servers = { databaseUrl: process.env.DATABASE_URL, natsUrl: process.env.NATS_URL, redisUrl: process.env.REDIS_URL };
const checkLeaks = wanted('leaks') && Boolean(servers.databaseUrl || servers.natsUrl || servers.redisUrl);
const before = checkLeaks ? await snapshot(servers) : undefined;

if (wanted('lint')) check('lint', run('lint', bin('eslint'), ['.', '--max-warnings=0']));
if (wanted('typecheck')) {
  check('typecheck', run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']));
  check('typecheck web', run('typecheck web', 'npm', ['run', '--silent', 'typecheck', '-w', 'web']));
}
if (wanted('k6')) check('k6 scripts', run('k6 scripts public-browse.js, ops.js (without k6)', process.execPath, ['loadtest/k6/selftest/selftest.mjs']));
if (wanted('buf')) {
  check('buf lint', run('buf lint', 'npm', ['run', '--silent', 'lint', '-w', 'proto']));
  // Against the contracts consumers were last released with (proto/released.binpb, ADR 007).
  check('buf breaking', run('buf breaking', 'npm', ['run', '--silent', 'breaking', '-w', 'proto']));
}
if (wanted('vitest')) {
  const report = path.join(tmp, 'vitest.json');
  run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  countVitest(report, 'vitest');
}
// One site for both: its start (build check, migrations, demo seed) is paid once.
if (wanted('lighthouse') || wanted('e2e')) await siteSteps();
// The production topology (every deployable its own process, APP_MODE=production) and its smoke
// journey: only on real servers, which it needs (README: npm run topology).
if (wanted('topology')) {
  if (process.env.DATABASE_URL && process.env.NATS_URL && process.env.REDIS_URL) {
    const report = path.join(tmp, 'topology.json');
    run('topology', bin('vitest'), ['run', '--config', 'smoke/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
    countVitest(report, 'topology');
  } else if (only.has('topology')) {
    console.log('\n▶ topology: needs the real servers: set DATABASE_URL, NATS_URL and REDIS_URL');
    failures.push('topology: no real servers');
  } else {
    console.log('\n▶ topology: skipped (runs on real servers: DATABASE_URL, NATS_URL, REDIS_URL)');
  }
}
if (before) {
  console.log('\n▶ leaks: what this run left on the real servers');
  const left = leaked(before, await snapshot(servers), { tempDirs: [path.basename(tmp)] });
  const found = Object.entries(left).filter(([, names]) => names.length > 0);
  for (const [kind, names] of found) console.log(`  ${kind}: ${names.length} left behind: ${names.slice(0, 20).join(', ')}${names.length > 20 ? ', …' : ''}`);
  if (found.length === 0) console.log('  nothing left behind');
  check('leaks', found.length === 0);
  if (found.length > 0) failures.push('leaks');
}

rmSync(tmp, { recursive: true, force: true });
if (failedTests.length > 0) console.log(`\nFailed tests:\n  ${failedTests.join('\n  ')}`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
