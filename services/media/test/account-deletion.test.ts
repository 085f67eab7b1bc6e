import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEvent, timestampFromDate } from '@brokerwise/proto';
import { startHarness, veteran, type Harness } from './harness.ts';
import { makePng } from './clips.ts';

/** identity.user.deleted, published on the bus as identity does: the user's posts and comments go with the account. */
describe('a deleted account takes its posts and comments with it', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = async (author: ReturnType<typeof veteran>) => {
    const cover = (await h.upload(`/v1/images?ownerId=${author.userId}`, await makePng(), 'image/png')).body;
    const r = await h.call('POST', '/v1/posts', {
      authorId: author.userId,
      accountCreatedAt: author.accountCreatedAt,
      kind: 'image_text',
      title: `Journal ${randomUUID().slice(0, 6)}`,
      description: 'What I learned this week.',
      category: 'education',
      coverImageId: cover.id,
      content: '<p>Cut losses early.</p>',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  };

  it('deletes the posts and comments (with replies), announces each, and keeps the count of comments right', async () => {
    const gone = veteran();
    const other = veteran();
    const own = await post(gone);
    const elsewhere = await post(other);
    const mine = await h.call('POST', `/v1/posts/${elsewhere}/comments`, { ...gone, text: 'Useful, thanks' });
    const reply = await h.call('POST', `/v1/posts/${elsewhere}/comments`, { ...other, text: 'Glad it helps', parentId: mine.body.id });
    const kept = await h.call('POST', `/v1/posts/${elsewhere}/comments`, { ...other, text: 'Another thought' });
    expect([mine.status, reply.status, kept.status]).toEqual([200, 200, 200]);

    const e = encodeEvent('identity.user.deleted', { userId: gone.userId, deletedAt: timestampFromDate(new Date()) }, { producer: 'identity' });
    await h.bus.publish({ id: e.id, type: e.type, data: e.bytes });

    await h.waitForEvent('media.post.deleted', (p) => p.postId === own);
    await h.waitForEvent('media.comment.deleted', (p) => p.commentId === mine.body.id);
    await h.waitForEvent('media.comment.deleted', (p) => p.commentId === reply.body.id);
    expect((await h.call('GET', `/v1/posts/${own}`)).status).toBe(404);
    const list = await h.call('GET', `/v1/posts/${elsewhere}/comments`);
    expect(list.body).toMatchObject({ total: 1, all: 1 });
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([kept.body.id]);
    expect((await h.call('GET', `/v1/posts/${elsewhere}`)).body.counts.comments).toBe(1);
  });
});
