import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTools, type MediaTools } from '@brokerwise/ffmpeg';
import { decodeEvent } from '@brokerwise/proto';
import type { ObjectStore } from '@brokerwise/storage';
import { parseMediaConfig } from '../src/config.ts';
import { deleteDoomedObjects } from '../src/domain/objects.ts';
import { sweepOrphans } from '../src/domain/orphans.ts';
import { runNextJob, type JobOptions } from '../src/domain/transcode/jobs.ts';
import { mediaContext } from '../src/main.ts';
import { findJob, queueJob } from '../src/store/job.store.ts';
import { startHarness, veteran, type Harness } from './harness.ts';
import { makeClip, makePng } from './clips.ts';

/**
 * The worker's job handling driven by hand: the service runs as `api` only (no runner, no
 * consumer), so each test queues and runs jobs itself.
 */
let h: Harness;
let tools: MediaTools;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const opts = (o: Partial<JobOptions> = {}): JobOptions => ({ maxAttempts: 3, leaseMs: 60_000, log: silent, ...o });
/** The harness's store with some methods replaced (bound: the adapters keep private state). */
function delegate(over: Partial<Pick<ObjectStore, 'put' | 'getStream'>>): ObjectStore {
  const o = h.objects;
  return {
    kind: o.kind,
    put: over.put ?? o.put.bind(o),
    get: o.get.bind(o),
    getStream: over.getStream ?? o.getStream.bind(o),
    getRange: o.getRange.bind(o),
    head: o.head.bind(o),
    delete: o.delete.bind(o),
    list: o.list.bind(o),
    ping: o.ping.bind(o),
  };
}
const ctxWith = (objects: ObjectStore) => mediaContext(parseMediaConfig({ TMP_DIR: h.tmpDir }), { db: h.db, objects, now: h.now }, tools);

beforeAll(async () => {
  tools = await mediaTools();
  h = await startHarness({ ROLE: 'api' });
});
afterAll(async () => {
  await h?.close();
});

async function uploaded(owner: string = randomUUID()): Promise<{ id: string; owner: string }> {
  const r = await h.upload(`/v1/videos?ownerId=${owner}`, await makeClip(h.workDir, `${randomUUID()}.mp4`, { seconds: 1 }));
  expect(r.status).toBe(200);
  return { id: r.body.id, owner };
}

async function outboxEvents(type: string, videoId: string): Promise<number> {
  const rows = await h.db.selectFrom('outbox').select('payload').where('type', '=', type).execute();
  return rows.filter((r) => (decodeEvent(r.payload).payload as { videoId?: string }).videoId === videoId).length;
}

describe('transcode jobs', () => {
  it('queues a video once, transcodes it once, and skips it when run again', async () => {
    const v = await uploaded();
    await queueJob(h.db, v.id, h.now());
    await queueJob(h.db, v.id, h.now());
    expect(await h.db.selectFrom('transcode_job').select('video_id').where('video_id', '=', v.id).execute()).toHaveLength(1);
    const ctx = ctxWith(h.objects);
    expect(await runNextJob(ctx, opts())).toEqual({ videoId: v.id, outcome: 'ready' });
    expect(await runNextJob(ctx, opts())).toBeUndefined();
    // A redelivered job (state reset by hand) finds the video ready: nothing is redone or re-announced.
    await h.db.updateTable('transcode_job').set({ state: 'queued' }).where('video_id', '=', v.id).execute();
    expect(await runNextJob(ctx, opts())).toEqual({ videoId: v.id, outcome: 'skipped' });
    expect(await outboxEvents('media.video.ready', v.id)).toBe(1);
    expect(await findJob(h.db, v.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('throws its outputs away when the video was deleted while it ran', async () => {
    const v = await uploaded();
    await queueJob(h.db, v.id, h.now());
    const deleting = delegate({
      put: async (key, body, type) => {
        const info = await h.objects.put(key, body, type);
        if (key.endsWith('/poster.jpg')) await h.db.deleteFrom('video').where('id', '=', v.id).execute();
        return info;
      },
    });
    expect(await runNextJob(ctxWith(deleting), opts())).toEqual({ videoId: v.id, outcome: 'skipped' });
    expect(await h.objects.list(`videos/${v.id}/hls/`)).toEqual([]);
    expect(await h.objects.head(`videos/${v.id}/poster.jpg`)).toBeNull();
    expect(await outboxEvents('media.video.ready', v.id)).toBe(0);
    await h.objects.delete(`videos/${v.id}/original.mp4`);
  });

  it('retries with backoff when storage fails, then fails the video with `internal`', async () => {
    const v = await uploaded();
    await queueJob(h.db, v.id, h.now());
    const broken = delegate({
      getStream: async () => {
        throw new Error('storage unreachable');
      },
    });
    expect(await runNextJob(ctxWith(broken), opts({ maxAttempts: 2 }))).toEqual({ videoId: v.id, outcome: 'retry' });
    const job = await findJob(h.db, v.id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'storage unreachable' });
    expect(job!.available_at.getTime()).toBeGreaterThan(h.now().getTime());
    // Not due yet.
    expect(await runNextJob(ctxWith(broken), opts({ maxAttempts: 2 }))).toBeUndefined();
    h.advance(10 * 60_000);
    expect(await runNextJob(ctxWith(broken), opts({ maxAttempts: 2 }))).toEqual({ videoId: v.id, outcome: 'failed' });
    expect(await h.call('GET', `/v1/videos/${v.id}?ownerId=${v.owner}`)).toMatchObject({ body: { status: 'failed', reason: 'internal' } });
    expect(await outboxEvents('media.video.failed', v.id)).toBe(1);
  });

  it('takes over a job whose worker died (lease expired)', async () => {
    const v = await uploaded();
    await queueJob(h.db, v.id, h.now());
    await h.db.updateTable('transcode_job').set({ state: 'running', attempts: 1, lease_until: new Date(h.now().getTime() + 60_000) }).where('video_id', '=', v.id).execute();
    expect(await runNextJob(ctxWith(h.objects), opts())).toBeUndefined();
    h.advance(120_000);
    expect(await runNextJob(ctxWith(h.objects), opts())).toEqual({ videoId: v.id, outcome: 'ready' });
  });
});

it('sweeps uploads no post used after the grace period, objects included', async () => {
  const owner = randomUUID();
  const image = (await h.upload(`/v1/images?ownerId=${owner}`, await makePng(), 'image/png')).body;
  const v = await uploaded(owner);
  const ctx = ctxWith(h.objects);
  expect(await sweepOrphans(ctx, new Date(h.now().getTime() - 3600_000))).toMatchObject({ images: 0 });
  h.advance(25 * 3600_000);
  const swept = await sweepOrphans(ctx, new Date(h.now().getTime() - 24 * 3600_000));
  expect(swept.images).toBeGreaterThanOrEqual(1);
  expect(swept.videos).toBeGreaterThanOrEqual(1);
  await deleteDoomedObjects(ctx, silent);
  expect(await h.objects.head(image.coverKey)).toBeNull();
  expect(await h.objects.head(`videos/${v.id}/original.mp4`)).toBeNull();
  expect(await h.db.selectFrom('object_gc').selectAll().execute()).toEqual([]);
});

describe('a video post before its video is ready', () => {
  it('is hidden from lists, search and the author\'s public page until the job makes it playable, then announced once', async () => {
    const a = veteran();
    const cover = (await h.upload(`/v1/images?ownerId=${a.userId}`, await makePng(), 'image/png')).body as { id: string };
    const v = await uploaded(a.userId);
    const title = `Unseen until ready ${randomUUID().slice(0, 8)}`;
    const r = await h.call('POST', '/v1/posts', { authorId: a.userId, accountCreatedAt: a.accountCreatedAt, kind: 'video', title, description: 'A session.', category: 'strategy', coverImageId: cover.id, videoId: v.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((p) => p.id);
    const visible = async () => ({
      list: ids(await h.call('GET', '/v1/posts?kind=video&limit=50')).includes(r.body.id),
      search: ids(await h.call('GET', `/v1/posts/search?q=${encodeURIComponent(title)}`)).includes(r.body.id),
      author: ids(await h.call('GET', `/v1/authors/${a.userId}/posts`)).includes(r.body.id),
      mine: ids(await h.call('GET', `/v1/authors/${a.userId}/posts?viewer=${a.userId}`)).includes(r.body.id),
      announced: (await h.db.selectFrom('outbox').select('payload').where('type', '=', 'media.post.published').execute()).some((row) => (decodeEvent(row.payload).payload as { postId?: string }).postId === r.body.id),
    });
    // Processing (no worker in this harness): only its author sees it.
    expect(await visible()).toEqual({ list: false, search: false, author: false, mine: true, announced: false });
    await queueJob(h.db, v.id, h.now());
    expect(await runNextJob(ctxWith(h.objects), opts())).toEqual({ videoId: v.id, outcome: 'ready' });
    expect(await visible()).toEqual({ list: true, search: true, author: true, mine: true, announced: true });
  });
});

