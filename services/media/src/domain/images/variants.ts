import { allVariantKeys } from '@brokerwise/storage';
import { ensureResponsiveVariants } from '@brokerwise/storage/images';
import { claimVariantJob, recordSizes, retryVariantJobLater, settleVariantJob, type VariantJobRow } from '../../store/variant-job.store.ts';
import type { Log, MediaContext } from '../context.ts';

type JobCtx = Pick<MediaContext, 'db' | 'objects' | 'now'>;

export interface VariantJobOptions {
  log: Log;
  /** Runs before giving up: the picture is then served as its original (the backfill queues it again). */
  maxAttempts: number;
  /** A claimed job is the claimer's this long; past it another worker (or this one, restarted) takes it over. */
  leaseMs: number;
}

/** Eight encodes of a 1280 px picture take about a second; a minute covers a busy machine. */
export const VARIANT_JOB_DEFAULTS = { maxAttempts: 6, leaseMs: 60_000 } as const;

/** Delay before retry n (1-based): 2 s, 8 s, 32 s, about 2 min, then 8½ and at most 10 min. */
export const variantRetryDelayMs = (attempt: number): number => Math.min(10 * 60_000, 2_000 * 4 ** (attempt - 1));

/** done · gone (the picture was deleted or hidden meanwhile: nothing left of the run) · retry · failed (gave up). */
export type VariantOutcome = 'done' | 'gone' | 'retry' | 'failed';

/** Claims one due job and runs it; undefined when none is due. */
export async function runNextVariantJob(ctx: JobCtx, opts: VariantJobOptions): Promise<{ key: string; outcome: VariantOutcome } | undefined> {
  const job = await claimVariantJob(ctx.db, ctx.now(), opts.leaseMs);
  if (!job) return undefined;
  return { key: job.key, outcome: await runVariantJob(ctx, job, opts) };
}

/**
 * Makes the AVIF and WebP sizes of a stored cover or poster (ADR 033) and records their real
 * pixels with it. The job was written with the picture, so a process that stops before or during
 * the run leaves it queued or leased, and the next worker runs it (again: the step is idempotent,
 * the same keys with the same pixels). Until it is done, and if it fails for good, the gateway
 * serves the original under the sizes' names. A picture deleted or hidden meanwhile keeps none of
 * what the run stored.
 */
export async function runVariantJob(ctx: JobCtx, job: VariantJobRow, opts: VariantJobOptions): Promise<VariantOutcome> {
  const started = performance.now();
  try {
    const result = await ensureResponsiveVariants(ctx.objects, job.key, 'photo');
    if (!result) {
      await settleVariantJob(ctx.db, job.key, 'done', ctx.now(), 'original gone');
      opts.log.info({ key: job.key }, 'responsive image sizes not made: the original is gone');
      return 'gone';
    }
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      if (!(await settleVariantJob(trx, job.key, 'done', ctx.now()))) return false;
      await recordSizes(trx, job, result.sizes);
      return true;
    });
    // Deleted (the row and its job went, its files were queued for deletion before these existed) or moved under removed/.
    if (!recorded || !(await ctx.objects.head(job.key))) {
      if (result.made > 0) await Promise.all(allVariantKeys(job.key, 'photo').map((k) => ctx.objects.delete(k).catch(() => undefined)));
      opts.log.info({ key: job.key }, 'responsive image sizes dropped: the picture went meanwhile');
      return 'gone';
    }
    opts.log.info({ key: job.key, made: result.made, ms: Math.round(performance.now() - started) }, 'responsive image sizes stored');
    return 'done';
  } catch (err) {
    const message = String((err as Error).message ?? err);
    if (job.attempts >= opts.maxAttempts) {
      opts.log.error({ err, key: job.key, attempt: job.attempts }, 'responsive image sizes failed for good; the original is served');
      await settleVariantJob(ctx.db, job.key, 'failed', ctx.now(), message);
      return 'failed';
    }
    const at = new Date(ctx.now().getTime() + variantRetryDelayMs(job.attempts));
    opts.log.warn({ err, key: job.key, attempt: job.attempts, retryAt: at.toISOString() }, 'responsive image sizes failed; will retry');
    await retryVariantJobLater(ctx.db, job.key, at, message, ctx.now());
    return 'retry';
  }
}
