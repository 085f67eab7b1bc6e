import type { Kysely } from '@brokerwise/sql';
import type { NotificationsTables } from '../store/types.ts';

/** The domain's idea of "now"; tests pass a clock they move. */
export type Clock = () => Date;

export interface NewsletterSettings {
  /** HMAC key of confirm and unsubscribe links. */
  secret: string;
  confirmTtlMs: number;
  /** A pending address subscribing again gets another confirmation mail only after this. */
  resendAfterMs: number;
}

/**
 * Everything the use cases may touch, built once by main.ts. Each use case declares the part it
 * uses (`Pick<NotificationsContext, …>`), so its dependencies read from its signature.
 */
export interface NotificationsContext {
  db: Kysely<NotificationsTables>;
  now: Clock;
  /** Public site address for links in mails, no trailing slash. */
  siteUrl: string;
  /** Right-hand side of the Message-IDs we mint (the MAIL_FROM domain). */
  mailDomain: string;
  newsletter: NewsletterSettings;
}

/** Per-request facts the use cases copy into events. */
export interface RequestMeta {
  correlationId?: string | undefined;
}
