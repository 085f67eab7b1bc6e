import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders } from '@brokerwise/api-signature';
import type { AuditLogEntry, CompanyComplaintFigures, ComplaintCard, ComplaintCase, ComplaintRules, ErrorData, NoticePage, Page, UploadedComplaintEvidence, UserInfo, UserProfile } from '@brokerwise/api-contract';
import { companyAccounts, companyWithWebsite } from './company-accounts.ts';
import { startReviewStack, type ReviewStack } from './review-stack.ts';
import { multipartFile } from './stack-call.ts';

const SALT = 'complaints-test-salt';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const WHAT = 'I asked for a withdrawal of 2,500 USD on 3 November; it was never paid and support stopped answering.';

/** The start of the day from which a deadline (the end of a working day; no holidays configured) has 3 working days left. */
const threeWorkingDaysBefore = (due: string) => {
  let t = Date.parse(due);
  for (let left = 3; left > 0; ) {
    t -= 86_400_000;
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return t;
};

describe('complaint cases through the gateway', () => {
  let stack: ReviewStack;
  // The reviews service's clock: the author's deadline is reached by moving it, not by waiting.
  let offsetMs = 0;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const accounts = companyAccounts(() => stack, () => admin);

  beforeAll(async () => {
    stack = await startReviewStack(SALT, { all: true, reviewsNow: () => new Date(Date.now() + offsetMs) });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    admin = signed.body.data.userInfo;
    await companyWithWebsite(stack, 'lantern-fx', 'Lantern FX', '灯笼外汇', 'https://lantern-fx.com');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const upload = async (token: string, bytes: Buffer, name: string, lang = 'en') => call<UploadedComplaintEvidence>('POST', '/api/complaints/evidence', { token, lang, ...(await multipartFile(bytes, name)) });
  /** The file as a browser downloads it (not JSON). */
  const download = async (url: string, token?: string) =>
    fetch(`${stack.base}${url}`, { headers: { ...(await signatureHeaders(SALT)), lang: 'en', ...(token ? { token } : {}) } });
  const detail = (id: string, token?: string, lang = 'en') => call<ComplaintCase>('GET', `/api/complaints/detail?id=${id}`, { lang, ...(token ? { token } : {}) });
  const noticeOf = async (token: string, lang: string, title: string) => {
    let found: NoticePage['list'][number] | undefined;
    await expect
      .poll(async () => {
        found = (await call<NoticePage>('GET', '/api/user/notice', { token, lang })).body.data.list.find((n) => n.title === title);
        return found !== undefined;
      })
      .toBe(true);
    return found!;
  };
  /** The mailbox of a signed-in user (their profile). */
  const emailOf = async (token: string) => (await call<UserProfile>('POST', '/api/user/index', { token })).body.data.email!;
  /** A new user who signed up with the site in `lang` (their mails come in it). */
  const signUpIn = async (lang: string): Promise<UserInfo> => {
    const name = `z${Math.random().toString(36).slice(2, 9)}`;
    const email = `${name}@example.com`;
    await call('POST', '/api/ems/send', { lang, body: { email, event: 'user_register' } });
    const code = await accounts.codeSentTo(email);
    const res = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { lang, body: { tab: 'register', email, username: name, password: 'Secret123', captcha: code } });
    expect(res.body.code, res.body.msg).toBe(1);
    return res.body.data.userInfo;
  };

  it('a user opens a case with a PDF; the file is private; a moderator publishes it; the representative answers; the author confirms it resolved; the figures change', async () => {
    const { rep } = await accounts.representative('lantern-fx', 'support@lantern-fx.com');
    const author = await stack.signUp();
    const stranger = await stack.signUp();

    // Evidence is checked by content: a script named .pdf is refused, field-level, in the user's language.
    const fake = await upload(author.token, Buffer.from('#!/bin/sh\necho hi\n'), 'statement.pdf', 'zh-cn');
    expect(fake.status).toBe(400);
    expect((fake.body.data as unknown as ErrorData).fields).toEqual({ evidence: '文件须为 PDF、PNG、JPEG 或 WebP 格式。' });
    expect((await upload('', PDF, 'statement.pdf')).body.code).not.toBe(1);
    const file = await upload(author.token, PDF, 'statement.pdf');
    expect(file.body).toMatchObject({ code: 1, data: { contentType: 'application/pdf', size: PDF.length } });

    const refused = await call<ErrorData>('POST', '/api/complaints/open', {
      token: author.token,
      lang: 'zh-cn',
      body: { company: 'lantern-fx', category: 'nothing', amount: 'lots', currency: 'XYZ', content: 'short' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual({
      category: '请选择投诉类别。',
      amount: '请输入金额（最多两位小数）。',
      currency: '请从列表中选择币种。',
      content: '请用 30 到 5000 个字符描述经过。',
    });

    const opened = await call<ComplaintCard>('POST', '/api/complaints/open', {
      token: author.token,
      body: { company: 'lantern-fx', category: 'withdrawal', amount: '2500', currency: 'USD', content: WHAT, evidence: [file.body.data.id] },
    });
    expect(opened.body).toMatchObject({ code: 1, msg: 'Your complaint has been sent. It will be published after moderation.', data: { status: 'pending', amount: '2500.00', evidenceCount: 1, company: { id: 'lantern-fx', name: 'Lantern FX' } } });
    const id = opened.body.data.id;

    // Pending: the author sees it, a visitor does not; the moderators' queue has it.
    expect((await detail(id)).status).toBe(404);
    expect((await detail(id, author.token)).body.data).toMatchObject({ viewer: 'author', complaint: { status: 'pending' } });
    expect((await call<ComplaintCard[]>('GET', '/api/complaints/mine', { token: author.token })).body.data.map((c) => c.id)).toEqual([id]);
    expect((await call('GET', '/api/admin/complaints', { token: author.token })).status).toBe(403);
    const queue = await call<Page<ComplaintCard>>('GET', '/api/admin/complaints', { token: admin.token, lang: 'zh-cn' });
    expect(queue.body.data.list.find((c) => c.id === id)).toMatchObject({ company: { name: '灯笼外汇' }, category: 'withdrawal' });

    const published = await call<ComplaintCard>('POST', '/api/admin/complaints/decide', { token: admin.token, body: { id, decision: 'approve' } });
    expect(published.body).toMatchObject({ code: 1, data: { status: 'awaiting_company' } });
    expect(published.body.data.workingDaysLeft).toBeGreaterThanOrEqual(15);

    // The representative is told, in both languages.
    await expect.poll(async () => (await call<NoticePage>('GET', '/api/user/notice', { token: rep.token })).body.data.list.map((n) => n.title)).toContain('New complaint');
    const zh = (await call<NoticePage>('GET', '/api/user/notice', { token: rep.token, lang: 'zh-cn' })).body.data.list.find((n) => n.title === '新投诉')!;
    expect(zh.content).toContain('灯笼外汇');
    expect(zh.content).toContain('拒绝或拖延出金');

    // The evidence: the author and the representative download it; a visitor, another user and /media never.
    const asVisitor = await detail(id);
    expect(asVisitor.body.data).toMatchObject({ viewer: 'visitor', evidence: [], complaint: { evidenceCount: 1 }, can: { write: false } });
    const asAuthor = (await detail(id, author.token)).body.data;
    expect(asAuthor.evidence).toHaveLength(1);
    const url = asAuthor.evidence[0]!.url;
    const got = await download(url, author.token);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await download(url, rep.token)).status).toBe(200);
    // A link the browser follows: no request signature, the session authenticates it.
    expect((await fetch(`${stack.base}${url}`, { headers: { token: author.token } })).status).toBe(200);
    expect((await download(url, admin.token)).status).toBe(200);
    expect((await download(url, stranger.token)).status).toBe(404);
    expect((await download(url)).status).not.toBe(200);
    const stored = await stack.objects.list('complaint-evidence/');
    expect(stored.length).toBeGreaterThanOrEqual(1);
    for (const { key } of stored) expect((await download(`/media/${key}`)).status).toBe(404);

    // Only the two sides write.
    const intruder = await call<ErrorData>('POST', '/api/complaints/message', { token: stranger.token, body: { id, content: 'Same happened to me!' } });
    expect(intruder.status).toBe(403);
    expect(intruder.body.msg).toBe("Only the complaint's author and the company's verified representatives can do this.");
    expect((await call('POST', '/api/complaints/close', { token: rep.token, body: { id, action: 'confirm' } })).status).toBe(403);

    const answer = await call<ComplaintCase>('POST', '/api/complaints/message', { token: rep.token, body: { id, content: 'We have paid the 2,500 USD today; please check your bank account.' } });
    expect(answer.body).toMatchObject({ code: 1, data: { viewer: 'representative', complaint: { status: 'awaiting_user' }, messages: [{ side: 'company', author: { username: rep.username } }] } });
    await expect.poll(async () => (await call<NoticePage>('GET', '/api/user/notice', { token: author.token })).body.data.list.map((n) => n.title)).toContain('New message in a complaint');

    const before = (await call<CompanyComplaintFigures>('GET', '/api/complaints/figures?id=lantern-fx')).body.data.figures;
    expect(before).toMatchObject({ cases: 1, answered: 1, responseRate: 1, resolved: 0, resolutionRate: null });
    const resolved = await call<ComplaintCase>('POST', '/api/complaints/close', { token: author.token, lang: 'zh-cn', body: { id, action: 'confirm' } });
    expect(resolved.body).toMatchObject({ code: 1, msg: '谢谢，该投诉已标记为已解决。', data: { complaint: { status: 'resolved', closedBy: 'user' } } });
    const after = (await call<CompanyComplaintFigures>('GET', '/api/complaints/figures?id=lantern-fx')).body.data.figures;
    expect(after).toMatchObject({ cases: 1, resolved: 1, resolutionRate: 1 });
    expect((await call('POST', '/api/complaints/message', { token: author.token, body: { id, content: 'Thanks again.' } })).status).toBe(409);

    // The public list, by company and status.
    const list = await call<Page<ComplaintCard>>('GET', '/api/complaints/list?company=lantern-fx&status=resolved');
    expect(list.body.data.list.map((c) => c.id)).toEqual([id]);
    expect((await call<Page<ComplaintCard>>('GET', '/api/complaints/list?company=lantern-fx&status=unresolved')).body.data.total).toBe(0);
  });

  it('a refused case stays private; the author withdraws another; a moderator takes a message down', async () => {
    const { rep } = await accounts.representative('lantern-fx', 'legal@lantern-fx.com');
    const author = await stack.signUp();
    const open = async () =>
      (await call<ComplaintCard>('POST', '/api/complaints/open', { token: author.token, body: { company: 'lantern-fx', category: 'fees', amount: '40.5', currency: 'EUR', content: WHAT } })).body.data;
    const a = await open();
    const noReason = await call<ErrorData>('POST', '/api/admin/complaints/decide', { token: admin.token, body: { id: a.id, decision: 'reject' } });
    expect(noReason.status).toBe(400);
    const rejected = await call<ComplaintCard>('POST', '/api/admin/complaints/decide', { token: admin.token, body: { id: a.id, decision: 'reject', reason: 'Names a private person' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Names a private person' });
    expect((await detail(a.id, rep.token)).status).toBe(404);
    expect((await detail(a.id, author.token)).body.data.complaint.rejectReason).toBe('Names a private person');

    const b = await open();
    await call('POST', '/api/admin/complaints/decide', { token: admin.token, body: { id: b.id, decision: 'approve' } });
    const said = await call<ComplaintCase>('POST', '/api/complaints/message', { token: rep.token, body: { id: b.id, content: 'Call me on my own number +1 555 0100.' } });
    const messageId = said.body.data.messages[0]!.id;
    expect((await call('POST', '/api/admin/complaints/removeMessage', { token: rep.token, body: { id: messageId, reason: 'x' } })).status).toBe(403);
    const removed = await call('POST', '/api/admin/complaints/removeMessage', { token: admin.token, body: { id: messageId, reason: 'Personal data' } });
    expect(removed.body).toMatchObject({ code: 1, data: { removed: true, content: null } });
    expect((await detail(b.id)).body.data.messages).toMatchObject([{ removed: true, content: null }]);
    // Both decisions are in the moderation log (/admin/audit), filterable by target kind.
    const logged = await call<Page<AuditLogEntry>>('GET', '/api/admin/audit?targetKind=complaint_message', { token: admin.token });
    expect(logged.body.data.list.find((e) => e.targetId === messageId)).toMatchObject({ action: 'remove', targetKind: 'complaint_message', reason: 'Personal data', moderator: { id: admin.id } });
    const cases = await call<Page<AuditLogEntry>>('GET', '/api/admin/audit?targetKind=complaint', { token: admin.token });
    expect(cases.body.data.list.find((e) => e.targetId === a.id)).toMatchObject({ action: 'reject', reason: 'Names a private person', after: { status: 'rejected' } });
    expect(cases.body.data.list.find((e) => e.targetId === b.id)).toMatchObject({ action: 'approve', after: { status: 'awaiting_company' } });
    const withdrawn = await call<ComplaintCase>('POST', '/api/complaints/close', { token: author.token, body: { id: b.id, action: 'withdraw' } });
    expect(withdrawn.body).toMatchObject({ msg: 'The complaint has been withdrawn.', data: { complaint: { status: 'withdrawn' } } });
    expect((await call('GET', '/api/complaints/detail?id=not-a-case')).status).toBe(404);
  });

  it("once the company answered, the author has a deadline both sides see; an author who lets it pass sees the case close as 'no reply from the author', out of the resolution rate, and both sides are told in their languages", async () => {
    const { rep } = await accounts.representative('lantern-fx', 'desk@lantern-fx.com');
    const author = await signUpIn('zh-cn');
    const [authorMail, repMail] = await Promise.all([emailOf(author.token), emailOf(rep.token)]);
    expect(authorMail).toMatch(/@example\.com$/);
    const opened = await call<ComplaintCard>('POST', '/api/complaints/open', {
      token: author.token,
      body: { company: 'lantern-fx', category: 'slippage', amount: '120', currency: 'USD', content: WHAT },
    });
    const id = opened.body.data.id;
    await call('POST', '/api/admin/complaints/decide', { token: admin.token, body: { id, decision: 'approve' } });
    const answered = await call<ComplaintCase>('POST', '/api/complaints/message', { token: rep.token, body: { id, content: 'We refunded the slippage, 120 USD, to your trading account.' } });
    const due = answered.body.data.complaint.dueAt!;
    expect(answered.body.data.complaint).toMatchObject({ status: 'awaiting_user', closedBy: null });
    expect(Date.parse(due)).toBeGreaterThan(Date.now() + 14 * 86_400_000);
    // The author, the representative and a visitor all see the author's deadline and the days left.
    for (const token of [author.token, rep.token, undefined]) {
      const c = (await detail(id, token)).body.data.complaint;
      expect(c).toMatchObject({ status: 'awaiting_user', dueAt: due });
      expect(c.workingDaysLeft).toBeGreaterThanOrEqual(15);
    }
    expect((await detail(id, author.token)).body.data.can).toMatchObject({ write: true, close: true });

    // The author is told of the answer and of the deadline, in both languages, and by mail in theirs.
    const dueText = `${due.slice(0, 10)} ${due.slice(11, 16)} UTC`;
    expect((await noticeOf(author.token, 'zh-cn', '投诉有新消息')).content).toContain(`请在 ${dueText} 前回复、确认或拒绝处理结果`);
    expect((await noticeOf(author.token, 'en', 'New message in a complaint')).content).toContain(`please reply, confirm or reject the outcome by ${dueText}`);
    await expect.poll(async () => (await stack.mailbox.list(authorMail)).map((m) => m.subject)).toContain('灯笼外汇 回应了您的投诉');

    // Three working days before the deadline the sweeper reminds the author, once: in both languages, by mail in theirs.
    offsetMs = threeWorkingDaysBefore(due) - Date.now() + 60_000;
    const sweep = async () => (await (await fetch(`${stack.reviewsUrl}/v1/moderation/complaints/sweep`, { method: 'POST', headers: await stack.serviceHeaders('reviews', { role: 'admin' }) })).json()) as { reminded: number };
    expect((await sweep()).reminded).toBeGreaterThanOrEqual(1);
    await sweep();
    const reminder = await noticeOf(author.token, 'zh-cn', '投诉期限临近');
    expect(reminder).toMatchObject({ kind: 'complaint_reminder', link: `/complaints/${id}` });
    expect(reminder.content).toBe(`您对 灯笼外汇 的投诉：还剩 3 个工作日可回复、确认或拒绝处理结果（截至 ${dueText}），逾期该投诉将以“投诉人未回复”关闭。`);
    expect((await noticeOf(author.token, 'en', 'Complaint deadline approaching')).content).toBe(
      `Your complaint against Lantern FX: 3 working days left to reply, confirm or reject (until ${dueText}). After that the case closes as “no reply from the author”.`,
    );
    await expect.poll(async () => (await stack.mailbox.list(authorMail)).map((m) => m.subject)).toContain('您对 灯笼外汇 的投诉：还剩 3 个工作日可回复、确认或拒绝');
    const reminders = (await call<NoticePage>('GET', '/api/user/notice', { token: author.token, lang: 'en' })).body.data.list.filter((n) => n.kind === 'complaint_reminder');
    expect(reminders).toHaveLength(1);

    const before = (await call<CompanyComplaintFigures>('GET', '/api/complaints/figures?id=lantern-fx')).body.data.figures;
    // The deadline passes with no word from the author; the sweeper (operators' route, or its timer) closes the case.
    offsetMs = Date.parse(due) - Date.now() + 60_000;
    const swept = await fetch(`${stack.reviewsUrl}/v1/moderation/complaints/sweep`, { method: 'POST', headers: await stack.serviceHeaders('reviews', { role: 'admin' }) });
    expect(((await swept.json()) as { lapsed: number }).lapsed).toBeGreaterThanOrEqual(1);
    for (const lang of ['en', 'zh-cn']) {
      const v = (await detail(id, author.token, lang)).body.data;
      expect(v.complaint).toMatchObject({ status: 'lapsed', closedBy: 'no_reply', dueAt: null, workingDaysLeft: null });
      expect(v.can).toMatchObject({ write: false, close: false, withdraw: false });
    }
    // Too late to confirm: the company is not credited with a resolution the author never gave.
    const late = await call<ErrorData>('POST', '/api/complaints/close', { token: author.token, body: { id, action: 'confirm' } });
    expect(late.status).toBe(409);
    await expect
      .poll(async () => (await call<CompanyComplaintFigures>('GET', '/api/complaints/figures?id=lantern-fx')).body.data.figures)
      .toMatchObject({ cases: before.cases, lapsed: before.lapsed + 1, resolved: before.resolved, unresolved: before.unresolved, resolutionRate: before.resolutionRate });
    await expect.poll(async () => (await call<Page<ComplaintCard>>('GET', '/api/complaints/list?company=lantern-fx&status=lapsed')).body.data.list.map((c) => c.id)).toEqual([id]);

    // Both sides are told, in both languages, and by mail.
    expect((await noticeOf(author.token, 'en', 'Complaint closed: no reply from the author')).content).toBe(
      "You did not reply to Lantern FX's answer in time, so your complaint is closed as “no reply from the author”. It counts neither as resolved nor as unresolved.",
    );
    expect((await noticeOf(author.token, 'zh-cn', '投诉已关闭：投诉人未回复')).content).toBe('您未在期限内回复 灯笼外汇 的回应，该投诉已以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。');
    expect((await noticeOf(rep.token, 'en', 'Complaint closed: no reply from the author')).content).toContain('The author of a complaint against Lantern FX did not reply to the answer in time.');
    expect((await noticeOf(rep.token, 'zh-cn', '投诉已关闭：投诉人未回复')).content).toContain('针对 灯笼外汇 的投诉，投诉人未在期限内回复贵公司的回应。');
    await expect.poll(async () => (await stack.mailbox.list(authorMail)).map((m) => m.subject)).toContain('投诉已关闭：投诉人未回复（灯笼外汇）');
    await expect.poll(async () => (await stack.mailbox.list(repMail)).map((m) => m.subject)).toContain('Complaint closed: no reply from the author (Lantern FX)');
  });

  it('evidence uploaded for a case never sent is deleted from the object store after 24 hours; it can no longer be attached', async () => {
    const user = await stack.signUp();
    const keys = async () => new Set((await stack.objects.list('complaint-evidence/')).map((o) => o.key));
    const before = await keys();
    const file = await upload(user.token, PDF, 'statement.pdf');
    const key = [...(await keys())].find((k) => !before.has(k))!;
    expect(key).toMatch(/^complaint-evidence\/.+\.pdf$/);

    offsetMs += 25 * 3_600_000;
    const swept = await fetch(`${stack.reviewsUrl}/v1/moderation/complaints/sweep`, { method: 'POST', headers: await stack.serviceHeaders('reviews', { role: 'admin' }) });
    expect(((await swept.json()) as { evidence: number }).evidence).toBeGreaterThanOrEqual(1);
    expect(await stack.objects.head(key)).toBeNull();
    const refused = await call<ErrorData>('POST', '/api/complaints/open', {
      token: user.token,
      body: { company: 'lantern-fx', category: 'other', amount: '1', currency: 'USD', content: WHAT, evidence: [file.body.data.id] },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data.fields ?? {})).toEqual(['evidence']);
  });

  it("answers the clocks' lengths as reviews is configured (the defaults here), to anyone, from its copy once asked", async () => {
    const first = await call<ComplaintRules>('GET', '/api/complaints/rules', { lang: 'zh-cn' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 1, data: { companyDays: 15, authorDays: 15, reminderDays: 3 } });
    expect(Object.keys(first.body.data).sort()).toEqual(['authorDays', 'companyDays', 'reminderDays']);
    expect((await call<ComplaintRules>('GET', '/api/complaints/rules')).body.data).toEqual(first.body.data);
  });

  it('a user opens at most 5 cases a day: the sixth is refused on its text, in the user’s language', async () => {
    const author = await stack.signUp();
    const open = (lang: string) =>
      call<ErrorData>('POST', '/api/complaints/open', { token: author.token, lang, body: { company: 'lantern-fx', category: 'other', amount: '1', currency: 'USD', content: WHAT } });
    for (let i = 0; i < 5; i += 1) expect((await open('en')).body.code).toBe(1);
    const zh = await open('zh-cn');
    expect(zh.status).toBe(429);
    expect(zh.body.data.fields).toEqual({ content: '每天最多可提交 5 条投诉，请在 24 小时后重试。' });
    const en = await open('en');
    expect(en.body.msg).toBe('You can open at most 5 complaints a day. Please try again in 24 hours.');
    expect(en.body.data.fields).toEqual({ content: 'You can open at most 5 complaints a day. Please try again in 24 hours.' });
  });
});
