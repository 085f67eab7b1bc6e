import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSanction, ErrorData, UserInfo, UserProfile, UserSanction } from '@brokerwise/api-contract';
import { startFacebookGraph, type OwnFacebookGraph } from '@brokerwise/testing';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'social-sign-in-test-salt';
const FB_APP_ID = '1234567890';

describe('Google/Facebook sign-in through the gateway (ADR 026: a frozen account gets a confined session)', () => {
  let stack: ReviewStack;
  let graph: OwnFacebookGraph;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const facebook = (credential: string, lang = 'en') => call<{ userInfo: UserInfo }>('POST', '/api/user/TripartiteCheck', { lang, body: { type: 2, credential } });

  beforeAll(async () => {
    graph = await startFacebookGraph(FB_APP_ID);
    stack = await startReviewStack(SALT, { identityEnv: { FACEBOOK_APP_ID: FB_APP_ID, FACEBOOK_APP_SECRET: 'test-app-secret', FACEBOOK_GRAPH_URL: graph.url } });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });
  afterAll(async () => {
    await stack?.close();
    await graph?.close();
  });

  it('signs a frozen account in to a session that reaches only its sanctions, appeals and sign-out', async () => {
    graph.users.set('fb-token-frozen', { id: '4242', name: 'Mei Lin', email: 'mei.lin@example.com' });
    const first = await facebook('fb-token-frozen');
    expect(first.body).toMatchObject({ code: 1, msg: 'Registration successful. Welcome to Brokerwise!' });
    const user = first.body.data.userInfo;
    expect(user.frozen).toBeUndefined();

    const frozen = await call<AdminSanction>('POST', '/api/admin/users/sanction', { token: admin.token, body: { userId: user.id, kind: 'freeze', reason: 'Selling accounts', rule: 'illegal' } });
    expect(frozen.body.code, frozen.body.msg).toBe(1);
    expect((await call('POST', '/api/user/index', { token: user.token })).body.code).toBe(409);

    for (const [lang, msg] of [
      ['en', 'Your account is frozen. You can see the sanction and appeal it.'],
      ['zh-cn', '您的账号已被冻结，您可以查看处罚并提出申诉。'],
    ] as const) {
      const again = await facebook('fb-token-frozen', lang);
      expect(again.body).toMatchObject({ code: 1, msg, data: { userInfo: { id: user.id, frozen: true } } });
    }
    const confined = (await facebook('fb-token-frozen')).body.data.userInfo.token;
    expect((await call<UserProfile>('POST', '/api/user/index', { token: confined })).body.data).toMatchObject({ id: user.id, frozen: true });
    const mine = await call<UserSanction[]>('GET', '/api/user/sanctions', { token: confined });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: frozen.body.data.id, kind: 'freeze', active: true })]);
    const elsewhere = await call<ErrorData>('GET', '/api/user/reports', { token: confined, lang: 'zh-cn' });
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 0, msg: '您的账号已被冻结：只能查看处罚并提出申诉。', data: { error: 'identity.account_frozen_limited' } } });
    const appealed = await call('POST', '/api/user/appeal', { token: confined, body: { sanctionId: frozen.body.data.id, text: 'This account is mine and I never sold it.' } });
    expect(appealed.body.code, appealed.body.msg).toBe(1);

    const lift = await call<AdminSanction>('POST', '/api/admin/users/liftSanction', { token: admin.token, body: { sanctionId: frozen.body.data.id, reason: 'Wrong account' } });
    expect(lift.body.code, lift.body.msg).toBe(1);
    const back = await facebook('fb-token-frozen');
    expect(back.body).toMatchObject({ code: 1, msg: 'Signed in successfully.' });
    expect(back.body.data.userInfo.frozen).toBeUndefined();
    expect((await call('GET', '/api/user/reports', { token: back.body.data.userInfo.token })).body.code).toBe(1);

    expect((await call('POST', '/api/user/logout', { token: confined })).body.code).toBe(1);
  });
});
