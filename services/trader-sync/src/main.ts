import path from 'node:path';
import { busConfig, createBus, type EventBus } from '@brokerwise/bus';
import { consumerLagCheck, buildFastify, consumeEvents, OutboxRelay, registerHealth, runServer, pressureOptions, serviceTokenOptions } from '@brokerwise/service-kit';
import { openDatabase, runMigrations, type Database, type Kysely } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { traderApp } from './app.ts';
import type { TraderSyncConfig } from './config.ts';
import { BridgeConnector } from './connectors/bridge.ts';
import type { Connector } from './domain/connector.ts';
import type { Clock, TraderContext } from './domain/context.ts';
import { KeyRing } from './domain/crypto.ts';
import { SyncScheduler } from './domain/sync.ts';
import { handlers } from './events/registry.ts';
import type { TraderTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain; tests move it. Defaults to the system clock. */
  now?: Clock;
  /** Replaces the HTTP bridge connector (tests). */
  connector?: Connector;
}

export interface TraderSyncHandle {
  port: number;
  /** The worker's scheduler (roles worker and all). */
  scheduler: SyncScheduler | undefined;
  close: () => Promise<void>;
}

/**
 * Boots trader-sync: infrastructure → migrations → Fastify → relay; role `api` adds the routes
 * and the consumers (catalogue brokers, usernames), role `worker` the sync scheduler, `all` both.
 */
export async function startTraderSync(config: TraderSyncConfig, shared: Shared = {}): Promise<TraderSyncHandle> {
  const database =
    shared.database ?? (await openDatabase<TraderTables>({ schema: 'trader', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'trader-sync') }));
  if (config.MIGRATE_ON_START) await runMigrations(database, migrations);
  const bus = shared.bus ?? (await createBus(busConfig(config, 'trader-sync')));
  const api = config.ROLE !== 'worker';
  const worker = config.ROLE !== 'api';

  const app = buildFastify({ service: 'trader-sync', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true, pressure: pressureOptions(config), serviceToken: serviceTokenOptions(config, 'trader-sync') });
  const db = database.db as Kysely<TraderTables>;
  const relay = new OutboxRelay({ db, bus, log: app.log, maxAttempts: config.OUTBOX_MAX_ATTEMPTS });
  const health = registerHealth(app, [
    { name: 'database', check: database.ping },
    { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' },
  ]);
  const now = shared.now ?? (() => new Date());
  const keyring = new KeyRing(config.CREDENTIALS_KEYS);
  const ctx: TraderContext = {
    db,
    now,
    keyring,
    connector: shared.connector ?? new BridgeConnector(),
    sync: {
      intervalMs: config.SYNC_INTERVAL_MS,
      timeoutMs: config.SYNC_TIMEOUT_MS,
      retryBaseMs: config.SYNC_RETRY_BASE_MS,
      retryMaxMs: config.SYNC_RETRY_MAX_MS,
      pageSize: config.SYNC_PAGE_SIZE,
      defaultBridgeUrl: config.BRIDGE_URL,
    },
  };
  const scheduler = worker ? new SyncScheduler({ ctx, tickMs: config.SYNC_TICK_MS, concurrency: config.SYNC_CONCURRENCY, log: app.log, afterSync: () => relay.poke() }) : undefined;
  if (api) await app.register(traderApp, { ...ctx, relay, pokeSync: () => scheduler?.poke() });

  relay.start();
  const subscriptions = api
    ? [await consumeEvents({ bus, db, log: app.log, settings: config, durable: 'trader-sync-catalogue', handlers: handlers(now, { demo: config.DEMO_TRADERS ? { keyring } : null }), afterCommit: () => scheduler?.poke() })]
    : [];
  scheduler?.start();

  health.add(consumerLagCheck(subscriptions, config.EVENTS_MAX_PENDING));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      ...subscriptions.map((s) => () => s.drain()),
      ...(scheduler ? [() => scheduler.stop()] : []),
      () => relay.stop(),
      ...(shared.bus ? [] : [() => bus.close()]),
      ...(shared.database ? [] : [() => database.close()]),
    ],
  });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : config.PORT, scheduler, close: server.close };
}
