import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { postPublished, videoFailed, videoReady } from '../../events/publish.ts';
import { findImages } from '../../store/image.store.ts';
import { claimJob, retryJobLater, settleJob, type JobRow } from '../../store/job.store.ts';
import { findPostByVideo, markPublished } from '../../store/post.store.ts';
import type { MediaTables } from '../../store/types.ts';
import { queueVariantJob } from '../../store/variant-job.store.ts';
import { failVideo, findVideo, finishVideo, recordProgress, resetProgress, type VideoRow } from '../../store/video.store.ts';
import type { Log, MediaContext } from '../context.ts';
import { scratchDir } from '../uploads/receive.ts';
import { HLS_MASTER, videoHlsKey, videoPosterKey } from '../uploads/index.ts';
import { masterPlaylist, MediaToolError, parseMediaPlaylist, posterFrame, probe, renditionLadder, transcodeToHls, type Rendition } from './ffmpeg.ts';

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
 * source → H.264/AAC HLS renditions (360p and 720p, never enlarged; ADR 032) with a master
 * playlist → poster frame → all stored (progress recorded on the row meanwhile) → the row marked
 * ready with `media.video.ready` and the job that makes the poster's responsive sizes (and, for a post waiting on it, `media.post.published`).
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
  // Every key this run stores, so a failed or superseded run removes what it wrote.
  const outputs: string[] = [];
  try {
    const made = await transcode(ctx, video, scratch.dir, outputs, opts.log);
    // The scratch files go before the outcome is recorded (here and on error): whoever sees the
    // video ready or failed finds none of them.
    await scratch.remove();
    if (typeof made === 'string') return await fail(ctx, video, made, opts);
    const done = await ctx.db.transaction().execute(async (trx) => {
      const row = await finishVideo(trx, video.id, { ...made, now: ctx.now() });
      await settleJob(trx, video.id, 'done', ctx.now());
      if (!row) return false;
      // The poster's AVIF/WebP sizes (ADR 033): the next job of this worker's picture slot.
      await queueVariantJob(trx, { key: made.posterKey, videoId: row.id, now: ctx.now() });
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
    await scratch.remove();
    await Promise.all(outputs.map((k) => ctx.objects.delete(k).catch(() => undefined)));
    if (err instanceof MediaToolError) return await fail(ctx, video, err.reason, opts, err);
    if (job.attempts >= opts.maxAttempts) return await fail(ctx, video, 'internal', opts, err);
    opts.log.warn({ err, videoId: video.id, attempt: job.attempts }, 'transcode failed; will retry');
    await resetProgress(ctx.db, video.id);
    await retryJobLater(ctx.db, video.id, new Date(ctx.now().getTime() + retryDelayMs(job.attempts)), String((err as Error).message ?? err), ctx.now());
    return 'retry';
  } finally {
    await scratch.remove();
  }
}

/** Content types of the HLS files the gateway's /media/ serves. */
const HLS_TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', m4s: 'video/mp4', mp4: 'video/mp4' };

/** Share of the progress bar the encode takes; the rest is the poster and storing the files. */
const ENCODE_SHARE = 90;

/**
 * Writes the worker's progress to the row at most every 500 ms (and on every new 10 %), in
 * order, never failing the job (the figure is only shown to the creator).
 */
function progressWriter(ctx: JobCtx, videoId: string, log: Log): { set(percent: number): void; flush(): Promise<void> } {
  let written = 0;
  let lastAt = 0;
  let chain: Promise<void> = Promise.resolve();
  const write = (p: number) => {
    written = p;
    lastAt = performance.now();
    chain = chain.then(() => recordProgress(ctx.db, videoId, p)).catch((err: unknown) => log.warn({ err, videoId }, 'progress not recorded'));
  };
  return {
    set(percent) {
      const p = Math.floor(percent);
      if (p <= written) return;
      if (performance.now() - lastAt >= 500 || Math.floor(p / 10) > Math.floor(written / 10)) write(p);
    },
    flush: () => chain,
  };
}

/** The steps in `dir`; a string is a reason to fail the video for good. Stored keys are pushed to `outputs`. */
async function transcode(
  ctx: JobCtx,
  video: VideoRow,
  dir: string,
  outputs: string[],
  log: Log,
): Promise<{ playbackKey: string; posterKey: string; hlsKeys: string[]; durationSeconds: number; width: number; height: number } | FailureReason> {
  const source = path.join(dir, 'source');
  const found = await ctx.objects.getStream(video.source_key);
  if (!found) return 'source_missing';
  await pipeline(found.stream, createWriteStream(source));

  const input = (await probe(source, ctx.ffmpeg)).result;
  if (!input) return 'no_video_stream';
  const renditions = renditionLadder(input.width, input.height);
  const hls = path.join(dir, 'hls');
  await mkdir(hls);
  const progress = progressWriter(ctx, video.id, log);
  await transcodeToHls(source, hls, renditions, input, ctx.ffmpeg, (ratio) => progress.set(ratio * ENCODE_SHARE));

  // Each rendition's playlist as ffmpeg wrote it: complete, as long as the source, files present.
  const variants: { rendition: Rendition; peakBps: number; averageBps: number; uri: string }[] = [];
  const files: string[] = [];
  let totalBytes = 0;
  let seconds = Number.POSITIVE_INFINITY;
  for (const rendition of renditions) {
    const name = `${rendition.name}.m3u8`;
    const list = parseMediaPlaylist(await readFile(path.join(hls, name), 'utf8'));
    if (!list.ended || list.segments.length === 0 || !list.init) return 'transcode_incomplete';
    let bytes = (await stat(path.join(hls, list.init))).size;
    let peak = 0;
    for (const segment of list.segments) {
      const size = (await stat(path.join(hls, segment.uri))).size;
      bytes += size;
      if (segment.seconds > 0.5) peak = Math.max(peak, (size * 8) / segment.seconds);
    }
    const length = list.segments.reduce((sum, s) => sum + s.seconds, 0);
    seconds = Math.min(seconds, length);
    totalBytes += bytes;
    // A short last segment alone may not say the peak: at least the average.
    variants.push({ rendition, peakBps: Math.max(peak, (bytes * 8) / length), averageBps: (bytes * 8) / length, uri: name });
    files.push(name, list.init, ...list.segments.map((s) => s.uri));
  }
  if (totalBytes >= ctx.ffmpeg.maxOutputBytes) return 'output_too_large';
  if (!Number.isFinite(seconds) || seconds < input.durationSeconds * 0.9 - 0.5) return 'transcode_incomplete';
  await writeFile(path.join(hls, HLS_MASTER), masterPlaylist(variants, input.hasAudio));
  files.unshift(HLS_MASTER);

  // The poster from the source, at the size of the largest rendition.
  const top = renditions[renditions.length - 1]!;
  const poster = path.join(dir, 'poster.jpg');
  await posterFrame(source, poster, Math.min(1, seconds / 3), ctx.ffmpeg, top);
  progress.set(ENCODE_SHARE + 2);
  await progress.flush();

  const posterKey = videoPosterKey(video.id);
  outputs.push(posterKey);
  await ctx.objects.put(posterKey, await readFile(poster), 'image/jpeg');
  // The master last: a playlist is never stored before the files it lists.
  const ordered = [...files.slice(1), HLS_MASTER];
  for (const [i, file] of ordered.entries()) {
    const key = videoHlsKey(video.id, file);
    outputs.push(key);
    await ctx.objects.put(key, await readFile(path.join(hls, file)), HLS_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream');
    progress.set(ENCODE_SHARE + 2 + (7 * (i + 1)) / ordered.length);
  }
  await progress.flush();
  return {
    playbackKey: videoHlsKey(video.id, HLS_MASTER),
    posterKey,
    hlsKeys: outputs.filter((k) => k !== posterKey),
    durationSeconds: seconds,
    width: top.width,
    height: top.height,
  };
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
