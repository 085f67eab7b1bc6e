import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDecision, AuditEntry, CompanyReviews, ErrorData, Page, PublicReview, UserInfo, UserProfile } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'admin-test-salt';
const FORBIDDEN = { en: 'You do not have permission to do this.', 'zh-cn': '您没有权限执行此操作。' };

describe('admin: review moderation through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const signUp = () => stack.signUp();

  beforeAll(async () => {
    stack = await startReviewStack(SALT);
    expect(stack.demoAdmin).toMatchObject({ email: 'admin@brokerwise.example', username: 'admin' });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function submit(author: UserInfo, content: string): Promise<PublicReview> {
    const sent = await call<PublicReview>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 4, content, check: true } });
    expect(sent.body.code, sent.body.msg).toBe(1);
    return sent.body.data;
  }

  const queueIds = async () => (await call<Page<PublicReview>>('GET', '/api/admin/reviews/queue', { token: admin.token })).body.data.list.map((r) => r.id);
  const publicList = async (token?: string) => (await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx', token ? { token } : {})).body.data.list.map((r) => r.id);

  it('tells the web app who is an admin', async () => {
    const mine = await call<UserProfile>('POST', '/api/user/index', { token: admin.token });
    expect(mine.body.data).toMatchObject({ username: 'admin', isAdmin: true });
    const user = await signUp();
    expect((await call<UserProfile>('POST', '/api/user/index', { token: user.token })).body.data.isAdmin).toBe(false);
  });

  it('refuses every admin path to a normal user (403, in both languages) and to nobody (401, code 402)', async () => {
    const author = await signUp();
    const review = await submit(author, 'A plain account must not be able to approve this review.');
    const user = await signUp();
    const paths = [
      ['GET', '/api/admin/reviews/queue', undefined],
      ['POST', '/api/admin/reviews/decide', { reviewId: review.id, decision: 'approve', reason: '' }],
      ['GET', `/api/admin/reviews/audit?reviewId=${review.id}`, undefined],
    ] as const;
    for (const [method, p, body] of paths) {
      for (const lang of ['en', 'zh-cn'] as const) {
        const r = await call<ErrorData>(method, p, { token: user.token, lang, ...(body ? { body } : {}) });
        expect(r.status, `${method} ${p}`).toBe(403);
        expect(r.body).toMatchObject({ code: 0, msg: FORBIDDEN[lang], data: { error: 'forbidden' } });
      }
      const anon = await call<ErrorData>(method, p, body ? { body } : {});
      expect(anon.status, `${method} ${p} signed out`).toBe(401);
      expect(anon.body.code).toBe(402);
    }
    // Nothing was decided: the review is still waiting and has no audit entry.
    expect(await queueIds()).toContain(review.id);
    expect((await call<AuditEntry[]>('GET', `/api/admin/reviews/audit?reviewId=${review.id}`, { token: admin.token })).body.data).toEqual([]);
    expect((await call<Page<PublicReview>>('GET', '/api/user/reviews', { token: author.token })).body.data.list[0]).toMatchObject({ id: review.id, status: 'pending' });
  });

  it('approves, rejects with a reason, takes a published review down, and audits every decision', async () => {
    const authorA = await signUp();
    const authorB = await signUp();
    const reviewA = await submit(authorA, 'Withdrawals arrived within a day every single time.');
    const reviewB = await submit(authorB, 'Support answered in Chinese and English within minutes.');

    // The queue: pending reviews, longest waiting first, with the company named in the caller's language.
    const queue = await call<Page<PublicReview>>('GET', '/api/admin/reviews/queue?page=1', { token: admin.token, lang: 'zh-cn' });
    expect(queue.body).toMatchObject({ code: 1, data: { page: 1, limit: 20 } });
    const waiting = queue.body.data.list.filter((r) => r.id === reviewA.id || r.id === reviewB.id);
    expect(waiting.map((r) => r.id)).toEqual([reviewA.id, reviewB.id]);
    expect(waiting[0]).toMatchObject({ status: 'pending', company: { id: 'harbour-fx', name: '海港外汇' }, author: { id: authorA.id, username: authorA.username }, mine: false });
    await expect.poll(() => publicList(), { timeout: 10_000 }).not.toContain(reviewA.id);

    // Approve A: published for everyone, signed in or not.
    const approved = await call<AdminDecision>('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: reviewA.id, decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      code: 1,
      msg: 'The review has been approved and published.',
      data: { review: { id: reviewA.id, status: 'approved', company: { name: 'Harbour FX' } }, audit: { reviewId: reviewA.id, decision: 'approve', previousStatus: 'pending', moderator: { id: admin.id, username: 'admin' } } },
    });
    // Signed in: read straight from the service. Anonymous: the cached page is dropped by the
    // reviews.rating.changed that the approval causes, moments later.
    expect(await publicList(authorB.token)).toContain(reviewA.id);
    await expect.poll(() => publicList(), { timeout: 10_000 }).toContain(reviewA.id);
    expect(await queueIds()).not.toContain(reviewA.id);

    // Approving it again is refused, in both languages.
    for (const [lang, msg] of [['en', 'This review has already been moderated.'], ['zh-cn', '该点评已审核。']] as const) {
      const again = await call<ErrorData>('POST', '/api/admin/reviews/decide', { token: admin.token, lang, body: { reviewId: reviewA.id, decision: 'approve', reason: '' } });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 0, msg, data: { error: 'reviews.already_moderated' } });
    }

    // Rejecting needs a reason of 1–500 characters.
    const noReason = await call<ErrorData>('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: reviewB.id, decision: 'reject', reason: '   ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toMatchObject({ error: 'reviews.validation', fields: { reason: 'Please give the reason for rejecting this review.' } });
    const noReasonZh = await call<ErrorData>('POST', '/api/admin/reviews/decide', { token: admin.token, lang: 'zh-cn', body: { reviewId: reviewB.id, decision: 'reject' } });
    expect(noReasonZh.body.data.fields).toEqual({ reason: '请填写拒绝该点评的理由。' });
    const tooLong = await call<ErrorData>('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: reviewB.id, decision: 'reject', reason: 'x'.repeat(501) } });
    expect(tooLong.body.data.fields).toEqual({ reason: 'The reason must be 1 to 500 characters.' });
    expect(await queueIds()).toContain(reviewB.id);

    const reason = 'Please describe your own experience with the company.';
    const rejected = await call<AdminDecision>('POST', '/api/admin/reviews/decide', { token: admin.token, lang: 'zh-cn', body: { reviewId: reviewB.id, decision: 'reject', reason } });
    expect(rejected.body).toMatchObject({ code: 1, msg: '点评已被拒绝，作者将看到您填写的理由。', data: { review: { status: 'rejected', rejectReason: reason }, audit: { decision: 'reject', reason } } });
    const authorView = await call<Page<PublicReview>>('GET', '/api/user/reviews', { token: authorB.token });
    expect(authorView.body.data.list).toEqual([expect.objectContaining({ id: reviewB.id, status: 'rejected', rejectReason: reason, mine: true })]);
    expect(await publicList()).not.toContain(reviewB.id);
    expect(await queueIds()).not.toContain(reviewB.id);

    // A published review can be taken down; the audit keeps both decisions, oldest first.
    const takenDown = await call<AdminDecision>('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: reviewA.id, decision: 'reject', reason: 'Reported as paid promotion.' } });
    expect(takenDown.body).toMatchObject({ code: 1, msg: 'The review has been rejected. The author will see your reason.' });
    await expect.poll(() => publicList(), { timeout: 10_000 }).not.toContain(reviewA.id);
    const audit = await call<AuditEntry[]>('GET', `/api/admin/reviews/audit?reviewId=${reviewA.id}`, { token: admin.token });
    expect(audit.body.code).toBe(1);
    expect(audit.body.data).toEqual([
      { id: expect.any(String), reviewId: reviewA.id, moderator: { id: admin.id, username: 'admin' }, decision: 'approve', reason: '', previousStatus: 'pending', at: expect.any(String) },
      { id: expect.any(String), reviewId: reviewA.id, moderator: { id: admin.id, username: 'admin' }, decision: 'reject', reason: 'Reported as paid promotion.', previousStatus: 'approved', at: expect.any(String) },
    ]);
    expect(Date.parse(audit.body.data[0]!.at)).toBeLessThanOrEqual(Date.parse(audit.body.data[1]!.at));
    const auditB = await call<AuditEntry[]>('GET', `/api/admin/reviews/audit?reviewId=${reviewB.id}`, { token: admin.token });
    expect(auditB.body.data).toEqual([expect.objectContaining({ decision: 'reject', reason, previousStatus: 'pending', moderator: { id: admin.id, username: 'admin' } })]);
  });

  it('names an unknown review as such to the admin, in both languages, and checks the decision', async () => {
    for (const [lang, msg] of [['en', 'This review does not exist or has been deleted.'], ['zh-cn', '该点评不存在或已被删除。']] as const) {
      const decide = await call<ErrorData>('POST', '/api/admin/reviews/decide', { token: admin.token, lang, body: { reviewId: crypto.randomUUID(), decision: 'approve' } });
      expect(decide.status).toBe(404);
      expect(decide.body).toMatchObject({ code: 0, msg, data: { error: 'admin.review_not_found' } });
      const audit = await call<ErrorData>('GET', '/api/admin/reviews/audit?reviewId=not-a-review', { token: admin.token, lang });
      expect(audit.status).toBe(404);
      expect(audit.body).toMatchObject({ code: 0, msg, data: { error: 'admin.review_not_found' } });
    }
    // A well-formed id nobody decided on has an empty history (the reviews service keeps no tombstones).
    expect((await call<AuditEntry[]>('GET', `/api/admin/reviews/audit?reviewId=${crypto.randomUUID()}`, { token: admin.token })).body).toMatchObject({ code: 1, data: [] });
    const badDecision = await call<ErrorData>('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: crypto.randomUUID(), decision: 'maybe' } });
    expect(badDecision.status).toBe(400);
    expect(badDecision.body.data.fields).toEqual({ decision: 'decision must be one of: approve, reject.' });
  });
});
