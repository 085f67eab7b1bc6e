import type { EventBus } from '@brokerwise/bus';
import { createMailer, type Mailer } from '@brokerwise/mail';
import { startService, type StartedService } from '@brokerwise/service-kit';
import type { Database } from '@brokerwise/sql';
import { migrations } from '../migrations/index.ts';
import { notificationsApp } from './app.ts';
import { backoffList, type NotificationsConfig } from './config.ts';
import type { Clock, NotificationsContext } from './domain/context.ts';
import { mailDomainOf } from './domain/mail-queue.ts';
import { MailSender } from './domain/mail-sender.ts';
import { handlers } from './events/registry.ts';
import type { NotificationsTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  /** The mail port; in embedded mode the one whose outbox the dev mailbox shows. */
  mailer?: Mailer;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain (link expiry, retry times); tests move it. Defaults to the system clock. */
  now?: Clock;
}

export type StartedNotifications = StartedService<{
  /** The mail queue's sender (tests run a pass themselves). */
  sender: MailSender;
}>;

/** Boots notifications: routes → consumers → the mail sender. */
export function startNotifications(config: NotificationsConfig, shared: Shared = {}): Promise<StartedNotifications> {
  const mailer = shared.mailer ?? createMailer({ dataDir: config.DATA_DIR, ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}), from: config.MAIL_FROM });
  const now = shared.now ?? (() => new Date());
  return startService<NotificationsTables, { sender: MailSender }>({
    name: 'notifications',
    config,
    serviceToken: 'notifications',
    database: { schema: 'notifications', migrations, shared: shared.database },
    bus: { shared: shared.bus },
    resources: [{ name: 'mail', check: () => mailer.ping(), close: shared.mailer ? undefined : () => mailer.close() }],
    setup: async ({ app, db, relay, routes, consume, background }) => {
      const sender = new MailSender({
        db,
        mailer,
        now,
        log: app.log,
        maxAttempts: config.MAIL_MAX_ATTEMPTS,
        backoffMs: backoffList(config.MAIL_RETRY_BACKOFF_MS),
        pollMs: config.MAIL_POLL_MS,
      });
      const ctx: NotificationsContext = {
        db,
        now,
        siteUrl: config.SITE_URL.replace(/\/+$/, ''),
        mailDomain: mailDomainOf(config.MAIL_FROM),
        newsletter: { secret: config.NEWSLETTER_SECRET, confirmTtlMs: config.NEWSLETTER_CONFIRM_TTL_HOURS * 3600_000, resendAfterMs: config.NEWSLETTER_RESEND_MINUTES * 60_000 },
      };
      await routes(notificationsApp, { ...ctx, relay, sender });
      consume({
        durable: 'notifications',
        handlers: handlers(ctx),
        // A handled event may have queued a mail or a notice signal: deliver them now, not at the next poll.
        afterCommit: () => {
          sender.poke();
          relay.poke();
        },
      });
      background(sender);
      return { sender };
    },
  });
}
