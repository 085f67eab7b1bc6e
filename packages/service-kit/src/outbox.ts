import type { EventBus, OutgoingMessage } from '@brokerwise/bus';
import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import { currentTraceHeaders } from '@brokerwise/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import { currentRequestId } from './request-context.ts';
import type { KitTables } from './migrations.ts';
import { outboxPublishFailures, outboxPublished, trackOutbox } from '@brokerwise/metrics';
import { outboxStatsOf, serviceOf } from './metrics.ts';

/** An encoded event ready for the outbox (see `encodeEvent` in @brokerwise/proto). */
export interface OutboxEvent {
  id: string;
  type: string;
  bytes: Uint8Array;
  correlationId?: string | undefined;
}

/**
 * Write the event in the caller's transaction: it is published only if the change commits. It
 * keeps the request id (the event's own, else the request or event being handled) and the active
 * trace, which travel with the message to every consumer.
 */
export async function enqueueEvent(trx: Kysely<any>, event: OutboxEvent): Promise<void> {
  const trace = currentTraceHeaders();
  await (trx as Kysely<KitTables>)
    .insertInto('outbox')
    .values({
      id: event.id,
      type: event.type,
      payload: event.bytes,
      correlation_id: event.correlationId || currentRequestId() || null,
      trace_context: trace.traceparent ? JSON.stringify(trace) : null,
    })
    .execute();
}

/** The message a row stands for. */
function messageOf(row: OutboxRow): OutgoingMessage {
  return { id: row.id, type: row.type, data: row.payload, ...(row.correlation_id ? { correlationId: row.correlation_id } : {}), ...traceContextOf(row) };
}

/** The trace context a row was written with (a damaged value only loses the link, never the event). */
function traceContextOf(row: { trace_context: string | null }): { traceContext: Record<string, string> } | Record<string, never> {
  if (!row.trace_context) return {};
  try {
    const parsed: unknown = JSON.parse(row.trace_context);
    return parsed && typeof parsed === 'object' ? { traceContext: parsed as Record<string, string> } : {};
  } catch {
    return {};
  }
}

export interface OutboxRelayOptions {
  db: Kysely<any>;
  bus: EventBus;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted. Default 7 days. */
  retentionMs?: number;
  /**
   * Publish attempts the bus refuses (while it otherwise answers) before a row is poison: it goes
   * to the dead-letter stream with its error (or, if even that fails, is marked dead in the table)
   * and the rows behind it are published. OUTBOX_MAX_ATTEMPTS; default 10.
   */
  maxAttempts?: number;
  /** How long a claimed batch is this relay's; a crashed relay's rows are taken again after it. Default 60 s. */
  leaseMs?: number;
  /** Name of the dead letters this relay writes. Default `outbox-<service>`. */
  deadLetterSource?: string;
}

type OutboxRow = Selectable<KitTables['outbox']>;

/** Advisory lock class of the claim (the schema's hash is the other key): one claimer per outbox at a time. */
const CLAIM_LOCK = 7_204_311;

/**
 * Moves committed outbox rows to the bus, oldest first, after their transaction committed and
 * outside any transaction of its own: it claims a batch (a lease, committed), publishes, then marks
 * each row published. When the bus is down the rows stay and the relay backs off (up to 30 s) and
 * tries again: nothing is lost, order is kept. Several relays may run (replicas): one holds a lease
 * at a time, so order is kept across them too; a crashed relay's lease runs out and another takes
 * the rows again (the bus dedupes by event id). A row the bus keeps refusing is dead-lettered after
 * `maxAttempts` and the relay moves on.
 */
export class OutboxRelay {
  private readonly db: Kysely<KitTables>;
  private readonly bus: EventBus;
  private readonly log: FastifyBaseLogger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly retentionMs: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly deadLetterSource: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private failures = 0;
  /** Metric labels; the backlog gauges read this outbox while the relay runs (untrack). */
  private readonly labels: { service: string };
  private untrack: (() => void) | undefined;
  private lastCleanup = 0;

  constructor(opts: OutboxRelayOptions) {
    this.db = opts.db as Kysely<KitTables>;
    this.bus = opts.bus;
    this.log = opts.log;
    this.labels = { service: serviceOf(opts.log) };
    this.intervalMs = opts.intervalMs ?? 500;
    this.batchSize = opts.batchSize ?? 100;
    this.retentionMs = opts.retentionMs ?? 7 * 24 * 3600_000;
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.deadLetterSource = opts.deadLetterSource ?? `outbox-${this.labels.service}`;
  }

  start(): void {
    this.stopped = false;
    this.untrack ??= trackOutbox(this.labels.service, outboxStatsOf(this.db));
    this.schedule(0);
  }

  /** Ask for a run soon (after a commit that enqueued events). */
  poke(): void {
    if (!this.stopped && this.failures === 0) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.untrack?.();
    this.untrack = undefined;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Publishes pending rows until none are left or the bus refuses. Returns how many were published. */
  async drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, failed } = await this.publishBatch();
      total += published;
      if (failed || published < this.batchSize) break;
    }
    return total;
  }

  async pendingCount(): Promise<number> {
    const r = await this.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('published_at', 'is', null).where('dead_at', 'is', null).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = (async () => {
      try {
        const { failed } = await this.publishBatch();
        this.failures = failed ? this.failures + 1 : 0;
        await this.cleanup();
      } catch (err) {
        this.failures += 1;
        this.log.warn({ err }, 'outbox relay run failed');
      }
    })();
    await this.running;
    this.running = undefined;
    const backoff = this.failures === 0 ? this.intervalMs : Math.min(30_000, this.intervalMs * 2 ** this.failures);
    this.schedule(backoff);
  }

  /**
   * Claims the oldest unpublished rows in a short transaction of its own (nothing when another
   * relay's lease is still running), then publishes them with no transaction open.
   */
  private async publishBatch(): Promise<{ published: number; failed: boolean }> {
    const rows = await this.claim();
    // Stop well inside the lease, so no other relay takes these rows while this one still works.
    const leaseEnds = Date.now() + this.leaseMs / 2;
    const done = new Set<string>();
    let published = 0;
    try {
      for (const row of rows) {
        if (Date.now() > leaseEnds) break;
        try {
          await this.bus.publish(messageOf(row));
        } catch (err) {
          outboxPublishFailures.inc(this.labels);
          if ((await this.refused(row, err)) === 'retry') return { published, failed: true };
          done.add(row.id);
          continue;
        }
        await this.db.updateTable('outbox').set({ published_at: sql`now()`, last_error: null, claimed_until: null }).where('id', '=', row.id).execute();
        done.add(row.id);
        published += 1;
        outboxPublished.inc(this.labels);
      }
      return { published, failed: false };
    } finally {
      // Rows not reached go back at once, for the next claim (this relay's or another's).
      const left = rows.filter((r) => !done.has(r.id)).map((r) => r.id);
      if (left.length > 0) {
        await this.db.updateTable('outbox').set({ claimed_until: null }).where('id', 'in', left).where('published_at', 'is', null).execute()
          .catch((err: unknown) => this.log.warn({ err }, 'outbox relay could not release its claim; it runs out by itself'));
      }
    }
  }

  /** Oldest first, at most a batch, and only while no other relay holds a lease on this outbox. */
  private async claim(): Promise<OutboxRow[]> {
    const rows = await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${CLAIM_LOCK}, hashtext(current_schema()))`.execute(trx);
      // Ordered in SQL: created_at has microseconds, a JS Date only milliseconds, so events written
      // within one millisecond would otherwise be published in an arbitrary order.
      const { rows: claimed } = await sql<OutboxRow>`
        with claimed as (
          update outbox set claimed_until = now() + ${this.leaseMs} * interval '1 millisecond'
          where id in (
            select id from outbox where published_at is null and dead_at is null
            order by created_at, id limit ${this.batchSize}
          )
          and not exists (select 1 from outbox where published_at is null and dead_at is null and claimed_until > now())
          returning *
        )
        select * from claimed order by created_at, id`.execute(trx);
      return claimed;
    });
    return rows;
  }

  /**
   * The bus refused a row. While the bus answers otherwise the refusal is the row's: it counts, and
   * at `maxAttempts` the row is poison (dead-lettered, or marked dead) so the rows behind it go on.
   * An outage is nobody's fault and counts against no row.
   */
  private async refused(row: OutboxRow, err: unknown): Promise<'retry' | 'dead'> {
    const error = String((err as Error)?.message ?? err).slice(0, 500);
    const busAnswers = await this.bus.ping().then(() => true, () => false);
    const attempts = busAnswers ? row.attempts + 1 : row.attempts;
    if (attempts < this.maxAttempts) {
      await this.db.updateTable('outbox').set({ attempts, last_error: error, claimed_until: null }).where('id', '=', row.id).execute();
      if (this.failures === 0) this.log.warn({ err, eventId: row.id, eventType: row.type, attempt: attempts }, 'bus refused an outbox event; will retry');
      return 'retry';
    }
    let lastError = error;
    try {
      await this.bus.deadLetterUnpublished(messageOf(row), { source: this.deadLetterSource, error, attempts });
      this.log.error({ err, eventId: row.id, eventType: row.type, attempts, deadLetters: this.deadLetterSource }, 'outbox event refused too often: moved to the dead letters; the outbox goes on');
    } catch (dlqErr) {
      lastError = `${error} (dead-letter stream refused it too: ${String((dlqErr as Error)?.message ?? dlqErr)})`.slice(0, 1000);
      this.log.error({ err, dlqErr, eventId: row.id, eventType: row.type, attempts }, 'outbox event refused too often and the dead-letter stream refused it too: marked dead in the outbox table; the outbox goes on');
    }
    await this.db.updateTable('outbox').set({ attempts, last_error: lastError, dead_at: sql`now()`, claimed_until: null }).where('id', '=', row.id).execute();
    return 'dead';
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 3600_000) return;
    this.lastCleanup = Date.now();
    await this.db
      .deleteFrom('outbox')
      .where('published_at', '<', new Date(Date.now() - this.retentionMs))
      .execute();
  }
}
