import type { Mailer } from '@brokerwise/mail';
import type { Kysely } from '@brokerwise/sql';
import { claimDue, markGivenUp, markRetry, markSent, purgeDone, type MailRow } from '../store/mail.store.ts';
import type { NotificationsTables } from '../store/types.ts';
import type { Clock } from './context.ts';

/** The little of a logger the sender needs (pino's and Fastify's fit). */
export interface SenderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface MailSenderOptions {
  db: Kysely<NotificationsTables>;
  mailer: Mailer;
  now: Clock;
  log: SenderLog;
  /** Attempts before a mail is given up. */
  maxAttempts: number;
  /** Delay before retry n (1-based); the last one repeats. */
  backoffMs: number[];
  /** Look for due mail at least this often. */
  pollMs: number;
  batchSize?: number;
  /** A claimed mail whose sender vanished is claimed again after this. */
  lockMs?: number;
  /** Done mails (sent, failed, expired) are deleted after this long; checked hourly. Default 30 days. */
  retentionMs?: number;
}

/**
 * Delivers the mail queue: claims due rows (SKIP LOCKED, so replicas share the work), sends each
 * through the mail port with its fixed Message-ID, and records the outcome. A transient failure
 * (connection, 4xx) is retried with backoff; a permanent one (5xx, bad address) or the last
 * attempt gives up; an expired code is dropped unsent. Never throws out of its loop.
 */
export class MailSender {
  readonly #o: Required<MailSenderOptions>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #lastPurge = 0;
  #again = false;
  #stopped = true;

  constructor(options: MailSenderOptions) {
    this.#o = { batchSize: 20, lockMs: 120_000, retentionMs: 30 * 86_400_000, ...options };
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Something was queued (after its commit): look now. */
  poke(): void {
    if (this.#stopped) return;
    if (this.#running) this.#again = true;
    else this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  /** One pass over what is due now; returns how many mails were handled. For tests and the loop. */
  async runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claimDue(this.#o.db, this.#o.now(), this.#o.batchSize, this.#o.lockMs);
      for (const row of rows) await this.#deliver(row);
      handled += rows.length;
      if (rows.length < this.#o.batchSize || this.#stopped) return handled;
    }
  }

  #schedule(delay: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#tick(), delay);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (this.#running) return;
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          await this.runOnce();
          if (Date.now() - this.#lastPurge > 3600_000) {
            this.#lastPurge = Date.now();
            await purgeDone(this.#o.db, new Date(this.#o.now().getTime() - this.#o.retentionMs));
          }
        } catch (err) {
          this.#o.log.warn({ err }, 'mail sender pass failed');
        }
      } while (this.#again && !this.#stopped);
    })();
    await this.#running;
    this.#running = undefined;
    this.#schedule(this.#o.pollMs);
  }

  async #deliver(row: MailRow): Promise<void> {
    const { db, now, log } = this.#o;
    const scrub = row.kind === 'code';
    const meta = { mailId: row.id, kind: row.kind, attempt: row.attempts };
    if (row.expires_at && row.expires_at.getTime() <= now().getTime()) {
      await markGivenUp(db, row.id, 'expired', row.last_error, scrub);
      log.info(meta, 'mail expired before it could be sent');
      return;
    }
    try {
      await this.#o.mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        messageId: row.message_id,
        headers: row.headers,
        tags: row.tags,
      });
    } catch (err) {
      const error = String((err as Error)?.message ?? err);
      if (isPermanent(err) || row.attempts >= this.#o.maxAttempts) {
        await markGivenUp(db, row.id, 'failed', error, scrub);
        log.warn({ ...meta, error }, 'mail given up');
      } else {
        const { backoffMs } = this.#o;
        const delay = backoffMs[Math.min(row.attempts, backoffMs.length) - 1] ?? 0;
        await markRetry(db, row.id, new Date(now().getTime() + delay), error);
        log.info({ ...meta, error, retryInMs: delay }, 'mail not sent; will retry');
      }
      return;
    }
    await markSent(db, row.id, now(), scrub);
  }
}

/** A bad message (the port refuses it) or an SMTP 5xx reply: trying again would not help. */
function isPermanent(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
