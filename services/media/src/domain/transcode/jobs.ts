import { createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { postPublished, videoFailed, videoReady } from '../../events/publish.ts';
import { findImages } from '../../store/image.store.ts';
import { claimJob, retryJobLater, settleJob, type JobRow } from '../../store/job.store.ts';
import { findPostByVideo, markPublished } from '../../store/post.store.ts';
import type { MediaTables } from '../../store/types.ts';
import { failVideo, findVideo, finishVideo, type VideoRow } from '../../store/video.store.ts';
import type { Log, MediaContext } from '../context.ts';
import { scratchDir } from '../uploads/receive.ts';
import { videoPlaybackKey, videoPosterKey } from '../uploads/index.ts';
import { MediaToolError, posterFrame, probe, targetSize, transcodeToMp4 } from './ffmpeg.ts';

/** Reasons a video fails for good (copied into `media.video.failed`). */
export type FailureReason = MediaToolError['reason'] | 'no_video_stream' | 'source_missing' | 'transcode_incomplete' | 'internal';

type JobCtx = Pick<MediaContext, 'db' | 'objects' | 'now' | 'ffmpeg'>;

export interface JobOptions {
  maxAttempts: number;
  /** How long a claimed job is the claimer's; past it another worker may take it over. */
  leaseMs: number;
  log: Log;
  /** Called after a transaction enqueued events (pokes the outbox relay). */
  onEvents?: () => void;
}

export type JobOutcome = 'ready' | 'failed' | 'retry' | 'skipped';

/** Delay before retry n (1-based) of a job that failed for a reason other than ffmpeg's. */
export const retryDelayMs = (attempt: number): number => Math.min(5 * 60_000, 5_000 * 2 ** (attempt - 1));

/** Claims one due job and runs it; undefined when none is due. */
export async function runNextJob(ctx: JobCtx, opts: JobOptions): Promise<{ videoId: string; outcome: JobOutcome } | undefined> {
  const job = await claimJob(ctx.db, ctx.now(), opts.leaseMs);
  if (!job) return undefined;
  return { videoId: job.video_id, outcome: await runJob(ctx, job, opts) };
}

/**
 * Transcodes one claimed video outside any transaction, in its own temporary directory:
 * source → H.264/AAC mp4 (≤ 720p, faststart) → poster frame → both stored → the row marked
 * ready with `media.video.ready` (and, for a post waiting on it, `media.post.published`).
 * ffmpeg's own failures (timeout, bad data, output too large) fail the video with
 * `media.video.failed`; other errors (storage, database) retry with backoff, then fail.
 * Guarded by status: a video that is no longer processing (done by another worker, or its post
 * deleted) is skipped, and outputs made meanwhile are removed.
 */
export async function runJob(ctx: JobCtx, job: JobRow, opts: JobOptions): Promise<JobOutcome> {
  const video = await findVideo(ctx.db, job.video_id);
  if (!video || video.status !== 'processing') {
    await settleJob(ctx.db, job.video_id, 'done', ctx.now());
    return 'skipped';
  }
  const scratch = await scratchDir(ctx.ffmpeg.tmpDir, 'transcode');
  const outputs = [videoPlaybackKey(video.id), videoPosterKey(video.id)];
  try {
    const made = await transcode(ctx, video, scratch.dir);
    if (typeof made === 'string') return await fail(ctx, video, made, opts);
    const done = await ctx.db.transaction().execute(async (trx) => {
      const row = await finishVideo(trx, video.id, { ...made, playbackKey: outputs[0]!, posterKey: outputs[1]!, now: ctx.now() });
      await settleJob(trx, video.id, 'done', ctx.now());
      if (!row) return false;
      await enqueueEvent(trx, videoReady(row, undefined));
      await announceWaitingPost(trx, row, ctx.now());
      return true;
    });
    if (!done) {
      await Promise.all(outputs.map((k) => ctx.objects.delete(k).catch(() => undefined)));
      return 'skipped';
    }
    opts.onEvents?.();
    return 'ready';
  } catch (err) {
    await Promise.all(outputs.map((k) => ctx.objects.delete(k).catch(() => undefined)));
    if (err instanceof MediaToolError) return await fail(ctx, video, err.reason, opts, err);
    if (job.attempts >= opts.maxAttempts) return await fail(ctx, video, 'internal', opts, err);
    opts.log.warn({ err, videoId: video.id, attempt: job.attempts }, 'transcode failed; will retry');
    await retryJobLater(ctx.db, video.id, new Date(ctx.now().getTime() + retryDelayMs(job.attempts)), String((err as Error).message ?? err), ctx.now());
    return 'retry';
  } finally {
    await scratch.remove();
  }
}

/** The steps in `dir`; a string is a reason to fail the video for good. */
async function transcode(ctx: JobCtx, video: VideoRow, dir: string): Promise<{ durationSeconds: number; width: number; height: number } | FailureReason> {
  const source = path.join(dir, 'source');
  const found = await ctx.objects.getStream(video.source_key);
  if (!found) return 'source_missing';
  await pipeline(found.stream, createWriteStream(source));

  const input = (await probe(source, ctx.ffmpeg)).result;
  if (!input) return 'no_video_stream';
  const size = targetSize(input.width, input.height);
  const playback = path.join(dir, 'playback.mp4');
  await transcodeToMp4(source, playback, size, input.hasAudio, ctx.ffmpeg);
  // `-fs` stops ffmpeg quietly at the cap: an output that reached it is cut short.
  if ((await stat(playback)).size >= ctx.ffmpeg.maxOutputBytes - 64 * 1024) return 'output_too_large';
  const output = (await probe(playback, ctx.ffmpeg)).result;
  if (!output || !Number.isFinite(output.durationSeconds) || output.durationSeconds < input.durationSeconds * 0.9 - 0.5) return 'transcode_incomplete';

  const poster = path.join(dir, 'poster.jpg');
  await posterFrame(playback, poster, Math.min(1, output.durationSeconds / 3), ctx.ffmpeg);

  await ctx.objects.put(videoPlaybackKey(video.id), await readFile(playback), 'video/mp4');
  await ctx.objects.put(videoPosterKey(video.id), await readFile(poster), 'image/jpeg');
  return { durationSeconds: output.durationSeconds, width: output.width, height: output.height };
}

async function fail(ctx: JobCtx, video: VideoRow, reason: FailureReason, opts: JobOptions, err?: unknown): Promise<JobOutcome> {
  opts.log.warn({ err, videoId: video.id, reason }, 'video failed');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await failVideo(trx, video.id, reason, ctx.now());
    await settleJob(trx, video.id, 'failed', ctx.now(), err === undefined ? reason : String((err as Error).message ?? err).slice(0, 1000));
    if (row) await enqueueEvent(trx, videoFailed(row, undefined));
  });
  opts.onEvents?.();
  return 'failed';
}

/** A video post is announced when its video can be played (its creation only stored it). */
async function announceWaitingPost(trx: Kysely<MediaTables>, video: VideoRow, now: Date): Promise<void> {
  const post = await findPostByVideo(trx, video.id);
  if (!post || post.published_at !== null) return;
  const published = await markPublished(trx, post.id, now);
  if (!published) return;
  const [cover] = await findImages(trx, [published.cover_image_id]);
  if (cover) await enqueueEvent(trx, postPublished(published, cover, false, now, undefined));
}
