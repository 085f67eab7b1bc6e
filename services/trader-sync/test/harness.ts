import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { decodeEvent, encodeEvent, type DecodedEvent, type EventPayload, type EventType } from '@brokerwise/proto';
import { createTestDatabase, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { jsonCaller, uniqueName, waitForMatch, type Reply } from '@brokerwise/testing';
import { parseSimulatorConfig } from '../../bridge-simulator/src/config.ts';
import { startBridgeSimulator } from '../../bridge-simulator/src/main.ts';
import { DEV_CREDENTIALS_KEYS, parseTraderSyncConfig } from '../src/config.ts';
import type { Connector } from '../src/domain/connector.ts';
import { KeyRing } from '../src/domain/crypto.ts';
import { startTraderSync, type TraderSyncHandle } from '../src/main.ts';
import { insertAccount, unsyncedState } from '../src/store/account.store.ts';
import { findServerByName, insertServer, upsertBroker } from '../src/store/broker.store.ts';
import type { TraderTables } from '../src/store/types.ts';

export { errorOf, type Reply } from '@brokerwise/testing';

/** A 32-byte key in key-ring form. */
export const key = (id: string, fill: number) => `${id}:${Buffer.alloc(32, fill).toString('base64')}`;

/**
 * trader-sync on real infrastructure for a test file (its own database: PGlite, or a fresh
 * PostgreSQL database with DATABASE_URL; its own bus namespace: NATS with NATS_URL) and the bridge
 * simulator as a real HTTP server, both on one clock the test can move.
 */
export interface Harness {
  db: Kysely<TraderTables>;
  bus: EventBus;
  events: DecodedEvent[];
  simUrl: string;
  svc: TraderSyncHandle;
  advance(ms: number): void;
  now(): Date;
  call<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  sim(method: string, url: string, body?: unknown): Promise<Reply>;
  /** A catalogue broker with servers `<Name>-Live01` and `<Name>-Demo` (unique names). */
  broker(name?: string): Promise<{ companyId: string; slug: string; name: string; live: string; demo: string }>;
  /** Publishes a catalogue event onto the bus as the catalogue would. */
  publish<T extends EventType>(type: T, payload: Parameters<typeof encodeEvent<T>>[1]): Promise<void>;
  waitForEvent<T extends EventType>(type: T, match: (payload: EventPayload<T>) => boolean): Promise<Extract<DecodedEvent, { type: T }>>;
  /** Waits until the account's sync state satisfies `done` (the worker runs on its own). */
  waitForAccount(id: string, done: (a: any) => boolean, userId?: string): Promise<any>;
  restart(env: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}, opts: { connector?: Connector } = {}): Promise<Harness> {
  const t: TestDatabase = await createTestDatabase('trader', process.env.DATABASE_URL);
  const bus: EventBus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('trd').toLowerCase() });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-trader-'));
  const events: DecodedEvent[] = [];
  const probe = await bus.subscribe({ durable: 'trader-test-probe', types: ['trader.>'], handler: async (m) => void events.push(decodeEvent(m.data)) });
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const sim = await startBridgeSimulator(parseSimulatorConfig({ PORT: '0', LOG_LEVEL: 'silent', SIM_HANG_MS: '30000' }), { now: () => now().getTime() });
  const baseEnv = {
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    BRIDGE_URL: sim.url,
    SYNC_TICK_MS: '50',
    SYNC_TIMEOUT_MS: '1500',
    SYNC_RETRY_BASE_MS: '100',
    SYNC_RETRY_MAX_MS: '400',
    SYNC_INTERVAL_MS: '3600000',
    SYNC_PAGE_SIZE: '100',
    BIND_CHECK_TIMEOUT_MS: '1500',
  };
  let svc = await startTraderSync(parseTraderSyncConfig({ ...baseEnv, ...env }), { bus, database: t, now, ...(opts.connector ? { connector: opts.connector } : {}) });
  let base = `http://127.0.0.1:${svc.port}`;
  const db = t.db as Kysely<TraderTables>;

  const call = jsonCaller(() => base); // base moves on restart
  const simCall = jsonCaller(sim.url);

  const waitForEvent = async <T extends EventType>(type: T, match: (payload: EventPayload<T>) => boolean): Promise<Extract<DecodedEvent, { type: T }>> =>
    (await waitForMatch(events, (e) => e.type === type && match(e.payload as EventPayload<T>), {
      attempts: 400,
      intervalMs: 25,
      message: `no matching ${type} event arrived`,
    })) as Extract<DecodedEvent, { type: T }>;

  let brokers = 0;
  const h: Harness = {
    db,
    bus,
    events,
    simUrl: sim.url,
    get svc() {
      return svc;
    },
    advance: (ms) => void (offsetMs += ms),
    now,
    call,
    sim: (method, url, body) => simCall(method, url, body),
    broker: async (name) => {
      brokers += 1;
      const n = name ?? `Test Broker ${brokers} ${randomUUID().slice(0, 6)}`;
      const compact = n.replace(/[^A-Za-z0-9]/g, '');
      const companyId = randomUUID();
      const slug = compact.toLowerCase();
      await upsertBroker(db, { companyId, slug, name: n, version: 1, removed: false, at: now() });
      for (const [suffix, kind] of [['Live01', 'live'], ['Demo', 'demo']] as const) {
        await insertServer(db, { id: randomUUID(), name: `${compact}-${suffix}`, company_id: companyId, broker_name: n, kind, bridge_url: null, origin: 'admin', created_at: now() });
      }
      return { companyId, slug, name: n, live: `${compact}-Live01`, demo: `${compact}-Demo` };
    },
    publish: async (type, payload) => {
      const e = encodeEvent(type, payload as never, { producer: 'catalogue' });
      await bus.publish({ id: e.id, type: e.type, data: e.bytes });
    },
    waitForEvent,
    waitForAccount: (id, done, userId) =>
      vi.waitFor(
        async () => {
          const r = await h.call('GET', `/v1/accounts/${id}${userId ? `?viewer=${userId}` : ''}`);
          const last = r.body?.account;
          expect(last && done(last), `account ${id} never reached the expected state: ${JSON.stringify(last?.sync)}`).toBeTruthy();
          return last;
        },
        { timeout: 20_000, interval: 25 },
      ),
    restart: async (more) => {
      await svc.close();
      svc = await startTraderSync(parseTraderSyncConfig({ ...baseEnv, ...env, ...more }), { bus, database: t, now });
      base = `http://127.0.0.1:${svc.port}`;
    },
    close: async () => {
      await svc.close();
      await sim.close();
      await probe.drain();
      await destroyBus(bus);
      await t.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return h;
}

/** A signed-in trader (the gateway vouches for the id). */
export const trader = () => {
  const userId = randomUUID();
  return { userId, username: `t_${userId.slice(0, 8)}` };
};

let logins = 0;
/** A simulator login with the last two digits asked for (default: a well-behaved account). */
export function login(suffix = '27'): string {
  logins += 1;
  return `${String(10_000 + ((Date.now() + logins * 7919) % 89_999))}${String(logins % 10)}${suffix}`.slice(-8);
}

export const bind = (h: Harness, who: { userId: string; username: string }, extra: Record<string, unknown>) =>
  h.call('POST', '/v1/accounts', { ...who, nickname: 'Trend Rider', description: 'Daily trend following on majors.', strategyType: 'manual', visibility: 'public', ...extra });

/**
 * An account bound earlier whose bridge has failed since (down, hanging, password refused):
 * binding checks with the bridge and would refuse it today, so the row is written as binding
 * wrote it (password sealed with the harness's key), due for a sync now.
 */
export async function boundEarlier(h: Harness, who: { userId: string; username: string }, a: { server: string; accountNumber: string; password: string }): Promise<string> {
  const server = await findServerByName(h.db, a.server);
  if (!server) throw new Error(`no server ${a.server}`);
  const id = randomUUID();
  const sealed = new KeyRing(DEV_CREDENTIALS_KEYS).seal(a.password, id);
  await insertAccount(h.db, {
    id,
    user_id: who.userId,
    username: who.username,
    server_id: server.id,
    server: server.name,
    company_id: server.company_id,
    broker_name: server.broker_name,
    account_number: a.accountNumber,
    nickname: 'Trend Rider',
    description: '',
    strategy_type: 'manual',
    visibility: 'public',
    source: 'bridge',
    status: 'active',
    closed_at: null,
    password_ct: sealed.bytes,
    password_key_id: sealed.keyId,
    bound_at: h.now(),
    ...unsyncedState(h.now()),
  });
  h.svc.scheduler?.poke();
  return id;
}
