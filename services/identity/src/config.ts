import { ConfigError, Type, serviceTokenSettings, commonServiceSettings, parseConfig, type Static } from '@brokerwise/config';
import { passwordProblem } from './domain/rules.ts';

/** Public development value of CODE_SECRET; production refuses it (like the gateway's salt). */
export const DEV_CODE_SECRET = 'brokerwise-dev-code-secret-not-for-production';

export const IdentityConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3202, minimum: 0, maximum: 65535 }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- identity` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /** HMAC key for stored email-code hashes. */
  CODE_SECRET: Type.String({ default: DEV_CODE_SECRET, minLength: 16 }),
  /**
   * Sign-in throttling (ADR 013). Per account from any address: this many failures, then growing
   * delays (1 s, 2 s, 4 s… up to LOGIN_MAX_DELAY_SECONDS), remembered LOGIN_ACCOUNT_WINDOW_SECONDS.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: Type.Integer({ default: 10, minimum: 1 }),
  LOGIN_ACCOUNT_WINDOW_SECONDS: Type.Integer({ default: 86_400, minimum: 1 }),
  LOGIN_MAX_DELAY_SECONDS: Type.Integer({ default: 600, minimum: 1 }),
  /** Per account from one address, per address, and per device cookie, within LOGIN_WINDOW_SECONDS. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: Type.Integer({ default: 5, minimum: 1 }),
  LOGIN_MAX_FAILURES_PER_IP: Type.Integer({ default: 30, minimum: 1 }),
  LOGIN_MAX_FAILURES_PER_DEVICE: Type.Integer({ default: 5, minimum: 1 }),
  LOGIN_WINDOW_SECONDS: Type.Integer({ default: 900, minimum: 1 }),
  /** Comma-separated OAuth client ids accepted as the ID token audience; empty disables Google sign-in. */
  GOOGLE_CLIENT_IDS: Type.String({ default: '' }),
  GOOGLE_JWKS_URL: Type.String({ default: 'https://www.googleapis.com/oauth2/v3/certs', pattern: '^https?://' }),
  GOOGLE_ISSUERS: Type.String({ default: 'https://accounts.google.com,accounts.google.com' }),
  /** Empty app id disables Facebook sign-in. */
  FACEBOOK_APP_ID: Type.String({ default: '' }),
  FACEBOOK_APP_SECRET: Type.String({ default: '' }),
  FACEBOOK_GRAPH_URL: Type.String({ default: 'https://graph.facebook.com', pattern: '^https?://' }),
  /**
   * Seed the demo admin (admin@brokerwise.example) at start. Default: on in embedded mode, off in
   * production, which refuses it.
   */
  DEMO_ADMIN: Type.Optional(Type.Boolean()),
  /** The demo admin's password; default a random one per start (printed by `npm start`). */
  DEMO_ADMIN_PASSWORD: Type.Optional(Type.String()),
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_ACCESS_KEY: Type.Optional(Type.String()),
  S3_SECRET_KEY: Type.Optional(Type.String()),
  S3_BUCKET: Type.String({ default: 'brokerwise' }),
  S3_REGION: Type.String({ default: 'us-east-1' }),
});

export type IdentityConfig = Static<typeof IdentityConfigSchema>;

/** Splits a comma-separated setting into its non-empty, trimmed items. */
export const listSetting = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** Whether this process seeds the demo admin: DEMO_ADMIN, else on unless in production. */
export const demoAdminEnabled = (config: Pick<IdentityConfig, 'APP_MODE' | 'DEMO_ADMIN'>): boolean =>
  config.APP_MODE !== 'production' && (config.DEMO_ADMIN ?? true);

/** Schema check plus the production rules a schema can't express. */
export function parseIdentityConfig(env: Record<string, string | undefined>): Readonly<IdentityConfig> {
  const config = parseConfig(IdentityConfigSchema, env);
  const problems: string[] = [];
  const pwd = config.DEMO_ADMIN_PASSWORD === undefined ? undefined : passwordProblem(config.DEMO_ADMIN_PASSWORD);
  if (pwd) problems.push(`DEMO_ADMIN_PASSWORD: breaks the password rules (${pwd}): 8 to 12 characters, none of & < > " '`);
  if (config.APP_MODE === 'production') {
    if (config.CODE_SECRET === DEV_CODE_SECRET) problems.push('CODE_SECRET: production needs its own secret, not the public development one');
    if (config.FACEBOOK_APP_ID && !config.FACEBOOK_APP_SECRET) problems.push('FACEBOOK_APP_SECRET: required when FACEBOOK_APP_ID is set');
    if (config.DEMO_ADMIN === true) problems.push('DEMO_ADMIN: production never seeds the demo admin');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
