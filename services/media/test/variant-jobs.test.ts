// Responsive sizes made by durable jobs (ADR 033): queued with the picture's row, run by the
// worker after the answer, run again after a restart, retried with backoff, and recorded with
// their real pixels.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '@brokerwise/sql';
import { allVariantKeys, variantKey, variantKeys, type ObjectStore } from '@brokerwise/storage';
import { claimImageSizeJob, imageSizeRetryDelayMs as variantRetryDelayMs, runImageSizeJob, type ImageSizeCtx, type ImageSizeJobOptions } from '@brokerwise/service-kit/image-sizes';
import { mediaPictures } from '../src/domain/images/variants.ts';
import { deleteImages } from '../src/store/image.store.ts';
import { findVariantJob, queueMissingVariantJobs, type VariantJobRow } from '../src/store/variant-job.store.ts';
import { makeClip, makePng } from './clips.ts';
import { startHarness, veteran, type Harness } from './harness.ts';

type Image = { id: string; coverKey: string };

const claimVariantJob = (db: ImageSizeCtx['db'], now: Date, leaseMs: number) => claimImageSizeJob<VariantJobRow>(db, now, leaseMs);
const runVariantJob = (ctx: ImageSizeCtx, job: VariantJobRow, opts: ImageSizeJobOptions) => runImageSizeJob(ctx, mediaPictures, job, opts);

/** The store with `put` replaced. */
const withPut = (objects: ObjectStore, put: ObjectStore['put']): ObjectStore =>
  new Proxy(objects, {
    get(target, name) {
      if (name === 'put') return put;
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

const presentKeys = async (objects: ObjectStore, keys: string[]) => (await Promise.all(keys.map(async (k) => ((await objects.head(k)) ? k : null)))).filter(Boolean);

describe('with the API alone (the process stops before any worker ran the job)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ROLE: 'api' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an upload answers with its job queued in the same transaction; a worker started later makes and records the sizes, one left running on a lapsed lease too', async () => {
    const owner = randomUUID();
    const upload = async () => (await h.upload(`/v1/images?ownerId=${owner}`, await makePng(900, 600), 'image/png')).body as Image;
    const queued = await upload();
    const interrupted = await upload();
    expect(await findVariantJob(h.db, queued.coverKey)).toMatchObject({ state: 'queued', attempts: 0, image_id: queued.id });
    // The second one's worker stopped mid-job: claimed (lease), half its files written.
    await h.db.updateTable('image_variant_job').set({ state: 'running', attempts: 1, lease_until: new Date(h.now().getTime() - 1000) }).where('key', '=', interrupted.coverKey).execute();
    await h.objects.put(variantKey(interrupted.coverKey, 320, 'avif'), Buffer.from('half'), 'image/avif');
    expect(await presentKeys(h.objects, allVariantKeys(queued.coverKey, 'photo'))).toEqual([]);

    await h.startWorker();
    for (const image of [queued, interrupted]) {
      await vi.waitFor(async () => expect((await findVariantJob(h.db, image.coverKey))?.state).toBe('done'), { timeout: 30_000, interval: 100 });
      expect(await presentKeys(h.objects, allVariantKeys(image.coverKey, 'photo'))).toHaveLength(8);
      const row = await h.db.selectFrom('image').select('cover_sizes').where('id', '=', image.id).executeTakeFirstOrThrow();
      expect(row.cover_sizes).toEqual([320, 640, 960, 1280].map((w) => ({ name: w, width: w, height: (w * 9) / 16 })));
    }
    // The half-written file was made again.
    const redone = await h.objects.get(variantKey(interrupted.coverKey, 320, 'avif'));
    expect((await sharp(redone!.body).metadata()).width).toBe(320);
    expect((await findVariantJob(h.db, interrupted.coverKey))?.attempts).toBe(2);
  });
});

describe('with a worker', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('records a cover\'s sizes, and the post answers them', async () => {
    const author = veteran();
    const cover = (await h.upload(`/v1/images?ownerId=${author.userId}`, await makePng(640, 480), 'image/png')).body as Image;
    await vi.waitFor(async () => expect((await findVariantJob(h.db, cover.coverKey))?.state).toBe('done'), { timeout: 30_000, interval: 100 });
    const post = await h.call('POST', '/v1/posts', {
      authorId: author.userId,
      accountCreatedAt: author.accountCreatedAt,
      kind: 'image_text',
      title: `Sizes ${randomUUID().slice(0, 6)}`,
      description: 'd',
      category: 'analysis',
      locale: 'en',
      coverImageId: cover.id,
      content: '<p>x</p>',
    });
    expect(post.status).toBe(200);
    expect(post.body.cover.coverSizes).toEqual([320, 640, 960, 1280].map((w) => ({ name: w, width: w, height: (w * 9) / 16 })));
  });

  it("makes a video's poster sizes after its transcode, at the poster's real width (a 640 × 360 video's poster is never 960 or 1280 px)", async () => {
    const owner = randomUUID();
    const r = await h.upload(`/v1/videos?ownerId=${owner}`, await makeClip(h.workDir, 'small.mp4', { width: 640, height: 360 }), 'video/mp4');
    const video = await h.waitForVideo(r.body.id, owner);
    expect(video.status).toBe('ready');
    const poster = video.posterKey as string;
    await vi.waitFor(async () => expect((await findVariantJob(h.db, poster))?.state).toBe('done'), { timeout: 30_000, interval: 100 });
    const row = await h.db.selectFrom('video').select(['poster_sizes', 'width', 'height']).where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.poster_sizes?.map((s) => [s.name, s.width, s.height])).toEqual([
      [320, 320, 180],
      [640, 640, 360],
      [960, 640, 360],
      [1280, 640, 360],
    ]);
    const big = await h.objects.get(variantKeys(poster, 'photo').webp.at(-1)!.key);
    expect((await sharp(big!.body).metadata()).width).toBe(640);
  }, 120_000);

  it('retries a failing job with backoff, logging each failure, and gives up after the last attempt (the original stays served)', async () => {
    const owner = randomUUID();
    // Stop the worker's own slot from taking the job first.
    await h.service.runner!.stop();
    const image = (await h.upload(`/v1/images?ownerId=${owner}`, await makePng(400, 300), 'image/png')).body as Image;
    const broken = withPut(h.objects, () => Promise.reject(new Error('disk full')));
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const ctx = { db: h.db, objects: broken, now: h.now };
    const opts = { log, maxAttempts: 2, leaseMs: 60_000 };

    const first = (await claimVariantJob(h.db, h.now(), opts.leaseMs))!;
    expect(first.key).toBe(image.coverKey);
    const before = h.now().getTime();
    expect(await runVariantJob(ctx, first, opts)).toBe('retry');
    const waiting = (await findVariantJob(h.db, image.coverKey))!;
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, last_error: 'disk full', lease_until: null });
    expect(waiting.available_at.getTime()).toBeGreaterThanOrEqual(before + variantRetryDelayMs(1));
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ key: image.coverKey, attempt: 1 }), 'responsive image sizes failed; will retry');
    // Not due before its delay.
    expect(await claimVariantJob(h.db, h.now(), opts.leaseMs)).toBeUndefined();

    h.advance(variantRetryDelayMs(1));
    const second = (await claimVariantJob(h.db, h.now(), opts.leaseMs))!;
    expect(await runVariantJob(ctx, second, opts)).toBe('failed');
    expect(await findVariantJob(h.db, image.coverKey)).toMatchObject({ state: 'failed', attempts: 2, last_error: 'disk full' });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ key: image.coverKey, attempt: 2 }), 'responsive image sizes failed for good; the original is served');

    // The backfill queues it (and every other picture without sizes) again.
    expect(await queueMissingVariantJobs(h.db, h.now())).toBeGreaterThanOrEqual(1);
    expect(await findVariantJob(h.db, image.coverKey)).toMatchObject({ state: 'queued', attempts: 0, last_error: null });
    const third = (await claimVariantJob(h.db, h.now(), opts.leaseMs))!;
    expect(await runVariantJob({ ...ctx, objects: h.objects }, third, opts)).toBe('done');
    expect((await h.db.selectFrom('image').select('cover_sizes').where('id', '=', image.id).executeTakeFirstOrThrow()).cover_sizes).toHaveLength(4);
    // Nothing left to backfill.
    expect(await queueMissingVariantJobs(h.db, h.now())).toBe(0);
  });

  it('keeps nothing of a run whose picture was deleted meanwhile, and settles a job whose original is gone', async () => {
    const owner = randomUUID();
    const image = (await h.upload(`/v1/images?ownerId=${owner}`, await makePng(400, 300), 'image/png')).body as Image;
    const job = (await claimVariantJob(h.db, h.now(), 60_000))!;
    expect(job.key).toBe(image.coverKey);
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    // The image row (and so its job) goes while the sizes are being made.
    const deleting = withPut(h.objects, async (...args) => {
      await sql`delete from image where id = ${image.id}`.execute(h.db);
      return h.objects.put(...args);
    });
    expect(await runVariantJob({ db: h.db, objects: deleting, now: h.now }, job, { log, maxAttempts: 3, leaseMs: 60_000 })).toBe('gone');
    expect(await presentKeys(h.objects, allVariantKeys(image.coverKey, 'photo'))).toEqual([]);

    const other = (await h.upload(`/v1/images?ownerId=${owner}`, await makePng(400, 300), 'image/png')).body as Image;
    await h.objects.delete(other.coverKey);
    const orphan = (await claimVariantJob(h.db, h.now(), 60_000))!;
    expect(await runVariantJob({ db: h.db, objects: h.objects, now: h.now }, orphan, { log, maxAttempts: 3, leaseMs: 60_000 })).toBe('gone');
    expect(await findVariantJob(h.db, other.coverKey)).toMatchObject({ state: 'done', last_error: 'original gone' });
  });
});

// The lock order only matters with concurrent connections: embedded PGlite runs one transaction at a time.
describe.runIf(process.env.DATABASE_URL)('a picture deleted while its sizes are recorded (PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ROLE: 'api' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('never deadlocks: the deletion waits for the job, then removes the picture and its job', async () => {
    const image = (await h.upload(`/v1/images?ownerId=${randomUUID()}`, await makePng(400, 300), 'image/png')).body as Image;
    const job = (await claimVariantJob(h.db, h.now(), 60_000))!;
    expect(job.key).toBe(image.coverKey);
    const waitingForLocks = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(h.db)).rows[0]!.n);
    let deletion: Promise<void> | undefined;
    // The job's transaction holds the job's row when the post's deletion starts; it records the
    // sizes (the image's row) only once the deletion waits on a lock.
    const owner = {
      ...mediaPictures,
      record: async (...args: Parameters<typeof mediaPictures.record>) => {
        deletion = h.db.transaction().execute((trx) => deleteImages(trx, [image.id]));
        await vi.waitFor(async () => expect(await waitingForLocks()).toBe(1), { timeout: 10_000, interval: 20 });
        return mediaPictures.record(...args);
      },
    };
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    // Locked the other way round (the image, then its job through the foreign key), PostgreSQL
    // broke the cycle by failing one of them: "deadlock detected".
    expect(await runImageSizeJob({ db: h.db, objects: h.objects, now: h.now }, owner, job, { log, maxAttempts: 3, leaseMs: 60_000 })).toBe('done');
    await deletion;
    expect(await h.db.selectFrom('image').select('id').where('id', '=', image.id).executeTakeFirst()).toBeUndefined();
    expect(await findVariantJob(h.db, image.coverKey)).toBeUndefined();
  });
});
