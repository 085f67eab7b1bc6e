import { sql, type Generated, type Kysely } from '@brokerwise/sql';

export type LeaseJobState = 'queued' | 'running' | 'done' | 'failed';

/** The columns of a job table `claimDue` takes jobs from (Kysely table type), besides its key. */
export interface LeaseJobColumns {
  state: LeaseJobState;
  attempts: Generated<number>;
  available_at: Date;
  /** Until when the worker that claimed it (state running) has it. */
  lease_until: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The job queues' one claim (media's transcodes, every service's picture sizes): takes the oldest
 * job of `table` (keyed by `key`) that is due, or whose worker's lease ran out (it stopped
 * mid-job), for `leaseMs`. SKIP LOCKED: several workers never take the same job. The table has
 * the LeaseJobColumns.
 */
export async function claimDue<Row>(db: Kysely<any>, table: string, key: string, now: Date, leaseMs: number): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    update ${sql.table(table)} set state = 'running', attempts = attempts + 1, lease_until = ${new Date(now.getTime() + leaseMs)}, updated_at = ${now}
    where ${sql.ref(key)} = (
      select ${sql.ref(key)} from ${sql.table(table)}
      where (state = 'queued' and available_at <= ${now}) or (state = 'running' and lease_until < ${now})
      order by available_at limit 1 for update skip locked)
    returning *`.execute(db);
  return rows[0];
}
