/**
 * Responsive picture sizes made by durable jobs (ADR 033), for every service that stores pictures
 * it shows: media (post covers, video posters) and catalogue (company logos, banners). Each keeps
 * an `image_variant_job` table in its own schema (the columns of `ImageSizeJobTable`, plus its
 * own), writes a picture's job in the transaction that stores the picture's row, and runs an
 * ImageSizeWorker: it claims due jobs with a lease (a worker that stops mid-job leaves a lapsed
 * lease, and the next one takes the job over), makes the missing sizes with sharp
 * (`@brokerwise/storage/images`) and records their real pixels through the service's `record`.
 * Services never share the table: each owns its pictures and where their sizes are written.
 *
 * Its own entry point (`@brokerwise/service-kit/image-sizes`): it loads sharp.
 */
import { imageVariantJobs, imageVariantQueue } from '@brokerwise/metrics';
import { sql, type ColumnType, type Kysely, type OnConflictBuilder, type RawBuilder, type Selectable, type Transaction } from '@brokerwise/sql';
import { allVariantKeys, type ObjectStore, type ResponsiveKind, type VariantSize } from '@brokerwise/storage';
import { ensureResponsiveVariants } from '@brokerwise/storage/images';
import { JobSlots } from './job-slots.ts';
import { claimDue, type LeaseJobColumns } from './lease-queue.ts';
import type { BackgroundJob } from './start.ts';

/** The columns every service's `image_variant_job` has: one job per original key. */
export type ImageSizeJobTable = LeaseJobColumns & { key: string };

/** A job as read. */
export type ImageSizeJobRow = Selectable<ImageSizeJobTable>;

/** A picture's responsive sizes as made, jsonb: read as a value, written as JSON text; null until its job ran. */
export type SizesColumn = ColumnType<VariantSize[] | null, string | null | undefined, string | null>;

const TABLE = 'image_variant_job';
type Db = Kysely<any>;
const STATE_AT_QUEUE = { state: 'queued', attempts: 0, lease_until: null, last_error: null } as const;

/** A key already queued keeps its job; one whose job finished (done, or gave up) is queued again. */
const requeueFinished = (oc: OnConflictBuilder<any, any>) =>
  oc
    .column('key')
    .doUpdateSet((eb) => ({ ...STATE_AT_QUEUE, available_at: eb.ref('excluded.available_at'), updated_at: eb.ref('excluded.updated_at') }))
    .where(`${TABLE}.state`, 'in', ['done', 'failed']);

/**
 * Queues the sizes of one picture, in the caller's transaction: `job` is its key and the
 * service's own columns (what it belongs to). A key already waiting or running is left alone;
 * one whose job finished is queued again (a second row showing the same picture records them too).
 */
export async function queueImageSizeJob(db: Db, job: { key: string } & Record<string, unknown>, now: Date): Promise<void> {
  await db
    .insertInto(TABLE)
    .values({ ...job, ...STATE_AT_QUEUE, available_at: now, created_at: now, updated_at: now })
    .onConflict(requeueFinished)
    .execute();
}

/**
 * The backfill: queues a job for every picture `wanted` selects (a query whose columns are `key`
 * and `columns`, the service's own), as `queueImageSizeJob` does each. Answers how many were queued.
 */
export async function queueImageSizeJobs(db: Db, wanted: RawBuilder<unknown>, columns: readonly string[], now: Date): Promise<number> {
  const picked = sql.join(['key', ...columns].map((c) => sql.ref(c)));
  const at = sql`${now}::timestamptz`;
  const r = await db
    .insertInto(TABLE)
    .columns(['key', ...columns, 'state', 'attempts', 'available_at', 'created_at', 'updated_at'])
    .expression(sql`select distinct on (key) ${picked}, 'queued', 0, ${at}, ${at}, ${at} from (${wanted}) as wanted`)
    .onConflict(requeueFinished)
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/** Takes the oldest due job, or one whose worker's lease ran out, for `leaseMs` (SKIP LOCKED). */
export const claimImageSizeJob = <Row extends ImageSizeJobRow>(db: Db, now: Date, leaseMs: number): Promise<Row | undefined> => claimDue<Row>(db, TABLE, 'key', now, leaseMs);

/** Ends a job; false when it is gone (its picture's row went, and the job with it). */
export async function settleImageSizeJob(db: Db, key: string, state: 'done' | 'failed', now: Date, error: string | null = null): Promise<boolean> {
  const r = await db
    .updateTable(TABLE)
    .set({ state, lease_until: null, last_error: error === null ? null : error.slice(0, 1000), updated_at: now })
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function retryImageSizeJobLater(db: Db, key: string, at: Date, error: string, now: Date): Promise<void> {
  await db.updateTable(TABLE).set({ state: 'queued', lease_until: null, available_at: at, last_error: error.slice(0, 1000), updated_at: now }).where('key', '=', key).execute();
}

export async function findImageSizeJob<Row extends ImageSizeJobRow = ImageSizeJobRow>(db: Db, key: string): Promise<Row | undefined> {
  return (await db.selectFrom(TABLE).selectAll().where('key', '=', key).executeTakeFirst()) as Row | undefined;
}

/** Jobs waiting for a worker (queued, due or retrying later, or running on an expired lease): the queue length metric. */
export async function waitingImageSizeJobCount(db: Db, now: Date): Promise<number> {
  const r = await db
    .selectFrom(TABLE)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)])]))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** How the jobs queued at or after `since` stand (the backfill command waits on it). */
export async function imageSizeJobsSince(db: Db, since: Date): Promise<{ waiting: number; done: number; failed: number }> {
  const { rows } = await sql<{ state: string; n: number }>`select state, count(*)::int as n from image_variant_job where updated_at >= ${since} or state in ('queued', 'running') group by state`.execute(db);
  const n = (s: string) => rows.find((r) => r.state === s)?.n ?? 0;
  return { waiting: n('queued') + n('running'), done: n('done'), failed: n('failed') };
}

// ---------------------------------------------------------------- the job

export interface ImageSizeLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ImageSizeJobOptions {
  log: ImageSizeLog;
  /** Runs before giving up: the picture is then served as its original (the backfill queues it again). */
  maxAttempts: number;
  /** A claimed job is the claimer's this long; past it another worker (or this one, restarted) takes it over. */
  leaseMs: number;
}

/** Eight encodes of a 1280 px picture take about a second; a minute covers a busy machine. */
export const IMAGE_SIZE_JOB_DEFAULTS = { maxAttempts: 6, leaseMs: 60_000 } as const;

/** Delay before retry n (1-based): 2 s, 8 s, 32 s, about 2 min, then 8½ and at most 10 min. */
export const imageSizeRetryDelayMs = (attempt: number): number => Math.min(10 * 60_000, 2_000 * 4 ** (attempt - 1));

/** done · gone (the picture was deleted or hidden meanwhile: nothing left of the run) · retry · failed (gave up). */
export type ImageSizeOutcome = 'done' | 'gone' | 'retry' | 'failed';

/** A service's pictures: which sizes a job's picture gets, and where they are recorded. */
export interface ImageSizeOwner<Row extends ImageSizeJobRow = ImageSizeJobRow> {
  /** The `service` label of the metrics. */
  service: string;
  /** Widths of the picture (`logo`: small; `photo`: a column). */
  kindOf(job: Row): ResponsiveKind;
  /** Writes the sizes' real pixels with the picture's row(s), in the transaction that ends the job. */
  record(trx: Transaction<any>, job: Row, sizes: VariantSize[]): Promise<void>;
  /** After a job's sizes were recorded (e.g. to poke the outbox relay for the events `record` wrote). */
  afterRecord?: (() => void) | undefined;
}

export interface ImageSizeCtx {
  db: Kysely<any>;
  objects: ObjectStore;
  now: () => Date;
}

/**
 * Makes the AVIF and WebP sizes of a stored picture and records their real pixels with it. The
 * job was written with the picture, so a process that stops before or during the run leaves it
 * queued or leased, and the next worker runs it (again: the step is idempotent, the same keys
 * with the same pixels; a half-made set is made again). Until it is done, and if it fails for
 * good, pages show the original. A picture deleted or hidden meanwhile keeps none of what the run
 * stored.
 */
export async function runImageSizeJob<Row extends ImageSizeJobRow>(ctx: ImageSizeCtx, owner: ImageSizeOwner<Row>, job: Row, opts: ImageSizeJobOptions): Promise<ImageSizeOutcome> {
  const started = performance.now();
  const kind = owner.kindOf(job);
  try {
    const result = await ensureResponsiveVariants(ctx.objects, job.key, kind);
    if (!result) {
      await settleImageSizeJob(ctx.db, job.key, 'done', ctx.now(), 'original gone');
      opts.log.info({ key: job.key }, 'responsive image sizes not made: the original is gone');
      return 'gone';
    }
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      if (!(await settleImageSizeJob(trx, job.key, 'done', ctx.now()))) return false;
      await owner.record(trx, job, result.sizes);
      return true;
    });
    // Deleted (the row and its job went, its files were queued for deletion before these existed) or moved under removed/.
    if (!recorded || !(await ctx.objects.head(job.key))) {
      if (result.made > 0) await Promise.all(allVariantKeys(job.key, kind).map((k) => ctx.objects.delete(k).catch(() => undefined)));
      opts.log.info({ key: job.key }, 'responsive image sizes dropped: the picture went meanwhile');
      return 'gone';
    }
    owner.afterRecord?.();
    opts.log.info({ key: job.key, made: result.made, ms: Math.round(performance.now() - started) }, 'responsive image sizes stored');
    return 'done';
  } catch (err) {
    const message = String((err as Error).message ?? err);
    if (job.attempts >= opts.maxAttempts) {
      opts.log.error({ err, key: job.key, attempt: job.attempts }, 'responsive image sizes failed for good; the original is served');
      await settleImageSizeJob(ctx.db, job.key, 'failed', ctx.now(), message);
      return 'failed';
    }
    const at = new Date(ctx.now().getTime() + imageSizeRetryDelayMs(job.attempts));
    opts.log.warn({ err, key: job.key, attempt: job.attempts, retryAt: at.toISOString() }, 'responsive image sizes failed; will retry');
    await retryImageSizeJobLater(ctx.db, job.key, at, message, ctx.now());
    return 'retry';
  }
}

/** Claims one due job and runs it; undefined when none is due. */
export async function runNextImageSizeJob<Row extends ImageSizeJobRow>(
  ctx: ImageSizeCtx,
  owner: ImageSizeOwner<Row>,
  opts: ImageSizeJobOptions,
): Promise<{ key: string; outcome: ImageSizeOutcome } | undefined> {
  const job = await claimImageSizeJob<Row>(ctx.db, ctx.now(), opts.leaseMs);
  if (!job) return undefined;
  return { key: job.key, outcome: await runImageSizeJob(ctx, owner, job, opts) };
}

export interface ImageSizeWorkerOptions<Row extends ImageSizeJobRow> {
  ctx: ImageSizeCtx;
  owner: ImageSizeOwner<Row>;
  log: ImageSizeLog;
  /** How often an idle worker looks for due jobs (retries, lapsed leases; new ones are poked). Default 1 s. */
  pollMs?: number | undefined;
  /** Attempts and lease; defaults IMAGE_SIZE_JOB_DEFAULTS. */
  jobs?: Partial<Omit<ImageSizeJobOptions, 'log'>> | undefined;
}

/**
 * The worker of a service's picture sizes: one slot, one picture at a time (so it never takes
 * more than a core), woken by `poke()` after a picture's transaction committed and polling
 * otherwise; `image_variant_queue_length{service}` and `image_variant_jobs_total{service,
 * outcome}` show it.
 */
export class ImageSizeWorker<Row extends ImageSizeJobRow> implements BackgroundJob {
  readonly #o: ImageSizeWorkerOptions<Row>;
  readonly #jobOptions: ImageSizeJobOptions;
  readonly #slots: JobSlots;
  #untrack: (() => void) | undefined;

  constructor(o: ImageSizeWorkerOptions<Row>) {
    this.#o = o;
    this.#jobOptions = { ...IMAGE_SIZE_JOB_DEFAULTS, ...o.jobs, log: o.log };
    this.#slots = new JobSlots(o.log, o.pollMs);
  }

  start(): void {
    const { ctx, owner } = this.#o;
    this.#untrack = imageVariantQueue.track(() => waitingImageSizeJobCount(ctx.db, ctx.now()), owner.service);
    this.#slots.start(async () => {
      const result = await runNextImageSizeJob(ctx, owner, this.#jobOptions);
      if (result) imageVariantJobs.inc({ service: owner.service, outcome: result.outcome });
      return result !== undefined;
    });
  }

  /** A picture was stored: its job is due. */
  poke(): void {
    this.#slots.poke();
  }

  async stop(): Promise<void> {
    this.#untrack?.();
    this.#untrack = undefined;
    await this.#slots.stop();
  }
}
