import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminSanction, ErrorData, PublicReview, SanctionAppeal, TransparencyReport, UserInfo, UserRemoval } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'transparency-test-salt';

describe('the transparency report and the staff dashboard through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const thisMonth = () => new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    // No answer cache: each read below must see the decisions just made.
    stack = await startReviewStack(SALT, { gatewayEnv: { API_CACHE_TTL_SECONDS: '0' } });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('counts a removal after a report, a restriction and its appeal in this month, as JSON and CSV; the dashboard sums the queue up', async () => {
    const author = await stack.signUp();
    const reporter = await stack.signUp();
    const sent = await call<PublicReview>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 1, content: 'Rude staff who insult every client who calls.', check: true } });
    expect(sent.body.code, sent.body.msg).toBe(1);
    expect((await call('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: sent.body.data.id, decision: 'approve' } })).body.code).toBe(1);
    expect((await call('POST', '/api/report', { token: reporter.token, body: { targetKind: 'review', targetId: sent.body.data.id, reason: 'abuse' } })).body.code).toBe(1);

    // The dashboard: staff only; one reported review waiting since the report.
    expect((await call('GET', '/api/admin/dashboard', { token: reporter.token })).status).toBe(403);
    const board = await call<AdminDashboard>('GET', '/api/admin/dashboard', { token: admin.token });
    expect(board.body.code, board.body.msg).toBe(1);
    expect(board.body.data).toMatchObject({ queue: { size: 1 }, openAppeals: 0, reportsLastWeek: 1 });
    expect(Date.now() - Date.parse(board.body.data.queue.oldestSince!)).toBeGreaterThanOrEqual(0);

    const removed = await call('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'review', targetId: sent.body.data.id, action: 'remove', reason: 'Insults the staff.', rule: 'abuse' } });
    expect(removed.body.code, removed.body.msg).toBe(1);
    const sanction = await call<AdminSanction>('POST', '/api/admin/users/sanction', { token: admin.token, body: { userId: author.id, kind: 'restrict', days: 3, reason: 'Insults in a review.', rule: 'abuse' } });
    expect(sanction.body.code, sanction.body.msg).toBe(1);
    const appeal = await call<SanctionAppeal>('POST', '/api/user/appeal', { token: author.token, body: { sanctionId: sanction.body.data.id, text: 'I was angry, I will keep it polite from now on.' } });
    expect(appeal.body.code, appeal.body.msg).toBe(1);
    expect((await call<AdminDashboard>('GET', '/api/admin/dashboard', { token: admin.token })).body.data).toEqual({ queue: { size: 0, oldestSince: null }, openAppeals: 1, reportsLastWeek: 1 });
    // The author also appeals the removal itself.
    const removals = await call<UserRemoval[]>('GET', '/api/user/removals', { token: author.token });
    const removalAppeal = await call('POST', '/api/user/removalAppeal', { token: author.token, body: { removalId: removals.body.data[0]!.removalId, text: 'Every word is what happened on the phone.' } });
    expect(removalAppeal.body.code, removalAppeal.body.msg).toBe(1);

    // Public, cacheable; by default the last 12 months up to this one.
    const report = await call<TransparencyReport>('GET', '/api/transparency');
    expect(report.body.code, report.body.msg).toBe(1);
    expect(report.headers.get('cache-control')).toBe('public, max-age=300');
    expect(report.body.data.to).toBe(thisMonth());
    expect(report.body.data.months).toHaveLength(12);
    expect(report.body.data.months.at(-1)).toEqual({
      month: thisMonth(),
      reviews: { submitted: 1, published: 1 },
      removed: { total: 1, byRule: { abuse: 1 } },
      reports: { received: 1, handled: 1, medianHoursToHandle: expect.any(Number) },
      decisions: { automatic: 0, human: 2, flagged: 0 },
      appeals: { received: 1, upheld: 0, lifted: 0 },
      contentAppeals: { received: 1, restored: 0, kept: 0 },
      sanctions: { warn: 0, restrict: 1, freeze: 0 },
      verifiedClientShare: null,
    });

    // A plain link: no signature headers.
    const csv = await fetch(`${stack.base}/api/transparency.csv?from=${thisMonth()}&to=${thisMonth()}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="brokerwise-transparency-${thisMonth()}-${thisMonth()}.csv"`);
    const [header, row, ...rest] = (await csv.text()).trimEnd().split('\r\n');
    expect(rest).toEqual([]);
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, row!.split(',')[i]]));
    expect(cells).toMatchObject({ month: thisMonth(), reviews_submitted: '1', removed_total: '1', removed_abuse: '1', removed_spam: '0', reports_handled: '1', decisions_human: '2', decisions_automatic: '0', flagged_automatically: '0', sanctions_restrict: '1', appeals_received: '1', content_appeals_received: '1', content_appeals_restored: '0', content_appeals_kept: '0', verified_client_share: '' });
  });

  it('refuses a backwards range with the field named in the caller’s language', async () => {
    const bad = await call<ErrorData>('GET', '/api/transparency?from=2026-05&to=2026-04', { lang: 'zh-cn' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ to: '结束月份不能早于开始月份，且一份报告最多涵盖 120 个月。' });
    expect((await call<ErrorData>('GET', '/api/transparency?from=2026-13')).status).toBe(400);
  });
});
