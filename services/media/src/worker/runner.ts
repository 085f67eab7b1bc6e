import type { FastifyBaseLogger } from 'fastify';
import { mediaTranscodeDuration, mediaTranscodeFailures, mediaTranscodeQueue } from '@brokerwise/metrics';
import { JobSlots } from '@brokerwise/service-kit';
import { ImageSizeWorker, type ImageSizeJobOptions } from '@brokerwise/service-kit/image-sizes';
import type { MediaContext } from '../domain/context.ts';
import { mediaPictures } from '../domain/images/variants.ts';
import { deleteDoomedObjects, moveQueuedObjects } from '../domain/objects.ts';
import { sweepOrphans } from '../domain/orphans.ts';
import { runNextJob, type JobOptions } from '../domain/transcode/jobs.ts';
import { waitingJobCount } from '../store/job.store.ts';
import type { VariantJobRow } from '../store/variant-job.store.ts';

export interface RunnerOptions {
  ctx: Pick<MediaContext, 'db' | 'objects' | 'now' | 'ffmpeg'>;
  log: FastifyBaseLogger;
  concurrency: number;
  maxAttempts: number;
  /** Time limit of one ffmpeg run; a job's lease is a few of those. */
  timeoutSeconds: number;
  orphanTtlMs: number;
  /** Called when a job's transaction enqueued events (the outbox relay). */
  onEvents: () => void;
  pollMs?: number;
  sweepMs?: number;
  /** Responsive-size jobs (ADR 033): attempts and lease; defaults in @brokerwise/service-kit/image-sizes. */
  variantJobs?: Partial<Omit<ImageSizeJobOptions, 'log'>>;
}

/**
 * The worker's loops: `concurrency` transcode slots that claim due jobs (woken by the
 * media.video.uploaded consumer, and polling for retries and expired leases), one slot for the
 * responsive sizes of covers and posters (one picture at a time, so they never take more than a
 * core; polling likewise, woken in-process by `poke`), and an hourly sweep that deletes abandoned
 * uploads and retries failed object deletes.
 */
export class WorkerRunner {
  readonly #o: RunnerOptions;
  readonly #jobOptions: JobOptions;
  readonly #transcodes: JobSlots;
  readonly #pictures: ImageSizeWorker<VariantJobRow>;
  #sweepTimer: NodeJS.Timeout | undefined;
  #sweeping: Promise<void> | undefined;
  #untrackQueue: (() => void) | undefined;

  constructor(o: RunnerOptions) {
    this.#o = o;
    this.#jobOptions = {
      maxAttempts: o.maxAttempts,
      // Transcode + probes + poster, each under the ffmpeg time limit, plus transfers.
      leaseMs: (4 * o.timeoutSeconds + 120) * 1000,
      log: o.log,
      onEvents: o.onEvents,
    };
    this.#transcodes = new JobSlots(o.log, o.pollMs);
    this.#pictures = new ImageSizeWorker({ ctx: o.ctx, owner: mediaPictures, log: o.log, pollMs: o.pollMs, jobs: o.variantJobs });
  }

  start(): void {
    this.#untrackQueue = mediaTranscodeQueue.track(() => waitingJobCount(this.#o.ctx.db, this.#o.ctx.now()));
    this.#transcodes.start(() => this.#transcodeOnce(), this.#o.concurrency);
    this.#pictures.start();
    const sweep = () => {
      this.#sweeping = this.sweep().catch((err: unknown) => this.#o.log.warn({ err }, 'media sweep failed'));
    };
    this.#sweepTimer = setInterval(sweep, this.#o.sweepMs ?? 3600_000);
    this.#sweepTimer.unref();
    sweep();
  }

  /** A job may be due: wake an idle slot. */
  poke(): void {
    this.#transcodes.poke();
    this.#pictures.poke();
  }

  async stop(): Promise<void> {
    this.#untrackQueue?.();
    if (this.#sweepTimer) clearInterval(this.#sweepTimer);
    await Promise.all([this.#transcodes.stop(), this.#pictures.stop()]);
    await this.#sweeping;
  }

  /** Deletes abandoned uploads and objects whose delete failed before; finishes moves of hidden or restored posts' files. */
  async sweep(): Promise<void> {
    await sweepOrphans(this.#o.ctx, new Date(this.#o.ctx.now().getTime() - this.#o.orphanTtlMs));
    await deleteDoomedObjects(this.#o.ctx, this.#o.log);
    await moveQueuedObjects(this.#o.ctx, this.#o.log);
  }

  /** Runs one due transcode; false when none was due. */
  async #transcodeOnce(): Promise<boolean> {
    const started = performance.now();
    const result = await runNextJob(this.#o.ctx, this.#jobOptions);
    if (!result) return false;
    if (result.outcome !== 'skipped') mediaTranscodeDuration.observe({ outcome: result.outcome }, (performance.now() - started) / 1000);
    if (result.outcome === 'failed' || result.outcome === 'retry') mediaTranscodeFailures.inc();
    if (result.outcome === 'ready') this.#pictures.poke(); // its poster's sizes are due
    this.#o.log.info({ videoId: result.videoId, outcome: result.outcome }, 'transcode job finished');
    return true;
  }
}
