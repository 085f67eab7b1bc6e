/**
 * The web server's settings (web/bin/web.ts), in a module of its own so the settings drift test
 * (infra/settings.test.ts) parses them the way the process does.
 */
import { parseConfig, Type, type Static } from '@brokerwise/config';

export const WebConfigSchema = Type.Object({
  WEB_PORT: Type.Integer({ default: 3001, minimum: 0, maximum: 65535 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  GATEWAY_URL: Type.String({ pattern: '^https?://' }),
  SIGNATURE_SALT: Type.String({ minLength: 8 }),
  // Shared with the gateway: lets this server's /api calls name the visitor (per-visitor rate limits).
  INTERNAL_SECRET: Type.String({ default: '' }),
  // Public ids of the social sign-in providers; unset: the buttons show "not configured".
  GOOGLE_CLIENT_ID: Type.String({ default: '' }),
  FACEBOOK_APP_ID: Type.String({ default: '' }),
  // The site's public origins, comma-separated, the first canonical (ADR 015): the gateway's value.
  // SITE_URL is the older name of the canonical one. Unset: each request's own origin (development).
  PUBLIC_ORIGIN: Type.String({ default: '' }),
  SITE_URL: Type.String({ default: '' }),
  // Prometheus metrics (GET /metrics, render times) on a port of their own; unset: none. 0: any free port.
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  METRICS_HOST: Type.Optional(Type.String({ minLength: 1 })),
  // JSON log lines in production (every page request when LOG_REQUESTS), readable lines elsewhere.
  APP_MODE: Type.Union([Type.Literal('embedded'), Type.Literal('production')], { default: 'embedded' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  LOG_REQUESTS: Type.Optional(Type.Boolean()),
  /** Longest wait for pages in flight at shutdown before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 0 }),
});

export type WebConfig = Static<typeof WebConfigSchema>;

/** PORT is the fallback of WEB_PORT (containers set PORT for every process). */
export const webEnv = (env: Record<string, string | undefined>): Record<string, string | undefined> => ({ ...env, WEB_PORT: env.WEB_PORT ?? env.PORT });

export const parseWebConfig = (env: Record<string, string | undefined>): Readonly<WebConfig> => parseConfig(WebConfigSchema, webEnv(env));
