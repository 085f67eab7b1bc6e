import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAppeal, AdminSanction, AdminUserAuditEntry, AdminUserDetail, AdminUserRow, ErrorData, Page, SanctionAppeal, UserInfo, UserProfile, UserSanction } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'sanctions-test-salt';
const FORBIDDEN = { en: 'You do not have permission to do this.', 'zh-cn': '您没有权限执行此操作。' };

describe('sanctions, appeals, moderators and the users console through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);

  const signIn = async (login: string, password: string) => call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: login, password } });
  /** A new account made a moderator by the admin, through the console's role control. */
  const newModerator = async () => {
    const u = await stack.signUp();
    const r = await call<AdminUserRow>('POST', '/api/admin/users/role', { token: admin.token, body: { userId: u.id, role: 'moderator', reason: 'Trusted reviewer' } });
    expect(r.body.code, r.body.msg).toBe(1);
    return u;
  };
  const submitReview = (u: UserInfo, lang = 'en') =>
    call<ErrorData>('POST', '/api/reviews/submit', { token: u.token, lang, body: { id: 'harbour-fx', score: 4, content: 'Withdrawals arrived within a day every time.', check: true } });

  beforeAll(async () => {
    stack = await startReviewStack(SALT);
    const signed = await signIn(stack.demoAdmin!.email, stack.demoAdmin!.password);
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('moderators moderate but do not run promotions, notices, broker applications or roles; users do none of it', async () => {
    const mod = await newModerator();
    const profile = await call<UserProfile>('POST', '/api/user/index', { token: mod.token });
    expect(profile.body.data).toMatchObject({ role: 'moderator', isAdmin: false });
    expect((await call<UserProfile>('POST', '/api/user/index', { token: admin.token })).body.data).toMatchObject({ role: 'admin', isAdmin: true });

    const staffPaths = [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/appeals', undefined],
      ['GET', '/api/admin/users/audit', undefined],
      ['GET', '/api/admin/reviews/queue', undefined],
    ] as const;
    for (const [method, p] of staffPaths) expect((await call(method, p, { token: mod.token })).body.code, `${method} ${p} as a moderator`).toBe(1);

    const adminOnly = [
      ['GET', '/api/admin/promotions', undefined],
      ['GET', '/api/admin/trader/applications', undefined],
      ['POST', '/api/admin/notice/send', { title: { en: 'Hi', zh: '你好' }, content: { en: 'Hello there', zh: '你好' } }],
      ['POST', '/api/admin/users/role', { userId: mod.id, role: 'admin' }],
    ] as const;
    for (const [method, p, body] of adminOnly) {
      const r = await call<ErrorData>(method, p, { token: mod.token, lang: 'zh-cn', ...(body ? { body } : {}) });
      expect(r.status, `${method} ${p} as a moderator`).toBe(403);
      expect(r.body).toMatchObject({ msg: FORBIDDEN['zh-cn'], data: { error: 'forbidden' } });
    }

    const user = await stack.signUp();
    for (const [method, p] of [...staffPaths, ['POST', '/api/admin/users/sanction'] as const]) {
      const body = method === 'POST' ? { userId: mod.id, kind: 'warn', reason: 'x', rule: 'spam' } : undefined;
      const r = await call<ErrorData>(method, p, { token: user.token, ...(body ? { body } : {}) });
      expect(r.status, `${method} ${p} as a user`).toBe(403);
      expect((await call(method, p, body ? { body } : {})).status, `${method} ${p} signed out`).toBe(401);
    }
  });

  it('a restricted user cannot post (translated 403), appeals once; the imposing moderator may not decide; a second one lifts it; all audited', async () => {
    const mod1 = await newModerator();
    const mod2 = await newModerator();
    const user = await stack.signUp();

    const bad = await call<ErrorData>('POST', '/api/admin/users/sanction', { token: mod1.token, body: { userId: user.id, kind: 'restrict', days: 400, reason: 'Spam', rule: 'spam' } });
    expect(bad.status).toBe(400);
    const blank = await call<ErrorData>('POST', '/api/admin/users/sanction', { token: mod1.token, body: { userId: user.id, kind: 'restrict', days: 3, reason: '  ', rule: 'spam' } });
    expect(blank.body).toMatchObject({ msg: 'Please give the reason (the user will read it).', data: { fields: { reason: 'Please give the reason (the user will read it).' } } });
    const unknown = await call<ErrorData>('POST', '/api/admin/users/sanction', { token: mod1.token, body: { userId: 'nobody', kind: 'warn', reason: 'x', rule: 'spam' } });
    expect(unknown).toMatchObject({ status: 404, body: { data: { error: 'identity.user_not_found' } } });

    const imposed = await call<AdminSanction>('POST', '/api/admin/users/sanction', {
      token: mod1.token,
      body: { userId: user.id, kind: 'restrict', days: 3, reason: 'Same review posted three times', rule: 'fake_review' },
    });
    expect(imposed.body.code, imposed.body.msg).toBe(1);
    expect(imposed.body.data).toMatchObject({ kind: 'restrict', active: true, imposedBy: { id: mod1.id, username: mod1.username }, appeal: null });
    const until = imposed.body.data.endsAt!;
    const shown = `${until.slice(0, 10)} ${until.slice(11, 16)} UTC`;

    for (const [lang, msg] of [
      ['en', `You cannot post until ${shown} (Same review posted three times).`],
      ['zh-cn', `您在 ${shown} 之前不能发布内容（Same review posted three times）。`],
    ] as const) {
      const refused = await submitReview(user, lang);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 0, msg, data: { error: 'user.posting_restricted' } });
    }
    const comment = await call<ErrorData>('POST', '/api/vlog/comment', { token: user.token, body: { id: '00000000-0000-4000-8000-000000000000', content: 'hello' } });
    expect(comment.body.data.error).toBe('user.posting_restricted');

    const mine = await call<UserSanction[]>('GET', '/api/user/sanctions', { token: user.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: imposed.body.data.id, kind: 'restrict', rule: 'fake_review', active: true, appeal: null })]);
    expect(mine.body.data[0]).not.toHaveProperty('imposedBy');

    const short = await call<ErrorData>('POST', '/api/user/appeal', { token: user.token, lang: 'zh-cn', body: { sanctionId: imposed.body.data.id, text: 'no' } });
    expect(short.body).toMatchObject({ msg: '申诉内容须为 10 到 1000 个字符。', data: { fields: { text: '申诉内容须为 10 到 1000 个字符。' } } });
    const appealed = await call<SanctionAppeal>('POST', '/api/user/appeal', { token: user.token, body: { sanctionId: imposed.body.data.id, text: 'These were reviews of three different brokers.' } });
    expect(appealed.body).toMatchObject({ code: 1, msg: 'Your appeal has been sent. Another moderator will review it.', data: { decision: null } });
    const again = await call<ErrorData>('POST', '/api/user/appeal', { token: user.token, body: { sanctionId: imposed.body.data.id, text: 'Please, once more, have a look.' } });
    expect(again).toMatchObject({ status: 409, body: { msg: 'You have already appealed this sanction.' } });

    const queue = await call<Page<AdminAppeal>>('GET', '/api/admin/appeals', { token: mod2.token });
    expect(queue.body.data.list.find((a) => a.id === appealed.body.data.id)).toMatchObject({ user: { id: user.id, username: user.username }, sanction: { id: imposed.body.data.id } });

    const same = await call<ErrorData>('POST', '/api/admin/appeals/decide', { token: mod1.token, lang: 'zh-cn', body: { appealId: appealed.body.data.id, decision: 'lift', reason: 'Fine' } });
    expect(same).toMatchObject({ status: 403, body: { msg: '该处罚由您作出，申诉须由另一位审核员处理。', data: { error: 'identity.appeal_same_moderator' } } });
    expect((await submitReview(user)).status).toBe(403);

    const lifted = await call<SanctionAppeal & { sanction: AdminSanction }>('POST', '/api/admin/appeals/decide', {
      token: mod2.token,
      body: { appealId: appealed.body.data.id, decision: 'lift', reason: 'Three different brokers indeed' },
    });
    expect(lifted.body).toMatchObject({ code: 1, data: { decision: 'lift', sanction: { active: false, liftedBy: { id: mod2.id, username: mod2.username } } } });
    // The gateway forgot the cached restriction: the very next post goes through.
    const posted = await submitReview(user);
    expect(posted.body.code, posted.body.msg).toBe(1);

    const audit = await call<Page<AdminUserAuditEntry>>('GET', `/api/admin/users/audit?userId=${user.id}`, { token: mod2.token });
    expect(audit.body.data.list.map((a) => [a.action, a.actor.username, a.target.username])).toEqual([
      ['appeal.lift', mod2.username, user.username],
      ['sanction.restrict', mod1.username, user.username],
    ]);
  });

  it('a freeze ends the sessions at once and sign-in says why; the console shows the account, revokes sessions and lifts', async () => {
    const user = await stack.signUp();
    const found = await call<Page<AdminUserRow>>('GET', `/api/admin/users?keyword=${user.username.toUpperCase()}`, { token: admin.token });
    expect(found.body.data).toMatchObject({ total: 1, list: [{ id: user.id, role: 'user', frozen: false }] });

    const frozen = await call<AdminSanction>('POST', '/api/admin/users/sanction', { token: admin.token, body: { userId: user.id, kind: 'freeze', reason: 'Selling accounts', rule: 'illegal' } });
    expect(frozen.body.code, frozen.body.msg).toBe(1);
    expect((await call('POST', '/api/user/index', { token: user.token })).body.code).toBe(409);
    // Signing in gives a session confined to the sanction and its appeal.
    const login = await signIn(user.username, 'Secret123');
    expect(login.body).toMatchObject({ code: 1, msg: 'Your account is frozen. You can see the sanction and appeal it.', data: { userInfo: { id: user.id, frozen: true } } });
    const confined = login.body.data.userInfo.token;
    expect((await call<UserProfile>('POST', '/api/user/index', { token: confined })).body.data).toMatchObject({ id: user.id, frozen: true });
    const mine = await call<UserSanction[]>('GET', '/api/user/sanctions', { token: confined });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: frozen.body.data.id, kind: 'freeze', active: true, reason: 'Selling accounts' })]);
    for (const [lang, msg] of [
      ['en', 'Your account is frozen: you can only see your sanctions and appeal them.'],
      ['zh-cn', '您的账号已被冻结：只能查看处罚并提出申诉。'],
    ] as const) {
      const reports = await call<ErrorData>('GET', '/api/user/reports', { token: confined, lang });
      expect(reports).toMatchObject({ status: 403, body: { code: 0, msg, data: { error: 'identity.account_frozen_limited' } } });
      expect((await submitReview({ ...user, token: confined }, lang)).status).toBe(403);
    }
    expect((await call('GET', '/api/user/removals', { token: confined })).body).toMatchObject({ code: 1, data: [] });
    const appealed = await call<SanctionAppeal>('POST', '/api/user/appeal', { token: confined, lang: 'zh-cn', body: { sanctionId: frozen.body.data.id, text: 'I never sold an account; this one is mine.' } });
    expect(appealed.body).toMatchObject({ code: 1, msg: '申诉已提交，将由另一位审核员复核。', data: { decision: null } });

    const detail = await call<AdminUserDetail>('GET', `/api/admin/users/detail?id=${user.id}`, { token: admin.token, lang: 'zh-cn' });
    // The confined session is the only live one.
    expect(detail.body.data).toMatchObject({ user: { frozen: true }, liveSessions: 1, sanctions: [{ kind: 'freeze', active: true }] });
    expect((await call<ErrorData>('GET', '/api/admin/users/detail?id=nope', { token: admin.token })).status).toBe(404);

    const lift = await call<AdminSanction>('POST', '/api/admin/users/liftSanction', { token: admin.token, body: { sanctionId: frozen.body.data.id, reason: 'Wrong account' } });
    expect(lift.body).toMatchObject({ code: 1, data: { active: false } });
    const back = await signIn(user.username, 'Secret123');
    expect(back.body.code, back.body.msg).toBe(1);

    const revoked = await call<{ revoked: number }>('POST', '/api/admin/users/revokeSessions', { token: admin.token, body: { userId: user.id } });
    // The session confined while frozen, and the one opened after the lift.
    expect(revoked.body).toMatchObject({ code: 1, data: { revoked: 2 }, msg: 'Signed out of 2 session(s).' });
    expect((await call('POST', '/api/user/index', { token: back.body.data.userInfo.token })).body.code).toBe(409);
  });
});
