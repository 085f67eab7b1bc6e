import type { DeliveredMessage, EventBus, Subscription } from '@brokerwise/bus';
import { decodeEvent, type DecodedEvent, type EventPayload, type EventType } from '@brokerwise/proto';
import type { Kysely, Transaction } from '@brokerwise/sql';
import { SpanKind, withSpanFrom } from '@brokerwise/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { KitTables } from './migrations.ts';
import { withRequestId } from './request-context.ts';
import { FaultInjection } from './fault-injection.ts';
import { scheduleInboxPurge } from './inbox-purge.ts';
import { serviceOf, timeHandler, trackSubscription } from './metrics.ts';

export interface HandlerContext {
  /** The transaction the inbox row is written in: write the read model through it. */
  trx: Transaction<any>;
  eventId: string;
  correlationId: string;
  occurredAt: Date | undefined;
  log: FastifyBaseLogger;
}

/** The handler of one event type: gets the payload decoded as that type's generated protobuf message. */
export type EventHandler<T extends EventType> = (payload: EventPayload<T>, ctx: HandlerContext) => Promise<void>;

/** Event type → handler of its decoded payload. Listed explicitly in each service's events/registry.ts. */
export type EventHandlers = { readonly [T in EventType]?: EventHandler<T> };

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
  /** The service's parsed config: dead-letter limit, inbox retention, the fault-injection test hook. */
  settings?: ConsumerSettings;
}

/** The keys of `commonServiceSettings` (@brokerwise/config) a consumer reads. */
export interface ConsumerSettings {
  EVENTS_MAX_DELIVER?: number | undefined;
  INBOX_RETENTION_HOURS?: number | undefined;
  FAULT_INJECT_FILE?: string | undefined;
}

/**
 * Idempotent consumer: the handler runs inside a transaction that also records
 * (event id, durable) in the inbox; a redelivered event that already completed is acked
 * without running again. A throw rolls both back, and the bus redelivers with backoff,
 * then dead-letters after `maxDeliver`.
 */
export async function consumeEvents(opts: ConsumeOptions): Promise<Subscription> {
  const db = opts.db as Kysely<KitTables>;
  const service = serviceOf(opts.log);
  const faults = opts.settings?.FAULT_INJECT_FILE ? new FaultInjection(opts.settings.FAULT_INJECT_FILE) : undefined;
  if (faults) opts.log.warn({ durable: opts.durable, file: faults.file }, 'FAULT_INJECT_FILE is set: a test hook that makes handlers listed in that file fail');
  const subscription = await opts.bus.subscribe({
    durable: opts.durable,
    types: Object.keys(opts.handlers),
    maxDeliver: opts.maxDeliver ?? opts.settings?.EVENTS_MAX_DELIVER ?? 5,
    backoffMs: opts.backoffMs ?? [500, 2_000, 10_000, 30_000],
    handler: async (msg: DeliveredMessage) => {
      const event = decodeEvent(msg.data);
      // Indexed by the event's own type, so the handler takes exactly this payload.
      const handle = opts.handlers[event.type] as ((payload: DecodedEvent['payload'], ctx: HandlerContext) => Promise<void>) | undefined;
      if (!handle) return; // subscribed by wildcard but not ours: ack and move on
      // The request that caused the event: its id (header, or the envelope's) and its trace, which
      // this handler's span continues, so its log lines and the events it writes join that trace.
      const correlationId = event.envelope.correlationId || msg.correlationId || '';
      const log = opts.log.child({ eventId: event.envelope.id, eventType: event.type, durable: opts.durable, attempt: msg.deliveryCount, ...(correlationId ? { reqId: correlationId } : {}) });
      const attributes = { 'messaging.system': 'nats', 'messaging.destination.name': event.type, 'messaging.consumer.group.name': opts.durable, 'messaging.message.id': event.envelope.id };
      const inContext = <T>(fn: () => Promise<T>) => (correlationId ? withRequestId(correlationId, fn) : fn());
      await inContext(() => withSpanFrom(msg.traceContext, `handle ${event.type}`, SpanKind.CONSUMER, attributes, async () => {
        const started = performance.now();
        const handled = await timeHandler({ service, durable: opts.durable, type: event.type }, db.transaction().execute(async (trx) => {
          await faults?.check(opts.durable, event.type);
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
            correlationId,
            occurredAt: event.envelope.occurredAt ? new Date(Number(event.envelope.occurredAt.seconds) * 1000) : undefined,
            log,
          });
          return true;
        })).catch((err: unknown) => {
          // The bus retries it (or dead-letters it after the last attempt): say so on every failure.
          log.warn({ err, durationMs: Math.round(performance.now() - started) }, 'event handling failed');
          throw err;
        });
        if (!handled) return;
        log.info({ durationMs: Math.round(performance.now() - started) }, 'event handled');
        opts.afterCommit?.({ id: event.envelope.id, type: event.type });
      }));
    },
  });
  trackSubscription(opts, subscription);
  // Inbox rows only matter while their event can still come again: each consumer purges its own.
  const purge = scheduleInboxPurge(db, opts.log, { handler: opts.durable, retentionMs: (opts.settings?.INBOX_RETENTION_HOURS ?? 168) * 3600_000 });
  return {
    pending: () => subscription.pending(),
    drain: async () => {
      purge.stop();
      await subscription.drain();
    },
  };
}
