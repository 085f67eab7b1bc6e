import path from 'node:path';
import { busConfig, createBus, type EventBus } from '@brokerwise/bus';
import { consumerLagCheck, buildFastify, consumeEvents, OutboxRelay, registerHealth, runServer, pressureOptions, serviceTokenOptions } from '@brokerwise/service-kit';
import { openDatabase, runMigrations, type Database, type Kysely } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { reviewsApp } from './app.ts';
import type { ReviewsConfig } from './config.ts';
import type { Clock } from './domain/context.ts';
import { recomputeAllRatings } from './domain/maintenance.ts';
import { handlers } from './events/registry.ts';
import type { ReviewsTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain (new-account limits, score recency); tests move it. Defaults to the system clock. */
  now?: Clock;
}

/** Boots reviews: infrastructure → migrations → Fastify → relay and consumers (rating recomputation). */
export async function startReviews(config: ReviewsConfig, shared: Shared = {}): Promise<{ port: number; metricsPort?: number | undefined; close: () => Promise<void> }> {
  const database =
    shared.database ??
    (await openDatabase<ReviewsTables>({ schema: 'reviews', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'reviews') }));
  if (config.MIGRATE_ON_START) await runMigrations(database, migrations);
  const bus = shared.bus ?? (await createBus(busConfig(config, 'reviews')));

  const app = buildFastify({ service: 'reviews', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true, pressure: pressureOptions(config), serviceToken: serviceTokenOptions(config, 'reviews') });
  const db = database.db as Kysely<ReviewsTables>;
  const relay = new OutboxRelay({ db, bus, log: app.log, maxAttempts: config.OUTBOX_MAX_ATTEMPTS });

  const health = registerHealth(app, [
    { name: 'database', check: database.ping },
    { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' },
  ]);
  const now = shared.now ?? (() => new Date());
  await app.register(reviewsApp, { db, relay, now });

  relay.start();
  const consumed = handlers(now, { demoReviews: config.DEMO_REVIEWS });
  const subscriptions = Object.keys(consumed).length > 0 ? [await consumeEvents({ bus, db, log: app.log, settings: config, durable: 'reviews-rating', handlers: consumed })] : [];

  // Scheduled recomputation; a failed run is retried at the next tick of a later period.
  let running: Promise<unknown> = Promise.resolve();
  const recompute = () => {
    running = recomputeAllRatings(db, now, config.RATING_RECOMPUTE_INTERVAL_MS)
      .then((n) => n !== null && app.log.info({ companies: n }, 'ratings recomputed'))
      .catch((err: unknown) => app.log.error({ err }, 'rating recomputation failed'));
  };
  const timer = setInterval(recompute, Math.min(config.RATING_RECOMPUTE_INTERVAL_MS, 3_600_000));
  timer.unref();

  health.add(consumerLagCheck(subscriptions, config.EVENTS_MAX_PENDING));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      async () => {
        clearInterval(timer);
        await running; // a run in progress finishes before the database closes
      },
      ...subscriptions.map((s) => () => s.drain()),
      () => relay.stop(),
      ...(shared.bus ? [] : [() => bus.close()]),
      ...(shared.database ? [] : [() => database.close()]),
    ],
  });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : config.PORT, metricsPort: server.metricsPort, close: server.close };
}
