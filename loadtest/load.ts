/**
 * `npm run load`: runs the operators' k6 scenarios (loadtest/k6/ops.js) without k6, with the Node
 * runner (loadtest/runner/), against a running site, and prints the client's view (requests,
 * failure rate, p50/p95/p99 per scenario, the thresholds) beside the server's view (the processes'
 * Prometheus endpoints, scraped before, during and after the run).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exitWithUsageOnHelp } from '@brokerwise/config';
import { endpointsFromControl, scrape, serverView, type Endpoint, type Scrape } from './runner/prometheus.ts';
import { formatReport } from './runner/report.ts';
import { evaluateThresholds, runScript } from './runner/runtime.ts';

const USAGE = `Usage: npm run load -- --scenario smoke|average|stress|spike|soak [options]
  Runs loadtest/k6/ops.js (public pages, API reads, sign-in, review writes, uploads) with the Node
  runner against a running site and prints, per k6 scenario, requests, failure rate, p50/p95/p99
  and the thresholds (http_req_failed < 1 %, p95 per scenario), then the server's view from the
  processes' Prometheus endpoints (outbox age and backlog, consumer lag per durable, 5xx share,
  dead letters).

Options:
  --scenario NAME       load profile: smoke (default), average, stress, spike, soak
  --target URL          the gateway (default BASE_URL, else http://127.0.0.1:3000)
  --salt SALT           the site's SIGNATURE_SALT (default SIGNATURE_SALT, else the development salt)
  --control URL         npm run topology's control port: metrics endpoints (/processes) and mailbox (/mail)
  --metrics URL[,URL]   Prometheus endpoints to scrape (instead of, or besides, --control)
  --mailbox URL         where registration codes arrive (default <control>/mail, or <target>/dev/mailbox)
  --users FILE          accounts to sign in with (JSON [{"email","password"}]) instead of fresh ones
  --only LIST           some scenarios: pages,api_reads,sign_in,review_writes,uploads
  --iterations N        smoke: iterations per virtual user (default 3)
  --vus-scale F         multiply the profile's VU levels (one Node process: scale down on a small machine)
  --think-scale F       multiply think times (0: none)
  --scrape-every S      seconds between metric scrapes during the run (default 5)
  --script FILE         another k6 script (default loadtest/k6/ops.js)
  -e KEY=VALUE          extra variable for the script (repeatable), as k6 run -e
  -h, --help            this text

Exit codes: 0 thresholds passed, 1 a threshold failed, 2 bad usage or the run could not start.`;

exitWithUsageOnHelp(USAGE);

const here = path.dirname(fileURLToPath(import.meta.url));
const PROFILES = ['smoke', 'average', 'stress', 'spike', 'soak'];

function usage(message: string): never {
  console.error(`load: ${message}\n\n${USAGE}`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      scenario: { type: 'string', default: 'smoke' },
      target: { type: 'string' },
      salt: { type: 'string' },
      control: { type: 'string' },
      metrics: { type: 'string' },
      mailbox: { type: 'string' },
      users: { type: 'string' },
      only: { type: 'string' },
      iterations: { type: 'string' },
      'vus-scale': { type: 'string' },
      'think-scale': { type: 'string' },
      'scrape-every': { type: 'string', default: '5' },
      script: { type: 'string' },
      env: { type: 'string', short: 'e', multiple: true },
    },
  });
}
try {
  args = parse();
} catch (err) {
  usage(err instanceof Error ? err.message : String(err));
}
const v = args.values;
if (!PROFILES.includes(v.scenario!)) usage(`unknown --scenario ${v.scenario}`);
const target = (v.target ?? process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const control = v.control?.replace(/\/+$/, '');
const numberOf = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) usage(`--${name} must be a number ≥ 0`);
  return n;
};
const vusScale = numberOf('vus-scale', v['vus-scale']);
if (vusScale === 0) usage('--vus-scale must be above 0');

const env: Record<string, string> = {
  BASE_URL: target,
  SIGNATURE_SALT: v.salt ?? process.env.SIGNATURE_SALT ?? 'brokerwise-dev-salt',
  SCENARIO: v.scenario!,
};
if (v.users) env.USERS_FILE = path.resolve(v.users);
if (v.only) env.SCENARIOS = v.only;
if (v.iterations) env.ITERATIONS = String(numberOf('iterations', v.iterations));
if (v['think-scale'] !== undefined) env.THINK_SCALE = String(numberOf('think-scale', v['think-scale']));
for (const kv of v.env ?? []) {
  const i = kv.indexOf('=');
  if (i <= 0) usage(`-e expects KEY=VALUE, got ${kv}`);
  env[kv.slice(0, i)] = kv.slice(i + 1);
}

// Where the emailed registration codes can be read, unless accounts are given.
if (!env.USERS_FILE && !env.USERS && !env.MAILBOX_URL) {
  if (v.mailbox) env.MAILBOX_URL = v.mailbox;
  else if (control) env.MAILBOX_URL = `${control}/mail`;
  else {
    const dev = await fetch(`${target}/dev/mailbox`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (dev?.ok) env.MAILBOX_URL = `${target}/dev/mailbox`;
  }
}

const endpoints: Endpoint[] = [];
let serverNote: string | undefined;
for (const url of (v.metrics ?? '').split(',').map((s) => s.trim()).filter(Boolean)) endpoints.push({ name: new URL(url).host, url });
if (control) {
  try {
    const found = await endpointsFromControl(control);
    endpoints.push(...found);
    if (found.length === 0 && endpoints.length === 0) serverNote = `${control}/processes lists no metrics endpoints (metricsUrl or metricsPort); pass --metrics URL[,URL…]`;
  } catch (err) {
    serverNote = `could not read ${control}/processes: ${err instanceof Error ? err.message : String(err)}`;
  }
}

const scrapes: Scrape[] = [];
const scrapeAll = async () => scrapes.push(...(await Promise.all(endpoints.map(scrape))));
await scrapeAll();
const every = (numberOf('scrape-every', v['scrape-every']) ?? 5) * 1000;
const scraper = endpoints.length > 0 ? setInterval(() => void scrapeAll(), Math.max(1000, every)) : undefined;

const script = path.resolve(v.script ?? path.join(here, 'k6/ops.js'));
console.log(`load: ${v.scenario} against ${target}${env.MAILBOX_URL ? `, fresh accounts via ${env.MAILBOX_URL}` : env.USERS_FILE ? `, accounts from ${env.USERS_FILE}` : ''}; ${endpoints.length} metrics endpoint(s)`);
let result;
try {
  result = await runScript({ script, env, ...(vusScale ? { vusScale } : {}), progress: (line) => console.log(`load: ${line}`) });
} catch (err) {
  if (scraper) clearInterval(scraper);
  console.error(`load: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
if (scraper) clearInterval(scraper);
await scrapeAll();

const thresholds = evaluateThresholds(result);
console.log(
  formatReport({
    title: `SCENARIO=${v.scenario} against ${target}`,
    result,
    thresholds,
    server: endpoints.length > 0 ? serverView(scrapes) : null,
    ...(serverNote ? { serverNote } : {}),
  }),
);
process.exit(thresholds.every((t) => t.ok) ? 0 : 1);
