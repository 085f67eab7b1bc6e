import type { FastifyBaseLogger } from 'fastify';
import { mediaImageVariantJobs, mediaImageVariantQueue, mediaTranscodeDuration, mediaTranscodeFailures, mediaTranscodeQueue } from '@brokerwise/metrics';
import type { MediaContext } from '../domain/context.ts';
import { VARIANT_JOB_DEFAULTS, runNextVariantJob, type VariantJobOptions } from '../domain/images/variants.ts';
import { deleteDoomedObjects, moveQueuedObjects } from '../domain/objects.ts';
import { sweepOrphans } from '../domain/orphans.ts';
import { runNextJob, type JobOptions } from '../domain/transcode/jobs.ts';
import { waitingJobCount } from '../store/job.store.ts';
import { waitingVariantJobCount } from '../store/variant-job.store.ts';

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
  /** Responsive-size jobs (ADR 033): attempts and lease; defaults in domain/images/variants.ts. */
  variantJobs?: Partial<Omit<VariantJobOptions, 'log'>>;
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
  readonly #variantOptions: VariantJobOptions;
  #stopped = true;
  readonly #waiters = new Set<() => void>();
  readonly #slots: Promise<void>[] = [];
  #sweepTimer: NodeJS.Timeout | undefined;
  #sweeping: Promise<void> | undefined;
  #untrackQueues: (() => void)[] = [];

  constructor(o: RunnerOptions) {
    this.#o = o;
    this.#jobOptions = {
      maxAttempts: o.maxAttempts,
      // Transcode + probes + poster, each under the ffmpeg time limit, plus transfers.
      leaseMs: (4 * o.timeoutSeconds + 120) * 1000,
      log: o.log,
      onEvents: o.onEvents,
    };
    this.#variantOptions = { ...VARIANT_JOB_DEFAULTS, ...o.variantJobs, log: o.log };
  }

  start(): void {
    this.#stopped = false;
    this.#untrackQueues = [
      mediaTranscodeQueue.track(() => waitingJobCount(this.#o.ctx.db, this.#o.ctx.now())),
      mediaImageVariantQueue.track(() => waitingVariantJobCount(this.#o.ctx.db, this.#o.ctx.now())),
    ];
    for (let i = 0; i < this.#o.concurrency; i++) this.#slots.push(this.#slot(() => this.#transcodeOnce()));
    this.#slots.push(this.#slot(() => this.#variantsOnce()));
    const sweep = () => {
      this.#sweeping = this.sweep().catch((err: unknown) => this.#o.log.warn({ err }, 'media sweep failed'));
    };
    this.#sweepTimer = setInterval(sweep, this.#o.sweepMs ?? 3600_000);
    this.#sweepTimer.unref();
    sweep();
  }

  /** A job may be due: wake an idle slot. */
  poke(): void {
    for (const wake of [...this.#waiters]) wake();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const untrack of this.#untrackQueues) untrack();
    if (this.#sweepTimer) clearInterval(this.#sweepTimer);
    this.poke();
    await Promise.all(this.#slots);
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
    if (result.outcome === 'ready') this.poke(); // its poster's sizes are due
    this.#o.log.info({ videoId: result.videoId, outcome: result.outcome }, 'transcode job finished');
    return true;
  }

  /** Makes one due picture's responsive sizes; false when none was due. */
  async #variantsOnce(): Promise<boolean> {
    const result = await runNextVariantJob(this.#o.ctx, this.#variantOptions);
    if (!result) return false;
    mediaImageVariantJobs.inc({ outcome: result.outcome });
    return true;
  }

  async #slot(runOnce: () => Promise<boolean>): Promise<void> {
    while (!this.#stopped) {
      let ran = false;
      try {
        ran = await runOnce();
      } catch (err) {
        this.#o.log.warn({ err }, 'worker slot failed; retrying');
      }
      if (!ran && !this.#stopped) await this.#idle(this.#o.pollMs ?? 1_000);
    }
  }

  #idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
    });
  }
}
