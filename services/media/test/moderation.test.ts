import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allVariantKeys } from '@brokerwise/storage';
import { encodeEvent, timestampFromDate } from '@brokerwise/proto';
import { errorOf, startHarness, veteran, type Harness } from './harness.ts';
import { makeClip, makePng } from './clips.ts';
import { findVariantJob } from '../src/store/variant-job.store.ts';

/** A moderator's removal hides a post or comment, kept for an appeal; a restore puts it back as it was (issue 17, ADR 026). */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function post(author = veteran()) {
  const cover = (await h.upload(`/v1/images?ownerId=${author.userId}`, await makePng(), 'image/png')).body;
  const inline = (await h.upload(`/v1/images?ownerId=${author.userId}`, await makePng(320, 240, '#a26'), 'image/png')).body;
  const word = `zq${randomUUID().slice(0, 8)}`;
  const r = await h.call('POST', '/v1/posts', {
    authorId: author.userId,
    accountCreatedAt: author.accountCreatedAt,
    kind: 'image_text',
    title: `Hedging ${word}`,
    description: 'Correlated pairs.',
    category: 'education',
    coverImageId: cover.id,
    content: `<p>Both sides.</p><img src="/media/images/${inline.id}/full.webp">`,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // The cover's sizes are made by the worker after the upload (ADR 033): the post is compared as a whole before and after.
  await vi.waitFor(async () => expect((await findVariantJob(h.db, cover.coverKey))?.state).toBe('done'), { timeout: 30_000, interval: 100 });
  return { id: r.body.id as string, author, word, imageIds: [cover.id as string, inline.id as string] };
}

const ids = (r: { body: { items: { id?: string; post?: { id: string } }[] } }) => r.body.items.map((i) => i.post?.id ?? i.id);
const imageFiles = (imageIds: string[]) => imageIds.flatMap((id) => ['full', 'cover', 'thumb'].map((v) => `images/${id}/${v}.webp`));
const stored = async (keys: string[]) => Promise.all(keys.map(async (k) => (await h.objects.head(k)) !== null));

describe('a moderator hides a post', () => {
  it('takes it out of every public read, keeps its rows and files (out of reach), and restores it exactly as it was', async () => {
    const p = await post();
    const fan = veteran();
    expect((await h.call('POST', `/v1/posts/${p.id}/like`, { userId: fan.userId })).status).toBe(200);
    expect((await h.call('POST', `/v1/posts/${p.id}/collect`, { userId: fan.userId })).status).toBe(200);
    expect((await h.call('POST', `/v1/posts/${p.id}/forward`, { userId: fan.userId, comment: 'worth a read' })).status).toBe(200);
    const comment = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...fan, text: 'Nice write-up' });
    expect(comment.status).toBe(200);
    const before = (await h.call('GET', `/v1/posts/${p.id}?viewer=${fan.userId}`)).body;
    expect(before.counts).toMatchObject({ likes: 1, collections: 1, forwards: 1, comments: 1 });

    const reads = async () => ({
      detail: (await h.call('GET', `/v1/posts/${p.id}`)).status,
      list: ids(await h.call('GET', '/v1/posts?limit=50')).includes(p.id),
      search: (await h.call('GET', `/v1/posts/search?q=${p.word}`)).body.total,
      recommended: ids(await h.call('GET', '/v1/posts/recommended?limit=50')).includes(p.id),
      authorsOwnList: (await h.call('GET', `/v1/authors/${p.author.userId}/posts?viewer=${p.author.userId}`)).body.total,
      authorFeed: (await h.call('GET', `/v1/authors/${p.author.userId}/feed`)).body.total,
      forwarderFeed: ids(await h.call('GET', `/v1/authors/${fan.userId}/feed`)).includes(p.id),
      collections: (await h.call('GET', `/v1/users/${fan.userId}/collections`)).body.total,
      stats: (await h.call('GET', `/v1/authors/${p.author.userId}/stats`)).body.posts,
      comments: (await h.call('GET', `/v1/posts/${p.id}/comments`)).status,
      comment: (await h.call('GET', `/v1/comments/${comment.body.id}`)).status,
    });
    const visible = { detail: 200, list: true, search: 1, recommended: true, authorsOwnList: 1, authorFeed: 1, forwarderFeed: true, collections: 1, stats: 1, comments: 200, comment: 200 };
    expect(await reads()).toEqual(visible);
    expect(await stored(imageFiles(p.imageIds))).toEqual(Array(6).fill(true));

    const hidden = await h.call('DELETE', `/v1/moderation/posts/${p.id}?rule=spam`);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ id: p.id, postId: p.id, removedAt: expect.any(String) });
    expect(await reads()).toEqual({
      // Gone for good, saying why (the page shows "removed by a moderator"); unknown ids stay 404.
      detail: 410,
      list: false,
      search: 0,
      recommended: false,
      authorsOwnList: 0,
      authorFeed: 0,
      forwarderFeed: false,
      collections: 0,
      stats: 0,
      comments: 404,
      comment: 404,
    });
    expect(errorOf(await h.call('GET', `/v1/posts/${p.id}`))).toMatchObject({ code: 'media.post_removed', kind: 'gone' });
    expect(errorOf(await h.call('GET', `/v1/posts/${randomUUID()}`))).toMatchObject({ code: 'media.post_not_found', kind: 'not_found' });
    // Nobody interacts with it or edits it meanwhile.
    expect((await h.call('POST', `/v1/posts/${p.id}/like`, { userId: veteran().userId })).status).toBe(404);
    expect((await h.call('POST', `/v1/posts/${p.id}/comments`, { ...veteran(), text: 'Hello there' })).status).toBe(404);
    expect((await h.call('PATCH', `/v1/posts/${p.id}`, { authorId: p.author.userId, title: 'Sneaky new title' })).status).toBe(404);
    // Rows kept, with the rule; files moved where /media does not serve them.
    const row = await h.db.selectFrom('post').select(['removed_at', 'removed_reason', 'likes_count']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ removed_reason: 'spam', likes_count: 1 });
    expect(row.removed_at).toBeInstanceOf(Date);
    expect(await stored(imageFiles(p.imageIds))).toEqual(Array(6).fill(false));
    expect(await stored(imageFiles(p.imageIds).map((k) => `removed/${k}`))).toEqual(Array(6).fill(true));
    // Hiding again changes nothing.
    expect((await h.call('DELETE', `/v1/moderation/posts/${p.id}?rule=abuse`)).body.removedAt).toBe(hidden.body.removedAt);

    const restored = await h.call('POST', `/v1/moderation/posts/${p.id}/restore`);
    expect(restored.body).toEqual({ id: p.id, postId: p.id, removedAt: null });
    expect(await reads()).toEqual(visible);
    expect((await h.call('GET', `/v1/posts/${p.id}?viewer=${fan.userId}`)).body).toEqual(before);
    expect(await stored(imageFiles(p.imageIds))).toEqual(Array(6).fill(true));
    expect(await stored(imageFiles(p.imageIds).map((k) => `removed/${k}`))).toEqual(Array(6).fill(false));
    // Restoring a visible post changes nothing; unknown ones are 404.
    expect((await h.call('POST', `/v1/moderation/posts/${p.id}/restore`)).body.removedAt).toBeNull();
    expect((await h.call('POST', `/v1/moderation/posts/${randomUUID()}/restore`)).status).toBe(404);
    expect((await h.call('DELETE', `/v1/moderation/posts/nope`)).status).toBe(404);
  });

  it('moves every HLS file of a hidden video post out of reach and back, and deleting it removes them all', async () => {
    const author = veteran();
    const cover = (await h.upload(`/v1/images?ownerId=${author.userId}`, await makePng(), 'image/png')).body;
    const upload = (await h.upload(`/v1/videos?ownerId=${author.userId}`, await makeClip(h.workDir, `${randomUUID()}.mp4`, { seconds: 5, width: 1280, height: 720 }))).body;
    const video = await h.waitForVideo(upload.id, author.userId);
    expect(video).toMatchObject({ status: 'ready', playbackKey: `videos/${upload.id}/hls/master.m3u8` });
    const created = await h.call('POST', '/v1/posts', { authorId: author.userId, accountCreatedAt: author.accountCreatedAt, kind: 'video', title: 'Scalping the open', description: 'Live.', category: 'education', coverImageId: cover.id, videoId: upload.id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Master, two renditions' playlists and init segments, at least two segments each, the poster, the original.
    const files = (await h.objects.list(`videos/${upload.id}/`)).map((o) => o.key);
    expect(files.filter((k) => k.includes('/hls/')).length).toBeGreaterThanOrEqual(9);

    await h.call('DELETE', `/v1/moderation/posts/${created.body.id}?rule=spam`);
    expect(await stored(files)).toEqual(files.map(() => false));
    expect(await stored(files.map((k) => `removed/${k}`))).toEqual(files.map(() => true));
    await h.call('POST', `/v1/moderation/posts/${created.body.id}/restore`);
    expect(await stored(files)).toEqual(files.map(() => true));

    await h.call('DELETE', `/v1/moderation/posts/${created.body.id}?rule=spam`);
    expect((await h.call('DELETE', `/v1/posts/${created.body.id}?authorId=${author.userId}`)).status).toBe(200);
    await h.waitForEvent('media.post.deleted', (e) => e.postId === created.body.id);
    expect(await stored([...files, ...files.map((k) => `removed/${k}`)])).toEqual([...files, ...files].map(() => false));
  });

  it("moves the cover's AVIF and WebP sizes out of reach with it, and back (ADR 033)", async () => {
    const p = await post();
    const sizes = allVariantKeys(`images/${p.imageIds[0]}/cover.webp`, 'photo');
    await vi.waitFor(async () => expect(await stored(sizes)).toEqual(sizes.map(() => true)), { timeout: 20_000, interval: 200 });
    await h.call('DELETE', `/v1/moderation/posts/${p.id}?rule=spam`);
    expect(await stored(sizes)).toEqual(sizes.map(() => false));
    expect(await stored(sizes.map((k) => `removed/${k}`))).toEqual(sizes.map(() => true));
    await h.call('POST', `/v1/moderation/posts/${p.id}/restore`);
    expect(await stored(sizes)).toEqual(sizes.map(() => true));
  });

  it("lets the author delete a hidden post: rows and every file go, the hidden ones too", async () => {
    const p = await post();
    await h.call('DELETE', `/v1/moderation/posts/${p.id}?rule=spam`);
    const del = await h.call('DELETE', `/v1/posts/${p.id}?authorId=${p.author.userId}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await h.waitForEvent('media.post.deleted', (e) => e.postId === p.id);
    expect(await h.db.selectFrom('post').select('id').where('id', '=', p.id).executeTakeFirst()).toBeUndefined();
    const keys = imageFiles(p.imageIds);
    expect(await stored([...keys, ...keys.map((k) => `removed/${k}`)])).toEqual(Array(12).fill(false));
    // Its author deleted it after the moderator hid it: that is what its address says now.
    expect(errorOf(await h.call('GET', `/v1/posts/${p.id}`))).toMatchObject({ code: 'media.post_deleted', kind: 'gone' });
    expect((await h.call('POST', `/v1/moderation/posts/${p.id}/restore`)).status).toBe(404);
  });

  it('keeps files another visible post of the author still shows at their address', async () => {
    const author = veteran();
    const a = await post(author);
    const cover = a.imageIds[0]!;
    const b = await h.call('POST', '/v1/posts', {
      authorId: author.userId,
      accountCreatedAt: author.accountCreatedAt,
      kind: 'image_text',
      title: 'Same cover, other post',
      description: 'Reused picture.',
      category: 'education',
      coverImageId: cover,
      content: '<p>Second.</p>',
    });
    expect(b.status).toBe(200);
    await h.call('DELETE', `/v1/moderation/posts/${a.id}?rule=spam`);
    expect(await stored(imageFiles([cover]))).toEqual([true, true, true]);
    expect(await stored(imageFiles([a.imageIds[1]!]))).toEqual([false, false, false]);
    expect((await h.call('GET', `/v1/posts/${b.body.id}`)).status).toBe(200);
  });
});

describe('a moderator hides a comment', () => {
  it('hides it with its thread, recounts the post, and restores both', async () => {
    const p = await post();
    const [alice, bob, carol] = [veteran(), veteran(), veteran()];
    const top = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...alice, text: 'Reported words' });
    const reply = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...bob, text: 'A reply under it', parentId: top.body.id });
    const other = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...carol, text: 'Unrelated remark' });
    const thread = () => h.call('GET', `/v1/posts/${p.id}/comments`);
    const shape = async () => {
      const r = await thread();
      return { all: r.body.all, items: r.body.items.map((c: { id: string; replies: { id: string }[] }) => [c.id, c.replies.map((x) => x.id)]) };
    };
    const full = { all: 3, items: [[other.body.id, []], [top.body.id, [reply.body.id]]] };
    expect(await shape()).toEqual(full);

    const hidden = await h.call('DELETE', `/v1/moderation/comments/${top.body.id}?rule=abuse`);
    expect(hidden.body).toMatchObject({ id: top.body.id, postId: p.id, removedAt: expect.any(String) });
    expect(await shape()).toEqual({ all: 1, items: [[other.body.id, []]] });
    expect((await h.call('GET', `/v1/posts/${p.id}`)).body.counts.comments).toBe(1);
    expect((await h.call('GET', `/v1/comments/${top.body.id}`)).status).toBe(404);
    expect((await h.call('GET', `/v1/comments/${reply.body.id}`)).status).toBe(404);
    const answer = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...carol, text: 'Replying to a hidden thread', parentId: reply.body.id });
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ fields: { parentId: 'not_found' } });

    const restored = await h.call('POST', `/v1/moderation/comments/${top.body.id}/restore`);
    expect(restored.body).toEqual({ id: top.body.id, postId: p.id, removedAt: null });
    expect(await shape()).toEqual(full);
    expect((await h.call('GET', `/v1/posts/${p.id}`)).body.counts.comments).toBe(3);

    // A hidden reply alone; its author deleting it meanwhile leaves the count right, and nothing to restore.
    await h.call('DELETE', `/v1/moderation/comments/${reply.body.id}?rule=spam`);
    expect(await shape()).toEqual({ all: 2, items: [[other.body.id, []], [top.body.id, []]] });
    expect((await h.call('DELETE', `/v1/comments/${reply.body.id}?userId=${bob.userId}`)).status).toBe(200);
    expect((await h.call('GET', `/v1/posts/${p.id}`)).body.counts.comments).toBe(2);
    expect((await h.call('POST', `/v1/moderation/comments/${reply.body.id}/restore`)).status).toBe(404);
  });
});

describe('an appeal decided in the reviews service', () => {
  const decided = async (targetKind: 'post' | 'comment', targetId: string, decision: 'restore' | 'uphold') => {
    const e = encodeEvent(
      'reviews.removal_appeal.decided',
      { appealId: randomUUID(), removalId: randomUUID(), targetKind, targetId, userId: randomUUID(), decision, restored: decision === 'restore', moderatorId: randomUUID(), reason: 'Reviewed', rule: 'spam', excerpt: '', contextId: '', decidedAt: timestampFromDate(new Date()) },
      { producer: 'reviews' },
    );
    await h.bus.publish({ id: e.id, type: e.type, data: e.bytes });
  };

  it('shows a post restored on appeal again, its files back at their addresses; an upheld one stays hidden', async () => {
    const kept = await post();
    const back = await post();
    const c = await h.call('POST', `/v1/posts/${kept.id}/comments`, { ...veteran(), text: 'Spam comment' });
    for (const id of [kept.id, back.id]) await h.call('DELETE', `/v1/moderation/posts/${id}?rule=spam`);
    await h.call('DELETE', `/v1/moderation/comments/${c.body.id}?rule=spam`);
    await decided('post', kept.id, 'uphold');
    await decided('post', back.id, 'restore');
    await decided('comment', c.body.id, 'restore');
    // A restore of something gone meanwhile is a no-op (the event is consumed, not retried forever).
    await decided('post', randomUUID(), 'restore');
    await expect.poll(async () => (await h.call('GET', `/v1/posts/${back.id}`)).status, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await stored(imageFiles(back.imageIds))).every(Boolean), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await h.db.selectFrom('post_comment').select('removed_at').where('id', '=', c.body.id).executeTakeFirstOrThrow()).removed_at, { timeout: 15_000 }).toBeNull();
    expect((await h.call('GET', `/v1/posts/${kept.id}`)).status).toBe(410);
    expect(await stored(imageFiles(kept.imageIds))).toEqual(Array(6).fill(false));
  });
});

describe('a deleted account', () => {
  it('takes its hidden posts and comments with it', async () => {
    const gone = veteran();
    const p = await post(gone);
    const elsewhere = await post();
    const mine = await h.call('POST', `/v1/posts/${elsewhere.id}/comments`, { ...gone, text: 'Hidden later' });
    await h.call('DELETE', `/v1/moderation/posts/${p.id}?rule=spam`);
    await h.call('DELETE', `/v1/moderation/comments/${mine.body.id}?rule=spam`);

    const e = encodeEvent('identity.user.deleted', { userId: gone.userId, deletedAt: timestampFromDate(new Date()) }, { producer: 'identity' });
    await h.bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await h.waitForEvent('media.post.deleted', (x) => x.postId === p.id);
    await h.waitForEvent('media.comment.deleted', (x) => x.commentId === mine.body.id);
    expect(await h.db.selectFrom('post').select('id').where('author_id', '=', gone.userId).execute()).toEqual([]);
    expect(await h.db.selectFrom('post_comment').select('id').where('user_id', '=', gone.userId).execute()).toEqual([]);
    // Every file, where a hidden post keeps it and at its public address, is queued for deletion (the worker's sweep).
    const keys = [...imageFiles(p.imageIds), ...imageFiles(p.imageIds).map((k) => `removed/${k}`)];
    const doomed = await h.db.selectFrom('object_gc').select('key').where('key', 'in', keys).execute();
    expect(doomed.map((r) => r.key).sort()).toEqual(keys.sort());
    expect((await h.call('GET', `/v1/posts/${elsewhere.id}`)).body.counts.comments).toBe(0);
  });
});
