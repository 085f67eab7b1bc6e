import path from 'node:path';
import { busConfig, createBus, type EventBus } from '@brokerwise/bus';
import { createCache, type Cache } from '@brokerwise/cache';
import { consumerLagCheck, buildFastify, consumeEvents, OutboxRelay, registerHealth, runServer, pressureOptions, serviceTokenOptions } from '@brokerwise/service-kit';
import { openDatabase, runMigrations, type Database, type Kysely } from '@brokerwise/sql';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import { migrations } from '../migrations/index.ts';
import { identityApp } from './app.ts';
import { demoAdminEnabled, listSetting, type IdentityConfig } from './config.ts';
import { processAvatar } from './domain/avatar/index.ts';
import { purgeExpiredCodes } from './domain/codes.ts';
import type { Clock } from './domain/context.ts';
import { DeviceTokens } from './domain/device.ts';
import { ensureDemoAdmin, generateDemoPassword, type DemoAdmin } from './domain/demo-admin.ts';
import { ensureDemoCreators } from './domain/demo-creators.ts';
import { createPasswordHasher } from './domain/passwords.ts';
import { createSocialVerifiers } from './domain/social/index.ts';
import { handlers } from './events/registry.ts';
import type { IdentityTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  objects?: ObjectStore;
  /** Counters of the sign-in throttle; shared with the gateway in embedded mode. */
  cache?: Cache;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain (code expiry, sessions); tests move it. Defaults to the system clock. */
  now?: Clock;
}

export interface StartedIdentity {
  port: number;
  close: () => Promise<void>;
  /** Demo mode only: the admin account seeded at this start, password in clear for the start script. */
  demoAdmin?: DemoAdmin;
}

/** Boots identity: infrastructure → migrations → (demo admin) → Fastify → relay and consumers. */
export async function startIdentity(config: IdentityConfig, shared: Shared = {}): Promise<StartedIdentity> {
  const database =
    shared.database ??
    (await openDatabase<IdentityTables>({ schema: 'identity', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'identity') }));
  if (config.MIGRATE_ON_START) await runMigrations(database, migrations);
  const bus = shared.bus ?? (await createBus(busConfig(config, 'identity')));
  const objects =
    shared.objects ??
    (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const cache = shared.cache ?? createCache({ ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}), keyPrefix: `${config.NATS_NAMESPACE}:` });

  const app = buildFastify({ service: 'identity', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true, pressure: pressureOptions(config), serviceToken: serviceTokenOptions(config, 'identity') });
  const db = database.db as Kysely<IdentityTables>;
  const relay = new OutboxRelay({ db, bus, log: app.log, maxAttempts: config.OUTBOX_MAX_ATTEMPTS });

  const health = registerHealth(app, [
    { name: 'database', check: database.ping },
    { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' },
    { name: 'cache', check: () => cache.ping() },
    { name: 'objects', check: () => objects.ping() },
  ]);
  const now = shared.now ?? (() => new Date());
  const passwords = createPasswordHasher();
  const demoAdmin = demoAdminEnabled(config) ? await ensureDemoAdmin({ db, now, passwords }, config.DEMO_ADMIN_PASSWORD ?? generateDemoPassword()) : undefined;
  // Demo creators (fixed ids) author the media service's demo posts.
  if (demoAdminEnabled(config)) await ensureDemoCreators({ db, now });
  if (demoAdminEnabled(config)) {
    if (demoAdmin) app.log.info({ email: demoAdmin.email }, 'demo admin ready');
    else app.log.warn('demo admin not seeded: the username "admin" belongs to another account');
  }
  await app.register(identityApp, {
    db,
    relay,
    cache,
    objects,
    now,
    passwords,
    codeSecret: config.CODE_SECRET,
    loginLimits: {
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      accountWindowMs: config.LOGIN_ACCOUNT_WINDOW_SECONDS * 1000,
      maxDelayMs: config.LOGIN_MAX_DELAY_SECONDS * 1000,
      maxFailuresPerAccountIp: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP,
      maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
      maxFailuresPerDevice: config.LOGIN_MAX_FAILURES_PER_DEVICE,
      windowMs: config.LOGIN_WINDOW_SECONDS * 1000,
    },
    devices: new DeviceTokens(config.CODE_SECRET),
    social: createSocialVerifiers({
      googleClientIds: listSetting(config.GOOGLE_CLIENT_IDS),
      googleJwksUrl: config.GOOGLE_JWKS_URL,
      googleIssuers: listSetting(config.GOOGLE_ISSUERS),
      facebookAppId: config.FACEBOOK_APP_ID,
      facebookAppSecret: config.FACEBOOK_APP_SECRET,
      facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
    }),
    processAvatar,
  });

  relay.start();
  // Hourly housekeeping of long-dead email codes; never keeps the process alive.
  const purge = setInterval(() => {
    purgeExpiredCodes({ db, now }).catch((err: unknown) => app.log.warn({ err }, 'email code purge failed'));
  }, 3600_000);
  purge.unref();
  const subscriptions = Object.keys(handlers).length > 0 ? [await consumeEvents({ bus, db, log: app.log, settings: config, durable: 'identity', handlers })] : [];

  health.add(consumerLagCheck(subscriptions, config.EVENTS_MAX_PENDING));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      async () => clearInterval(purge),
      ...subscriptions.map((s) => () => s.drain()),
      () => relay.stop(),
      ...(shared.bus ? [] : [() => bus.close()]),
      ...(shared.cache ? [] : [() => cache.close()]),
      ...(shared.database ? [] : [() => database.close()]),
    ],
  });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : config.PORT, close: server.close, ...(demoAdmin ? { demoAdmin } : {}) };
}
