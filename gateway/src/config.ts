import { Type, commonServiceSettings, parseConfig, ConfigError, type Static } from '@brokerwise/config';
import { developmentOrigins, parsePublicOrigins, publicOriginProblems, type PublicOrigins } from './http/origin.ts';

export const DEV_SIGNATURE_SALT = 'brokerwise-dev-salt';
export const DEV_ID_KEY = 'brokerwise-dev-id-key-not-for-production';
export const DEV_JWT_SECRET = 'brokerwise-dev-jwt-secret-not-for-production';

export const GatewayConfigSchema = Type.Object({
  ...commonServiceSettings,
  PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535 }),
  /** Salt of the request signature (README "API"); production refuses the public dev value. */
  SIGNATURE_SALT: Type.String({ default: DEV_SIGNATURE_SALT, minLength: 8 }),
  /** Key for opaque ids (country ids in URLs); production must set its own. */
  ID_KEY: Type.String({ default: DEV_ID_KEY, minLength: 16 }),
  /** Signs session tokens (HS256); production must set its own. */
  JWT_SECRET: Type.String({ default: DEV_JWT_SECRET, minLength: 32 }),
  /**
   * The site's public origins, comma-separated; the first is canonical (ADR 015). Requests for
   * other hosts are refused (421). Production requires it; development defaults to
   * http://localhost:PORT and answers localhost, 127.0.0.1 and [::1] on any port.
   */
  PUBLIC_ORIGIN: Type.String({ default: '' }),
  /** Session cookies only over HTTPS (production default). */
  COOKIE_SECURE: Type.Optional(Type.Boolean()),
  /**
   * Ed25519 private key (PEM; `\n` for newlines in env files) signing the token sent with every
   * call to a service (ADR 017); the services hold its public key. Production requires it.
   */
  SERVICE_TOKEN_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1, productionRequired: true })),
  CATALOGUE_URL: Type.String({ default: 'http://127.0.0.1:3201', pattern: '^https?://' }),
  IDENTITY_URL: Type.String({ default: 'http://127.0.0.1:3202', pattern: '^https?://' }),
  REVIEWS_URL: Type.String({ default: 'http://127.0.0.1:3203', pattern: '^https?://' }),
  MEDIA_URL: Type.String({ default: 'http://127.0.0.1:3205', pattern: '^https?://' }),
  /** trader-sync (trader accounts, Top Trader, broker applications). */
  TRADER_SYNC_URL: Type.String({ default: 'http://127.0.0.1:3206', pattern: '^https?://' }),
  /** Uploads to the media service: a declared size over these is refused at once (keep equal to media's VIDEO_/IMAGE_MAX_BYTES). */
  UPLOAD_VIDEO_MAX_BYTES: Type.Integer({ default: 10 * 1024 * 1024, minimum: 1024 }),
  UPLOAD_IMAGE_MAX_BYTES: Type.Integer({ default: 5 * 1024 * 1024, minimum: 1024 }),
  /** How long one upload may take end to end (a slow connection sending 10 MB). */
  UPLOAD_TIMEOUT_MS: Type.Integer({ default: 600_000, minimum: 1_000 }),
  /** A client connection silent this long is closed (slow-loris); above NOTICE_STREAM_HEARTBEAT_MS. */
  REQUEST_IDLE_TIMEOUT_MS: Type.Integer({ default: 40_000, minimum: 500 }),
  /** JSON and form bodies (uploads and statements have their own limits). */
  BODY_LIMIT_BYTES: Type.Integer({ default: 1_048_576, minimum: 1024 }),
  SEARCH_URL: Type.String({ default: 'http://127.0.0.1:3204', pattern: '^https?://' }),
  NOTIFICATIONS_URL: Type.String({ default: 'http://127.0.0.1:3207', pattern: '^https?://' }),
  /** The SSR web server every non-API page request is forwarded to. */
  WEB_URL: Type.String({ default: 'http://127.0.0.1:3100', pattern: '^https?://' }),
  /** Seconds public catalogue answers stay in the shared cache. */
  API_CACHE_TTL_SECONDS: Type.Integer({ default: 30, minimum: 0, maximum: 3600 }),
  /** Milliseconds an anonymous page render is reused (micro-cache); 0 disables. */
  PAGE_CACHE_TTL_MS: Type.Integer({ default: 1000, minimum: 0, maximum: 60_000 }),
  /** Requests per minute per client address on /api. */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 600, minimum: 1 }),
  /** Newsletter subscriptions per client address per window (footer box, with or without script). */
  NEWSLETTER_RATE_LIMIT: Type.Integer({ default: 5, minimum: 1 }),
  NEWSLETTER_RATE_WINDOW_SECONDS: Type.Integer({ default: 600, minimum: 1 }),
  /** Comment lines on open notice streams (SSE) this often, so proxies keep them open. */
  NOTICE_STREAM_HEARTBEAT_MS: Type.Integer({ default: 25_000, minimum: 100 }),
  /** Behind an ingress/load balancer: take the client address from X-Forwarded-For (rate limits). */
  TRUST_PROXY: Type.Boolean({ default: false }),
  /** Tests: check every /api answer against @brokerwise/api-contract; one that breaks it becomes a logged 500 (ADR 022). */
  CHECK_CONTRACT: Type.Boolean({ default: false }),
  /**
   * With TRUST_PROXY: the addresses of the proxies in front (comma-separated; CIDRs or proxy-addr
   * names: loopback, linklocal, uniquelocal). The client is the first address, from the right of
   * X-Forwarded-For, that is not one of them; what a client wrote further left is ignored.
   */
  TRUST_PROXY_ADDRESSES: Type.String({ default: 'loopback, linklocal, uniquelocal', minLength: 1 }),
  /**
   * Shared with the web tier (same value): its /api calls for a page name the visitor's address,
   * so per-address limits count per visitor rather than per web server. Empty: nobody may.
   */
  INTERNAL_SECRET: Type.String({ default: '' }),
  UPSTREAM_TIMEOUT_MS: Type.Integer({ default: 5_000, minimum: 100 }),
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_ACCESS_KEY: Type.Optional(Type.String()),
  S3_SECRET_KEY: Type.Optional(Type.String()),
  S3_BUCKET: Type.String({ default: 'brokerwise' }),
  S3_REGION: Type.String({ default: 'us-east-1' }),
});

export type GatewayConfig = Static<typeof GatewayConfigSchema>;

/** Schema check plus the production rules a schema can't express. */
export function parseGatewayConfig(env: Record<string, string | undefined>): Readonly<GatewayConfig> {
  const config = parseConfig(GatewayConfigSchema, env);
  if (config.APP_MODE === 'production') {
    const problems: string[] = [];
    if (config.SIGNATURE_SALT === DEV_SIGNATURE_SALT) problems.push('SIGNATURE_SALT: production needs its own salt, not the public development one');
    if (config.ID_KEY === DEV_ID_KEY) problems.push('ID_KEY: production needs its own key, not the public development one');
    if (config.JWT_SECRET === DEV_JWT_SECRET) problems.push('JWT_SECRET: production needs its own secret, not the public development one');
    if (!config.PUBLIC_ORIGIN.trim()) problems.push('PUBLIC_ORIGIN: production needs the public origin(s) of the site, e.g. https://brokerwise.example');
    if (config.INTERNAL_SECRET.length < 32) problems.push('INTERNAL_SECRET: production needs the secret it shares with the web tier (32 characters or more)');
    if (problems.length > 0) throw new ConfigError(problems);
  }
  if (config.PUBLIC_ORIGIN.trim()) {
    const problems = publicOriginProblems(config.PUBLIC_ORIGIN);
    if (problems.length > 0) throw new ConfigError(problems);
  }
  if (config.REQUEST_IDLE_TIMEOUT_MS <= config.NOTICE_STREAM_HEARTBEAT_MS) {
    throw new ConfigError(['REQUEST_IDLE_TIMEOUT_MS: must be longer than NOTICE_STREAM_HEARTBEAT_MS, or open notice streams are cut']);
  }
  return config;
}

/** The origins the gateway answers for: PUBLIC_ORIGIN, else the development loopback defaults. */
export const publicOrigins = (config: Pick<GatewayConfig, 'PUBLIC_ORIGIN' | 'PORT'>): PublicOrigins =>
  config.PUBLIC_ORIGIN.trim() ? parsePublicOrigins(config.PUBLIC_ORIGIN) : developmentOrigins(config.PORT);
