import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import { allVariantKeys } from '@brokerwise/storage';
import type { MediaTables, VideoStatus } from './types.ts';

type Db = Kysely<MediaTables>;
export type VideoRow = Selectable<MediaTables['video']>;

export async function insertVideo(
  db: Db,
  v: { id: string; ownerId: string; sourceKey: string; sizeBytes: number; durationSeconds: number; width: number; height: number; now: Date },
): Promise<VideoRow> {
  return db
    .insertInto('video')
    .values({
      id: v.id,
      owner_id: v.ownerId,
      status: 'processing',
      source_key: v.sourceKey,
      size_bytes: v.sizeBytes,
      duration_seconds: v.durationSeconds,
      width: v.width,
      height: v.height,
      created_at: v.now,
      updated_at: v.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findVideo(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<VideoRow | undefined> {
  let q = db.selectFrom('video').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The worker's result, applied only while the video is still processing (a redelivery, or a deleted post, changes nothing). */
export async function finishVideo(
  db: Db,
  id: string,
  r: { playbackKey: string; posterKey: string; hlsKeys: string[]; durationSeconds: number; width: number; height: number; now: Date },
): Promise<VideoRow | undefined> {
  return db
    .updateTable('video')
    .set({ status: 'ready', playback_key: r.playbackKey, poster_key: r.posterKey, hls_keys: r.hlsKeys, progress: 100, duration_seconds: r.durationSeconds, width: r.width, height: r.height, failure_reason: null, updated_at: r.now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

/** The worker's progress (0–100) of a video still processing; it only moves forward within a run. */
export async function recordProgress(db: Db, id: string, percent: number): Promise<void> {
  const p = Math.max(0, Math.min(99, Math.floor(percent)));
  await db.updateTable('video').set({ progress: p }).where('id', '=', id).where('status', '=', 'processing').where('progress', '<', p).execute();
}

/** A run that will be retried starts its progress again. */
export async function resetProgress(db: Db, id: string): Promise<void> {
  await db.updateTable('video').set({ progress: 0 }).where('id', '=', id).where('status', '=', 'processing').execute();
}

export async function failVideo(db: Db, id: string, reason: string, now: Date): Promise<VideoRow | undefined> {
  return db
    .updateTable('video')
    .set({ status: 'failed' satisfies VideoStatus, failure_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a video and its poster's size job, the job first (the lock order of `deleteImages`). */
export async function deleteVideo(db: Db, id: string): Promise<void> {
  await db.deleteFrom('image_variant_job').where('video_id', '=', id).execute();
  await db.deleteFrom('video').where('id', '=', id).execute();
}

/** Videos no post uses, uploaded before `before` (abandoned uploads). */
export async function orphanVideos(db: Db, before: Date, limit: number): Promise<VideoRow[]> {
  return db
    .selectFrom('video')
    .selectAll()
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('post').select(sql`1`.as('x')).whereRef('post.video_id', '=', 'video.id'))))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Every stored object of a video: the original, the poster (and its responsive variants, ADR 033) and the mp4 (older videos) or the HLS files. */
export const videoKeys = (v: Pick<VideoRow, 'source_key' | 'playback_key' | 'poster_key' | 'hls_keys'>): string[] => [
  ...new Set(
    [v.source_key, v.playback_key, v.poster_key, ...(v.poster_key ? allVariantKeys(v.poster_key, 'photo') : []), ...(v.hls_keys ?? [])].filter((k): k is string => typeof k === 'string'),
  ),
];
