import path from 'node:path';
import { busConfig, createBus, type EventBus } from '@brokerwise/bus';
import { consumerLagCheck, buildFastify, consumeEvents, registerHealth, runServer, pressureOptions, serviceTokenOptions } from '@brokerwise/service-kit';
import { openDatabase, runMigrations, type Database, type Kysely } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { searchApp } from './app.ts';
import type { SearchConfig } from './config.ts';
import { catalogueHandlers } from './events/registry.ts';
import type { SearchTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  /** An open database (tests pass their own). */
  database?: Database;
}

/** Boots search: infrastructure → migrations → Fastify → consumers. Publishes nothing, so no outbox relay. */
export async function startSearch(config: SearchConfig, shared: Shared = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const database =
    shared.database ??
    (await openDatabase<SearchTables>({ schema: 'search', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'search') }));
  if (config.MIGRATE_ON_START) await runMigrations(database, migrations);
  const bus = shared.bus ?? (await createBus(busConfig(config, 'search')));

  const app = buildFastify({ service: 'search', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true, pressure: pressureOptions(config), serviceToken: serviceTokenOptions(config, 'search') });
  const db = database.db as Kysely<SearchTables>;

  const health = registerHealth(app, [
    { name: 'database', check: database.ping },
    { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' },
  ]);
  await app.register(searchApp, { db });

  const subscriptions = [await consumeEvents({ bus, db, log: app.log, settings: config, durable: config.CATALOGUE_DURABLE, handlers: catalogueHandlers })];

  health.add(consumerLagCheck(subscriptions, config.EVENTS_MAX_PENDING));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      ...subscriptions.map((s) => () => s.drain()),
      ...(shared.bus ? [] : [() => bus.close()]),
      ...(shared.database ? [] : [() => database.close()]),
    ],
  });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : config.PORT, close: server.close };
}
