import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startHarness, veteran, type Harness } from './harness.ts';
import { makePng } from './clips.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function post(author = veteran()) {
  const cover = (await h.upload(`/v1/images?ownerId=${author.userId}`, await makePng(), 'image/png')).body;
  const r = await h.call('POST', '/v1/posts', {
    authorId: author.userId,
    accountCreatedAt: author.accountCreatedAt,
    kind: 'image_text',
    title: `Risk management ${randomUUID().slice(0, 6)}`,
    description: 'Position sizing for small accounts.',
    category: 'education',
    coverImageId: cover.id,
    content: '<p>Risk 1% a trade.</p>',
  });
  expect(r.status).toBe(200);
  return { id: r.body.id as string, author };
}

describe('likes and bookmarks', () => {
  it('toggles a like, counts it once per user, and announces both directions', async () => {
    const p = await post();
    const fan = veteran();
    const like = (body: Record<string, unknown> = {}) => h.call('POST', `/v1/posts/${p.id}/like`, { userId: fan.userId, ...body });
    expect((await like()).body).toEqual({ liked: true, likes: 1 });
    // Setting an existing like again changes nothing.
    expect((await like({ like: true })).body).toEqual({ liked: true, likes: 1 });
    expect((await like()).body).toEqual({ liked: false, likes: 0 });
    expect((await like({ like: false })).body).toEqual({ liked: false, likes: 0 });
    // Concurrent likes by the same user still count once.
    await Promise.all([like({ like: true }), like({ like: true }), like({ like: true })]);
    const detail = await h.call('GET', `/v1/posts/${p.id}?viewer=${fan.userId}`);
    expect(detail.body).toMatchObject({ counts: { likes: 1 }, viewer: { liked: true, collected: false, forwarded: false } });
    expect((await h.call('GET', `/v1/posts/${p.id}`)).body.viewer).toBeNull();
    const liked = await h.waitForEvent('media.post.liked', (e) => e.postId === p.id);
    expect(liked.payload).toMatchObject({ authorId: p.author.userId, userId: fan.userId, likes: 1n });
    await h.waitForEvent('media.post.unliked', (e) => e.postId === p.id && e.likes === 0n);
    const likedEvents = () => h.events.filter((e) => e.type === 'media.post.liked' && e.payload.postId === p.id);
    await expect.poll(() => likedEvents().length).toBe(2);
    expect((await h.call('POST', `/v1/posts/${randomUUID()}/like`, { userId: fan.userId })).status).toBe(404);
  });

  it('bookmarks, lists my collections newest first, and unbookmarks', async () => {
    const a = await post();
    const b = await post();
    const me = veteran();
    expect((await h.call('POST', `/v1/posts/${a.id}/collect`, { userId: me.userId })).body).toEqual({ collected: true, collections: 1 });
    h.advance(1000);
    await h.call('POST', `/v1/posts/${b.id}/collect`, { userId: me.userId });
    const list = await h.call('GET', `/v1/users/${me.userId}/collections`);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(list.body.items[0]).toMatchObject({ viewer: { collected: true }, collectedAt: expect.any(String) });
    expect((await h.call('POST', `/v1/posts/${a.id}/collect`, { userId: me.userId })).body).toEqual({ collected: false, collections: 0 });
    expect((await h.call('GET', `/v1/users/${me.userId}/collections`)).body.total).toBe(1);
    await h.waitForEvent('media.post.collected', (e) => e.postId === a.id && e.userId === me.userId);
    await h.waitForEvent('media.post.uncollected', (e) => e.postId === a.id && e.collections === 0n);
  });
});

describe('comments', () => {
  it('comments and replies one level deep; a reply to a reply joins the thread', async () => {
    const p = await post();
    const alice = veteran();
    const bob = veteran();
    const top = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...alice, text: '  Great breakdown  ' });
    expect(top.body).toMatchObject({ text: 'Great breakdown', parentId: null, replyToId: null, userId: alice.userId });
    const reply = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...bob, text: 'Agreed', parentId: top.body.id });
    expect(reply.body).toMatchObject({ parentId: top.body.id, replyToId: top.body.id, replyToUserId: alice.userId });
    const deeper = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...alice, text: 'Thanks Bob', parentId: reply.body.id });
    expect(deeper.body).toMatchObject({ parentId: top.body.id, replyToId: reply.body.id, replyToUserId: bob.userId });
    const event = await h.waitForEvent('media.post.commented', (e) => e.commentId === deeper.body.id);
    expect(event.payload).toMatchObject({ postId: p.id, authorId: p.author.userId, userId: alice.userId, parentCommentId: reply.body.id, parentAuthorId: bob.userId, excerpt: 'Thanks Bob' });

    const list = await h.call('GET', `/v1/posts/${p.id}/comments`);
    expect(list.body).toMatchObject({ total: 1, all: 3 });
    expect(list.body.items[0].replies.map((r: { text: string }) => r.text)).toEqual(['Agreed', 'Thanks Bob']);
    const elsewhere = await post();
    const wrong = await h.call('POST', `/v1/posts/${elsewhere.id}/comments`, { ...bob, text: 'x', parentId: top.body.id });
    expect(errorOf(wrong)).toMatchObject({ code: 'media.validation', fields: { parentId: 'not_found' } });
  });

  it('refuses empty, over-long and repeated comments', async () => {
    const p = await post();
    const u = veteran();
    expect(errorOf(await h.call('POST', `/v1/posts/${p.id}/comments`, { ...u, text: '   ' }))).toMatchObject({ fields: { text: 'required' } });
    expect(errorOf(await h.call('POST', `/v1/posts/${p.id}/comments`, { ...u, text: '评'.repeat(501) }))).toMatchObject({ fields: { text: 'length' } });
    expect((await h.call('POST', `/v1/posts/${p.id}/comments`, { ...u, text: '评'.repeat(500) })).status).toBe(200);
    expect((await h.call('POST', `/v1/posts/${p.id}/comments`, { ...u, text: 'Nice chart' })).status).toBe(200);
    const again = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...u, text: 'nice   CHART' });
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'media.duplicate_comment', fields: { text: 'duplicate' } });
    // Someone else, or the same user elsewhere, may say it.
    expect((await h.call('POST', `/v1/posts/${p.id}/comments`, { ...veteran(), text: 'Nice chart' })).status).toBe(200);
    expect((await h.call('POST', `/v1/posts/${(await post()).id}/comments`, { ...u, text: 'Nice chart' })).status).toBe(200);
  });

  it('lets only the author delete a comment; its replies go with it', async () => {
    const p = await post();
    const alice = veteran();
    const bob = veteran();
    const top = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...alice, text: 'First' });
    const reply = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...bob, text: 'Second', parentId: top.body.id });
    const theft = await h.call('DELETE', `/v1/comments/${top.body.id}?userId=${bob.userId}`);
    expect(theft.status).toBe(403);
    expect(errorOf(theft)).toMatchObject({ code: 'media.not_comment_author' });
    // The post's author is not the comment's author either.
    expect((await h.call('DELETE', `/v1/comments/${reply.body.id}?userId=${p.author.userId}`)).status).toBe(403);
    const del = await h.call('DELETE', `/v1/comments/${top.body.id}?userId=${alice.userId}`);
    expect(del.body.deleted.sort()).toEqual([top.body.id, reply.body.id].sort());
    expect((await h.call('GET', `/v1/posts/${p.id}`)).body.counts.comments).toBe(0);
    await h.waitForEvent('media.comment.deleted', (e) => e.commentId === reply.body.id);
    expect((await h.call('DELETE', `/v1/comments/${top.body.id}?userId=${alice.userId}`)).status).toBe(404);
  });

  it('reads one comment (what a report of it points at)', async () => {
    const p = await post();
    const alice = veteran();
    const top = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...alice, text: 'Reported words' });
    expect((await h.call('GET', `/v1/comments/${top.body.id}`)).body).toMatchObject({ id: top.body.id, postId: p.id, userId: alice.userId, text: 'Reported words' });
    expect((await h.call('GET', '/v1/comments/nope')).status).toBe(404);
  });

  it('limits new accounts to 3 comments a minute, with the seconds to wait', async () => {
    const p = await post();
    const fresh = { userId: randomUUID(), accountCreatedAt: new Date(Date.now() - 600_000).toISOString() };
    for (let i = 0; i < 3; i++) expect((await h.call('POST', `/v1/posts/${p.id}/comments`, { ...fresh, text: `comment ${i}` })).status).toBe(200);
    const fourth = await h.call('POST', `/v1/posts/${p.id}/comments`, { ...fresh, text: 'comment 3' });
    expect(fourth.status).toBe(429);
    expect(errorOf(fourth)).toMatchObject({ code: 'media.comment_rate_limited', params: { max: 3 } });
    const wait = Number(fourth.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    h.advance(wait * 1000);
    expect((await h.call('POST', `/v1/posts/${p.id}/comments`, { ...fresh, text: 'comment 3' })).status).toBe(200);
    // An old account is not limited.
    const old = veteran();
    for (let i = 0; i < 5; i++) expect((await h.call('POST', `/v1/posts/${p.id}/comments`, { ...old, text: `old ${i}` })).status).toBe(200);
  });
});

describe('forwards, feeds and author figures', () => {
  it('forwards once with a comment; the feed shows own posts and forwards, newest first', async () => {
    const author = veteran();
    const p = await post(author);
    const fan = veteran();
    const own = await post(fan);
    h.advance(1000);
    const f = await h.call('POST', `/v1/posts/${p.id}/forward`, { userId: fan.userId, comment: 'Worth a read' });
    expect(f.body).toMatchObject({ forward: { postId: p.id, userId: fan.userId, comment: 'Worth a read' }, forwards: 1 });
    const twice = await h.call('POST', `/v1/posts/${p.id}/forward`, { userId: fan.userId });
    expect(twice.status).toBe(409);
    expect(errorOf(twice)).toMatchObject({ code: 'media.already_forwarded' });
    expect(errorOf(await h.call('POST', `/v1/posts/${own.id}/forward`, { userId: fan.userId, comment: 'x'.repeat(501) }))).toMatchObject({ fields: { comment: 'length' } });
    const event = await h.waitForEvent('media.post.forwarded', (e) => e.postId === p.id);
    expect(event.payload).toMatchObject({ forwardId: f.body.forward.id, authorId: author.userId, userId: fan.userId, comment: 'Worth a read' });

    const feed = await h.call('GET', `/v1/authors/${fan.userId}/feed`);
    expect(feed.body.total).toBe(2);
    expect(feed.body.items.map((i: { type: string; post: { id: string } }) => [i.type, i.post.id])).toEqual([
      ['forward', p.id],
      ['post', own.id],
    ]);
    expect(feed.body.items[0].forward).toMatchObject({ comment: 'Worth a read' });
    expect((await h.call('GET', `/v1/posts/${p.id}?viewer=${fan.userId}`)).body.viewer.forwarded).toBe(true);
  });

  it('undoes a forward: the count drops, the feed forgets it, it can be forwarded again; undoing twice is harmless', async () => {
    const p = await post();
    const fan = veteran();
    const other = veteran();
    const forward = (who: { userId: string }, comment?: string) => h.call('POST', `/v1/posts/${p.id}/forward`, { userId: who.userId, comment });
    const undo = (who: { userId: string }) => h.call('DELETE', `/v1/posts/${p.id}/forward?userId=${who.userId}`);
    const feedIds = async (who: { userId: string }) =>
      (await h.call('GET', `/v1/authors/${who.userId}/feed`)).body.items.map((i: { type: string; post: { id: string } }) => [i.type, i.post.id]);

    expect((await forward(fan, 'First take')).body.forwards).toBe(1);
    expect((await forward(other, 'Also good')).body.forwards).toBe(2);
    const undone = await undo(fan);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ forwarded: false, forwards: 1 });
    expect(await feedIds(fan)).toEqual([]);
    const seen = await h.call('GET', `/v1/posts/${p.id}?viewer=${fan.userId}`);
    expect(seen.body).toMatchObject({ counts: { forwards: 1 }, viewer: { forwarded: false } });
    // The other user's forward is untouched.
    expect(await feedIds(other)).toEqual([['forward', p.id]]);
    expect((await h.call('GET', `/v1/posts/${p.id}?viewer=${other.userId}`)).body.viewer.forwarded).toBe(true);

    // Undoing again (or never having forwarded) answers the current count, without error.
    expect((await undo(fan)).body).toEqual({ forwarded: false, forwards: 1 });
    expect((await undo(veteran())).body).toEqual({ forwarded: false, forwards: 1 });

    // Forwarding again works, with the new comment.
    h.advance(1000);
    const again = await forward(fan, 'Second take');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ forward: { comment: 'Second take' }, forwards: 2 });
    expect(await feedIds(fan)).toEqual([['forward', p.id]]);

    // Both undo: the count reaches 0 and stays there.
    await undo(fan);
    expect((await undo(other)).body).toEqual({ forwarded: false, forwards: 0 });
    expect((await undo(other)).body).toEqual({ forwarded: false, forwards: 0 });
    expect((await h.call('GET', `/v1/authors/${p.author.userId}/stats`)).body.forwardsReceived).toBe(0);
    expect((await h.call('DELETE', `/v1/posts/${randomUUID()}/forward?userId=${fan.userId}`)).status).toBe(404);
    expect((await h.call('DELETE', `/v1/posts/${p.id}/forward`)).status).toBe(400);
  });

  it('sums likes and bookmarks received over an author\u2019s posts', async () => {
    const author = veteran();
    const a = await post(author);
    const b = await post(author);
    for (const fan of [veteran(), veteran()]) await h.call('POST', `/v1/posts/${a.id}/like`, { userId: fan.userId });
    await h.call('POST', `/v1/posts/${b.id}/like`, { userId: veteran().userId });
    await h.call('POST', `/v1/posts/${b.id}/collect`, { userId: veteran().userId });
    const stats = await h.call('GET', `/v1/authors/${author.userId}/stats`);
    expect(stats.body).toEqual({ posts: 2, likesReceived: 3, collectionsReceived: 1, forwardsReceived: 0 });
  });
});
