import path from 'node:path';
import { busConfig, createBus, type EventBus } from '@brokerwise/bus';
import { consumerLagCheck, buildFastify, consumeEvents, OutboxRelay, registerHealth, runServer, pressureOptions, serviceTokenOptions } from '@brokerwise/service-kit';
import { openDatabase, runMigrations, type Database, type Kysely } from '@brokerwise/sql';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import { migrations } from '../migrations/index.ts';
import { catalogueApp } from './app.ts';
import type { CatalogueConfig } from './config.ts';
import { handlers } from './events/registry.ts';
import { loadDemoData, loadDemoPromotions } from './seed/load-demo.ts';
import type { CatalogueTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  objects?: ObjectStore;
  /** An open database (tests pass their own). */
  database?: Database;
}

/** Boots the catalogue: infrastructure → migrations/seed → Fastify → relay and consumers. */
export async function startCatalogue(config: CatalogueConfig, shared: Shared = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const database =
    shared.database ??
    (await openDatabase<CatalogueTables>({ schema: 'catalogue', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'catalogue') }));
  if (config.MIGRATE_ON_START) await runMigrations(database, migrations);
  const bus = shared.bus ?? (await createBus(busConfig(config, 'catalogue')));
  const objects =
    shared.objects ??
    (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const mediaUrl = (key: string) => `${config.MEDIA_BASE_URL}${key}`;

  const app = buildFastify({ service: 'catalogue', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true, pressure: pressureOptions(config), serviceToken: serviceTokenOptions(config, 'catalogue') });
  const db = database.db as Kysely<CatalogueTables>;
  const relay = new OutboxRelay({ db, bus, log: app.log, maxAttempts: config.OUTBOX_MAX_ATTEMPTS });

  if (config.DEMO_SEED) {
    const seeded = await loadDemoData({ db, objects, mediaUrl, onlyIfEmpty: true });
    if (seeded) app.log.info({ companies: seeded.companies }, 'demo data loaded');
    // Separately: a catalogue seeded before promotions existed gets them too.
    const promotions = await loadDemoPromotions({ db });
    if (promotions > 0) app.log.info({ promotions }, 'demo promotions loaded');
  }

  const health = registerHealth(app, [
    { name: 'database', check: database.ping },
    { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' },
    { name: 'objects', check: () => objects.ping() },
  ]);
  await app.register(catalogueApp, { db, relay, mediaUrl, topMinReviews: config.TOP_MIN_REVIEWS });

  relay.start();
  // The outbox row is written in the handler's transaction; poking the relay sends it right away.
  const subscriptions = [await consumeEvents({ bus, db, log: app.log, settings: config, durable: 'catalogue-ratings', handlers: handlers({ mediaUrl, onApplied: () => relay.poke() }) })];

  health.add(consumerLagCheck(subscriptions, config.EVENTS_MAX_PENDING));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      ...subscriptions.map((s) => () => s.drain()),
      () => relay.stop(),
      ...(shared.bus ? [] : [() => bus.close()]),
      ...(shared.database ? [] : [() => database.close()]),
    ],
  });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : config.PORT, close: server.close };
}
