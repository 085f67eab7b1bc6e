import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloadInit, EventType } from '@brokerwise/proto';
import { errorOf, knownUser, startHarness, ts, waitFor, type Harness } from './harness.ts';

type Lang = 'en' | 'zh-cn';
interface Notice {
  id: string;
  category: 'notices' | 'system';
  kind: string;
  title: string;
  text: string;
  link: string | null;
  actor: { id: string; username: string } | null;
  read: boolean;
  createdAt: string;
}

describe('notices from events (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (userId: string, o: { lang?: Lang; category?: 'notices' | 'system'; page?: number; limit?: number } = {}) => {
    const q = new URLSearchParams({ lang: o.lang ?? 'en', category: o.category ?? 'notices', page: String(o.page ?? 1), limit: String(o.limit ?? 20) });
    const r = await h.call<{ items: Notice[]; total: number; unread: { notices: number; system: number } }>('GET', `/v1/users/${userId}/notices?${q}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  // The page and the count are two queries run side by side: wait until both see the notices.
  const noticesOf = (userId: string, count: number, lang: Lang = 'en') => waitFor(() => list(userId, { lang }), (b) => b.total >= count && b.items.length >= Math.min(count, 20), `${count} notice(s) for ${userId}`);
  /**
   * Every event published before this one has been handled: the consumer takes them in publish
   * order, so once this marker's notice exists the earlier ones (and redeliveries) are done.
   */
  const settled = async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await h.publish('identity.user.followed', { followerId: a, followeeId: b, followers: 1n, followedAt: ts() });
    await noticesOf(b, 1);
  };
  // Never published (media.post.published): unknown to the post read model, so it links as a video.
  const post = { postId: randomUUID(), postTitle: 'Gold weekly 黄金周线' };

  /** media.post.published for a post by `authorId`, as media sends it on publication (or on edit). */
  const published = (postId: string, authorId: string, kind: 'video' | 'image_text', version: bigint, edited = false) =>
    h.publish('media.post.published', {
      postId,
      authorId,
      kind,
      title: 'Gold weekly 黄金周线',
      description: '',
      category: 'analysis',
      locale: 'en',
      coverKey: 'covers/c.jpg',
      videoId: kind === 'video' ? randomUUID() : '',
      edited,
      publishedAt: ts(),
      version,
    });
  const postRow = (id: string) => h.db.selectFrom('post').select(['id', 'kind', 'version']).where('id', '=', id).executeTakeFirst();
  const removedOf = async (id: string) => (await h.db.selectFrom('post').select('removed').where('id', '=', id).executeTakeFirst())?.removed;

  /** Publishes the event, expects exactly one notice for `recipient`, then delivers it again: still one. */
  async function exactlyOnce<T extends EventType>(type: T, payload: EventPayloadInit<T>, recipient: string): Promise<Notice> {
    const { bytes } = await h.publish(type, payload);
    const first = await noticesOf(recipient, 1);
    expect(first.total).toBe(1);
    await h.redeliver(type, bytes);
    await settled();
    const again = await list(recipient);
    expect(again.total).toBe(1);
    expect(again.items[0]!.id).toBe(first.items[0]!.id);
    return first.items[0]!;
  }

  it('someone followed you: one notice, even when the event is delivered twice, in both languages', async () => {
    const [a, b] = [await knownUser(h), await knownUser(h, { username: '外汇老王' })];
    const n = await exactlyOnce('identity.user.followed', { followerId: b.id, followeeId: a.id, followers: 1n, followedAt: ts() }, a.id);
    expect(n).toMatchObject({ category: 'notices', kind: 'followed', title: 'New follower', text: '外汇老王 followed you.', link: `/vlog/personal?uid=${b.id}`, actor: { id: b.id, username: '外汇老王' }, read: false });
    const zh = (await list(a.id, { lang: 'zh-cn' })).items[0]!;
    expect(zh).toMatchObject({ id: n.id, title: '新粉丝', text: '外汇老王 关注了您。' });
  });

  it.each([
    ['media.post.liked', 'post_liked', 'liked your post “Gold weekly 黄金周线”.', '赞了您的作品《Gold weekly 黄金周线》。'],
    ['media.post.collected', 'post_collected', 'collected your post “Gold weekly 黄金周线”.', '收藏了您的作品《Gold weekly 黄金周线》。'],
    ['media.post.forwarded', 'post_forwarded', 'forwarded your post “Gold weekly 黄金周线”.', '转发了您的作品《Gold weekly 黄金周线》。'],
  ] as const)('%s: the post author is told, once, with a link to the post', async (type, kind, en, zh) => {
    const [author, fan] = [await knownUser(h), await knownUser(h)];
    const common = { postId: post.postId, authorId: author.id, userId: fan.id, postTitle: post.postTitle };
    const payload =
      type === 'media.post.liked'
        ? { ...common, likes: 3n, likedAt: ts() }
        : type === 'media.post.collected'
          ? { ...common, collections: 2n, collectedAt: ts() }
          : { ...common, forwardId: randomUUID(), comment: 'must read', forwardedAt: ts() };
    const n = await exactlyOnce(type, payload as never, author.id);
    expect(n).toMatchObject({ kind, text: `${fan.username} ${en}`, link: `/vlog/detail?id=${post.postId}`, actor: { id: fan.id } });
    expect((await list(author.id, { lang: 'zh-cn' })).items[0]!.text).toBe(`${fan.username} ${zh}`);
  });

  it('a comment tells the post author; a reply tells the comment author; someone who is both hears once', async () => {
    const [author, commenter, replier] = [await knownUser(h), await knownUser(h), await knownUser(h)];
    const comment = (userId: string, parentAuthorId = '') => ({
      commentId: randomUUID(),
      postId: post.postId,
      authorId: author.id,
      userId,
      parentCommentId: parentAuthorId ? randomUUID() : '',
      parentAuthorId,
      excerpt: 'Great analysis, 谢谢分享',
      postTitle: post.postTitle,
      commentedAt: ts(),
    });
    const c = await exactlyOnce('media.post.commented', comment(commenter.id), author.id);
    expect(c).toMatchObject({ kind: 'post_commented', text: `${commenter.username} commented on your post “Gold weekly 黄金周线”: Great analysis, 谢谢分享` });

    // A reply to the commenter's comment: the commenter gets "replied", the post author "commented".
    await h.publish('media.post.commented', comment(replier.id, commenter.id));
    const replied = await noticesOf(commenter.id, 1, 'zh-cn');
    expect(replied.items[0]).toMatchObject({ kind: 'comment_replied', text: `${replier.username} 回复了您在《Gold weekly 黄金周线》下的评论：Great analysis, 谢谢分享` });
    await noticesOf(author.id, 2);

    // A reply under the author's own comment: one notice for the author, the reply.
    await h.publish('media.post.commented', comment(replier.id, author.id));
    const both = await noticesOf(author.id, 3);
    await settled();
    expect((await list(author.id)).total).toBe(3);
    expect(both.items.map((i) => i.kind)).toEqual(['comment_replied', 'post_commented', 'post_commented']);
  });

  it('a notice about a post links to the page of its kind: image-text to /blog, video (or unknown) to /vlog', async () => {
    const [author, fan] = [await knownUser(h), await knownUser(h)];
    const [article, video] = [randomUUID(), randomUUID()];
    await published(article, author.id, 'image_text', 1n);
    await published(video, author.id, 'video', 1n);
    await waitFor(() => postRow(video), (r) => r !== undefined, 'the video in the post read model');
    expect(await postRow(article)).toEqual({ id: article, kind: 'image_text', version: 1 });

    const liked = (postId: string) => ({ postId, authorId: author.id, userId: fan.id, postTitle: post.postTitle, likes: 1n, likedAt: ts() });
    await h.publish('media.post.liked', liked(article));
    await h.publish('media.post.commented', {
      commentId: randomUUID(),
      postId: article,
      authorId: author.id,
      userId: fan.id,
      parentCommentId: '',
      parentAuthorId: '',
      excerpt: 'Nice chart',
      postTitle: post.postTitle,
      commentedAt: ts(),
    });
    await h.publish('media.post.liked', liked(video));
    await h.publish('media.post.liked', liked(post.postId));
    const page = await noticesOf(author.id, 4);
    const linkOf = (kind: string, postId: string) => page.items.find((i) => i.kind === kind && i.link?.endsWith(`?id=${postId}`))?.link;
    expect(linkOf('post_liked', article)).toBe(`/blog/detail?id=${article}`);
    expect(linkOf('post_commented', article)).toBe(`/blog/detail?id=${article}`);
    expect(linkOf('post_liked', video)).toBe(`/vlog/detail?id=${video}`);
    expect(linkOf('post_liked', post.postId)).toBe(`/vlog/detail?id=${post.postId}`);
    expect(page.items.map((i) => i.link).sort()).toEqual(
      [`/blog/detail?id=${article}`, `/blog/detail?id=${article}`, `/vlog/detail?id=${video}`, `/vlog/detail?id=${post.postId}`].sort(),
    );
  });

  it('post read model: an edit keeps the kind, a redelivered or older published event changes nothing, a deletion marks the row', async () => {
    const author = await knownUser(h);
    const id = randomUUID();
    const first = await published(id, author.id, 'image_text', 1n);
    await waitFor(() => postRow(id), (r) => r !== undefined, 'the post in the read model');
    await published(id, author.id, 'image_text', 2n, true);
    await waitFor(() => postRow(id), (r) => r?.version === 2, 'the edit');

    // The first publication once more (same event, new bus message), and an older version sent anew.
    await h.redeliver('media.post.published', first.bytes);
    await published(id, author.id, 'video', 1n);
    await settled();
    expect(await postRow(id)).toEqual({ id, kind: 'image_text', version: 2 });
    expect(await h.db.selectFrom('post').select('id').where('id', '=', id).execute()).toHaveLength(1);

    const other = randomUUID();
    await published(other, author.id, 'video', 1n);
    await h.publish('media.post.deleted', { postId: id, authorId: author.id, deletedAt: ts(), version: 3n });
    await waitFor(() => removedOf(id), (r) => r === 'deleted', 'the deleted post marked in the read model');
    // Only that post is marked.
    expect(await removedOf(other)).toBeNull();
  });

  it('a post removed by a moderator, or deleted, keeps its notices: they say so in the reader\u2019s language and no longer link to it', async () => {
    const [author, fan] = [await knownUser(h), await knownUser(h)];
    const [hidden, deleted, kept, unknown] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const id of [hidden, deleted, kept]) await published(id, author.id, 'image_text', 1n);
    const liked = (postId: string) => ({ postId, authorId: author.id, userId: fan.id, postTitle: post.postTitle, likes: 1n, likedAt: ts() });
    for (const id of [hidden, deleted, kept, unknown]) await h.publish('media.post.liked', liked(id));
    await h.publish('media.post.commented', { commentId: randomUUID(), postId: hidden, authorId: author.id, userId: fan.id, parentCommentId: '', parentAuthorId: '', excerpt: 'Nice chart', postTitle: post.postTitle, commentedAt: ts() });
    await noticesOf(author.id, 5);

    // The moderator's removal (reviews.content.removed) of two posts, one never seen published; the author deletes another.
    const removal = (targetId: string) => ({ targetKind: 'post', targetId, authorId: author.id, moderatorId: randomUUID(), reason: 'Advertises a paid group.', rule: 'spam', excerpt: 'Gold weekly', removedAt: ts() });
    await h.publish('reviews.content.removed', removal(hidden));
    await h.publish('reviews.content.removed', removal(unknown));
    await h.publish('media.post.deleted', { postId: deleted, authorId: author.id, deletedAt: ts(), version: 2n });
    // The deletion makes no notice of its own: wait for it too, or the list may be read before it is handled.
    await waitFor(() => removedOf(deleted), (r) => r === 'deleted', 'the deleted post marked in the read model');
    const page = await noticesOf(author.id, 7);
    // Each notice by what it is about (its stored kind and post), as the list does not show the post's id any more.
    const ids = new Map((await h.db.selectFrom('notice').select(['id', 'kind', 'params']).where('user_id', '=', author.id).execute()).map((n) => [`${n.kind}:${n.params.postId}`, n.id]));
    const about = (items: Notice[], kind: string, postId: string) => items.find((i) => i.id === ids.get(`${kind}:${postId}`));
    expect(about(page.items, 'post_liked', hidden)).toMatchObject({ text: `${fan.username} liked your post “Gold weekly 黄金周线”. This post was removed by a moderator.`, link: null });
    expect(about(page.items, 'post_commented', hidden)).toMatchObject({ text: `${fan.username} commented on your post “Gold weekly 黄金周线”: Nice chart This post was removed by a moderator.`, link: null });
    expect(about(page.items, 'post_liked', unknown)).toMatchObject({ text: expect.stringMatching(/removed by a moderator\.$/), link: null });
    expect(about(page.items, 'post_liked', deleted)).toMatchObject({ text: `${fan.username} liked your post “Gold weekly 黄金周线”. This post has been deleted.`, link: null });
    expect(about(page.items, 'post_liked', kept)).toMatchObject({ text: `${fan.username} liked your post “Gold weekly 黄金周线”.`, link: `/blog/detail?id=${kept}` });
    // The author's own notice of the removal still leads to where it is appealed.
    expect(page.items.find((i) => i.kind === 'content_removed')).toMatchObject({ link: '/user/sanctions' });
    const zh = (await noticesOf(author.id, 7, 'zh-cn')).items;
    expect(about(zh, 'post_liked', hidden)).toMatchObject({ text: `${fan.username} 赞了您的作品《Gold weekly 黄金周线》。该作品已被管理员移除。`, link: null });
    expect(about(zh, 'post_liked', deleted)).toMatchObject({ text: `${fan.username} 赞了您的作品《Gold weekly 黄金周线》。该作品已被删除。`, link: null });

    // Restored on appeal: its notices link to it again. A deletion is final: a late removal or restore changes nothing.
    const appeal = (targetId: string) =>
      h.publish('reviews.removal_appeal.decided', {
        appealId: randomUUID(), removalId: randomUUID(), targetKind: 'post', targetId, userId: author.id, decision: 'restore', restored: true, moderatorId: randomUUID(),
        reason: 'Not an advert.', rule: 'spam', excerpt: 'Gold weekly', contextId: `image_text:${targetId}`, decidedAt: ts(),
      });
    await appeal(hidden);
    await h.publish('reviews.content.removed', removal(deleted));
    await appeal(deleted);
    await waitFor(() => removedOf(hidden), (r) => r === null, 'the restored post shown again');
    await settled();
    expect(await removedOf(deleted)).toBe('deleted');
    const after = (await list(author.id, { limit: 20 })).items;
    expect(about(after, 'post_liked', hidden)).toMatchObject({ text: `${fan.username} liked your post “Gold weekly 黄金周线”.`, link: `/blog/detail?id=${hidden}` });
    expect(about(after, 'post_liked', deleted)).toMatchObject({ link: null, text: expect.stringMatching(/This post has been deleted\.$/) });
  });

  it('never tells a user about their own action', async () => {
    const me = await knownUser(h);
    const common = { postId: post.postId, authorId: me.id, userId: me.id, postTitle: post.postTitle };
    await h.publish('media.post.liked', { ...common, likes: 1n, likedAt: ts() });
    await h.publish('media.post.collected', { ...common, collections: 1n, collectedAt: ts() });
    await h.publish('media.post.forwarded', { ...common, forwardId: randomUUID(), comment: '', forwardedAt: ts() });
    await h.publish('media.post.commented', { ...common, commentId: randomUUID(), parentCommentId: randomUUID(), parentAuthorId: me.id, excerpt: 'me', commentedAt: ts() });
    await h.publish('identity.user.followed', { followerId: me.id, followeeId: me.id, followers: 1n, followedAt: ts() });
    await settled();
    expect((await list(me.id)).total).toBe(0);
  });

  it('a review decision names the company, links to it (approved) or to my reviews with the reason (rejected)', async () => {
    const author = await knownUser(h, { locale: 'zh-cn' });
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'harbour-fx', name: 'Harbour FX', category: 'Brokers', version: 3n });
    const approved = await exactlyOnce(
      'reviews.review.approved',
      { reviewId: randomUUID(), companyId, userId: author.id, stars: 5, moderatorId: randomUUID(), approvedAt: ts() },
      author.id,
    );
    expect(approved).toMatchObject({ kind: 'review_approved', text: 'Your review of Harbour FX has been approved and published.', link: '/detail?id=harbour-fx', actor: null });
    await h.publish('reviews.review.rejected', { reviewId: randomUUID(), companyId, userId: author.id, stars: 1, moderatorId: randomUUID(), reason: 'Contains a phone number', rejectedAt: ts() });
    const page = await noticesOf(author.id, 2, 'zh-cn');
    expect(page.items[0]).toMatchObject({ kind: 'review_rejected', title: '点评未通过', text: '您对 Harbour FX 的点评未通过审核。原因：Contains a phone number', link: '/user/reviews' });
    // An older version of the company arriving late changes nothing; a newer one renames it.
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'old-slug', name: 'Old name', category: 'Brokers', version: 2n });
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'harbour-markets', name: 'Harbour Markets', nameZh: '海港市场', category: 'Brokers', version: 4n });
    await settled();
    expect((await list(author.id)).items[1]).toMatchObject({ text: 'Your review of Harbour Markets has been approved and published.', link: '/detail?id=harbour-markets' });
    // In Chinese, the company by its Chinese name, as the Chinese pages show it.
    expect((await noticesOf(author.id, 2, 'zh-cn')).items[0]).toMatchObject({ text: '您对 海港市场 的点评未通过审核。原因：Contains a phone number' });
  });

  it('a removal after a report tells the author the reason and the rule, in both languages', async () => {
    const author = await knownUser(h);
    const removed = await exactlyOnce(
      'reviews.content.removed',
      { targetKind: 'comment', targetId: randomUUID(), authorId: author.id, moderatorId: randomUUID(), reason: 'Publishes a phone number.', rule: 'personal_data', excerpt: 'Call him on 555-0100', removedAt: ts() },
      author.id,
    );
    expect(removed).toMatchObject({ kind: 'content_removed', title: 'Content removed', text: 'Your comment “Call him on 555-0100” was removed. Reason: Publishes a phone number. Rule: personal data.', link: '/user/sanctions' });
    expect((await list(author.id, { lang: 'zh-cn' })).items[0]).toMatchObject({ title: '内容已被删除', text: '您的评论“Call him on 555-0100”已被删除。原因：Publishes a phone number. 违反规则：个人信息。' });
    await h.publish('reviews.review.rejected', { reviewId: randomUUID(), companyId: randomUUID(), userId: author.id, stars: 1, moderatorId: randomUUID(), reason: 'Insults the staff.', rule: 'abuse', rejectedAt: ts() });
    const page = await noticesOf(author.id, 2);
    // Linked to where the removal is appealed.
    expect(page.items[0]).toMatchObject({ kind: 'review_rejected', text: 'Your review of a company was removed after a report. Reason: Insults the staff. Rule: abuse or harassment.', link: '/user/sanctions' });
  });

  it('a broker application decision tells the applicant once, in both languages, linking to their applications', async () => {
    const applicant = await knownUser(h);
    const approved = await exactlyOnce(
      'trader.broker_application.approved',
      { applicationId: randomUUID(), userId: applicant.id, brokerName: '远东外汇 Far East FX', website: 'https://fareastfx.example', server: 'FarEastFX-Live03', adminId: randomUUID(), companyId: '', approvedAt: ts() },
      applicant.id,
    );
    expect(approved).toMatchObject({
      kind: 'broker_application_approved',
      title: 'Broker application approved',
      text: 'Your application to add 远东外汇 Far East FX was approved — its server FarEastFX-Live03 can now be bound.',
      link: '/trader/apply',
      actor: null,
    });
    expect((await list(applicant.id, { lang: 'zh-cn' })).items[0]).toMatchObject({
      title: '经纪商申请已通过',
      text: '您申请添加的 远东外汇 Far East FX 已通过审核，其服务器 FarEastFX-Live03 现在可以绑定了。',
      link: '/trader/apply',
    });

    const rejectedApplicant = await knownUser(h, { locale: 'zh-cn' });
    const rejected = await exactlyOnce(
      'trader.broker_application.rejected',
      { applicationId: randomUUID(), userId: rejectedApplicant.id, brokerName: 'Shady FX', server: 'ShadyFX-Real', adminId: randomUUID(), reason: 'No licence found 未找到监管牌照', rejectedAt: ts() },
      rejectedApplicant.id,
    );
    expect(rejected).toMatchObject({
      kind: 'broker_application_rejected',
      title: 'Broker application not approved',
      text: 'Your application to add Shady FX was not approved. Reason: No licence found 未找到监管牌照',
      link: '/trader/apply',
      actor: null,
    });
    expect((await list(rejectedApplicant.id, { lang: 'zh-cn' })).items[0]).toMatchObject({
      title: '经纪商申请未通过',
      text: '您申请添加的 Shady FX 未通过审核。原因：No licence found 未找到监管牌照',
      link: '/trader/apply',
    });
  });

  it('tells a creator their video is ready, or failed and why', async () => {
    const creator = await knownUser(h);
    await exactlyOnce('media.video.ready', { videoId: randomUUID(), ownerId: creator.id, playbackKey: 'v.mp4', posterKey: 'p.jpg', readyAt: ts() }, creator.id);
    await h.publish('media.video.failed', { videoId: randomUUID(), ownerId: creator.id, reason: 'no_video_stream', failedAt: ts() });
    const page = await noticesOf(creator.id, 2);
    expect(page.items.map((i) => i.text)).toEqual([
      'Your video could not be processed (the file has no video in it). Please upload it again.',
      'Your video has been processed and can now be played.',
    ]);
    expect((await list(creator.id, { lang: 'zh-cn' })).items[0]!.text).toBe('您的视频处理失败（文件中没有视频画面），请重新上传。');
    expect(page.items[0]!.link).toBe('/user/vlog');
  });

  it('re-renders with the current name: a renamed follower shows under the new name', async () => {
    const [a, b] = [await knownUser(h), await knownUser(h, { username: 'first_name' })];
    await h.publish('identity.user.followed', { followerId: b.id, followeeId: a.id, followers: 1n, followedAt: ts() });
    await noticesOf(a.id, 1);
    await h.publish('identity.user.profile_updated', { userId: b.id, username: 'second_name', email: b.email, version: 2n, updatedAt: ts() });
    await waitFor(() => list(a.id), (p) => p.items[0]?.text === 'second_name followed you.', 'the new name');
  });

  it('the unique key on the source event holds even without the inbox row', async () => {
    const [a, b] = [await knownUser(h), await knownUser(h)];
    const { id, bytes } = await h.publish('identity.user.followed', { followerId: b.id, followeeId: a.id, followers: 1n, followedAt: ts() });
    await noticesOf(a.id, 1);
    await h.db.deleteFrom('inbox').where('event_id', '=', id).execute();
    await h.redeliver('identity.user.followed', bytes);
    await settled();
    // The handler ran again (its inbox row is back) and still made no second notice.
    expect(await h.db.selectFrom('inbox').select('event_id').where('event_id', '=', id).executeTakeFirst()).toBeDefined();
    expect((await list(a.id)).total).toBe(1);
  });

  it('signals each new notice on the bus with the user id only', async () => {
    const [a, b] = [await knownUser(h), await knownUser(h)];
    await h.publish('identity.user.followed', { followerId: b.id, followeeId: a.id, followers: 1n, followedAt: ts() });
    const notice = (await noticesOf(a.id, 1)).items[0]!;
    const signal = await waitFor(
      async () => h.events.find((e) => e.type === 'notifications.notice.created' && e.payload.userId === a.id),
      (e) => e !== undefined,
      'notice.created',
    );
    expect(signal!.payload).toMatchObject({ userId: a.id, noticeId: notice.id, category: 'notices' });
  });

  it('counts unread per tab and marks one, a tab, or everything read', async () => {
    const [a, b, c] = [await knownUser(h), await knownUser(h), await knownUser(h)];
    for (const follower of [b, c]) await h.publish('identity.user.followed', { followerId: follower.id, followeeId: a.id, followers: 1n, followedAt: ts() });
    const page = await noticesOf(a.id, 2);
    const sys = await h.call('POST', '/v1/system-notices', { userId: a.id, title: { en: 'Welcome', zh: '欢迎' }, body: { en: 'Hello', zh: '你好' }, adminId: randomUUID() });
    expect(sys.status, JSON.stringify(sys.body)).toBe(200);
    expect((await h.call('GET', `/v1/users/${a.id}/unread`)).body).toEqual({ notices: 2, system: 1 });

    const one = await h.call('POST', `/v1/users/${a.id}/notices/read`, { ids: [page.items[0]!.id] });
    expect(one.body).toEqual({ updated: 1, unread: { notices: 1, system: 1 } });
    expect((await list(a.id)).items.map((i) => i.read)).toEqual([true, false]);
    // Someone else's notice id changes nothing.
    const other = await h.call('POST', `/v1/users/${b.id}/notices/read`, { ids: [page.items[1]!.id] });
    expect(other.body.updated).toBe(0);

    const tab = await h.call('POST', `/v1/users/${a.id}/notices/read`, { category: 'notices' });
    expect(tab.body).toEqual({ updated: 1, unread: { notices: 0, system: 1 } });
    const all = await h.call('POST', `/v1/users/${a.id}/notices/read`, { category: 'all' });
    expect(all.body).toEqual({ updated: 1, unread: { notices: 0, system: 0 } });
    expect((await h.call('POST', `/v1/users/${a.id}/notices/read`, { ids: ['nope'] })).status).toBe(400);
  });

  it('system notices to everyone: each user reads them on their own, users who joined later do not see older ones', async () => {
    const [early, reader] = [await knownUser(h, { registeredAt: new Date(Date.now() - 3_600_000) }), await knownUser(h, { registeredAt: new Date(Date.now() - 3_600_000) })];
    const sent = await h.call('POST', '/v1/system-notices', { title: { en: 'Maintenance tonight', zh: '' }, body: { en: 'From 22:00 to 23:00 UTC.', zh: '' }, link: '/about', adminId: randomUUID() });
    expect(sent.body).toEqual({ id: expect.any(String), audience: 'everyone' });
    const later = await knownUser(h, { registeredAt: new Date(Date.now() + 60_000) });
    for (const u of [early, reader]) {
      const zh = await list(u.id, { category: 'system', lang: 'zh-cn' });
      // Only English given: Chinese readers get the English text rather than nothing.
      expect(zh.items.find((i) => i.id === sent.body.id)).toMatchObject({ title: 'Maintenance tonight', text: 'From 22:00 to 23:00 UTC.', link: '/about', read: false });
    }
    expect((await list(later.id, { category: 'system' })).items.find((i) => i.id === sent.body.id)).toBeUndefined();
    await h.call('POST', `/v1/users/${reader.id}/notices/read`, { ids: [sent.body.id] });
    expect((await list(reader.id, { category: 'system' })).items.find((i) => i.id === sent.body.id)?.read).toBe(true);
    expect((await list(early.id, { category: 'system' })).items.find((i) => i.id === sent.body.id)?.read).toBe(false);
    const signal = await waitFor(async () => h.events.find((e) => e.type === 'notifications.notice.created' && e.payload.noticeId === sent.body.id), (e) => !!e, 'broadcast signal');
    expect(signal!.payload).toMatchObject({ userId: '', category: 'system' });
  });

  it('a sanction tells the user the rule, the reason, the end and where to appeal; lifts and rejected appeals too, in both languages', async () => {
    const user = await knownUser(h, { locale: 'en' });
    const sanctionId = randomUUID();
    const imposed = await exactlyOnce(
      'identity.sanction.imposed',
      { sanctionId, userId: user.id, kind: 'restrict', rule: 'fake_review', reason: 'Same text three times', endsAt: { seconds: 1798538400n, nanos: 0 }, imposedAt: ts() },
      user.id,
    );
    expect(imposed).toMatchObject({
      kind: 'sanction_imposed',
      title: 'Account sanction',
      text: 'You cannot post until 2026-12-29 10:00 UTC for fake or paid reviews. Reason: Same text three times. You can appeal it from your account.',
      link: '/user/sanctions',
    });
    expect((await list(user.id, { lang: 'zh-cn' })).items[0]).toMatchObject({ text: '您因“虚假或付费点评”被限制发布，直至 2026-12-29 10:00 UTC。原因：Same text three times。您可以在账户中申诉。' });
    await h.publish('identity.appeal.rejected', { appealId: randomUUID(), sanctionId, userId: user.id, reason: 'Copies', decidedAt: ts() });
    await h.publish('identity.sanction.lifted', { sanctionId, userId: user.id, kind: 'restrict', reason: 'Reconsidered', appealId: randomUUID(), liftedAt: ts() });
    const page = await noticesOf(user.id, 3);
    expect(page.items.map((n) => [n.kind, n.text, n.link])).toEqual(
      expect.arrayContaining([
        ['appeal_rejected', 'Your appeal was reviewed by another moderator and the sanction stays. Reason: Copies', '/user/sanctions'],
        ['sanction_lifted', 'Your appeal was accepted: the sanction on your account has been lifted. Reason: Reconsidered', '/user/sanctions'],
      ]),
    );
  });

  it('refuses a system notice without text or with a link to another site', async () => {
    const admin = randomUUID();
    const r = await h.call('POST', '/v1/system-notices', { title: { en: ' ', zh: '' }, body: { en: '', zh: '' }, link: '//evil.example', adminId: admin });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'notifications.validation', fields: { title: 'required', body: 'required', link: 'invalid' } });
    // Browsers read `/\host` as `//host`: an open redirect for every recipient (issue 13).
    for (const link of ['/\\evil.example/', '\\\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'https://evil.example']) {
      const refused = await h.call('POST', '/v1/system-notices', { title: { en: 'T', zh: '' }, body: { en: 'B', zh: '' }, link, adminId: admin });
      expect(errorOf(refused).fields, link).toEqual({ link: 'invalid' });
    }
  });

  it('pages newest first', async () => {
    const a = await knownUser(h);
    for (let i = 0; i < 3; i++) await h.publish('identity.user.followed', { followerId: randomUUID(), followeeId: a.id, followers: BigInt(i + 1), followedAt: ts(new Date(Date.now() + i * 1000)) });
    await noticesOf(a.id, 3);
    const p1 = await list(a.id, { limit: 2 });
    const p2 = await list(a.id, { limit: 2, page: 2 });
    expect(p1.items).toHaveLength(2);
    expect(p2.items).toHaveLength(1);
    expect([...p1.items, ...p2.items].map((i) => i.createdAt)).toEqual([...p1.items, ...p2.items].map((i) => i.createdAt).sort().reverse());
    // Unknown followers are named "Someone" rather than left blank.
    expect(p2.items[0]!.text).toBe('Someone followed you.');
  });

  it('keeps email preferences: non-essential mails on by default', async () => {
    const u = await knownUser(h);
    expect((await h.call('GET', `/v1/users/${u.id}/email-preferences`)).body).toEqual({ nonEssential: true });
    expect((await h.call('PUT', `/v1/users/${u.id}/email-preferences`, { nonEssential: false })).body).toEqual({ nonEssential: false });
    expect((await h.call('GET', `/v1/users/${u.id}/email-preferences`)).body).toEqual({ nonEssential: false });
  });
});
