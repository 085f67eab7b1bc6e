import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { enqueueEvent } from '@brokerwise/service-kit';
import { videoUploaded } from '../../events/publish.ts';
import { insertImage, type ImageRow } from '../../store/image.store.ts';
import { queueVariantJob } from '../../store/variant-job.store.ts';
import { findVideo, insertVideo, type VideoRow } from '../../store/video.store.ts';
import { UUID, type MediaContext, type RequestMeta } from '../context.ts';
import { imageInvalid, megabytes, videoInvalid, videoNotFound } from '../errors.ts';
import { processImage, type ImageVariant } from './image.ts';
import { TooLarge, receiveToBuffer, receiveToFile, scratchDir } from './receive.ts';
import { checkVideo } from './video.ts';

export const videoSourceKey = (id: string): string => `videos/${id}/original.mp4`;
/** The single mp4 of videos made before HLS (still played and deleted as before). */
export const videoPlaybackKey = (id: string): string => `videos/${id}/playback.mp4`;
/** A video's HLS files (`master.m3u8`, per rendition a playlist, an init segment and segments). */
export const videoHlsKey = (id: string, file: string): string => `videos/${id}/hls/${file}`;
export const HLS_MASTER = 'master.m3u8';
export const videoPosterKey = (id: string): string => `videos/${id}/poster.jpg`;
export const imageKey = (id: string, variant: ImageVariant): string => `images/${id}/${variant}.webp`;

/**
 * Receives a video (streamed to a per-upload temporary file, never more than the limit),
 * checks it by content (domain/uploads/video.ts), stores the original under a new id, and
 * writes the `video` row (processing) with `media.video.uploaded` in one transaction: a worker
 * transcodes it next. Anything refused leaves nothing behind: no temporary file, object or row.
 */
export async function uploadVideo(ctx: Pick<MediaContext, 'db' | 'objects' | 'now' | 'limits' | 'ffmpeg'>, ownerId: string, body: Readable, meta: RequestMeta = {}): Promise<VideoRow> {
  const scratch = await scratchDir(ctx.ffmpeg.tmpDir, 'upload');
  try {
    const file = path.join(scratch.dir, 'upload');
    let size: number;
    try {
      size = await receiveToFile(body, file, ctx.limits.videoMaxBytes);
    } catch (err) {
      if (err instanceof TooLarge) throw videoInvalid('too_large', { max: ctx.limits.videoMaxBytes, maxMb: megabytes(ctx.limits.videoMaxBytes) });
      throw err;
    }
    const probed = await checkVideo(file, size, ctx.limits, ctx.ffmpeg);
    const id = randomUUID();
    const key = videoSourceKey(id);
    await ctx.objects.put(key, await readFile(file), 'video/mp4');
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const row = await insertVideo(trx, {
          id,
          ownerId,
          sourceKey: key,
          sizeBytes: size,
          durationSeconds: probed.durationSeconds,
          width: probed.width,
          height: probed.height,
          now: ctx.now(),
        });
        await enqueueEvent(trx, videoUploaded(row, meta.correlationId));
        return row;
      });
    } catch (err) {
      await ctx.objects.delete(key).catch(() => undefined);
      throw err;
    }
  } finally {
    await scratch.remove();
  }
}

/** The owner's video (its processing state); 404 for anyone else's. */
export async function videoOf(ctx: Pick<MediaContext, 'db'>, id: string, ownerId: string): Promise<VideoRow> {
  const row = UUID.test(id) ? await findVideo(ctx.db, id) : undefined;
  if (!row || row.owner_id !== ownerId) throw videoNotFound();
  return row;
}

/**
 * Receives an image (at most the limit, in memory), re-encodes it (domain/uploads/image.ts)
 * and stores its three WebP variants under a new id, then the `image` row with the job that
 * makes the cover's responsive sizes (ADR 033), in one transaction: the worker runs it after the
 * answer, and again after a restart. Refused or failed: nothing stored.
 */
export async function uploadImage(ctx: Pick<MediaContext, 'db' | 'objects' | 'now' | 'limits'>, ownerId: string, body: Readable | Buffer): Promise<ImageRow> {
  let input: Buffer;
  try {
    input = await receiveToBuffer(body, ctx.limits.imageMaxBytes);
  } catch (err) {
    if (err instanceof TooLarge) throw imageInvalid('too_large', { max: ctx.limits.imageMaxBytes, maxMb: megabytes(ctx.limits.imageMaxBytes) });
    throw err;
  }
  const image = await processImage(input, ctx.limits);
  const id = randomUUID();
  const variants = Object.entries(image.variants) as [ImageVariant, Buffer][];
  const stored: string[] = [];
  try {
    for (const [variant, bytes] of variants) {
      const key = imageKey(id, variant);
      await ctx.objects.put(key, bytes, 'image/webp');
      stored.push(key);
    }
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await insertImage(trx, {
        id,
        ownerId,
        width: image.width,
        height: image.height,
        fullKey: imageKey(id, 'full'),
        coverKey: imageKey(id, 'cover'),
        thumbKey: imageKey(id, 'thumb'),
        bytes: variants.reduce((n, [, b]) => n + b.length, 0),
        now: ctx.now(),
      });
      await queueVariantJob(trx, { key: row.cover_key, imageId: row.id, now: ctx.now() });
      return row;
    });
  } catch (err) {
    await Promise.all(stored.map((k) => ctx.objects.delete(k).catch(() => undefined)));
    throw err;
  }
}
