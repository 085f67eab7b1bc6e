import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import type {
  AdminRemovalAppeal,
  AdminUserRow,
  AuditLogEntry,
  CommentPage,
  CompanyReviews,
  ErrorData,
  ModerationItem,
  NoticePage,
  Page,
  PostComment,
  PostDetail,
  PublicReview,
  RemovalAppeal,
  TransparencyReport,
  UploadedImage,
  UserInfo,
  UserRemoval,
  UserReport,
} from '@brokerwise/api-contract';
import { makePng } from '../../services/media/test/clips.ts';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'moderation-test-salt';

describe('reports, the moderation queue and the audit log through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  /** An image post with an uploaded cover, as a creator publishes one. */
  const publishImagePost = async (poster: { token: string }, title: string, description: string, text: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makePng(800, 600))], { type: 'image/png' }), 'cover.png');
    const res = await fetch(`${stack.base}/api/upload/image`, { method: 'POST', headers: { ...(await signatureHeaders(SALT)), token: poster.token, lang: 'en' }, body: form });
    const cover = ((await res.json()) as { data: UploadedImage }).data;
    const post = await call<PostDetail>('POST', '/api/vlog/publish', {
      token: poster.token,
      body: { kind: 'image_text', title, description, category: 'analysis', cover: cover.id, content: `<p>${text}</p>` },
    });
    expect(post.body.code, post.body.msg).toBe(1);
    return post;
  };

  beforeAll(async () => {
    stack = await startReviewStack(SALT, { all: true });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function publishedReview(author: UserInfo, content: string): Promise<PublicReview> {
    const sent = await call<PublicReview>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 1, content, check: true } });
    expect(sent.body.code, sent.body.msg).toBe(1);
    const ok = await call('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: sent.body.data.id, decision: 'approve' } });
    expect(ok.body.code, ok.body.msg).toBe(1);
    return sent.body.data;
  }
  const queue = async () => (await call<Page<ModerationItem>>('GET', '/api/admin/moderation/queue', { token: admin.token })).body.data.list;
  const notices = async (u: UserInfo, lang = 'en') => (await call<NoticePage>('GET', '/api/user/notice', { token: u.token, lang })).body.data.list;

  it('a user reports a published review; the admin removes it; the author is told; the log keeps it', async () => {
    const author = await stack.signUp();
    const reporter = await stack.signUp();
    const review = await publishedReview(author, 'The staff are idiots and thieves, every single one of them.');

    // Signed out: sign in first (code 402).
    const anon = await call<ErrorData>('POST', '/api/report', { body: { targetKind: 'review', targetId: review.id, reason: 'abuse' } });
    expect(anon.body.code).toBe(402);
    // "Other" needs words; the message names the field in the caller's language.
    const short = await call<ErrorData>('POST', '/api/report', { token: reporter.token, lang: 'zh-cn', body: { targetKind: 'review', targetId: review.id, reason: 'other', text: 'bad' } });
    expect(short.status).toBe(400);
    expect(short.body.data.fields).toEqual({ text: '描述须为 10 到 500 个字符。' });

    const filed = await call<UserReport>('POST', '/api/report', { token: reporter.token, body: { targetKind: 'review', targetId: review.id, reason: 'abuse' } });
    expect(filed.body.code, filed.body.msg).toBe(1);
    expect(filed.body.msg).toBe('Thank you. Your report has been sent to the moderators.');
    expect(filed.body.data).toMatchObject({ targetKind: 'review', targetId: review.id, status: 'open', link: '/detail?id=harbour-fx' });
    const again = await call<ErrorData>('POST', '/api/report', { token: reporter.token, lang: 'zh-cn', body: { targetKind: 'review', targetId: review.id, reason: 'spam' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ msg: '您已经举报过该内容，审核人员正在处理。', data: { error: 'reviews.already_reported' } });

    // Only admins see the queue and decide.
    for (const [method, p, body] of [
      ['GET', '/api/admin/moderation/queue', undefined],
      ['POST', '/api/admin/moderation/decide', { targetKind: 'review', targetId: review.id, action: 'dismiss' }],
      ['GET', '/api/admin/audit', undefined],
    ] as const) {
      expect((await call(method, p, { token: reporter.token, ...(body ? { body } : {}) })).status, `${method} ${p}`).toBe(403);
    }

    const item = (await queue()).find((i) => i.targetId === review.id);
    expect(item).toMatchObject({ source: 'reports', targetKind: 'review', reports: 1, reasons: ['abuse'], author: { id: author.id, username: author.username }, link: '/detail?id=harbour-fx', reviewStatus: 'approved' });
    expect(item!.excerpt).toContain('idiots');

    const missing = await call<ErrorData>('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'review', targetId: review.id, action: 'remove', rule: 'abuse' } });
    expect(missing.body.data.fields).toEqual({ reason: 'Please give the reason (the author will read it).' });
    const removed = await call<AuditLogEntry>('POST', '/api/admin/moderation/decide', {
      token: admin.token,
      body: { targetKind: 'review', targetId: review.id, action: 'remove', reason: 'Insults the staff.', rule: 'abuse' },
    });
    expect(removed.body.code, removed.body.msg).toBe(1);
    expect(removed.body.data).toMatchObject({ action: 'remove', moderator: { id: admin.id, username: 'admin' }, targetId: review.id, rule: 'abuse', before: { status: 'approved' }, after: { status: 'rejected' } });

    await expect.poll(async () => (await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx')).body.data.list.map((r) => r.id), { timeout: 10_000 }).not.toContain(review.id);
    await expect.poll(async () => (await notices(author))[0]?.content, { timeout: 10_000 }).toBe('Your review of Harbour FX was removed after a report. Reason: Insults the staff. Rule: abuse or harassment.');
    expect((await call<Page<UserReport>>('GET', '/api/user/reports', { token: reporter.token })).body.data.list[0]).toMatchObject({ targetId: review.id, status: 'actioned' });
    expect((await queue()).some((i) => i.targetId === review.id)).toBe(false);

    const log = await call<Page<AuditLogEntry>>('GET', `/api/admin/audit?action=remove&targetKind=review&actor=${admin.id}`, { token: admin.token });
    expect(log.body.data.list[0]).toMatchObject({ action: 'remove', targetId: review.id, reason: 'Insults the staff.', moderator: { username: 'admin' } });
    const approvals = await call<Page<AuditLogEntry>>('GET', '/api/admin/audit?action=approve', { token: admin.token });
    expect(approvals.body.data.list.some((a) => a.targetId === review.id)).toBe(true);
    const future = await call<Page<AuditLogEntry>>('GET', '/api/admin/audit?from=2999-01-01', { token: admin.token });
    expect(future.body.data).toMatchObject({ list: [], total: 0 });
    expect((await call<ErrorData>('GET', '/api/admin/audit?from=yesterday', { token: admin.token })).status).toBe(400);
  });

  it('the author appeals a removal; the moderator who removed it may not decide; a second one restores it, published and logged', async () => {
    const author = await stack.signUp();
    const reporter = await stack.signUp();
    const mod = await stack.signUp();
    const promoted = await call<AdminUserRow>('POST', '/api/admin/users/role', { token: admin.token, body: { userId: mod.id, role: 'moderator' } });
    expect(promoted.body.code, promoted.body.msg).toBe(1);
    const review = await publishedReview(author, 'Spreads widened to 9 pips at every news release I traded.');
    expect((await call<UserReport>('POST', '/api/report', { token: reporter.token, body: { targetKind: 'review', targetId: review.id, reason: 'fake_review' } })).body.code).toBe(1);
    const removed = await call<AuditLogEntry>('POST', '/api/admin/moderation/decide', {
      token: admin.token,
      body: { targetKind: 'review', targetId: review.id, action: 'remove', reason: 'Looks copied from a forum.', rule: 'fake_review' },
    });
    expect(removed.body.code, removed.body.msg).toBe(1);
    const listed = async () => (await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx')).body.data.list.map((r) => r.id);
    await expect.poll(listed, { timeout: 10_000 }).not.toContain(review.id);

    // The author sees the removal and appeals it (10–1000 characters, in their language; once).
    const mine = await call<UserRemoval[]>('GET', '/api/user/removals', { token: author.token });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ removalId: removed.body.data.id, targetId: review.id, reason: 'Looks copied from a forum.', rule: 'fake_review', status: 'rejected', link: '/detail?id=harbour-fx', appeal: null }),
    ]);
    const short = await call<ErrorData>('POST', '/api/user/removalAppeal', { token: author.token, lang: 'zh-cn', body: { removalId: removed.body.data.id, text: 'no' } });
    expect(short.body).toMatchObject({ data: { fields: { text: '申诉内容须为 10 到 1000 个字符。' } } });
    const notMine = await call<ErrorData>('POST', '/api/user/removalAppeal', { token: reporter.token, body: { removalId: removed.body.data.id, text: 'This is not even my review at all.' } });
    expect(notMine).toMatchObject({ status: 404, body: { msg: 'This removal does not exist.' } });
    const appealed = await call<RemovalAppeal>('POST', '/api/user/removalAppeal', { token: author.token, body: { removalId: removed.body.data.id, text: 'I wrote it myself after trading the NFP release.' } });
    expect(appealed.body).toMatchObject({ code: 1, msg: 'Your appeal has been sent. Another moderator will review it.', data: { decision: null } });
    const twice = await call<ErrorData>('POST', '/api/user/removalAppeal', { token: author.token, lang: 'zh-cn', body: { removalId: removed.body.data.id, text: 'I wrote it myself after trading the NFP release.' } });
    expect(twice).toMatchObject({ status: 409, body: { msg: '您已对该删除提出过申诉。' } });

    // Staff only; the list names who removed it and why.
    expect((await call('GET', '/api/admin/removalAppeals', { token: author.token })).status).toBe(403);
    const open = await call<Page<AdminRemovalAppeal>>('GET', '/api/admin/removalAppeals', { token: mod.token });
    expect(open.body.data.list.find((a) => a.id === appealed.body.data.id)).toMatchObject({
      user: { id: author.id, username: author.username },
      removedBy: { id: admin.id, username: 'admin' },
      removal: { reason: 'Looks copied from a forum.', rule: 'fake_review' },
      targetId: review.id,
      status: 'rejected',
      link: '/detail?id=harbour-fx',
    });

    // The moderator who removed it is refused, in both languages.
    for (const [lang, msg] of [
      ['en', 'You removed this content: another moderator must decide the appeal.'],
      ['zh-cn', '该内容由您删除，申诉须由另一位审核员处理。'],
    ] as const) {
      const own = await call<ErrorData>('POST', '/api/admin/removalAppeals/decide', { token: admin.token, lang, body: { appealId: appealed.body.data.id, decision: 'restore', reason: 'Fine' } });
      expect(own).toMatchObject({ status: 403, body: { code: 0, msg, data: { error: 'reviews.removal_appeal_same_moderator' } } });
    }
    const blank = await call<ErrorData>('POST', '/api/admin/removalAppeals/decide', { token: mod.token, body: { appealId: appealed.body.data.id, decision: 'restore', reason: ' ' } });
    expect(blank.body.data.fields).toEqual({ reason: 'Please give the reason (the author will read it).' });

    const restored = await call<AdminRemovalAppeal>('POST', '/api/admin/removalAppeals/decide', {
      token: mod.token,
      body: { appealId: appealed.body.data.id, decision: 'restore', reason: 'The trades match the release times.' },
    });
    expect(restored.body).toMatchObject({ code: 1, msg: 'The appeal was accepted and the content is published again.', data: { decision: 'restore', status: 'approved', removedBy: { id: admin.id } } });
    await expect.poll(listed, { timeout: 10_000 }).toContain(review.id);
    expect((await call<UserRemoval[]>('GET', '/api/user/removals', { token: author.token })).body.data[0]).toMatchObject({ status: 'approved', appeal: { decision: 'restore', decisionReason: 'The trades match the release times.' } });
    const log = await call<Page<AuditLogEntry>>('GET', `/api/admin/audit?action=restore&actor=${mod.id}`, { token: admin.token });
    expect(log.body.data.list).toEqual([expect.objectContaining({ action: 'restore', targetId: review.id, moderator: { id: mod.id, username: mod.username }, after: expect.objectContaining({ status: 'approved' }) })]);
  });

  it('removes a reported comment through media; dismisses a reported profile; profiles cannot be removed', async () => {
    const poster = await stack.signUp();
    const commenter = await stack.signUp();
    const reporter = await stack.signUp();
    const post = await publishImagePost(poster, 'Gold after the Fed', 'What moved XAU/USD.', 'Gold rallied.');
    const comment = await call<PostComment>('POST', '/api/vlog/comment', { token: commenter.token, body: { id: post.body.data.id, content: 'Call my cousin on 555-0100 for signals' } });
    expect(comment.body.code, comment.body.msg).toBe(1);
    const commentId = comment.body.data.id;

    const filed = await call<UserReport>('POST', '/api/report', { token: reporter.token, body: { targetKind: 'comment', targetId: commentId, reason: 'personal_data' } });
    expect(filed.body.code, filed.body.msg).toBe(1);
    expect(filed.body.data.link).toBe(`/blog/detail?id=${post.body.data.id}`);
    expect((await call<ErrorData>('POST', '/api/report', { token: reporter.token, body: { targetKind: 'post', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' } })).status).toBe(404);
    const item = (await queue()).find((i) => i.targetId === commentId);
    expect(item).toMatchObject({ severity: 5, author: { id: commenter.id, username: commenter.username }, excerpt: 'Call my cousin on 555-0100 for signals' });

    const bad = await call<ErrorData>('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'comment', targetId: commentId, action: 'remove', reason: 'Phone number' } });
    expect(bad.body.data.fields).toEqual({ rule: 'Please choose the rule that was broken.' });
    // Nothing was deleted by the refused decision.
    expect((await call<CommentPage>('GET', `/api/vlog/comments?id=${post.body.data.id}`)).body.data.list.map((c) => c.id)).toContain(commentId);
    const removed = await call<AuditLogEntry>('POST', '/api/admin/moderation/decide', {
      token: admin.token,
      body: { targetKind: 'comment', targetId: commentId, action: 'remove', reason: 'Publishes a phone number.', rule: 'personal_data' },
    });
    expect(removed.body.code, removed.body.msg).toBe(1);
    expect((await call<CommentPage>('GET', `/api/vlog/comments?id=${post.body.data.id}`)).body.data.list.map((c) => c.id)).not.toContain(commentId);
    await expect.poll(async () => (await notices(commenter, 'zh-cn'))[0]?.content, { timeout: 10_000 }).toBe('您的评论“Call my cousin on 555-0100 for signals”已被删除。原因：Publishes a phone number. 违反规则：个人信息。');

    // The post itself: removed through media, its author told.
    expect((await call<UserReport>('POST', '/api/report', { token: reporter.token, body: { targetKind: 'post', targetId: post.body.data.id, reason: 'spam' } })).body.code).toBe(1);
    const postRemoved = await call<AuditLogEntry>('POST', '/api/admin/moderation/decide', {
      token: admin.token,
      body: { targetKind: 'post', targetId: post.body.data.id, action: 'remove', reason: 'Advertises a signal group.', rule: 'spam' },
    });
    expect(postRemoved.body.code, postRemoved.body.msg).toBe(1);
    const gone = await call<ErrorData>('GET', `/api/vlog/detail?id=${post.body.data.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ msg: 'This post was removed by a moderator.', data: { error: 'media.post_removed' } });
    // Nothing left to report there.
    const again = await call<ErrorData>('POST', '/api/report', { token: (await stack.signUp()).token, body: { targetKind: 'post', targetId: post.body.data.id, reason: 'spam' } });
    expect({ status: again.status, error: again.body.data.error }).toEqual({ status: 404, error: 'reviews.target_not_found' });
    await expect.poll(async () => (await notices(poster))[0]?.content, { timeout: 10_000 }).toBe('Your post “Gold after the Fed — What moved XAU/USD.” was removed. Reason: Advertises a signal group. Rule: spam or advertising.');

    const profile = await call<UserReport>('POST', '/api/report', { token: reporter.token, body: { targetKind: 'profile', targetId: poster.id, reason: 'spam' } });
    expect(profile.body.data).toMatchObject({ link: `/vlog/personal?uid=${poster.id}`, status: 'open' });
    const notRemovable = await call<ErrorData>('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'profile', targetId: poster.id, action: 'remove', reason: 'x', rule: 'spam' } });
    expect(notRemovable.body.data.error).toBe('reviews.profile_not_removable');
    const dismissed = await call<AuditLogEntry>('POST', '/api/admin/moderation/decide', { token: admin.token, lang: 'zh-cn', body: { targetKind: 'profile', targetId: poster.id, action: 'dismiss' } });
    expect(dismissed.body).toMatchObject({ code: 1, msg: '举报已驳回。', data: { action: 'dismiss', targetKind: 'profile' } });
    expect((await call<Page<UserReport>>('GET', '/api/user/reports', { token: reporter.token })).body.data.list.map((r) => [r.targetKind, r.status])).toEqual([
      ['profile', 'dismissed'],
      ['post', 'actioned'],
      ['comment', 'actioned'],
    ]);
  });

  it('a removed post is hidden, appealed by its author and restored by a second moderator as it was; a kept comment tells its author', async () => {
    const [poster, fan, reporter, mod] = [await stack.signUp(), await stack.signUp(), await stack.signUp(), await stack.signUp()];
    expect((await call<AdminUserRow>('POST', '/api/admin/users/role', { token: admin.token, body: { userId: mod.id, role: 'moderator' } })).body.code).toBe(1);
    const post = await publishImagePost(poster, 'Carry trades in 2026', 'Yen funding again.', 'Rates matter.');
    const id = post.body.data.id;
    expect((await call('POST', '/api/vlog/like', { token: fan.token, body: { id } })).body.code).toBe(1);
    const comment = await call<PostComment>('POST', '/api/vlog/comment', { token: fan.token, body: { id, content: 'Join my paid signal group today' } });
    expect(comment.body.code, comment.body.msg).toBe(1);
    const detail = async () => call<PostDetail>('GET', `/api/vlog/detail?id=${id}`);
    const before = (await detail()).body.data;
    const coverStatus = async () => (await fetch(`${stack.base}${before.cover.url}`)).status;
    expect(await coverStatus()).toBe(200);
    const report = (targetKind: 'post' | 'comment', targetId: string) => call<UserReport>('POST', '/api/report', { token: reporter.token, body: { targetKind, targetId, reason: 'spam' } });
    // The report is cached for 5 minutes: before and after are read under two addresses.
    const transparency = async (q: string) => (await call<TransparencyReport>('GET', `/api/transparency${q}`)).body.data.months.at(-1)!.contentAppeals;
    const counted = await transparency('');

    // Removed by the admin: hidden from readers, its files out of reach.
    expect((await report('post', id)).body.code).toBe(1);
    const removed = await call<AuditLogEntry>('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'post', targetId: id, action: 'remove', reason: 'Looks like an advert.', rule: 'spam' } });
    expect(removed.body.code, removed.body.msg).toBe(1);
    expect((await detail()).status).toBe(410);
    expect(await coverStatus()).toBe(404);
    // Kept where /media never serves it.
    expect((await fetch(`${stack.base}${before.cover.url.replace('/media/', '/media/removed/')}`)).status).toBe(404);
    expect(await stack.objects.head(before.cover.url.replace('/media/', 'removed/'))).not.toBeNull();

    // Its author sees it among their removals and appeals it.
    const mine = await call<UserRemoval[]>('GET', '/api/user/removals', { token: poster.token, lang: 'zh-cn' });
    expect(mine.body.data).toEqual([
      { removalId: removed.body.data.id, targetKind: 'post', targetId: id, excerpt: 'Carry trades in 2026 — Yen funding again.', reason: 'Looks like an advert.', rule: 'spam', removedAt: expect.any(String), status: 'rejected', link: `/blog/detail?id=${id}`, appeal: null },
    ]);
    expect((await call<ErrorData>('POST', '/api/user/removalAppeal', { token: fan.token, body: { removalId: removed.body.data.id, text: 'Not mine, but please restore it.' } })).status).toBe(404);
    const appealed = await call<RemovalAppeal>('POST', '/api/user/removalAppeal', { token: poster.token, body: { removalId: removed.body.data.id, text: 'This is market analysis, nothing is for sale.' } });
    expect(appealed.body.code, appealed.body.msg).toBe(1);
    const listed = (await call<Page<AdminRemovalAppeal>>('GET', '/api/admin/removalAppeals', { token: mod.token })).body.data.list.find((a) => a.id === appealed.body.data.id);
    expect(listed).toMatchObject({ targetKind: 'post', targetId: id, excerpt: 'Carry trades in 2026 — Yen funding again.', status: 'rejected', link: `/blog/detail?id=${id}`, removedBy: { id: admin.id } });
    expect((await call<ErrorData>('POST', '/api/admin/removalAppeals/decide', { token: admin.token, body: { appealId: appealed.body.data.id, decision: 'restore', reason: 'Fine' } })).status).toBe(403);
    expect((await detail()).status).toBe(410);

    // A second moderator restores it: back as it was (counts, marks, files), logged and counted.
    const restored = await call<AdminRemovalAppeal>('POST', '/api/admin/removalAppeals/decide', { token: mod.token, body: { appealId: appealed.body.data.id, decision: 'restore', reason: 'Analysis, not advertising.' } });
    expect(restored.body).toMatchObject({ code: 1, data: { targetKind: 'post', decision: 'restore', status: 'approved' } });
    await expect.poll(async () => (await detail()).status, { timeout: 10_000 }).toBe(200);
    expect((await detail()).body.data).toEqual(before);
    await expect.poll(coverStatus, { timeout: 10_000 }).toBe(200);
    expect((await call<UserRemoval[]>('GET', '/api/user/removals', { token: poster.token })).body.data[0]).toMatchObject({ status: 'approved', appeal: { decision: 'restore' } });
    const log = await call<Page<AuditLogEntry>>('GET', `/api/admin/audit?action=restore&actor=${mod.id}`, { token: admin.token });
    expect(log.body.data.list).toEqual([expect.objectContaining({ targetKind: 'post', targetId: id, after: expect.objectContaining({ status: 'restored' }) })]);

    // The comment: removed by the admin, kept removed by the second moderator; its author is told in their language.
    expect((await report('comment', comment.body.data.id)).body.code).toBe(1);
    const commentRemoved = await call<AuditLogEntry>('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'comment', targetId: comment.body.data.id, action: 'remove', reason: 'Advertises a paid group.', rule: 'spam' } });
    expect(commentRemoved.body.code).toBe(1);
    expect((await detail()).body.data.counts.comments).toBe(0);
    const commentAppeal = await call<RemovalAppeal>('POST', '/api/user/removalAppeal', { token: fan.token, body: { removalId: commentRemoved.body.data.id, text: 'It was a joke, nobody pays me.' } });
    expect(commentAppeal.body.code, commentAppeal.body.msg).toBe(1);
    const kept = await call<AdminRemovalAppeal>('POST', '/api/admin/removalAppeals/decide', { token: mod.token, lang: 'zh-cn', body: { appealId: commentAppeal.body.data.id, decision: 'uphold', reason: 'Still an advert.' } });
    expect(kept.body).toMatchObject({ code: 1, msg: '内容维持删除。', data: { targetKind: 'comment', status: 'rejected', decision: 'uphold' } });
    await expect.poll(async () => (await notices(fan))[0]?.content, { timeout: 10_000 }).toBe(
      'Another moderator reviewed your appeal: your comment “Join my paid signal group today” stays removed. Reason: Still an advert. Rule: spam or advertising.',
    );
    expect((await detail()).body.data.counts.comments).toBe(0);
    const month = new Date().toISOString().slice(0, 7);
    expect(await transparency(`?from=${month}&to=${month}`)).toEqual({ received: counted.received + 2, restored: counted.restored + 1, kept: counted.kept + 1 });
  });
});
