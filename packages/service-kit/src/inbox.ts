import type { DeliveredMessage, EventBus, Subscription } from '@brokerwise/bus';
import { decodeEvent } from '@brokerwise/proto';
import type { Kysely, Transaction } from '@brokerwise/sql';
import type { FastifyBaseLogger } from 'fastify';
import type { KitTables } from './migrations.ts';

export interface HandlerContext {
  /** The transaction the inbox row is written in: write the read model through it. */
  trx: Transaction<any>;
  eventId: string;
  correlationId: string;
  occurredAt: Date | undefined;
  log: FastifyBaseLogger;
}

/** Event type → handler of the decoded payload. Listed explicitly in each service's events/registry.ts. */
export type EventHandlers = Record<string, (payload: any, ctx: HandlerContext) => Promise<void>>;

export interface ConsumeOptions {
  bus: EventBus;
  db: Kysely<any>;
  log: FastifyBaseLogger;
  /** Durable consumer name, unique per service and handler group, e.g. `search-catalogue`. */
  durable: string;
  handlers: EventHandlers;
  maxDeliver?: number;
  backoffMs?: number[];
  /**
   * Called after the inbox transaction of a handled event committed (not for skipped
   * redeliveries), e.g. to poke an outbox relay or a mail sender the handler gave work to.
   */
  afterCommit?: (event: { id: string; type: string }) => void;
}

/**
 * Idempotent consumer: the handler runs inside a transaction that also records
 * (event id, durable) in the inbox; a redelivered event that already completed is acked
 * without running again. A throw rolls both back, and the bus redelivers with backoff,
 * then dead-letters after `maxDeliver`.
 */
export async function consumeEvents(opts: ConsumeOptions): Promise<Subscription> {
  const db = opts.db as Kysely<KitTables>;
  return opts.bus.subscribe({
    durable: opts.durable,
    types: Object.keys(opts.handlers),
    maxDeliver: opts.maxDeliver ?? 5,
    backoffMs: opts.backoffMs ?? [500, 2_000, 10_000, 30_000],
    handler: async (msg: DeliveredMessage) => {
      const event = decodeEvent(msg.data);
      const handle = opts.handlers[event.type];
      if (!handle) return; // subscribed by wildcard but not ours: ack and move on
      const log = opts.log.child({ eventId: event.envelope.id, eventType: event.type, correlationId: event.envelope.correlationId });
      const handled = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('inbox')
          .values({ event_id: event.envelope.id, handler: opts.durable })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          log.debug('event already handled; skipping');
          return false;
        }
        await handle(event.payload, {
          trx: trx as Transaction<any>,
          eventId: event.envelope.id,
          correlationId: event.envelope.correlationId,
          occurredAt: event.envelope.occurredAt ? new Date(Number(event.envelope.occurredAt.seconds) * 1000) : undefined,
          log,
        });
        return true;
      });
      if (handled) opts.afterCommit?.({ id: event.envelope.id, type: event.type });
    },
  });
}
