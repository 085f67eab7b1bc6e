/**
 * `npm run bench`: measures, in one run on this machine, a raw Node `http` server serving the
 * same bytes (baseline) against the gateway's brokersList (cached and uncached) and the SSR home
 * page (micro-cached and uncached). Prints req/s, p50/p99 latency and the ratio to the baseline;
 * then upload-to-playable (media.ts) and a sync of 1,000 trader accounts (trader-sync.ts).
 * Figures, not assertions: compare runs on the same machine.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { signatureHeaders } from '@brokerwise/api-signature';
import { printUploadTiming, uploadToPlayable, type UploadTiming } from './media.ts';
import { startStack } from './stack.ts';
import { printSyncTiming, syncThousand } from './trader-sync.ts';
import { exitWithUsageOnHelp } from '@brokerwise/config';
import { SCALE_USAGE } from './scale.ts';

exitWithUsageOnHelp(`Usage: npm run bench
  Prints req/s and p50/p99 of the gateway and the SSR pages against a raw Node baseline, then
  upload-to-playable and a 1,000-account sync. Figures, not assertions.
  --video: only the video part (upload → HLS transcode → playable, the transcode multiple).
  --ssr: only the uncached server renders (home and company detail, English and Chinese), each
    with its raw-http baseline.
  Settings: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (3),
    BENCH_SSR_WARMUP_SECONDS (10: each uncached page rendered this long before any is measured).
${SCALE_USAGE}`);

// `--scale`: the large-catalogue latency table instead (scale.ts).
if (process.argv.includes('--scale')) {
  await (await import('./scale.ts')).main(process.argv.slice(2));
  process.exit(0);
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** Seconds each uncached page is rendered before any is measured (the warm-up loop below says why). */
const SSR_WARMUP = Number(process.env.BENCH_SSR_WARMUP_SECONDS ?? 10);
const SALT = process.env.SIGNATURE_SALT ?? 'brokerwise-dev-salt';
const LIST_PATH = '/api/brokers/brokersList?page=1&limit=20&order=score';
const DETAIL_PATH = '/detail?id=northwind-markets';
/** The server renders measured uncached: home and a company, in each language. */
const SSR_PAGES = [
  { name: 'home', path: '/' },
  { name: 'home zh-CN', path: '/?lang=zh-CN' },
  { name: 'detail', path: DETAIL_PATH },
  { name: 'detail zh-CN', path: `${DETAIL_PATH}&lang=zh-CN` },
];

interface Row { name: string; rps: number; p50: number; p99: number; errors: number; baseline?: string }

async function measure(name: string, url: string, headers: Record<string, string>, setupPath?: () => string): Promise<Row> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      headers,
      ...(setupPath ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: setupPath() }) }] } : {}),
    });
  // A short unrecorded run first: the first seconds of a path measure the JIT and cold caches.
  await run(WARMUP);
  const result = await run(DURATION);
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** Raw node:http answering every request with exactly the bytes (and encoding) the stack sent. */
async function baseline(name: string, sample: Response): Promise<Row> {
  const body = Buffer.from(await sample.arrayBuffer());
  const headers: Record<string, string | number> = { 'content-type': sample.headers.get('content-type') ?? 'application/octet-stream', 'content-length': body.length };
  const encoding = sample.headers.get('content-encoding');
  if (encoding) headers['content-encoding'] = encoding;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await measure(name, `http://127.0.0.1:${(server.address() as { port: number }).port}/`, {});
  } finally {
    server.close();
  }
}

const rows: Row[] = [];
const signed = async () => ({ ...(await signatureHeaders(SALT)), lang: 'en', 'accept-encoding': 'gzip' });
// What a browser sends: uncached renders come back gzip, the page cache's shared copy brotli (ADR 037).
const pageHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };
// fetch() would decompress; ask for the raw bytes so the baseline sends what the stack sends.
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<Response>((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(new Response(Buffer.concat(chunks), { headers: res.headers as Record<string, string> })));
    }).on('error', reject);
  });

// Stack 1: caches on (what visitors get). A known demo-admin password: the upload scenario signs in.
const BENCH_ADMIN = { email: 'admin@brokerwise.example', password: 'Bench2026x!' };
// `--video`: upload-to-playable and the transcode multiple alone (media.ts).
if (process.argv.includes('--video')) {
  const stack = await startStack({ DEMO_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    printUploadTiming(await uploadToPlayable(stack.baseUrl, SALT, BENCH_ADMIN));
  } finally {
    await stack.close();
  }
  process.exit(0);
}
const ssrOnly = process.argv.includes('--ssr');
/** The raw-http baseline of a page's bytes as the stack sent them, named with their encoding; measured once. */
async function pageBaseline(page: string, sample: Response): Promise<Row> {
  const name = `baseline: raw node http, ${page} page bytes (${sample.headers.get('content-encoding') ?? 'identity'})`;
  const known = rows.find((r) => r.name === name);
  if (known) return known;
  const row = await baseline(name, sample);
  rows.push(row);
  return row;
}

let upload: UploadTiming | undefined;
const cachedStack = ssrOnly ? undefined : await startStack({ DEMO_ADMIN_PASSWORD: BENCH_ADMIN.password });
if (cachedStack) try {
  const api = await baseline('baseline: raw node http, API bytes', await rawGet(`${cachedStack.baseUrl}${LIST_PATH}`, await signed()));
  rows.push(api);
  const cachedApi = await measure('gateway brokersList, cached', `${cachedStack.baseUrl}${LIST_PATH}`, await signed());
  rows.push({ ...cachedApi, baseline: api.name });
  // The page cache's shared copy (brotli for a browser, ADR 037).
  const page = await pageBaseline('home', await rawGet(`${cachedStack.baseUrl}/`, pageHeaders));
  rows.push({ ...(await measure('SSR home page, micro-cached', `${cachedStack.baseUrl}/`, pageHeaders)), baseline: page.name });
  const detail = await pageBaseline('detail', await rawGet(`${cachedStack.baseUrl}${DETAIL_PATH}`, pageHeaders));
  rows.push({ ...(await measure('SSR detail page, micro-cached', `${cachedStack.baseUrl}${DETAIL_PATH}`, pageHeaders)), baseline: detail.name });
  // Keyword search through the search service (typos, partial words, Chinese); repeats hit the cache.
  const words = ['north', 'nortwind', 'meridian', 'capital', 'pay', 'fx', 'liquidity', '北风', '外汇', '支付', 'aurora', 'trade'];
  rows.push({
    ...(await measure('gateway keyword search (576 distinct queries)', `${cachedStack.baseUrl}${LIST_PATH}`, await signed(), () =>
      `/api/brokers/brokersList?keyword=${encodeURIComponent(words[Math.floor(Math.random() * words.length)]!)}&page=${1 + Math.floor(Math.random() * 3)}&limit=${5 + Math.floor(Math.random() * 16)}`,
    )),
    baseline: api.name,
  });
  // Random picks from ~28,000 distinct queries: nearly every request misses the cache and
  // reaches the catalogue's SQL.
  const categories = ['', '&categories=Brokers', '&categories=FinTech', '&categories=Lp', '&categories=Pay'];
  const orders = ['score', 'reviews', 'newest', 'name'];
  const pick = (n: number) => Math.floor(Math.random() * n);
  const misses = await measure('gateway brokersList, cache misses', `${cachedStack.baseUrl}${LIST_PATH}`, await signed(), () =>
    `/api/brokers/brokersList?page=${pick(6) + 1}&limit=${5 + pick(46)}&order=${orders[pick(4)]}${categories[pick(5)]}&rating=${pick(5) + 1}`,
  );
  rows.push({ ...misses, baseline: api.name });
  // A creator's ~10 MB mp4 from upload to playable (gateway → media → worker → /media/ Range).
  upload = await uploadToPlayable(cachedStack.baseUrl, SALT, BENCH_ADMIN);
} finally {
  await cachedStack.close();
}

// Stack 2: no page cache: every page view is a server render (its API calls stay cached).
const uncachedStack = await startStack({ PAGE_CACHE_TTL_MS: '0' });
try {
  // Every page is rendered for a while before any is measured: on a fresh stack the first ≈ 2,000
  // renders cost more (V8 compiling the render path on its helper threads), and they all fell in
  // the first row, home in English — 217 pages/s measured first, 239 on the same stack after the
  // other pages (issue 20; docs/performance.md, "Third round", "Fifth round"). A server runs warm.
  for (const page of SSR_PAGES) await autocannon({ url: `${uncachedStack.baseUrl}${page.path}`, connections: CONNECTIONS, duration: SSR_WARMUP, headers: pageHeaders });
  for (const page of SSR_PAGES) {
    const url = `${uncachedStack.baseUrl}${page.path}`;
    // The baseline sends this page's own bytes as rendered (a Chinese page is not the English one's
    // size; a render for one visitor is gzip where the cached copy is brotli).
    const base = await pageBaseline(page.name, await rawGet(url, pageHeaders));
    rows.push({ ...(await measure(`SSR ${page.name} page, rendered every time`, url, pageHeaders)), baseline: base.name });
  }
} finally {
  await uncachedStack.close();
}

// trader-sync importing 1,000 freshly bound accounts, then an incremental round (its own database and bus).
const traderSync = ssrOnly ? undefined : await syncThousand();

console.log(`\n${CONNECTIONS} connections, ${DURATION} s each after a ${WARMUP} s warm-up, ${new Date().toISOString()}; ratio = req/s ÷ the raw-http baseline sending the same bytes\n`);
console.log(`${'scenario'.padEnd(58)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(7)} ${'errors'.padStart(7)}`);
for (const r of rows) {
  const base = r.baseline ? rows.find((b) => b.name === r.baseline)?.rps : undefined;
  const ratio = base ? (r.rps / base).toFixed(2) : '1.00';
  console.log(`${r.name.padEnd(58)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${ratio.padStart(7)} ${String(r.errors).padStart(7)}`);
}
console.log('\nTargets (ARCHITECTURE.md): cached API and micro-cached SSR ≥ 0.30 of baseline; uncached SSR ≥ 200 pages/s.');
if (upload) printUploadTiming(upload);
if (traderSync) printSyncTiming(traderSync);
