/**
 * One config schema per process, parsed once at boot: every bad key is listed, then the
 * process exits non-zero. `process.env` is read here and nowhere else (epic-stack env.server.ts).
 */
import Type, { type Static, type TObject } from 'typebox';
import Value from 'typebox/value';

export { Type };
export type { Static };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses `env` against `schema` (defaults applied, strings converted); throws ConfigError listing every problem. */
export function parseConfig<S extends TObject>(schema: S, env: Record<string, string | undefined> = process.env): Readonly<Static<S>> {
  const known = Object.fromEntries(
    Object.keys(schema.properties).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  );
  const value = Value.Convert(schema, Value.Default(schema, Value.Clone(known)));
  const problems = [...Value.Errors(schema, value)].map((e) => {
    const key = e.instancePath.replace(/^\//, '') || (e.params as { requiredProperties?: string[] }).requiredProperties?.join(', ') || '(root)';
    return `${key}: ${e.message}`;
  });
  // Settings marked `productionRequired` may be left out in embedded mode, never in production.
  const v = value as Record<string, unknown>;
  if (v.APP_MODE === 'production') {
    for (const [key, prop] of Object.entries(schema.properties)) {
      if ((prop as { productionRequired?: boolean }).productionRequired && (v[key] === undefined || v[key] === '')) problems.push(`${key}: required in production`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(value as Static<S>);
}

/** For `server.ts`: parse or print every problem and exit 1. */
export function loadConfigOrExit<S extends TObject>(schema: S, env: Record<string, string | undefined> = process.env): Readonly<Static<S>> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** The raw environment, for the few places (start script, tests) that hand it to parseConfig. */
export const processEnv = (): Record<string, string | undefined> => process.env;

/**
 * Settings of a service behind the gateway: the public key its callers' tokens are checked with
 * (ADR 017). Production refuses to start without it; embedded mode without it checks nothing.
 */
export const serviceTokenSettings = {
  SERVICE_TOKEN_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 1, productionRequired: true })),
};

/** Settings every service shares; services spread these into their own schema. */
export const commonServiceSettings = {
  APP_MODE: Type.Union([Type.Literal('embedded'), Type.Literal('production')], { default: 'embedded' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)), { default: 'info' }),
  /** A log line per request; default on in production only (development stays readable). */
  LOG_REQUESTS: Type.Optional(Type.Boolean()),
  DATA_DIR: Type.String({ default: 'data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  NATS_URL: Type.Optional(Type.String({ pattern: '^(nats|tls)://' })),
  NATS_NAMESPACE: Type.String({ default: 'bw', pattern: '^[a-z][a-z0-9_]*$' }),
  /**
   * JetStream stream replicas: 3 on a 3-node cluster (docs/adr/003). Unset: new streams get 1 and
   * existing ones keep theirs. Every process that connects must be given the same value.
   */
  NATS_STREAM_REPLICAS: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  /** How long the events stream keeps events for replay and new consumers (hours). Unset: 168 (7 days) for a new stream. */
  NATS_STREAM_MAX_AGE_HOURS: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Stream storage: `file` (default; durable) or `memory` (throwaway environments). */
  NATS_STORAGE: Type.Optional(Type.Union([Type.Literal('file'), Type.Literal('memory')])),
  /** Require TLS to NATS (also implied by a `tls://` NATS_URL or NATS_TLS_CA). Credentials go in NATS_URL: nats://user:password@host:4222. */
  NATS_TLS: Type.Optional(Type.Boolean()),
  /** PEM file of the CA that signed the NATS servers' certificates (a mounted Secret); implies TLS. */
  NATS_TLS_CA: Type.Optional(Type.String({ minLength: 1 })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 0 }),
  /**
   * Prometheus metrics (`GET /metrics`) on this port of its own, never the public one; 0 = any free
   * port (tests). Unset: no metrics server (compose, k8s and `npm run topology` set it).
   */
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  /** Address the metrics server listens on; unset: HOST's. */
  METRICS_HOST: Type.Optional(Type.String({ minLength: 1 })),
  /** Readiness says `degraded: events behind` while a consumer has more than this many events to handle; 0 = off. */
  EVENTS_MAX_PENDING: Type.Integer({ default: 1_000, minimum: 0 }),
  /** Deliveries of an event a handler fails before it goes to the dead-letter stream (`npm run dlq`). */
  EVENTS_MAX_DELIVER: Type.Integer({ default: 5, minimum: 1, maximum: 100 }),
  /**
   * Publish attempts the bus refuses (while it otherwise answers) before an outbox row is poison:
   * dead-lettered as `outbox-<service>`, and the rows behind it go on.
   */
  OUTBOX_MAX_ATTEMPTS: Type.Integer({ default: 10, minimum: 1, maximum: 1000 }),
  /**
   * Hours a handled event's inbox row is kept (redeliveries within it are skipped), then purged.
   * Far above the bus dedupe window (2 min) and the longest redelivery (minutes); default 7 days.
   */
  INBOX_RETENTION_HOURS: Type.Integer({ default: 168, minimum: 1 }),
  /**
   * TEST HOOK, never set in a real deployment: path of a file whose lines `<durable>:<eventType>`
   * make that consumer's handler throw, for as long as the line is there (the file is read at each
   * delivery; a missing file injects nothing). The smoke journey uses it to make a poison message.
   */
  FAULT_INJECT_FILE: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Load shedding: requests get 503 + Retry-After while the mean event-loop delay (ms) is above this;
   * 0 = off, the default: in embedded mode and tests one process runs every service, PGlite and image
   * work, so a slow second is normal there. Production (compose, k8s) sets 1000.
   */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: Type.Integer({ default: 0, minimum: 0 }),
  /**
   * …or while the event loop is busier than this share of a sample (0–1); 0 = off (default: in
   * embedded mode PGlite and image work run on the loop, so a busy second is normal there; delay is
   * what callers feel). 0.98 suits API pods that only serve requests.
   */
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: Type.Number({ default: 0, minimum: 0, maximum: 1 }),
  /** …or while the V8 heap in use is above this many bytes; 0 = off (set it below the container's memory limit). */
  PRESSURE_MAX_HEAP_BYTES: Type.Integer({ default: 0, minimum: 0 }),
  /** Seconds a shed caller is told to wait (Retry-After). */
  PRESSURE_RETRY_AFTER_SECONDS: Type.Integer({ default: 5, minimum: 1, maximum: 300 }),
};

/**
 * Every command of the project answers `--help` (or `-h`) with its usage and exit code 0, before
 * it reads a setting or opens a connection (a test runs each package.json script that way).
 */
export function exitWithUsageOnHelp(usage: string, argv: readonly string[] = process.argv.slice(2)): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  console.log(usage.trim());
  process.exit(0);
}
