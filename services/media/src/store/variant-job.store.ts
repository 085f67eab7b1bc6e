import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import { findImageSizeJob, queueImageSizeJob, queueImageSizeJobs } from '@brokerwise/service-kit/image-sizes';
import type { VariantSize } from '@brokerwise/storage';
import type { MediaTables } from './types.ts';

type Db = Kysely<MediaTables>;
export type VariantJobRow = Selectable<MediaTables['image_variant_job']>;

/** Queues the sizes of a cover (`imageId`) or a poster (`videoId`), in the caller's transaction; once per key. */
export async function queueVariantJob(db: Db, j: { key: string; imageId?: string; videoId?: string; now: Date }): Promise<void> {
  await queueImageSizeJob(db, { key: j.key, image_id: j.imageId ?? null, video_id: j.videoId ?? null }, j.now);
}

/**
 * The backfill: a job for every cover and every ready video's poster with no recorded sizes
 * (stored before ADR 033's jobs, or whose job failed for good). A finished or failed job is
 * queued again; one waiting or running is left alone. Answers how many were queued.
 */
export async function queueMissingVariantJobs(db: Db, now: Date): Promise<number> {
  const wanted = sql`
    select cover_key as key, id as image_id, null::uuid as video_id from image where cover_sizes is null
    union all
    select poster_key, null, id from video where status = 'ready' and poster_key is not null and poster_sizes is null`;
  return queueImageSizeJobs(db, wanted, ['image_id', 'video_id'], now);
}

/** The sizes as made, with the picture the job is for. */
export async function recordSizes(db: Kysely<MediaTables>, job: Pick<VariantJobRow, 'image_id' | 'video_id'>, sizes: readonly VariantSize[]): Promise<void> {
  const json = JSON.stringify(sizes);
  if (job.image_id) await db.updateTable('image').set({ cover_sizes: json }).where('id', '=', job.image_id).execute();
  if (job.video_id) await db.updateTable('video').set({ poster_sizes: json }).where('id', '=', job.video_id).execute();
}

export const findVariantJob = (db: Db, key: string): Promise<VariantJobRow | undefined> => findImageSizeJob<VariantJobRow>(db, key);
