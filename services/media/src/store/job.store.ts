import { type Kysely, type Selectable } from '@brokerwise/sql';
import { claimDue } from '@brokerwise/service-kit';
import type { MediaTables } from './types.ts';

type Db = Kysely<MediaTables>;
export type JobRow = Selectable<MediaTables['transcode_job']>;

/** Queues the transcode of a video once (a redelivered event adds nothing). */
export async function queueJob(db: Db, videoId: string, now: Date): Promise<void> {
  await db
    .insertInto('transcode_job')
    .values({ video_id: videoId, state: 'queued', available_at: now, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('video_id').doNothing())
    .execute();
}

/**
 * Takes the oldest job that is due, or whose worker's lease ran out (it crashed), for `leaseMs`.
 * SKIP LOCKED: several workers never take the same job.
 */
export const claimJob = (db: Db, now: Date, leaseMs: number): Promise<JobRow | undefined> => claimDue<JobRow>(db, 'transcode_job', 'video_id', now, leaseMs);

export async function settleJob(db: Db, videoId: string, state: 'done' | 'failed', now: Date, error: string | null = null): Promise<void> {
  await db.updateTable('transcode_job').set({ state, lease_until: null, last_error: error, updated_at: now }).where('video_id', '=', videoId).execute();
}

export async function retryJobLater(db: Db, videoId: string, at: Date, error: string, now: Date): Promise<void> {
  await db.updateTable('transcode_job').set({ state: 'queued', lease_until: null, available_at: at, last_error: error.slice(0, 1000), updated_at: now }).where('video_id', '=', videoId).execute();
}

export async function findJob(db: Db, videoId: string): Promise<JobRow | undefined> {
  return db.selectFrom('transcode_job').selectAll().where('video_id', '=', videoId).executeTakeFirst();
}

/** Jobs waiting for a worker (queued, due or retrying later, or running on an expired lease): the metrics' queue length. */
export async function waitingJobCount(db: Db, now: Date): Promise<number> {
  const r = await db
    .selectFrom('transcode_job')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)])]))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
