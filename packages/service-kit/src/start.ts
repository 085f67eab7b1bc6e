import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { busConfig, createBus, type EventBus, type NatsSettings, type Subscription } from '@brokerwise/bus';
import { openDatabase, runMigrations, type Database, type Kysely, type MigrationSet } from '@brokerwise/sql';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import { buildFastify, type BuildFastifyOptions } from './fastify.ts';
import { consumerLagCheck, registerHealth, type ReadinessCheck } from './health.ts';
import { consumeEvents, type ConsumeOptions, type ConsumerSettings } from './inbox.ts';
import { OutboxRelay } from './outbox.ts';
import { pressureOptions } from './pressure.ts';
import { runServer } from './server.ts';

/** `api` serves HTTP routes, `worker` runs background work (and answers only the probes), `all` both. */
export type ServiceRole = 'api' | 'worker' | 'all';

/** The settings startService reads: `commonServiceSettings` (@brokerwise/config) plus PORT, and whichever of them a process has. */
export interface ServiceSettings extends ConsumerSettings, NatsSettings {
  PORT: number;
  HOST: string;
  APP_MODE: 'embedded' | 'production';
  LOG_LEVEL: string;
  LOG_REQUESTS?: boolean | undefined;
  SHUTDOWN_TIMEOUT_MS: number;
  METRICS_PORT?: number | undefined;
  METRICS_HOST?: string | undefined;
  DATA_DIR?: string | undefined;
  DATABASE_URL?: string | undefined;
  MIGRATE_ON_START?: boolean | undefined;
  EVENTS_MAX_PENDING?: number | undefined;
  OUTBOX_MAX_ATTEMPTS?: number | undefined;
  SERVICE_TOKEN_PUBLIC_KEY?: string | undefined;
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS?: number | undefined;
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION?: number | undefined;
  PRESSURE_MAX_HEAP_BYTES?: number | undefined;
  PRESSURE_RETRY_AFTER_SECONDS?: number | undefined;
}

/** Something the process holds besides its database and bus (object store, cache, mailer…). */
export interface ServiceResource {
  /** Its readiness check's name. */
  name: string;
  check?: () => Promise<void>;
  whenFailing?: ReadinessCheck['whenFailing'];
  /** Closed at shutdown, after the bus, before the database; absent for a resource the caller shares (embedded mode, tests). */
  close?: (() => Promise<void>) | undefined;
}

/** Background work (a scheduler, a job runner, a timer): started once consumers listen, stopped once they drained. */
export interface BackgroundJob {
  start(): void;
  stop(): Promise<void>;
}

/** What a service's `setup` builds from. */
export interface ServiceKit<DB> {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  api: boolean;
  worker: boolean;
  /** The service's database (throws when the definition has none). */
  readonly db: Kysely<DB>;
  readonly database: Database<DB>;
  /** The bus (throws when the definition has none). */
  readonly bus: EventBus;
  /** The outbox relay (throws when the definition has `outbox: false`). */
  readonly relay: OutboxRelay;
  /** More readiness checks. */
  health: { add(check: ReadinessCheck): void };
  /** Registers the service's HTTP API; does nothing in the `worker` role. */
  routes<O extends FastifyPluginOptions>(plugin: FastifyPluginAsync<O>, opts: O): Promise<void>;
  /** An idempotent event consumer (inbox), subscribed once the relay runs; its lag is part of readiness. */
  consume(opts: Pick<ConsumeOptions, 'durable' | 'handlers' | 'afterCommit'>): void;
  /** Another subscription (not an inbox consumer), started with the consumers and drained with them. */
  subscribe(start: () => Promise<Pick<Subscription, 'drain'>>): void;
  background(job: BackgroundJob): void;
  /** With `plainHttp`: the node:http listener every request but the probes goes to. */
  plainHttp(listener: PlainListener): void;
}

export type PlainListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServiceDefinition<DB, Extra> {
  /** The name in logs and metrics (e.g. `media-worker`). */
  name: string;
  config: ServiceSettings;
  role?: ServiceRole;
  /** Other buildFastify options (body limit, timeouts, error reply…). */
  fastify?: Partial<Omit<BuildFastifyOptions, 'service' | 'logLevel' | 'appMode' | 'logRequests'>>;
  /** Checks the gateway's service token for this audience (ADR 017) when SERVICE_TOKEN_PUBLIC_KEY is set. */
  serviceToken?: string;
  /** App-wide hooks every route goes through, the probes included (security headers…). */
  hooks?: (app: FastifyInstance) => Promise<void> | void;
  /** Opened (PGlite under DATA_DIR/pglite/<dir>, or DATABASE_URL) and migrated when MIGRATE_ON_START; `shared` is used as is and not closed. */
  database?: { schema: string; dir?: string; migrations: MigrationSet; shared?: Database | undefined };
  /** Connected under `name` (default the service's); `shared` is used as is and not closed. */
  bus?: { name?: string; shared?: EventBus | undefined; whenFailing?: ReadinessCheck['whenFailing'] };
  /** An outbox relay for the events the service writes (default: on when it has a database and a bus). */
  outbox?: boolean;
  resources?: ServiceResource[];
  /**
   * Every request but the probes (/healthz, /readyz) goes to a plain node:http listener the setup
   * gives (`kit.plainHttp`), past Fastify's routing, body parsing and hooks: the web tier, whose
   * React Router renderer streams and compresses pages itself. Logger, probes, metrics server,
   * signals and graceful shutdown stay this path's.
   */
  plainHttp?: boolean;
  /** The service's own part: context, routes, consumers, background jobs. What it returns is in the handle. */
  setup: (kit: ServiceKit<DB>) => Promise<Extra> | Extra;
}

export type StartedService<Extra> = Extra & {
  port: number;
  metricsPort?: number | undefined;
  app: FastifyInstance;
  close: () => Promise<void>;
};

const missing = (what: string, name: string): never => {
  throw new Error(`${name} was started without ${what}`);
};

/**
 * The one path from parsed config to a ready process: database (+ migrations), bus, Fastify
 * (logger, metrics, load shedding, service tokens), probes, the service's setup, outbox relay,
 * consumers, background jobs, listen. Telemetry is started by the entry file before this module
 * loads. Shutdown (SIGTERM/SIGINT or `close()`): HTTP stops taking requests and finishes those in
 * flight, consumers drain, background jobs stop, the relay stops, then the bus, the other
 * resources and the database close, the metrics server last.
 */
export async function startService<DB = unknown, Extra extends object = object>(def: ServiceDefinition<DB, Extra>): Promise<StartedService<Extra>> {
  const { config } = def;
  const role = def.role ?? 'all';
  const api = role !== 'worker';
  const worker = role !== 'api';

  let database: Database<DB> | undefined;
  if (def.database) {
    const d = def.database;
    database = (d.shared as Database<DB> | undefined) ?? (await openDatabase<DB>({ schema: d.schema, url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR ?? 'data', 'pglite', d.dir ?? d.schema) }));
    if (config.MIGRATE_ON_START) await runMigrations(database, d.migrations);
  }
  const bus = def.bus ? (def.bus.shared ?? (await createBus(busConfig(config, def.bus.name ?? def.name)))) : undefined;

  let plain: PlainListener | undefined;
  const probes = new Set(['/healthz', '/readyz']);
  const app = buildFastify({
    service: def.name,
    logLevel: config.LOG_LEVEL,
    appMode: config.APP_MODE,
    logRequests: config.LOG_REQUESTS,
    trustRequestId: true,
    ...(config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS !== undefined ? { pressure: pressureOptions(config as Parameters<typeof pressureOptions>[0]) } : {}),
    ...(def.serviceToken && config.SERVICE_TOKEN_PUBLIC_KEY ? { serviceToken: { audience: def.serviceToken, publicKeyPem: config.SERVICE_TOKEN_PUBLIC_KEY } } : {}),
    ...def.fastify,
    ...(def.plainHttp
      ? {
          serverFactory: (fastifyHandler: PlainListener) =>
            createServer((req, res) => {
              if (plain && !probes.has((req.url ?? '/').split('?')[0]!)) plain(req, res);
              else fastifyHandler(req, res);
            }),
        }
      : {}),
  });
  await def.hooks?.(app);
  const relay = database && bus && def.outbox !== false ? new OutboxRelay({ db: database.db, bus, log: app.log, maxAttempts: config.OUTBOX_MAX_ATTEMPTS }) : undefined;

  const health = registerHealth(app, [
    ...(database ? [{ name: 'database', check: database.ping }] : []),
    ...(bus ? [{ name: 'bus', check: () => bus.ping(), whenFailing: def.bus?.whenFailing ?? ('degraded' as const) }] : []),
    ...(def.resources ?? []).flatMap((r) => (r.check ? [{ name: r.name, check: r.check, ...(r.whenFailing ? { whenFailing: r.whenFailing } : {}) }] : [])),
  ]);

  const consumers: Pick<ConsumeOptions, 'durable' | 'handlers' | 'afterCommit'>[] = [];
  const others: (() => Promise<Pick<Subscription, 'drain'>>)[] = [];
  const jobs: BackgroundJob[] = [];
  const kit: ServiceKit<DB> = {
    app,
    log: app.log,
    api,
    worker,
    get db() {
      return database?.db ?? missing('a database', def.name);
    },
    get database() {
      return database ?? missing('a database', def.name);
    },
    get bus() {
      return bus ?? missing('a bus', def.name);
    },
    get relay() {
      return relay ?? missing('an outbox relay', def.name);
    },
    health,
    routes: async (plugin, opts) => {
      if (api) await app.register(plugin as FastifyPluginAsync, opts);
    },
    consume: (opts) => void consumers.push(opts),
    subscribe: (start) => void others.push(start),
    background: (job) => void jobs.push(job),
    plainHttp: (listener) => {
      if (!def.plainHttp) throw new Error(`${def.name}: plainHttp(listener) needs plainHttp: true in its definition`);
      plain = listener;
    },
  };
  const extra = await def.setup(kit);

  relay?.start();
  const subscriptions: Subscription[] = [];
  for (const c of consumers) subscriptions.push(await consumeEvents({ ...c, bus: kit.bus, db: kit.db as Kysely<unknown>, log: app.log, settings: config }));
  const otherSubscriptions: Pick<Subscription, 'drain'>[] = [];
  for (const start of others) otherSubscriptions.push(await start());
  for (const job of jobs) job.start();
  // Services with a read model say when it lags ("events behind"); the probe is there even with no consumer yet.
  if (database) health.add(consumerLagCheck(subscriptions, config.EVENTS_MAX_PENDING ?? 0));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      ...[...subscriptions, ...otherSubscriptions].map((s) => () => s.drain()),
      ...jobs.map((j) => () => j.stop()),
      ...(relay ? [() => relay.stop()] : []),
      ...(bus && !def.bus?.shared ? [() => bus.close()] : []),
      ...(def.resources ?? []).flatMap((r) => (r.close ? [r.close] : [])),
      ...(database && !def.database?.shared ? [() => database.close()] : []),
    ],
  });
  const address = app.server.address();
  return {
    ...extra,
    port: typeof address === 'object' && address ? address.port : config.PORT,
    ...(server.metricsPort !== undefined ? { metricsPort: server.metricsPort } : {}),
    app,
    close: server.close,
  } as StartedService<Extra>;
}
