import { sql, type Kysely } from '@brokerwise/sql';
import type { MediaTables } from './types.ts';

/**
 * The job queues' one claim (transcodes, picture sizes): takes the oldest job that is due, or
 * whose worker's lease ran out (it stopped mid-job), for `leaseMs`. SKIP LOCKED: several workers
 * never take the same job.
 */
export async function claimDue<Row>(db: Kysely<MediaTables>, table: 'transcode_job' | 'image_variant_job', key: 'video_id' | 'key', now: Date, leaseMs: number): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    update ${sql.table(table)} set state = 'running', attempts = attempts + 1, lease_until = ${new Date(now.getTime() + leaseMs)}, updated_at = ${now}
    where ${sql.ref(key)} = (
      select ${sql.ref(key)} from ${sql.table(table)}
      where (state = 'queued' and available_at <= ${now}) or (state = 'running' and lease_until < ${now})
      order by available_at limit 1 for update skip locked)
    returning *`.execute(db);
  return rows[0];
}
