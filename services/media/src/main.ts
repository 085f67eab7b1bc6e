import os from 'node:os';
import path from 'node:path';
import { busConfig, createBus, type EventBus } from '@brokerwise/bus';
import { describeTools, mediaTools, type MediaTools } from '@brokerwise/ffmpeg';
import { consumerLagCheck, buildFastify, consumeEvents, OutboxRelay, registerHealth, runServer, pressureOptions, serviceTokenOptions } from '@brokerwise/service-kit';
import { openDatabase, runMigrations, type Database, type Kysely } from '@brokerwise/sql';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import { migrations } from '../migrations/index.ts';
import { mediaApp } from './app.ts';
import { demoSeedEnabled, type MediaConfig } from './config.ts';
import type { Clock, MediaContext } from './domain/context.ts';
import { workerHandlers } from './events/registry.ts';
import { seedDemoPosts, type SeedReport } from './seed/demo.ts';
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
}

export interface StartedMedia {
  port: number;
  close: () => Promise<void>;
  /** The worker's job runner (worker and all roles). */
  runner?: WorkerRunner;
  /** Demo mode: settles when the demo posts are in (their videos may still be transcoding). */
  seeded?: Promise<SeedReport | undefined>;
  /** The ffmpeg/ffprobe in use; absent when none is usable (uploads and demo videos then fail). */
  tools?: MediaTools;
}

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
 * Boots media in its ROLE: infrastructure → migrations → Fastify (the API, or only health for a
 * worker) → outbox relay → (worker) the media.video.uploaded consumer and the job runner →
 * (demo mode, API) the demo posts, in the background.
 */
export async function startMedia(config: MediaConfig, shared: Shared = {}): Promise<StartedMedia> {
  const database =
    shared.database ?? (await openDatabase<MediaTables>({ schema: 'media', url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite', 'media') }));
  if (config.MIGRATE_ON_START) await runMigrations(database, migrations);
  const bus = shared.bus ?? (await createBus(busConfig(config, `media-${config.ROLE}`)));
  const objects =
    shared.objects ?? (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const api = config.ROLE !== 'worker';
  const worker = config.ROLE !== 'api';

  const app = buildFastify({ service: worker && !api ? 'media-worker' : 'media', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true, pressure: pressureOptions(config), serviceToken: serviceTokenOptions(config, 'media') });
  const db = database.db as Kysely<MediaTables>;
  const relay = new OutboxRelay({ db, bus, log: app.log, maxAttempts: config.OUTBOX_MAX_ATTEMPTS });
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

  const health = registerHealth(app, [
    { name: 'database', check: database.ping },
    { name: 'bus', check: () => bus.ping(), whenFailing: 'degraded' },
    { name: 'objects', check: () => objects.ping(), whenFailing: 'degraded' },
  ]);
  if (api) await app.register(mediaApp, { ...ctx, relay });

  relay.start();
  let runner: WorkerRunner | undefined;
  const subscriptions = [];
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
    subscriptions.push(await consumeEvents({ bus, db, log: app.log, settings: config, durable: 'media-transcode', handlers: workerHandlers(ctx.now, () => r.poke()) }));
    r.start();
  }

  health.add(consumerLagCheck(subscriptions, config.EVENTS_MAX_PENDING));

  const server = await runServer(app, {
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    closers: [
      ...subscriptions.map((s) => () => s.drain()),
      ...(runner ? [() => runner.stop()] : []),
      () => relay.stop(),
      ...(shared.bus ? [] : [() => bus.close()]),
      ...(shared.database ? [] : [() => database.close()]),
    ],
  });
  const seeded =
    api && demoSeedEnabled(config)
      ? seedDemoPosts({ ...ctx, relay, log: app.log }).catch((err: unknown) => {
          app.log.warn({ err }, 'demo posts not seeded');
          return undefined;
        })
      : undefined;
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : config.PORT,
    close: async () => {
      await seeded;
      await server.close();
    },
    ...(runner ? { runner } : {}),
    ...(seeded ? { seeded } : {}),
    ...(tools ? { tools } : {}),
  };
}
