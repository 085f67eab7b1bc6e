import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { FileMailer, type Mailer } from '@brokerwise/mail';
import { decodeEvent, encodeEvent, type DecodedEvent, type EventPayloadInit, type EventType } from '@brokerwise/proto';
import { createTestDatabase, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { jsonCaller, uniqueName, type Reply } from '@brokerwise/testing';
import { parseNotificationsConfig } from '../src/config.ts';
import type { MailSender } from '../src/domain/mail-sender.ts';
import { startNotifications } from '../src/main.ts';
import type { NotificationsTables } from '../src/store/types.ts';

export { errorOf, type Reply } from '@brokerwise/testing';

export const SITE_URL = 'https://brokerwise.test';
export const NEWSLETTER_SECRET = 'notifications-test-secret-0123456789';

/**
 * One notifications service on real infrastructure for a test file: its own database (PGlite, or
 * a fresh PostgreSQL database with DATABASE_URL), bus namespace (NATS with NATS_URL), a mailer
 * (a file mailer in a temp dir unless the test brings one), and a clock the test can move.
 */
export interface Harness {
  db: Kysely<NotificationsTables>;
  bus: EventBus;
  mailer: Mailer;
  /** The file mailer's outbox (when the harness made the mailer). */
  mailbox: FileMailer | undefined;
  sender: MailSender;
  /** Every notifications.* event published, decoded, in arrival order. */
  events: DecodedEvent[];
  advance(ms: number): void;
  now(): Date;
  call<T = any>(method: string, url: string, body?: unknown): Promise<Reply<T>>;
  /** Publishes an event as its producer would; returns its id and bytes (to deliver again). */
  publish<T extends EventType>(type: T, payload: EventPayloadInit<T>, producer?: string): Promise<{ id: string; bytes: Uint8Array }>;
  /** The same event bytes once more under another bus message id: a redelivery the bus can't dedupe. */
  redeliver(type: EventType, bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(opts: { env?: Record<string, string>; mailer?: (dir: string) => Mailer } = {}): Promise<Harness> {
  const t: TestDatabase = await createTestDatabase('notifications', process.env.DATABASE_URL);
  const bus: EventBus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('ntf').toLowerCase() });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-notifications-'));
  const mailbox = opts.mailer ? undefined : new FileMailer({ dir: path.join(dir, 'outbox') });
  const mailer = opts.mailer ? opts.mailer(dir) : mailbox!;
  const events: DecodedEvent[] = [];
  const probe = await bus.subscribe({ durable: 'notifications-test-probe', types: ['notifications.>'], handler: async (m) => void events.push(decodeEvent(m.data)) });
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const config = parseNotificationsConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    SITE_URL,
    NEWSLETTER_SECRET,
    MAIL_FROM: 'Brokerwise <no-reply@brokerwise.test>',
    MAIL_RETRY_BACKOFF_MS: '20,40',
    MAIL_POLL_MS: '50',
    ...opts.env,
  });
  const svc = await startNotifications(config, { bus, database: t, mailer, now });
  const base = `http://127.0.0.1:${svc.port}`;

  const call = jsonCaller(base);

  return {
    db: t.db as Kysely<NotificationsTables>,
    bus,
    mailer,
    mailbox,
    sender: svc.sender,
    events,
    advance: (ms) => void (offsetMs += ms),
    now,
    call,
    publish: async (type, payload, producer = type.split('.')[0]!) => {
      const e = encodeEvent(type, payload as never, { producer });
      await bus.publish({ id: e.id, type: e.type, data: e.bytes });
      return { id: e.id, bytes: e.bytes };
    },
    redeliver: async (type, bytes) => {
      await bus.publish({ id: randomUUID(), type, data: bytes });
    },
    close: async () => {
      await svc.close();
      await probe.drain();
      await destroyBus(bus);
      await mailer.close();
      await t.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `read` until `done` holds (the bus, the consumer and the sender are asynchronous). */
export function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what = 'condition'): Promise<T> {
  return vi.waitFor(
    async () => {
      const last = await read();
      if (!done(last)) throw new Error(`${what} never held; last value: ${JSON.stringify(last)}`);
      return last;
    },
    { timeout: 15_000, interval: 25 },
  );
}

/** The first page of a user's notices in `lang`, once at least `n` have arrived. */
export function noticesOf(h: Harness, userId: string, lang: 'en' | 'zh-cn', n: number) {
  return waitFor(
    async () => (await h.call('GET', `/v1/users/${userId}/notices?lang=${lang}&category=notices&page=1&limit=20`)).body,
    // The page's rows and its total are read by two queries side by side, so a notice committed
    // between them can be counted before it is listed: wait for both.
    (b) => b.total >= n && b.items.length >= Math.min(n, 20),
    `${n} notice(s)`,
  );
}

/** A user the service knows (identity.user.registered), in the given language. */
export async function knownUser(h: Harness, o: { locale?: 'en' | 'zh-cn'; username?: string; email?: string; registeredAt?: Date } = {}): Promise<{ id: string; username: string; email: string }> {
  const id = randomUUID();
  const username = o.username ?? `u_${id.slice(0, 8)}`;
  const email = o.email ?? `${username}@example.com`;
  const at = o.registeredAt ?? new Date(Date.now() - 86_400_000);
  await h.publish('identity.user.registered', { userId: id, username, email, locale: o.locale ?? 'en', registeredAt: { seconds: BigInt(Math.floor(at.getTime() / 1000)), nanos: 0 } });
  await waitFor(
    () => h.db.selectFrom('app_user').select('user_id').where('user_id', '=', id).executeTakeFirst(),
    (r) => r !== undefined,
    `user ${username} in the read model`,
  );
  return { id, username, email };
}

export const ts = (d = new Date()) => ({ seconds: BigInt(Math.floor(d.getTime() / 1000)), nanos: (d.getTime() % 1000) * 1_000_000 });
