import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import { claimDue } from './lease-queue.store.ts';
import type { VariantSize } from '@brokerwise/storage';
import type { MediaTables } from './types.ts';

type Db = Kysely<MediaTables>;
export type VariantJobRow = Selectable<MediaTables['image_variant_job']>;

/** Queues the sizes of a cover (`imageId`) or a poster (`videoId`), in the caller's transaction; once per key. */
export async function queueVariantJob(db: Db, j: { key: string; imageId?: string; videoId?: string; now: Date }): Promise<void> {
  await db
    .insertInto('image_variant_job')
    .values({ key: j.key, image_id: j.imageId ?? null, video_id: j.videoId ?? null, state: 'queued', available_at: j.now, created_at: j.now, updated_at: j.now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * The backfill: a job for every cover and every ready video's poster with no recorded sizes
 * (stored before ADR 033's jobs, or whose job failed for good). A finished or failed job is
 * queued again; one waiting or running is left alone. Answers how many were queued.
 */
export async function queueMissingVariantJobs(db: Db, now: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with wanted as (
      select cover_key as key, id as image_id, null::uuid as video_id from image where cover_sizes is null
      union all
      select poster_key, null, id from video where status = 'ready' and poster_key is not null and poster_sizes is null
    ), queued as (
      insert into image_variant_job (key, image_id, video_id, state, attempts, available_at, created_at, updated_at)
      select key, image_id, video_id, 'queued', 0, ${now}, ${now}, ${now} from wanted
      on conflict (key) do update set state = 'queued', attempts = 0, available_at = excluded.available_at, lease_until = null, last_error = null, updated_at = excluded.updated_at
        where image_variant_job.state in ('done', 'failed')
      returning 1
    )
    select count(*)::int as n from queued`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Takes the oldest job that is due, or whose worker's lease ran out (it stopped mid-job), for
 * `leaseMs`. SKIP LOCKED: several workers never take the same job.
 */
export const claimVariantJob = (db: Db, now: Date, leaseMs: number): Promise<VariantJobRow | undefined> => claimDue<VariantJobRow>(db, 'image_variant_job', 'key', now, leaseMs);

/** Ends a job; false when it is gone (its picture was deleted meanwhile). */
export async function settleVariantJob(db: Db, key: string, state: 'done' | 'failed', now: Date, error: string | null = null): Promise<boolean> {
  const r = await db
    .updateTable('image_variant_job')
    .set({ state, lease_until: null, last_error: error === null ? null : error.slice(0, 1000), updated_at: now })
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function retryVariantJobLater(db: Db, key: string, at: Date, error: string, now: Date): Promise<void> {
  await db
    .updateTable('image_variant_job')
    .set({ state: 'queued', lease_until: null, available_at: at, last_error: error.slice(0, 1000), updated_at: now })
    .where('key', '=', key)
    .execute();
}

/** The sizes as made, with the picture the job is for. */
export async function recordSizes(db: Db, job: Pick<VariantJobRow, 'image_id' | 'video_id'>, sizes: readonly VariantSize[]): Promise<void> {
  const json = JSON.stringify(sizes);
  if (job.image_id) await db.updateTable('image').set({ cover_sizes: json }).where('id', '=', job.image_id).execute();
  if (job.video_id) await db.updateTable('video').set({ poster_sizes: json }).where('id', '=', job.video_id).execute();
}

export async function findVariantJob(db: Db, key: string): Promise<VariantJobRow | undefined> {
  return db.selectFrom('image_variant_job').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Jobs waiting for a worker (queued, due or retrying later, or running on an expired lease): the metrics' queue length. */
export async function waitingVariantJobCount(db: Db, now: Date): Promise<number> {
  const r = await db
    .selectFrom('image_variant_job')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)])]))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** How the jobs queued at or after `since` stand (the backfill command waits on it). */
export async function variantJobsSince(db: Db, since: Date): Promise<{ waiting: number; done: number; failed: number }> {
  const { rows } = await sql<{ state: string; n: number }>`select state, count(*)::int as n from image_variant_job where updated_at >= ${since} or state in ('queued', 'running') group by state`.execute(db);
  const n = (s: string) => rows.find((r) => r.state === s)?.n ?? 0;
  return { waiting: n('queued') + n('running'), done: n('done'), failed: n('failed') };
}
