import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompanyClaim, AdminQueuedReply, CompanyClaim, CompanyClaimStarted, CompanyReplies, CompanyReply, ErrorData, NoticePage, Page, PublicReview, UserInfo } from '@brokerwise/api-contract';
import { companyAccounts, companyWithWebsite } from './company-accounts.ts';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'company-replies-test-salt';

describe('company accounts, claims and verified replies through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);

  beforeAll(async () => {
    stack = await startReviewStack(SALT, { all: true });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    admin = signed.body.data.userInfo;
    // A company with a website: its domain is what a claim's mailbox must be at.
    await companyWithWebsite(stack, 'tidewater-fx', 'Tidewater FX', '潮汐外汇', 'https://www.tidewater-fx.com');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const accounts = companyAccounts(() => stack, () => admin);
  const { codeSentTo, signUpCompany } = accounts;
  /** A company account claimed tidewater-fx with `email`, entered the code, and an admin approved. */
  const representative = (email: string) => accounts.representative('tidewater-fx', email);
  const publishedReview = async (author: UserInfo, id: string, content: string): Promise<PublicReview> => {
    const sent = await call<PublicReview>('POST', '/api/reviews/submit', { token: author.token, body: { id, score: 2, content, check: true } });
    expect(sent.body.code, sent.body.msg).toBe(1);
    await call('POST', '/api/admin/reviews/decide', { token: admin.token, body: { reviewId: sent.body.data.id, decision: 'approve' } });
    return sent.body.data;
  };

  it('a company account claims with a mailbox at the company domain, enters the code, waits for an admin; refusals are field messages in both languages', async () => {
    const personal = await stack.signUp();
    const notCompany = await call<ErrorData>('POST', '/api/user/companyClaim', { token: personal.token, body: { company: 'tidewater-fx', email: 'ir@tidewater-fx.com' } });
    expect(notCompany.body.data.fields).toEqual({ accountType: 'Only a company account can claim a company.' });

    const rep = await signUpCompany();
    const free = await call<ErrorData>('POST', '/api/user/companyClaim', { token: rep.token, lang: 'zh-cn', body: { company: 'tidewater-fx', email: 'tidewater@gmail.com' } });
    expect(free.status).toBe(400);
    expect(free.body.data.fields).toEqual({ email: '请使用公司自有域名的邮箱，不能使用免费邮箱。' });
    const other = await call<ErrorData>('POST', '/api/user/companyClaim', { token: rep.token, body: { company: 'tidewater-fx', email: 'ir@tidewater-fx.net' } });
    expect(other.body.data.fields).toEqual({ email: 'The mailbox must be at the company’s website domain (or a subdomain of it).' });
    // A company without a website cannot be claimed by mail.
    const noSite = await call<ErrorData>('POST', '/api/user/companyClaim', { token: rep.token, body: { company: 'harbour-fx', email: 'ir@harbour-fx.com' } });
    expect(Object.keys(noSite.body.data.fields ?? {})).toEqual(['email']);

    const started = await call<CompanyClaimStarted>('POST', '/api/user/companyClaim', { token: rep.token, body: { company: 'tidewater-fx', email: 'ir@eu.tidewater-fx.com' } });
    expect(started.body.code, started.body.msg).toBe(1);
    expect(started.body.msg).toBe('We sent a code to ir@eu.tidewater-fx.com. Enter it to confirm the mailbox.');
    expect(started.body.data.claim).toMatchObject({ company: { id: 'tidewater-fx', name: 'Tidewater FX' }, status: 'awaiting_code' });
    const wrong = await call<ErrorData>('POST', '/api/user/companyClaimVerify', { token: rep.token, body: { claimId: started.body.data.claim.id, code: '000000' } });
    const code = await codeSentTo('ir@eu.tidewater-fx.com');
    if (code !== '000000') expect(wrong.body.data.fields).toEqual({ code: 'The code is incorrect.' });
    const verified = await call<CompanyClaim>('POST', '/api/user/companyClaimVerify', { token: rep.token, lang: 'zh-cn', body: { claimId: started.body.data.claim.id, code } });
    expect(verified.body).toMatchObject({ code: 1, msg: '邮箱已确认，管理员将审核您的认领申请。', data: { status: 'awaiting_approval', company: { name: '潮汐外汇' } } });
    expect((await call<CompanyClaim[]>('GET', '/api/user/companyClaims', { token: rep.token })).body.data).toMatchObject([{ status: 'awaiting_approval' }]);

    // Only an admin sees and decides the queue.
    expect((await call('GET', '/api/admin/companyClaims', { token: rep.token })).status).toBe(403);
    const queue = await call<Page<AdminCompanyClaim>>('GET', '/api/admin/companyClaims', { token: admin.token });
    expect(queue.body.data.list.find((c) => c.id === started.body.data.claim.id)).toMatchObject({ user: { id: rep.id, username: rep.username }, companyHost: 'tidewater-fx.com' });
    const refused = await call<ErrorData>('POST', '/api/admin/companyClaims/decide', { token: admin.token, body: { claimId: started.body.data.claim.id, decision: 'reject' } });
    expect(refused.body.data.fields).toEqual({ reason: 'Please give the reason (it is kept in the audit log).' });
    const approved = await call<AdminCompanyClaim>('POST', '/api/admin/companyClaims/decide', { token: admin.token, body: { claimId: started.body.data.claim.id, decision: 'approve' } });
    expect(approved.body).toMatchObject({ msg: 'Approved: the account is now a verified representative of Tidewater FX.', data: { status: 'approved' } });

    // The account holder is told, in their language, with a link to the company dashboard.
    const told = async (title: string, lang?: 'zh-cn') =>
      expect.poll(async () => (await call<NoticePage>('GET', '/api/user/notice', { token: rep.token, ...(lang ? { lang } : {}) })).body.data.list.find((n) => n.title === title), { timeout: 10_000 }).toBeDefined();
    await told('Company representative approved');
    const notices = (await call<NoticePage>('GET', '/api/user/notice', { token: rep.token, lang: 'zh-cn' })).body.data.list;
    expect(notices.find((n) => n.kind === 'representative_approved')).toMatchObject({ title: '公司代表已获批准', content: expect.stringContaining('潮汐外汇'), link: '/user/company/dashboard' });
    // Revoked (audited): it can no longer reply.
    const revoked = await call<AdminCompanyClaim>('POST', '/api/admin/companyClaims/revoke', { token: admin.token, body: { claimId: started.body.data.claim.id, reason: 'Left the company' } });
    expect(revoked.body.data.status).toBe('revoked');
    await told('Company representative revoked');
    expect((await call<NoticePage>('GET', '/api/user/notice', { token: rep.token })).body.data.list.find((n) => n.kind === 'representative_revoked')).toMatchObject({
      content: 'You no longer represent Tidewater FX on Brokerwise. Reason: Left the company',
      link: '/user/company',
    });
    const audit = await call<Page<{ action: string; reason: string; target: { id: string } }>>('GET', `/api/admin/users/audit?userId=${rep.id}`, { token: admin.token });
    expect(audit.body.data.list.map((a) => a.action).sort()).toEqual(['representative.approve', 'representative.revoke']);
    const author = await stack.signUp();
    const review = await publishedReview(author, 'tidewater-fx', 'Withdrawals took three weeks and support never answered my mails.');
    const refusedReply = await call<ErrorData>('POST', '/api/reviews/reply', { token: rep.token, body: { reviewId: review.id, content: 'We are looking into it.' } });
    expect(refusedReply.status).toBe(403);
    expect(refusedReply.body.msg).toBe('Only a verified representative of the reviewed company can reply.');
  });

  it('a representative replies once per review (edits kept), moderated; the reviewer is told; the company page shows the reply and the figures', async () => {
    const { rep } = await representative('support@tidewater-fx.com');
    const second = await representative('press@tidewater-fx.com');
    const author = await stack.signUp();
    const review = await publishedReview(author, 'tidewater-fx', 'Spreads widen at news and the platform froze twice this month.');
    const elsewhere = await publishedReview(await stack.signUp(), 'harbour-fx', 'Fine broker, fast withdrawals, friendly support staff.');

    // Not on someone else's company; not by a non-representative.
    expect((await call<ErrorData>('POST', '/api/reviews/reply', { token: rep.token, body: { reviewId: elsewhere.id, content: 'Not ours to answer.' } })).status).toBe(403);
    expect((await call<ErrorData>('POST', '/api/reviews/reply', { token: author.token, body: { reviewId: review.id, content: 'I am the company.' } })).status).toBe(403);
    const short = await call<ErrorData>('POST', '/api/reviews/reply', { token: rep.token, lang: 'zh-cn', body: { reviewId: review.id, content: 'x' } });
    expect(short.body.data.fields).toEqual({ content: '请输入 2 到 1000 个字符。' });

    const first = await call<CompanyReply>('POST', '/api/reviews/reply', { token: rep.token, body: { reviewId: review.id, content: 'Sorry about the freezes; we moved to new servers on Monday.' } });
    expect(first.body).toMatchObject({ code: 1, msg: 'Reply saved. It will be shown after moderation.', data: { status: 'pending', edited: false } });
    const replies = (token?: string) =>
      call<CompanyReplies>('GET', `/api/reviews/replies?id=tidewater-fx&reviewIds=${review.id},${elsewhere.id}`, token ? { token } : {}).then((r) => r.body.data);
    // Pending: the representatives see it, nobody else does.
    expect((await replies()).replies).toEqual([]);
    expect(await replies(second.rep.token)).toMatchObject({ representative: true, replies: [{ id: first.body.data.id, status: 'pending' }] });
    expect((await replies(author.token)).representative).toBe(false);

    // The moderator sees it with the review, and publishes it.
    const queue = await call<Page<AdminQueuedReply>>('GET', '/api/admin/replies', { token: admin.token });
    const item = queue.body.data.list.find((i) => i.reply.id === first.body.data.id)!;
    expect(item).toMatchObject({ company: { id: 'tidewater-fx' }, author: { username: rep.username }, review: { id: review.id, username: author.username, score: 2 } });
    const published = await call<CompanyReply>('POST', '/api/admin/replies/decide', { token: admin.token, body: { replyId: first.body.data.id, decision: 'approve' } });
    expect(published.body).toMatchObject({ msg: 'Reply published; the reviewer has been told.', data: { status: 'approved' } });
    expect((await replies()).replies).toMatchObject([{ reviewId: review.id, content: 'Sorry about the freezes; we moved to new servers on Monday.', status: 'approved' }]);

    // The reviewer's notice, in both languages.
    await expect.poll(async () => (await call<NoticePage>('GET', '/api/user/notice', { token: author.token })).body.data.list.map((n) => n.title)).toContain('Reply from the company');
    const zh = (await call<NoticePage>('GET', '/api/user/notice', { token: author.token, lang: 'zh-cn' })).body.data.list.find((n) => n.title === '公司回复')!;
    expect(zh.content).toContain('潮汐外汇回复了您的点评');

    // Once per review: a second representative edits the same reply; the history keeps both; pending again.
    const edit = await call<CompanyReply>('POST', '/api/reviews/reply', { token: second.rep.token, body: { reviewId: review.id, content: 'Update: no freeze since the move, thank you for the patience.' } });
    expect(edit.body.data).toMatchObject({ id: first.body.data.id, status: 'pending', edited: true });
    const again = (await call<Page<AdminQueuedReply>>('GET', '/api/admin/replies', { token: admin.token })).body.data.list.find((i) => i.reply.id === first.body.data.id)!;
    expect(again.history.map((v) => [v.author, v.content])).toEqual([
      [rep.username, 'Sorry about the freezes; we moved to new servers on Monday.'],
      [second.rep.username, 'Update: no freeze since the move, thank you for the patience.'],
    ]);

    // The figures: one of the company's published reviews of the year has a published reply.
    const figures = (await replies()).figures;
    expect(figures).toMatchObject({ replied: 1 });
    expect(figures.reviews).toBeGreaterThanOrEqual(1);
    expect(figures.rate).toBeCloseTo(figures.replied / figures.reviews);
    expect(figures.medianHours).toBeGreaterThanOrEqual(0);
  });
});
