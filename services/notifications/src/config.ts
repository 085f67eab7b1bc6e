import { ConfigError, Type, serviceTokenSettings, commonServiceSettings, parseConfig, type Static } from '@brokerwise/config';

/** Public development value of NEWSLETTER_SECRET; production refuses it (like identity's CODE_SECRET). */
export const DEV_NEWSLETTER_SECRET = 'brokerwise-dev-newsletter-secret-not-for-production';

export const NotificationsConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3207, minimum: 0, maximum: 65535 }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- notifications` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /** Production mail relay; without it mail goes to `<DATA_DIR>/outbox` (dev mailbox). */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Brokerwise <no-reply@brokerwise.example>' }),
  /** Public address of the site, for links in mails (confirm, unsubscribe, notices). */
  SITE_URL: Type.String({ default: 'http://localhost:3000', pattern: '^https?://' }),
  /** HMAC key of newsletter confirm/unsubscribe links. */
  NEWSLETTER_SECRET: Type.String({ default: DEV_NEWSLETTER_SECRET, minLength: 16 }),
  /** Hours a newsletter confirmation link stays valid. */
  NEWSLETTER_CONFIRM_TTL_HOURS: Type.Integer({ default: 48, minimum: 1 }),
  /** Minutes before another confirmation mail goes to a pending address that subscribes again. */
  NEWSLETTER_RESEND_MINUTES: Type.Integer({ default: 10, minimum: 0 }),
  /** Attempts per mail before it is given up (status `failed`). */
  MAIL_MAX_ATTEMPTS: Type.Integer({ default: 8, minimum: 1 }),
  /** Comma-separated delays (ms) before retry 1, 2, …; the last one repeats. */
  MAIL_RETRY_BACKOFF_MS: Type.String({ default: '5000,30000,120000,600000,1800000', pattern: '^\\d+(,\\d+)*$' }),
  /** How often the sender looks for due mail when nothing pokes it. */
  MAIL_POLL_MS: Type.Integer({ default: 1_000, minimum: 10 }),
});

export type NotificationsConfig = Static<typeof NotificationsConfigSchema>;

/** Schema check plus the production rules a schema can't express. */
export function parseNotificationsConfig(env: Record<string, string | undefined>): Readonly<NotificationsConfig> {
  const config = parseConfig(NotificationsConfigSchema, env);
  if (config.APP_MODE === 'production' && config.NEWSLETTER_SECRET === DEV_NEWSLETTER_SECRET) {
    throw new ConfigError(['NEWSLETTER_SECRET: production needs its own secret, not the public development one']);
  }
  return config;
}

/** MAIL_RETRY_BACKOFF_MS as numbers. */
export const backoffList = (value: string): number[] => value.split(',').map((s) => Number.parseInt(s, 10));
