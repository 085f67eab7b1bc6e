import os from 'node:os';
import type { EventBus } from '@brokerwise/bus';
import { describeTools, mediaTools, type MediaTools } from '@brokerwise/ffmpeg';
import { startService, type OutboxRelay, type StartedService } from '@brokerwise/service-kit';
import type { Database } from '@brokerwise/sql';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import { migrations } from '../migrations/index.ts';
import { mediaApp } from './app.ts';
import type { MediaConfig } from './config.ts';
import type { Clock, Log, MediaContext } from './domain/context.ts';
import { moveQueuedObjects } from './domain/objects.ts';
import { moderationHandlers, workerHandlers } from './events/registry.ts';
import type { MediaTables } from './store/types.ts';
import { WorkerRunner } from './worker/runner.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus and object store. */
  bus?: EventBus;
  objects?: ObjectStore;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain (new-account limits, recommendation decay); tests move it. */
  now?: Clock;
  /** Runs in the background once the API listens: the start script's demo posts (demo/). */
  seed?: (ctx: MediaContext & { relay: OutboxRelay; log: Log }) => Promise<unknown>;
}

export type StartedMedia = StartedService<{
  /** The worker's job runner (worker and all roles). */
  runner?: WorkerRunner;
  /** Demo mode: settles when the demo posts are in (their videos may still be transcoding). */
  seeded?: Promise<unknown>;
  /** The ffmpeg/ffprobe in use; absent when none is usable (uploads and demo videos then fail). */
  tools?: MediaTools;
}>;

/** The domain's context from the config: limits, ffmpeg settings (binaries as resolved), infrastructure. */
export function mediaContext(config: MediaConfig, infra: Pick<MediaContext, 'db' | 'objects' | 'now'>, tools: MediaTools | undefined): MediaContext {
  return {
    ...infra,
    limits: {
      videoMaxBytes: config.VIDEO_MAX_BYTES,
      videoMinSeconds: config.VIDEO_MIN_SECONDS,
      videoMaxSeconds: config.VIDEO_MAX_SECONDS,
      videoMaxSide: config.VIDEO_MAX_SIDE,
      imageMaxBytes: config.IMAGE_MAX_BYTES,
      imageMaxPixels: config.IMAGE_MAX_PIXELS,
      newAccountCommentsPerMinute: config.NEW_ACCOUNT_COMMENTS_PER_MINUTE,
      newAccountPostsPerDay: config.NEW_ACCOUNT_POSTS_PER_DAY,
    },
    ffmpeg: {
      ffmpegPath: tools?.ffmpeg.path ?? config.FFMPEG_PATH ?? 'ffmpeg',
      ffprobePath: tools?.ffprobe.path ?? config.FFPROBE_PATH ?? 'ffprobe',
      timeoutSeconds: config.TRANSCODE_TIMEOUT_SECONDS,
      maxOutputBytes: config.TRANSCODE_MAX_OUTPUT_BYTES,
      tmpDir: config.TMP_DIR || os.tmpdir(),
    },
  };
}

/**
 * Boots media in its ROLE: the ffmpeg tools → the API (or only the probes for a worker) → (worker)
 * the media.video.uploaded consumer and the job runner → (demo mode, API) the demo posts, in the
 * background once it listens.
 */
export async function startMedia(config: MediaConfig, shared: Shared = {}): Promise<StartedMedia> {
  const objects =
    shared.objects ?? (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const started = await startService<MediaTables, { ctx: MediaContext; relay: OutboxRelay; runner?: WorkerRunner; tools?: MediaTools }>({
    name: config.ROLE === 'worker' ? 'media-worker' : 'media',
    config,
    role: config.ROLE,
    serviceToken: 'media',
    database: { schema: 'media', migrations, shared: shared.database },
    bus: { name: `media-${config.ROLE}`, shared: shared.bus },
    resources: [{ name: 'objects', check: () => objects.ping(), whenFailing: 'degraded' }],
    setup: async ({ app, db, relay, worker, routes, consume, background }) => {
      // Which ffmpeg/ffprobe (PATH or the npm build), said once at start. Without any, uploads and
      // the demo videos fail with the reason; the rest of the service works.
      const tools = await mediaTools({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH }).then(
        (t) => {
          app.log.info({ ffmpeg: t.ffmpeg, ffprobe: t.ffprobe }, `media tools: ${describeTools(t)}`);
          return t;
        },
        (err: unknown) => {
          app.log.warn({ err }, 'no usable ffmpeg/ffprobe: video uploads and demo videos will fail');
          return undefined;
        },
      );
      const ctx = mediaContext(config, { db, objects, now: shared.now ?? (() => new Date()) }, tools);
      let runner: WorkerRunner | undefined;
      await routes(mediaApp, { ...ctx, relay, pokeWorker: () => runner?.poke() });
      if (worker) {
        const r = new WorkerRunner({
          ctx,
          log: app.log,
          concurrency: config.TRANSCODE_CONCURRENCY,
          maxAttempts: config.TRANSCODE_MAX_ATTEMPTS,
          timeoutSeconds: config.TRANSCODE_TIMEOUT_SECONDS,
          orphanTtlMs: config.ORPHAN_TTL_HOURS * 3600_000,
          onEvents: () => relay.poke(),
        });
        runner = r;
        consume({ durable: 'media-transcode', handlers: workerHandlers(ctx.now, () => r.poke()) });
        // A restore's files move back right after its commit (a failed move is retried by the sweep).
        consume({ durable: 'media-moderation', handlers: moderationHandlers(ctx.now), afterCommit: () => void moveQueuedObjects(ctx, app.log) });
        background(r);
      }
      return { ctx, relay, ...(runner ? { runner } : {}), ...(tools ? { tools } : {}) };
    },
  });
  const { ctx, relay, ...handle } = started;
  const seeded =
    config.ROLE !== 'worker' && shared.seed
      ? shared.seed({ ...ctx, relay, log: started.app.log }).catch((err: unknown) => {
          started.app.log.warn({ err }, 'demo posts not seeded');
          return undefined;
        })
      : undefined;
  return {
    ...handle,
    close: async () => {
      await seeded;
      await started.close();
    },
    ...(seeded ? { seeded } : {}),
  };
}
