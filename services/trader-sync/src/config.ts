import { ConfigError, Type, serviceTokenSettings, commonServiceSettings, parseConfig, type Static } from '@brokerwise/config';

/** Development key ring: public, refused in production. */
export const DEV_CREDENTIALS_KEYS = 'dev1:ZGV2LW9ubHktdHJhZGVyLXN5bmMta2V5LTMyYnl0ZXM=';

export const TraderSyncConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3206, minimum: 0, maximum: 65535 }),
  /** `api` serves HTTP and keeps the read models; `worker` syncs accounts; `all` (embedded default) both. */
  ROLE: Type.Union([Type.Literal('api'), Type.Literal('worker'), Type.Literal('all')], { default: 'all' }),
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /**
   * Key ring of the read-only passwords (AES-256-GCM): `id:base64key,id:base64key` (32-byte keys).
   * The first key encrypts; the others still decrypt (rotation: put the new key first, then run
   * `node services/trader-sync/src/reencrypt.ts` or let syncs re-encrypt lazily).
   */
  CREDENTIALS_KEYS: Type.String({ default: DEV_CREDENTIALS_KEYS, minLength: 8 }),
  /** Default bridge for broker servers without their own (docs/bridge-protocol.md). */
  BRIDGE_URL: Type.String({ default: 'http://127.0.0.1:3208', pattern: '^https?://' }),
  /** Each bound account is synced this often. */
  SYNC_INTERVAL_MS: Type.Integer({ default: 900_000, minimum: 1_000 }),
  /** How often the worker looks for due accounts. */
  SYNC_TICK_MS: Type.Integer({ default: 5_000, minimum: 50 }),
  /** Accounts synced at once by one worker. */
  SYNC_CONCURRENCY: Type.Integer({ default: 4, minimum: 1, maximum: 64 }),
  /** Per-account budget for one sync (all bridge calls). */
  SYNC_TIMEOUT_MS: Type.Integer({ default: 20_000, minimum: 100 }),
  /**
   * Binding waits this long for the bridge to accept the read-only password (the bind form tells
   * the user "up to 20 seconds": keep it below that, and below the gateway's wait for the bind).
   */
  BIND_CHECK_TIMEOUT_MS: Type.Integer({ default: 15_000, minimum: 100, maximum: 60_000 }),
  /**
   * Binding throttle: a user whose read-only passwords were refused this many times in the window
   * (any accounts), or an account refused this many times (by anyone), must wait for the oldest
   * refusal to leave the window before the bridge is asked again.
   */
  BIND_FAILURES_PER_USER: Type.Integer({ default: 10, minimum: 1 }),
  BIND_FAILURES_PER_ACCOUNT: Type.Integer({ default: 5, minimum: 1 }),
  BIND_FAILURE_WINDOW_MS: Type.Integer({ default: 3_600_000, minimum: 1_000 }),
  /** Backoff after a failed sync: base × 2^(failures − 1), at most max. */
  SYNC_RETRY_BASE_MS: Type.Integer({ default: 30_000, minimum: 10 }),
  SYNC_RETRY_MAX_MS: Type.Integer({ default: 3_600_000, minimum: 10 }),
  /** Page size asked from bridges. */
  SYNC_PAGE_SIZE: Type.Integer({ default: 200, minimum: 1, maximum: 500 }),
});

export type TraderSyncConfig = Static<typeof TraderSyncConfigSchema>;

export function parseTraderSyncConfig(env: Record<string, string | undefined>): Readonly<TraderSyncConfig> {
  const config = parseConfig(TraderSyncConfigSchema, env);
  if (config.APP_MODE === 'production') {
    const problems: string[] = [];
    if (env.CREDENTIALS_KEYS === undefined || env.CREDENTIALS_KEYS === '') problems.push('CREDENTIALS_KEYS: required in production (id:base64 32-byte key[,…])');
    else if (config.CREDENTIALS_KEYS.includes(DEV_CREDENTIALS_KEYS.split(':')[1]!)) problems.push('CREDENTIALS_KEYS: production must not use the public development key');
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return config;
}
