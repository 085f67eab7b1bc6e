import path from 'node:path';
import { busConfig, createBus, type EventBus } from '@brokerwise/bus';
import { createMailer, type Mailer } from '@brokerwise/mail';
import { consumerLagCheck, buildFastify, consumeEvents, OutboxRelay, registerHealth, runServer, pressureOptions, serviceTokenOptions } from '@brokerwise/service-kit';
import { openDatabase, runMigrations, type Database, type Kysely } from '@brokerwise/sql';
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

export interface StartedNotifications {
  port: number;
  close: () => Promise<void>;
  /** The mail queue's sender (tests run a pass themselves). */
  sender: MailSender;
}

/** Boots notifications: infrastructure → migrations → Fastify → relay, mail sender and consumers. */
export async function startNotifications(config: NotificationsConfig, shared: Shared = {}): Promise<StartedNotifications> {
  const database =
    shared.database ??
    (await openDatabase<NotificationsTables>({ schema: 'notifications', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'notifications') }));
  if (config.MIGRATE_ON_START) await runMigrations(database, migrations);
  const bus = shared.bus ?? (await createBus(busConfig(config, 'notifications')));
  const mailer = shared.mailer ?? createMailer({ dataDir: config.DATA_DIR, ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}), from: config.MAIL_FROM });

  const app = buildFastify({ service: 'notifications', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true, pressure: pressureOptions(config), serviceToken: serviceTokenOptions(config, 'notifications') });
  const db = database.db as Kysely<NotificationsTables>;
  const relay = new OutboxRelay({ db, bus, log: app.log, maxAttempts: config.OUTBOX_MAX_ATTEMPTS });
  const now = shared.now ?? (() => new Date());
  const sender = new MailSender({
    db,
    mailer,
    now,
    log: app.log,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    backoffMs: backoffList(config.MAIL_RETRY_BACKOFF_MS),
    pollMs: config.MAIL_POLL_MS,
  });

  const health = registerHealth(app, [
    { name: 'database', check: database.ping },
    { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' },
    { name: 'mail', check: () => mailer.ping() },
  ]);
  const ctx: NotificationsContext = {
    db,
    now,
    siteUrl: config.SITE_URL.replace(/\/+$/, ''),
    mailDomain: mailDomainOf(config.MAIL_FROM),
    newsletter: { secret: config.NEWSLETTER_SECRET, confirmTtlMs: config.NEWSLETTER_CONFIRM_TTL_HOURS * 3600_000, resendAfterMs: config.NEWSLETTER_RESEND_MINUTES * 60_000 },
  };
  await app.register(notificationsApp, { ...ctx, relay, sender });

  relay.start();
  sender.start();
  const consumer = await consumeEvents({
    bus,
    db,
    log: app.log,
    settings: config,
    durable: 'notifications',
    handlers: handlers(ctx),
    // A handled event may have queued a mail or a notice signal: deliver them now, not at the next poll.
    afterCommit: () => {
      sender.poke();
      relay.poke();
    },
  });

  health.add(consumerLagCheck([consumer], config.EVENTS_MAX_PENDING));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      () => consumer.drain(),
      () => sender.stop(),
      () => relay.stop(),
      ...(shared.bus ? [] : [() => bus.close()]),
      ...(shared.mailer ? [] : [() => mailer.close()]),
      ...(shared.database ? [] : [() => database.close()]),
    ],
  });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : config.PORT, close: server.close, sender };
}
