/**
 * The one list of deployables and of the settings each one is given in production. From it:
 * `npm run topology` builds every process's environment (scripts/topology.ts), and
 * infra/settings.test.ts checks docker-compose.yml, k8s/base/secret.template.yaml and every
 * k8s overlay against it and against each process's own config schema, so they cannot drift.
 *
 * Adding a setting a schema requires in production: add it here, then to compose and k8s; the
 * drift test names every place it is missing.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { parseCatalogueConfig } from '../services/catalogue/src/config.ts';
import { parseIdentityConfig } from '../services/identity/src/config.ts';
import { parseMediaConfig } from '../services/media/src/config.ts';
import { parseNotificationsConfig } from '../services/notifications/src/config.ts';
import { parseReviewsConfig } from '../services/reviews/src/config.ts';
import { parseSearchConfig } from '../services/search/src/config.ts';
import { parseTraderSyncConfig } from '../services/trader-sync/src/config.ts';
import { parseSimulatorConfig } from '../services/bridge-simulator/src/config.ts';
import { parseGatewayConfig } from '../gateway/src/config.ts';
import { parseWebConfig } from '../web/bin/config.ts';

type Env = Record<string, string | undefined>;

export const DEPLOYABLE_NAMES = [
  'catalogue',
  'identity',
  'reviews',
  'search',
  'media-api',
  'media-worker',
  'trader-sync',
  'trader-sync-worker',
  'notifications',
  'bridge-simulator',
  'gateway',
  'web',
] as const;
export type DeployableName = (typeof DEPLOYABLE_NAMES)[number];

export interface Deployable {
  name: DeployableName;
  /** The bounded context: its migrations (`npm run migrate -- <service>`) and its k8s secret keys' prefix. */
  service?: string;
  /** Process entry, relative to the repo root (what compose's `command` and k8s `args` run). */
  entry: string;
  /** Port in compose and k8s (each container has its own network namespace). */
  port: number;
  /** Settings whose value is part of what the deployable is (its role). */
  fixed: Readonly<Record<string, string>>;
  /** Its service in docker-compose.yml and its Deployment in k8s. */
  compose: string;
  k8s: string;
  /** Overlays that run it (default: every overlay). */
  k8sOverlays?: readonly string[];
  /** The process's own config parser: throws when a setting is missing or refused. */
  parse: (env: Env) => unknown;
  /** Consumes events: the one a smoke test kills with SIGKILL. */
  consumer?: boolean;
  /** Keeps files under S3 in production (its schema has S3_ENDPOINT): local disk is refused. */
  objects?: boolean;
}

export const DEPLOYABLES: readonly Deployable[] = [
  { name: 'catalogue', service: 'catalogue', entry: 'services/catalogue/src/server.ts', port: 3201, fixed: {}, compose: 'catalogue', k8s: 'catalogue', parse: parseCatalogueConfig, objects: true },
  { name: 'identity', service: 'identity', entry: 'services/identity/src/server.ts', port: 3202, fixed: {}, compose: 'identity', k8s: 'identity', parse: parseIdentityConfig, objects: true },
  // Objects: it deletes complaint evidence the gateway stored and no case ever took (ADR 031).
  { name: 'reviews', service: 'reviews', entry: 'services/reviews/src/server.ts', port: 3203, fixed: {}, compose: 'reviews', k8s: 'reviews', parse: parseReviewsConfig, consumer: true, objects: true },
  { name: 'search', service: 'search', entry: 'services/search/src/server.ts', port: 3204, fixed: {}, compose: 'search', k8s: 'search', parse: parseSearchConfig, consumer: true },
  { name: 'media-api', service: 'media', entry: 'services/media/src/server.ts', port: 3205, fixed: { ROLE: 'api' }, compose: 'media', k8s: 'media-api', parse: parseMediaConfig, objects: true },
  // worker.ts forces ROLE=worker whatever the environment says.
  { name: 'media-worker', service: 'media', entry: 'services/media/src/worker.ts', port: 3205, fixed: {}, compose: 'media-worker', k8s: 'media-worker', parse: (env) => parseMediaConfig({ ...env, ROLE: 'worker' }), objects: true, consumer: true },
  { name: 'trader-sync', service: 'trader-sync', entry: 'services/trader-sync/src/server.ts', port: 3206, fixed: { ROLE: 'api' }, compose: 'trader-sync', k8s: 'trader-sync', parse: parseTraderSyncConfig, consumer: true },
  { name: 'trader-sync-worker', service: 'trader-sync', entry: 'services/trader-sync/src/server.ts', port: 3206, fixed: { ROLE: 'worker' }, compose: 'trader-sync-worker', k8s: 'trader-sync-worker', parse: parseTraderSyncConfig },
  { name: 'notifications', service: 'notifications', entry: 'services/notifications/src/server.ts', port: 3207, fixed: {}, compose: 'notifications', k8s: 'notifications', parse: parseNotificationsConfig, consumer: true },
  // Stands in for brokers' bridges: demo setups only.
  { name: 'bridge-simulator', entry: 'services/bridge-simulator/src/server.ts', port: 3208, fixed: {}, compose: 'bridge-simulator', k8s: 'broker-bridge', k8sOverlays: ['demo'], parse: parseSimulatorConfig },
  { name: 'gateway', entry: 'gateway/src/server.ts', port: 3000, fixed: {}, compose: 'gateway', k8s: 'gateway', parse: parseGatewayConfig, objects: true },
  { name: 'web', entry: 'web/bin/web.ts', port: 3100, fixed: {}, compose: 'web', k8s: 'web', parse: parseWebConfig },
];

/** The metrics port of every container in compose and k8s (each has its own network namespace). */
export const METRICS_PORT = 9464;

export const deployable = (name: DeployableName): Deployable => DEPLOYABLES.find((d) => d.name === name)!;

/** What the topology runner knows when it builds the environments. */
export interface TopologyContext {
  port: (name: DeployableName) => number;
  /** Each process's Prometheus metrics port (METRICS_PORT). */
  metricsPort: (name: DeployableName) => number;
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  natsNamespace: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string };
  smtpUrl: string;
  /** The same random value for every deployable that shares a secret, new each run. */
  secret: (name: string) => string;
  dataDir: (name: DeployableName) => string;
  logLevel: string;
  demo: boolean;
}

export interface Setting {
  name: string;
  /** Kept in the k8s Secret (secretKeyRef), never in a ConfigMap. */
  secret: boolean;
  /** Production cannot run without it, even where the schema has an embedded default or makes it optional. */
  required: boolean;
  for: readonly DeployableName[];
  /** The key in brokerwise-secrets when it differs from the setting's name (per-service credentials). */
  k8sKey?: (d: Deployable) => string;
  /** A production-valid value of the right shape (secrets: random). */
  sample: () => string;
  topology: (ctx: TopologyContext, d: Deployable) => string;
}

const SERVICES: readonly DeployableName[] = ['catalogue', 'identity', 'reviews', 'search', 'media-api', 'media-worker', 'trader-sync', 'trader-sync-worker', 'notifications'];
const WITH_OBJECTS = DEPLOYABLES.filter((d) => d.objects).map((d) => d.name);
const TRADER_SYNC: readonly DeployableName[] = ['trader-sync', 'trader-sync-worker'];
const url = (ctx: TopologyContext, name: DeployableName) => `http://127.0.0.1:${ctx.port(name)}`;
const random = (bytes = 36) => randomBytes(bytes).toString('base64url');
/** An Ed25519 key pair as PEM with `\n` escapes (one line, as env files hold it); one per topology run. */
const keyPairs = new WeakMap<TopologyContext, { privateKey: string; publicKey: string }>();
function serviceTokenKeys(ctx?: TopologyContext): { privateKey: string; publicKey: string } {
  const known = ctx && keyPairs.get(ctx);
  if (known) return known;
  const pair = generateKeyPairSync('ed25519');
  const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
  const made = { privateKey: oneLine(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()), publicKey: oneLine(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()) };
  if (ctx) keyPairs.set(ctx, made);
  return made;
}
const serviceKey = (suffix: string) => (d: Deployable) => `${(d.service ?? d.name).toUpperCase().replaceAll('-', '_')}_${suffix}`;

export const SETTINGS: readonly Setting[] = [
  { name: 'APP_MODE', secret: false, required: true, for: [...SERVICES, 'gateway', 'web'], sample: () => 'production', topology: () => 'production' },
  { name: 'HOST', secret: false, required: false, for: DEPLOYABLE_NAMES, sample: () => '0.0.0.0', topology: () => '127.0.0.1' },
  { name: 'PORT', secret: false, required: true, for: DEPLOYABLE_NAMES, sample: () => '3000', topology: (ctx, d) => String(ctx.port(d.name)) },
  // Prometheus /metrics on a management port (compose and k8s: METRICS_PORT in every container, 9464).
  { name: 'METRICS_PORT', secret: false, required: false, for: DEPLOYABLE_NAMES, sample: () => String(METRICS_PORT), topology: (ctx, d) => String(ctx.metricsPort(d.name)) },
  { name: 'LOG_LEVEL', secret: false, required: false, for: DEPLOYABLE_NAMES, sample: () => 'info', topology: (ctx) => ctx.logLevel },
  { name: 'DATA_DIR', secret: false, required: false, for: [...SERVICES, 'gateway'], sample: () => '/tmp/data', topology: (ctx, d) => ctx.dataDir(d.name) },
  // Each service owns a schema (its name) in the database this URL names; k8s may give each its own role.
  { name: 'DATABASE_URL', secret: true, required: true, for: SERVICES, k8sKey: serviceKey('DATABASE_URL'), sample: () => 'postgres://svc:secret@postgres:5432/brokerwise', topology: (ctx) => ctx.databaseUrl },
  { name: 'NATS_URL', secret: true, required: true, for: [...SERVICES, 'gateway'], sample: () => 'nats://nats:4222', topology: (ctx) => ctx.natsUrl },
  { name: 'NATS_NAMESPACE', secret: false, required: false, for: [...SERVICES, 'gateway'], sample: () => 'bw', topology: (ctx) => ctx.natsNamespace },
  // JetStream streams: every process that connects gets the same values (3 replicas on the 3-node cluster).
  // Credentials (user:password or token) travel inside NATS_URL, which is why it is a secret.
  { name: 'NATS_STREAM_REPLICAS', secret: false, required: true, for: [...SERVICES, 'gateway'], sample: () => '3', topology: () => '1' },
  { name: 'NATS_STREAM_MAX_AGE_HOURS', secret: false, required: false, for: [...SERVICES, 'gateway'], sample: () => '168', topology: () => '168' },
  { name: 'NATS_STORAGE', secret: false, required: false, for: [...SERVICES, 'gateway'], sample: () => 'file', topology: () => 'file' },
  { name: 'REDIS_URL', secret: true, required: true, for: [...SERVICES, 'gateway'], sample: () => 'redis://redis:6379', topology: (ctx) => ctx.redisUrl },
  // The topology runner (and the k8s Jobs, compose one-shots) migrate before any process starts.
  { name: 'MIGRATE_ON_START', secret: false, required: true, for: SERVICES, sample: () => 'false', topology: () => 'false' },
  { name: 'DEMO_SEED', secret: false, required: false, for: ['catalogue'], sample: () => 'false', topology: (ctx) => String(ctx.demo) },
  // Object storage: production keeps nothing on a pod's disk.
  { name: 'S3_ENDPOINT', secret: false, required: true, for: WITH_OBJECTS, sample: () => 'https://s3.example.com', topology: (ctx) => ctx.s3.endpoint },
  { name: 'S3_BUCKET', secret: false, required: true, for: WITH_OBJECTS, sample: () => 'brokerwise-media', topology: (ctx) => ctx.s3.bucket },
  { name: 'S3_REGION', secret: false, required: false, for: WITH_OBJECTS, sample: () => 'us-east-1', topology: (ctx) => ctx.s3.region },
  { name: 'S3_ACCESS_KEY', secret: true, required: true, for: WITH_OBJECTS, sample: () => random(15), topology: (ctx) => ctx.s3.accessKey },
  { name: 'S3_SECRET_KEY', secret: true, required: true, for: WITH_OBJECTS, sample: () => random(30), topology: (ctx) => ctx.s3.secretKey },
  // Mail (notifications sends every mail, docs/adr/010).
  { name: 'SMTP_URL', secret: true, required: true, for: ['notifications'], sample: () => 'smtps://user:secret@smtp.example.com:465', topology: (ctx) => ctx.smtpUrl },
  { name: 'MAIL_FROM', secret: false, required: false, for: ['notifications'], sample: () => 'Brokerwise <no-reply@brokerwise.example.com>', topology: () => 'Brokerwise <no-reply@brokerwise.test>' },
  { name: 'SITE_URL', secret: false, required: true, for: ['notifications'], sample: () => 'https://brokerwise.example.com', topology: (ctx) => url(ctx, 'gateway') },
  // The hosts the gateway answers (others: 421) and, first, the canonical origin of page links (ADR 015).
  {
    name: 'PUBLIC_ORIGIN',
    secret: false,
    required: true,
    for: ['gateway', 'web'],
    sample: () => 'https://brokerwise.example.com',
    // One public name; the web tier calls the gateway by another (GATEWAY_URL), as in compose and k8s.
    topology: (ctx) => `http://127.0.0.1:${ctx.port('gateway')}`,
  },
  { name: 'NEWSLETTER_SECRET', secret: true, required: true, for: ['notifications'], sample: () => random(), topology: (ctx) => ctx.secret('NEWSLETTER_SECRET') },
  // The gateway signs a token for every service call with the private key; services check it with the public one (ADR 017).
  { name: 'SERVICE_TOKEN_PRIVATE_KEY', secret: true, required: true, for: ['gateway'], sample: () => serviceTokenKeys().privateKey, topology: (ctx) => serviceTokenKeys(ctx).privateKey },
  { name: 'SERVICE_TOKEN_PUBLIC_KEY', secret: true, required: true, for: SERVICES, sample: () => serviceTokenKeys().publicKey, topology: (ctx) => serviceTokenKeys(ctx).publicKey },
  // identity: HMAC key of the stored email-code hashes.
  { name: 'CODE_SECRET', secret: true, required: true, for: ['identity'], sample: () => random(), topology: (ctx) => ctx.secret('CODE_SECRET') },
  // trader-sync: key ring of the read-only trading passwords (`id:base64 of 32 bytes`).
  {
    name: 'CREDENTIALS_KEYS',
    secret: true,
    required: true,
    for: TRADER_SYNC,
    k8sKey: serviceKey('CREDENTIALS_KEYS'),
    sample: () => `k1:${randomBytes(32).toString('base64')}`,
    topology: (ctx) => `topology1:${Buffer.from(ctx.secret('CREDENTIALS_KEYS')).subarray(0, 32).toString('base64')}`,
  },
  { name: 'BRIDGE_URL', secret: false, required: true, for: TRADER_SYNC, sample: () => 'http://broker-bridge:3208', topology: (ctx) => url(ctx, 'bridge-simulator') },
  // Front door.
  { name: 'SIGNATURE_SALT', secret: true, required: true, for: ['gateway', 'web'], sample: () => random(), topology: (ctx) => ctx.secret('SIGNATURE_SALT') },
  { name: 'INTERNAL_SECRET', secret: true, required: true, for: ['gateway', 'web'], sample: () => random(), topology: (ctx) => ctx.secret('INTERNAL_SECRET') },
  { name: 'ID_KEY', secret: true, required: true, for: ['gateway'], sample: () => random(), topology: (ctx) => ctx.secret('ID_KEY') },
  { name: 'JWT_SECRET', secret: true, required: true, for: ['gateway'], sample: () => random(), topology: (ctx) => ctx.secret('JWT_SECRET') },
  ...(
    [
      ['CATALOGUE_URL', 'catalogue'],
      ['IDENTITY_URL', 'identity'],
      ['REVIEWS_URL', 'reviews'],
      ['SEARCH_URL', 'search'],
      ['MEDIA_URL', 'media-api'],
      ['TRADER_SYNC_URL', 'trader-sync'],
      ['NOTIFICATIONS_URL', 'notifications'],
      ['WEB_URL', 'web'],
    ] as const
  ).map(
    ([name, target]): Setting => ({ name, secret: false, required: true, for: ['gateway'], sample: () => `http://${target}:${deployable(target).port}`, topology: (ctx) => url(ctx, target) }),
  ),
  // An internal name that is not a public origin (compose and k8s: gateway:3000), so the journey
  // proves the gateway answers the web tier's calls by it.
  { name: 'GATEWAY_URL', secret: false, required: true, for: ['web'], sample: () => 'http://gateway:3000', topology: (ctx) => `http://localhost:${ctx.port('gateway')}` },
];

/** The settings a deployable is given. */
export const settingsOf = (d: Deployable): Setting[] => SETTINGS.filter((s) => s.for.includes(d.name));

/** A deployable's full environment under `npm run topology` (on top of a clean base: PATH, HOME…). */
export function topologyEnv(d: Deployable, ctx: TopologyContext): Record<string, string> {
  const env: Record<string, string> = {};
  for (const s of settingsOf(d)) env[s.name] = s.topology(ctx, d);
  return { ...env, ...d.fixed };
}
