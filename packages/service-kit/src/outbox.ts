import type { EventBus } from '@brokerwise/bus';
import { sql, type Kysely } from '@brokerwise/sql';
import type { FastifyBaseLogger } from 'fastify';
import type { KitTables } from './migrations.ts';

/** An encoded event ready for the outbox (see `encodeEvent` in @brokerwise/proto). */
export interface OutboxEvent {
  id: string;
  type: string;
  bytes: Uint8Array;
  correlationId?: string | undefined;
}

/** Write the event in the caller's transaction: it is published only if the change commits. */
export async function enqueueEvent(trx: Kysely<any>, event: OutboxEvent): Promise<void> {
  await (trx as Kysely<KitTables>)
    .insertInto('outbox')
    .values({ id: event.id, type: event.type, payload: event.bytes, correlation_id: event.correlationId ?? null })
    .execute();
}

export interface OutboxRelayOptions {
  db: Kysely<any>;
  bus: EventBus;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
  /** Published rows older than this are deleted. Default 7 days. */
  retentionMs?: number;
}

/**
 * Moves committed outbox rows to the bus, oldest first. When the bus is down the rows stay and
 * the relay backs off (up to 30 s) and tries again: nothing is lost, order is kept. Several
 * relays may run (replicas): rows are claimed with SKIP LOCKED and the bus dedupes by event id.
 */
export class OutboxRelay {
  private readonly db: Kysely<KitTables>;
  private readonly bus: EventBus;
  private readonly log: FastifyBaseLogger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly retentionMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private failures = 0;
  private lastCleanup = 0;

  constructor(opts: OutboxRelayOptions) {
    this.db = opts.db as Kysely<KitTables>;
    this.bus = opts.bus;
    this.log = opts.log;
    this.intervalMs = opts.intervalMs ?? 500;
    this.batchSize = opts.batchSize ?? 100;
    this.retentionMs = opts.retentionMs ?? 7 * 24 * 3600_000;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a run soon (after a commit that enqueued events). */
  poke(): void {
    if (!this.stopped && this.failures === 0) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
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
    const r = await this.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('published_at', 'is', null).executeTakeFirst();
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

  private async publishBatch(): Promise<{ published: number; failed: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .selectAll()
        .where('published_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(this.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      let published = 0;
      for (const row of rows) {
        try {
          await this.bus.publish({ id: row.id, type: row.type, data: row.payload, ...(row.correlation_id ? { correlationId: row.correlation_id } : {}) });
        } catch (err) {
          await trx
            .updateTable('outbox')
            .set({ attempts: sql`attempts + 1`, last_error: String((err as Error).message ?? err).slice(0, 500) })
            .where('id', '=', row.id)
            .execute();
          if (this.failures === 0) this.log.warn({ err, eventId: row.id }, 'bus refused an outbox event; will retry');
          return { published, failed: true };
        }
        await trx.updateTable('outbox').set({ published_at: sql`now()`, last_error: null }).where('id', '=', row.id).execute();
        published += 1;
      }
      return { published, failed: false };
    });
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
