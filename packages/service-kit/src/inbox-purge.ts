import { sql, type Kysely } from '@brokerwise/sql';
import type { FastifyBaseLogger } from 'fastify';
import type { KitTables } from './migrations.ts';

export interface PurgeInboxOptions {
  /** The durable whose rows are purged (each consumer purges its own). */
  handler: string;
  /** Rows handled before this are deleted. */
  before: Date;
  /** Rows per delete statement, so no statement holds many locks or runs long. Default 1000. */
  batchSize?: number;
}

/**
 * Deletes a handler's inbox rows older than `before`, in small batches. Safe only for rows far
 * older than any redelivery of their event: the retention is well above the bus dedupe window and
 * the longest redelivery. Returns how many rows went.
 */
export async function purgeInbox(db: Kysely<any>, opts: PurgeInboxOptions): Promise<number> {
  const batchSize = opts.batchSize ?? 1000;
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from inbox where (event_id, handler) in (
        select event_id, handler from inbox where handler = ${opts.handler} and processed_at < ${opts.before} limit ${batchSize}
      )`.execute(db as Kysely<KitTables>);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

export interface InboxPurgeSchedule {
  stop(): void;
}

/**
 * Purges a consumer's inbox rows older than `retentionMs` soon after start and then every
 * `everyMs` (default hourly). Failures are logged and tried again at the next run.
 */
export function scheduleInboxPurge(db: Kysely<any>, log: FastifyBaseLogger, opts: { handler: string; retentionMs: number; everyMs?: number; firstAfterMs?: number }): InboxPurgeSchedule {
  const everyMs = opts.everyMs ?? 3600_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    try {
      const deleted = await purgeInbox(db, { handler: opts.handler, before: new Date(Date.now() - opts.retentionMs) });
      if (deleted > 0) log.info({ durable: opts.handler, deleted }, 'inbox rows past their retention purged');
    } catch (err) {
      log.warn({ err, durable: opts.handler }, 'inbox purge failed; trying again later');
    }
    if (!stopped) arm(everyMs);
  };
  const arm = (ms: number) => {
    timer = setTimeout(() => void run(), ms);
    // A pending purge alone must not keep the process alive.
    timer.unref();
  };
  // Not at once: starting processes have better things to do; random so replicas don't line up.
  arm(opts.firstAfterMs ?? 30_000 + Math.floor(Math.random() * 60_000));
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
