/**
 * Sync of 1,000 accounts: how long trader-sync takes to import the full history of 1,000 freshly
 * bound bridge accounts, and then to run an incremental round ("sync now" for all of them).
 *
 * Runs in this process, on its own infrastructure, as trader-sync's tests do
 * (services/trader-sync/test/harness.ts): a fresh database (a new PostgreSQL database with
 * DATABASE_URL, dropped afterwards; otherwise embedded PGlite in memory), its own bus namespace
 * (NATS with NATS_URL, streams deleted afterwards; otherwise in memory), the bridge simulator as a
 * real HTTP server, and trader-sync split as in production (k8s: `trader-sync` ROLE=api and
 * `trader-sync-worker` ROLE=worker): one api instance and one worker. Everything goes through
 * trader-sync's own HTTP API: the broker server arrives as in production (a catalogue broker event
 * on the bus, then an approved broker application naming that broker), accounts are bound with
 * POST /v1/accounts (one owner: nothing limits how many accounts one user binds) and resynced with
 * POST /v1/accounts/:id/sync. Progress is read from the database every 250 ms.
 *
 * Used by bench.ts; also runs alone: `node loadtest/trader-sync.ts`. Prints figures, asserts
 * nothing. Knobs: BENCH_SYNC_ACCOUNTS (1000), BENCH_SYNC_CONCURRENCY (trader-sync's default, 4).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createBus, type EventBus } from '@brokerwise/bus';
import { encodeEvent } from '@brokerwise/proto';
import { createTestDatabase, openDatabase, type Database, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { parseSimulatorConfig } from '../services/bridge-simulator/src/config.ts';
import { startBridgeSimulator } from '../services/bridge-simulator/src/main.ts';
import { parseTraderSyncConfig } from '../services/trader-sync/src/config.ts';
import { startTraderSync, type TraderSyncHandle } from '../services/trader-sync/src/main.ts';
import type { TraderTables } from '../services/trader-sync/src/store/types.ts';

export interface SyncTiming {
  accounts: number;
  database: string;
  bus: string;
  concurrency: number;
  tickMs: number;
  pageSize: number;
  cores: number;
  cpu: string;
  loadAverage: number;
  bindParallel: number;
  /** First bind request → last bind answered. */
  bindMs: number;
  /** First bind request → every account's first sync succeeded. */
  firstMs: number;
  firstDeals: number;
  /** Per account: bound_at → last_success_at of its first sync. */
  firstP50Ms: number;
  firstP95Ms: number;
  /** Most accounts seen failing (retrying) at one poll during the first round. */
  firstFailingMax: number;
  /** First "sync now" request → every account synced again. */
  incrementalMs: number;
  incrementalDeals: number;
  /** Per account: its "sync now" request → last_success_at. */
  incrementalP50Ms: number;
  incrementalP95Ms: number;
  incrementalFailingMax: number;
}

/** trader-sync's own defaults (what production runs unless configured). */
const DEFAULTS = parseTraderSyncConfig({});
const ACCOUNTS = Number(process.env.BENCH_SYNC_ACCOUNTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_SYNC_CONCURRENCY ?? DEFAULTS.SYNC_CONCURRENCY);
const TICK_MS = 100;
const PAGE_SIZE = DEFAULTS.SYNC_PAGE_SIZE;
/** Concurrent HTTP clients binding (and requesting syncs), like users arriving at once. */
const BIND_PARALLEL = 8;
const POLL_MS = 250;
/** Give up on a round after this long (a broken build must not hang the bench). */
const ROUND_LIMIT_MS = Number(process.env.BENCH_SYNC_ROUND_LIMIT_S ?? 1200) * 1000;

const BROKER = { slug: 'bench-sync-markets', name: 'Bench Sync Markets', server: 'BenchSyncMarkets-Live01' };
/** Distinct logins on one simulator server, all ending in 27 (clear of the failure suffixes 13/40/44/50/51/66/99). */
const loginOf = (i: number) => `${3_000_000 + i}27`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function call<T = any>(base: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Runs `fn` over `items`, `size` at a time. */
async function parallel<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Starts a service without its own SIGINT/SIGTERM handlers (service-kit's runServer installs
 * ones that close that one server and exit the process): the bench's handler stops everything
 * and drops the database instead.
 */
async function withoutSignalHandlers<T>(start: () => Promise<T>): Promise<T> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  try {
    return await start();
  } finally {
    for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.off(s, l);
  }
}

/**
 * Cleanup steps, run newest first, each on its own (one failing does not skip the others). A
 * second `run` (a signal during the normal cleanup, or the reverse) waits for the first.
 */
class Cleanup {
  private readonly steps: { name: string; run: () => Promise<unknown> }[] = [];
  private running: Promise<void> | undefined;
  add(name: string, run: () => Promise<unknown>): void {
    this.steps.push({ name, run });
  }
  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.splice(0).reverse()) {
        try {
          await step.run();
        } catch (err) {
          console.error(`trader-sync bench cleanup: ${step.name} failed:`, err);
        }
      }
    })();
    return this.running;
  }
}

export async function syncThousand(): Promise<SyncTiming> {
  const cleanup = new Cleanup();
  // Ctrl-C / SIGTERM during the run: still stop the services and drop the database.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\ntrader-sync bench: ${signal}, cleaning up…`);
    void cleanup.run().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await run(cleanup);
  } finally {
    await cleanup.run();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function run(cleanup: Cleanup): Promise<SyncTiming> {
  const adminUrl = process.env.DATABASE_URL;
  const natsUrl = process.env.NATS_URL;

  const t: TestDatabase = await createTestDatabase('trader', adminUrl);
  cleanup.add('drop the database', () => t.destroy());
  const namespace = `bwbench_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`;
  const bus: EventBus = await createBus({ natsUrl, namespace });
  cleanup.add('delete the bus namespace', async () => {
    await bus.close();
    if (!natsUrl) return;
    const nc = await connect({ servers: natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      for (const stream of [`${namespace.toUpperCase()}_EVENTS`, `${namespace.toUpperCase()}_DLQ`]) await jsm.streams.delete(stream).catch(() => false);
    } finally {
      await nc.close();
    }
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-bench-trader-'));
  cleanup.add('remove the temp dir', () => rm(dir, { recursive: true, force: true }));

  const sim = await withoutSignalHandlers(() => startBridgeSimulator(parseSimulatorConfig({ PORT: '0', LOG_LEVEL: 'error' })));
  cleanup.add('stop the bridge simulator', () => sim.close());

  // PostgreSQL: each role gets its own pool, as its own pod would. PGlite is one in-process
  // instance: both roles share it.
  const ownDatabase = async (): Promise<Database> => {
    if (!t.url) return t;
    const d = await openDatabase({ schema: 'trader', url: t.url });
    cleanup.add('close a connection pool', () => d.close());
    return d;
  };
  const env = {
    PORT: '0',
    LOG_LEVEL: 'error',
    DATA_DIR: dir,
    BRIDGE_URL: sim.url,
    SYNC_TICK_MS: String(TICK_MS),
    SYNC_CONCURRENCY: String(CONCURRENCY),
    SYNC_PAGE_SIZE: String(PAGE_SIZE),
    // Failures (none expected) retry within seconds rather than the default 30 s+.
    SYNC_RETRY_BASE_MS: '1000',
    SYNC_RETRY_MAX_MS: '10000',
    // No account comes due again on its own during the bench: the second round is "sync now".
    SYNC_INTERVAL_MS: '86400000',
  };
  const startRole = async (role: 'api' | 'worker', migrate: boolean): Promise<TraderSyncHandle> => {
    const database = await ownDatabase();
    const svc = await withoutSignalHandlers(() => startTraderSync(parseTraderSyncConfig({ ...env, ROLE: role, MIGRATE_ON_START: String(migrate) }), { bus, database }));
    cleanup.add(`stop trader-sync ${role}`, () => svc.close());
    return svc;
  };
  const api = await startRole('api', true);
  await startRole('worker', false);
  const base = `http://127.0.0.1:${api.port}`;
  const db = t.db as Kysely<TraderTables>;

  // The broker: as the catalogue announces it, then a trader's application for its server, approved.
  const companyId = randomUUID();
  const e = encodeEvent('catalogue.company.upserted', { id: companyId, slug: BROKER.slug, name: BROKER.name, category: 'Brokers', version: 1n }, { producer: 'catalogue' });
  await bus.publish({ id: e.id, type: e.type, data: e.bytes });
  const owner = { userId: randomUUID(), username: 'bench_trader' };
  const applied = await call<{ id: string }>(base, 'POST', '/v1/applications', {
    userId: owner.userId,
    brokerName: BROKER.name,
    website: 'https://bench-sync.example',
    server: BROKER.server,
    sampleAccount: loginOf(0),
    password: `ro-${loginOf(0)}`,
  });
  if (applied.status !== 200) throw new Error(`broker application refused: ${applied.status} ${JSON.stringify(applied.body)}`);
  for (let i = 0; ; i++) {
    const decided = await call(base, 'POST', `/v1/applications/${applied.body.id}/decision`, { adminId: randomUUID(), decision: 'approve', broker: BROKER.slug });
    if (decided.status === 200) break;
    // 400 broker unknown until the catalogue event has been consumed.
    if (decided.status !== 400 || i > 300) throw new Error(`approval refused: ${decided.status} ${JSON.stringify(decided.body)}`);
    await sleep(100);
  }

  const cores = os.availableParallelism();
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const loadAverage = os.loadavg()[0]!;

  // ---------------------------------------------------------------- round 1: bind, first syncs
  const logins = Array.from({ length: ACCOUNTS }, (_, i) => loginOf(i));
  const ids: string[] = [];
  const t0 = performance.now();
  await parallel(logins, BIND_PARALLEL, async (login) => {
    const r = await call<{ id: string }>(base, 'POST', '/v1/accounts', {
      ...owner,
      broker: BROKER.slug,
      server: BROKER.server,
      accountNumber: login,
      password: `ro-${login}`,
      nickname: `Bench ${login}`,
      description: 'Sync benchmark account.',
      strategyType: 'manual',
      visibility: 'public',
    });
    if (r.status !== 200) throw new Error(`bind ${login} refused: ${r.status} ${JSON.stringify(r.body)}`);
    ids.push(r.body.id);
  });
  const bindMs = performance.now() - t0;

  /** Polls until every account has synced (since `syncedSince`); the time from `start`. */
  const waitForRound = async (start: number, syncedSince: Date | null, label: string): Promise<{ ms: number; failingMax: number }> => {
    let failingMax = 0;
    for (;;) {
      const row = await db
        .selectFrom('account')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>(syncedSince ? eb.case().when('last_success_at', '>=', syncedSince).then(1).end() : 'last_success_at').as('done'),
          eb.fn.count<number>(eb.case().when('sync_state', '=', 'failing').then(1).end()).as('failing'),
        ])
        .executeTakeFirstOrThrow();
      failingMax = Math.max(failingMax, Number(row.failing));
      if (Number(row.done) >= ACCOUNTS) return { ms: performance.now() - start, failingMax };
      if (performance.now() - start > ROUND_LIMIT_MS) throw new Error(`${label}: only ${row.done} of ${ACCOUNTS} accounts synced after ${ROUND_LIMIT_MS / 1000} s (${row.failing} failing)`);
      await sleep(POLL_MS);
    }
  };
  const first = await waitForRound(t0, null, 'first sync');
  const firstRows = await db.selectFrom('account').select(['id', 'bound_at', 'last_success_at']).execute();
  const firstLatencies = firstRows.map((r) => r.last_success_at!.getTime() - r.bound_at.getTime()).sort((a, b) => a - b);
  const dealsAfterFirst = Number((await db.selectFrom('deal').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  // ---------------------------------------------------------------- round 2: "sync now" for all
  const requestedAt = new Map<string, number>();
  const since = new Date();
  const t1 = performance.now();
  await parallel(ids, BIND_PARALLEL, async (id) => {
    requestedAt.set(id, Date.now());
    const r = await call(base, 'POST', `/v1/accounts/${id}/sync`, { userId: owner.userId });
    if (r.status !== 200) throw new Error(`sync now ${id} refused: ${r.status} ${JSON.stringify(r.body)}`);
  });
  const second = await waitForRound(t1, since, 'incremental sync');
  const secondRows = await db.selectFrom('account').select(['id', 'last_success_at']).execute();
  const secondLatencies = secondRows.map((r) => r.last_success_at!.getTime() - requestedAt.get(r.id)!).sort((a, b) => a - b);
  const dealsAfterSecond = Number((await db.selectFrom('deal').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  return {
    accounts: ACCOUNTS,
    database: t.url ? 'PostgreSQL' : 'embedded PGlite (in memory)',
    bus: natsUrl ? 'NATS' : 'in-memory bus',
    concurrency: CONCURRENCY,
    tickMs: TICK_MS,
    pageSize: PAGE_SIZE,
    cores,
    cpu,
    loadAverage,
    bindParallel: BIND_PARALLEL,
    bindMs,
    firstMs: first.ms,
    firstDeals: dealsAfterFirst,
    firstP50Ms: percentile(firstLatencies, 50),
    firstP95Ms: percentile(firstLatencies, 95),
    firstFailingMax: first.failingMax,
    incrementalMs: second.ms,
    incrementalDeals: dealsAfterSecond - dealsAfterFirst,
    incrementalP50Ms: percentile(secondLatencies, 50),
    incrementalP95Ms: percentile(secondLatencies, 95),
    incrementalFailingMax: second.failingMax,
  };
}

export function printSyncTiming(t: SyncTiming): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rate = (n: number, ms: number) => {
    const r = n / (ms / 1000);
    return r.toFixed(r >= 100 ? 0 : 1);
  };
  const n = t.accounts.toLocaleString('en-US');
  const failing = (max: number) => (max > 0 ? `; up to ${max} failing at once (retried)` : '');
  const row = (label: string, value: string, rest: string) => console.log(`  ${label.padEnd(54)} ${value.padStart(9)}   ${rest}`);
  console.log(`\nTrader sync of ${n} accounts: one trader-sync api + one worker (ROLE api / worker, as in production) and the bridge simulator, all in this process`);
  console.log(`  ${t.database}, ${t.bus}; SYNC_CONCURRENCY ${t.concurrency} (one worker), SYNC_TICK_MS ${t.tickMs}, SYNC_PAGE_SIZE ${t.pageSize}; ${t.cores} cores (${t.cpu}), load average ${t.loadAverage.toFixed(2)} at start`);
  row(`bind ${n} accounts (POST /v1/accounts, ${t.bindParallel} at a time)`, s(t.bindMs), `${rate(t.accounts, t.bindMs)} binds/s`);
  row('first bind → every first sync done', s(t.firstMs), `${rate(t.accounts, t.firstMs)} accounts/s, ${t.firstDeals.toLocaleString('en-US')} deals, ${rate(t.firstDeals, t.firstMs)} deals/s`);
  row('  per account, bound → first sync', '', `p50 ${s(t.firstP50Ms)}, p95 ${s(t.firstP95Ms)}${failing(t.firstFailingMax)}`);
  row('"sync now" for all → every account synced again', s(t.incrementalMs), `${rate(t.accounts, t.incrementalMs)} accounts/s, ${t.incrementalDeals.toLocaleString('en-US')} new deals`);
  row('  per account, request → synced', '', `p50 ${s(t.incrementalP50Ms)}, p95 ${s(t.incrementalP95Ms)}${failing(t.incrementalFailingMax)}`);
}

if (import.meta.main) printSyncTiming(await syncThousand());
