import { sql, type Kysely } from '@brokerwise/sql';
import type { EventBus, Subscription } from '@brokerwise/bus';
import { eventHandlerDuration, eventHandlerFailures, trackConsumer, type OutboxStats } from '@brokerwise/metrics';
import type { FastifyBaseLogger } from 'fastify';
import type { KitTables } from './migrations.ts';

/**
 * The service a kit logger belongs to (buildFastify binds `service` on every line): metrics of the
 * relay and consumers are labelled with it without every caller naming it again. In `npm start`
 * one process runs every service, so it can't be a process-wide label.
 */
export function serviceOf(log: FastifyBaseLogger): string {
  const bindings = (log as { bindings?: () => Record<string, unknown> }).bindings?.();
  return typeof bindings?.service === 'string' ? bindings.service : 'unknown';
}

/** Backlog and oldest age of a service's outbox in one query (the `outbox_pending` partial index). */
export function outboxStatsOf(db: Kysely<any>): () => Promise<OutboxStats> {
  return async () => {
    const { rows } = await sql<{ n: string | number; age: string | number | null }>`
      select count(*) as n, extract(epoch from now() - min(created_at)) as age from outbox where published_at is null and dead_at is null`.execute(db as Kysely<KitTables>);
    const row = rows[0];
    return { backlog: Number(row?.n ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
  };
}

/**
 * Times one delivery of an event (inbox transaction included): `ok` when the handler ran,
 * `skipped` when the inbox already had it, `failed` (and counted) when it threw.
 */
export async function timeHandler(labels: { service: string; durable: string; type: string }, work: Promise<boolean>): Promise<boolean> {
  const stop = eventHandlerDuration.startTimer(labels);
  try {
    const handled = await work;
    stop({ outcome: handled ? 'ok' : 'skipped' });
    return handled;
  } catch (err) {
    stop({ outcome: 'failed' });
    eventHandlerFailures.inc(labels);
    throw err;
  }
}

/** Lag and dead-letter depth of a durable consumer, read at scrape time. */
export function trackSubscription(opts: { bus: EventBus; log: FastifyBaseLogger; durable: string }, subscription: Subscription): void {
  trackConsumer({
    service: serviceOf(opts.log),
    durable: opts.durable,
    pending: () => subscription.pending(),
    deadLetters: async () => (await opts.bus.deadLetters(opts.durable)).length,
  });
}
