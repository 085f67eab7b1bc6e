import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrokerApplication, PublicReview, ErrorData, Page, RankedTrader, TraderAccount, TraderAccountDetail, TraderBroker, TraderOrder, TraderServer, TraderVerification, UserInfo } from '@brokerwise/api-contract';
import { startReviewStack, type CallOptions, type ReviewStack } from './review-stack.ts';

const SALT = 'trader-test-salt';
const SERVER = 'HarbourFX-Live01';

/**
 * Catalogue (harbour-fx), identity, notifications (mails the sign-up codes), trader-sync with the
 * bridge simulator, and the gateway on one in-process bus, each with its own test database.
 */
describe('trader paths through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  let simUrl: string;
  const call = <T>(method: 'GET' | 'POST', p: string, opts?: CallOptions) => stack.call<T>(method, p, opts);
  const signUp = () => stack.signUp();

  const waitFor = <T>(load: () => Promise<T>, done: (v: T) => boolean): Promise<T> =>
    vi.waitFor(
      async () => {
        const last = await load();
        if (!done(last)) throw new Error(`condition never met: ${JSON.stringify(last)?.slice(0, 500)}`);
        return last;
      },
      { timeout: 20_000, interval: 25 },
    );

  beforeAll(async () => {
    stack = await startReviewStack(SALT, { trader: true });
    simUrl = stack.simUrl!;
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    admin = signed.body.data.userInfo;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('adds a broker server through an application and an admin, then lists it (spec §7 brokerserver, traderbroker)', async () => {
    const applicant = await signUp();
    expect((await call('POST', '/api/trader/apply', { body: { broker: 'Harbour FX', website: 'harbourfx.example', server: SERVER, account: '1234567', readonlyPassword: 'sample-pw' } })).body.code).toBe(402);
    const bad = await call<ErrorData>('POST', '/api/trader/apply', { token: applicant.token, lang: 'zh-cn', body: { broker: '', website: 'nope', server: SERVER, account: 'x', readonlyPassword: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ broker: '请输入经纪商名称。', website: '请输入网址，例如 https://broker.com。', account: '账号须为 3 到 12 位数字。', readonlyPassword: '请输入只读（观摩）密码。' });
    const sent = await call<BrokerApplication>('POST', '/api/trader/apply', { token: applicant.token, body: { broker: 'Harbour FX', website: 'harbourfx.example', server: SERVER, account: '1234567', readonlyPassword: 'sample-pw' } });
    expect(sent.body).toMatchObject({ code: 1, msg: 'Your application has been submitted. We will notify you once it is reviewed.', data: { status: 'pending', server: SERVER } });
    expect(JSON.stringify(sent.body)).not.toContain('sample-pw');
    expect((await call<Page<BrokerApplication>>('GET', '/api/trader/applications', { token: applicant.token })).body.data.list.map((a) => a.id)).toEqual([sent.body.data.id]);

    // Only admins see the queue and decide.
    expect((await call('GET', '/api/admin/trader/applications', { token: applicant.token })).status).toBe(403);
    const queue = await call<Page<BrokerApplication>>('GET', '/api/admin/trader/applications', { token: admin.token });
    expect(queue.body.data.list.find((a) => a.id === sent.body.data.id)).toMatchObject({ applicant: { id: applicant.id } });
    const noReason = await call<ErrorData>('POST', '/api/admin/trader/applications/decide', { token: admin.token, body: { id: sent.body.data.id, decision: 'reject' } });
    expect(noReason.body.data.fields).toEqual({ reason: 'Please give the reason for rejecting this application.' });
    const approved = await call<BrokerApplication>('POST', '/api/admin/trader/applications/decide', { token: admin.token, body: { id: sent.body.data.id, decision: 'approve', broker: 'harbour-fx' } });
    expect(approved.body).toMatchObject({ code: 1, data: { status: 'approved' } });

    const brokers = await call<TraderBroker[]>('GET', '/api/brokers/traderbroker', { lang: 'zh-cn' });
    expect(brokers.body.data).toEqual([{ id: 'harbour-fx', name: '海港外汇', logo: expect.any(String), servers: 1 }]);
    const servers = await call<TraderServer[]>('GET', '/api/brokers/brokerserver?query=harb');
    expect(servers.body.data).toEqual([{ id: expect.any(String), name: SERVER, kind: 'live', broker: { id: 'harbour-fx', name: 'Harbour FX' } }]);
    expect((await call<TraderServer[]>('GET', '/api/brokers/brokerserver?query=zzz')).body.data).toEqual([]);
    // The picker asks for more with `limit` as its list scrolls, up to trader-sync's 50.
    expect((await call<TraderServer[]>('GET', '/api/brokers/brokerserver?query=harb&limit=50')).body.data).toHaveLength(1);
    expect((await call<TraderServer[]>('GET', '/api/brokers/brokerserver?query=harb&limit=51')).status).toBe(400);
  });

  it('trader-sync lists everyone\'s broker applications only to a caller the gateway vouched for as an admin (ADR 017)', async () => {
    const user = await stack.signUp();
    const list = async (caller: { userId?: string; role?: 'admin' }, query = '') =>
      (await fetch(`${stack.traderUrl}/v1/applications${query}`, { headers: await stack.serviceHeaders('trader-sync', caller) })).status;
    expect(await list({ userId: user.id })).toBe(403);
    expect(await list({ userId: user.id }, `?userId=${user.id}`)).toBe(200);
    expect(await list({ userId: user.id, role: 'admin' })).toBe(200);
    expect((await fetch(`${stack.traderUrl}/v1/applications`)).status).toBe(401);
  });

  it('binds, syncs and shows an account; one account binds to one user; others cannot see it hidden or act on it', async () => {
    const owner = await signUp();
    const other = await signUp();
    expect((await call('POST', '/api/trader/bind', { body: { server: SERVER, account: '88012345' } })).body.code).toBe(402);
    const invalid = await call<ErrorData>('POST', '/api/trader/bind', { token: owner.token, lang: 'zh-cn', body: { server: 'Nope-Live', account: '12', nickname: '', type: 'algo' } });
    expect(invalid.body.data.fields).toEqual({ account: '账号须为 3 到 12 位数字。', readonlyPassword: '请输入只读（观摩）密码。', nickname: '请输入策略昵称。', type: '请选择手动或混合。' });
    const body = { broker: 'harbour-fx', server: SERVER, account: '88012345', readonlyPassword: 'ro-88012345', nickname: 'Harbour Swing', description: 'Swing trading majors and gold.', type: 'manual', visibility: 'public' };
    const bound = await call<TraderAccount>('POST', '/api/trader/bind', { token: owner.token, body });
    expect(bound.body, JSON.stringify(bound.body)).toMatchObject({ code: 1, msg: 'Account bound. Its results will appear after the first sync.', data: { account: '88012345', broker: { id: 'harbour-fx', name: 'Harbour FX' }, owner: { id: owner.id }, mine: true } });
    expect(JSON.stringify(bound.body)).not.toContain('ro-88012345');
    const id = bound.body.data.id;
    const taken = await call<ErrorData>('POST', '/api/trader/bind', { token: other.token, body: { ...body, readonlyPassword: 'guess-pw' } });
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe('This account is already bound by another user.');
    expect(taken.body.data.fields).toEqual({ account: 'This account is already bound by another user.' });

    const detail = await waitFor(
      () => call<TraderAccountDetail>('GET', `/api/trader/account?id=${id}`, { token: owner.token }),
      (r) => r.body.data.sync.state === 'ok',
    );
    expect(detail.body.data).toMatchObject({ live: true, verified: false, sync: { error: null }, stats: { trades: expect.any(Number) } });
    expect(detail.body.data.curve.length).toBeGreaterThan(1);
    expect(detail.body.data.monthly.length).toBeGreaterThan(0);
    const orders = await call<Page<TraderOrder>>('GET', `/api/trader/orders?id=${id}&page=1`);
    expect(orders.body.data).toMatchObject({ total: detail.body.data.stats!.trades, page: 1, limit: 20 });
    expect(orders.body.data.list[0]).toMatchObject({ instrument: expect.any(String), lots: expect.any(Number), openPrice: expect.any(Number), interest: expect.any(Number), profit: expect.any(Number), closeTime: expect.any(String) });
    // Public: everyone sees it, with the number masked.
    const seen = await call<TraderAccountDetail>('GET', `/api/trader/account?id=${id}`);
    expect(seen.body.data).toMatchObject({ account: '88****45', mine: false });

    // Others cannot act on it.
    const refused = await call<ErrorData>('POST', '/api/trader/unbind', { token: other.token, body: { id }, lang: 'zh-cn' });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('只有该账户的所有者可以执行此操作。');
    // Hidden: only the owner sees it.
    const hidden = await call<TraderAccount>('POST', '/api/trader/visibility', { token: owner.token, body: { id, visibility: 'hidden' } });
    expect(hidden.body).toMatchObject({ msg: 'The account is now hidden. Only you can see it.', data: { visibility: 'hidden', ranking: { ranked: false, reason: 'hidden' } } });
    for (const token of [other.token, undefined]) {
      const r = await call<ErrorData>('GET', `/api/trader/account?id=${id}`, token ? { token } : {});
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 0, msg: 'This trading account does not exist or is hidden.', data: { error: 'trader.account_not_found' } });
      expect((await call('GET', `/api/trader/orders?id=${id}`, token ? { token } : {})).status).toBe(404);
    }
    expect((await call('POST', '/api/trader/sync', { token: other.token, body: { id } })).status).toBe(404);
    expect((await call<TraderAccount[]>('GET', `/api/trader/profile?uid=${owner.id}`)).body.data).toEqual([]);
    expect((await call<TraderAccount[]>('GET', `/api/trader/profile?uid=${owner.id}`, { token: owner.token })).body.data.map((a) => a.id)).toEqual([id]);
    await call('POST', '/api/trader/visibility', { token: owner.token, body: { id, visibility: 'public' } });

    // Sync now, and the owner's list with the sync state.
    const now = await call<TraderAccount>('POST', '/api/trader/sync', { token: owner.token, body: { id } });
    expect(now.body).toMatchObject({ code: 1, msg: 'Sync requested. The account will be updated shortly.' });
    const mine = await call<TraderAccount[]>('GET', '/api/trader/accounts', { token: owner.token });
    expect(mine.body.data.map((a) => a.id)).toEqual([id]);

    // Top Trader lists public, ranked accounts.
    const top = await waitFor(
      () => call<Page<RankedTrader>>('GET', '/api/trader/top?broker=harbour-fx'),
      (r) => r.body.data.list.some((t) => t.account.id === id),
    );
    expect(top.body.data.list.find((t) => t.account.id === id)).toMatchObject({ rank: expect.any(Number), account: { owner: { id: owner.id }, account: '88****45', ranking: { ranked: true } } });
    expect((await call<ErrorData>('GET', '/api/trader/top?sort=best')).status).toBe(400);

    // Unbind: closed, kept on the profile.
    const closed = await call<TraderAccount>('POST', '/api/trader/unbind', { token: owner.token, body: { id } });
    expect(closed.body.data).toMatchObject({ status: 'closed', ranking: { ranked: false } });
    expect((await call<TraderAccount[]>('GET', `/api/trader/profile?uid=${owner.id}`)).body.data.map((a) => [a.id, a.status])).toEqual([[id, 'closed']]);
    // A uid that is not a user id has no accounts (36 dashes passed a looser check and reached trader-sync's 400).
    for (const uid of ['-'.repeat(36), 'f'.repeat(36), 'nope']) expect((await call<TraderAccount[]>('GET', `/api/trader/profile?uid=${uid}`)).body).toMatchObject({ code: 1, data: [] });
  });

  it('verifies a live account with a code (/user/account) and tells the owner why a sync fails', async () => {
    const owner = await signUp();
    const bound = await call<TraderAccount>('POST', '/api/trader/bind', { token: owner.token, body: { server: SERVER, account: '66554427', readonlyPassword: 'ro-66554427', nickname: 'Verify Me', type: 'mixed' } });
    const id = bound.body.data.id;
    await waitFor(() => call<TraderAccount>('GET', `/api/trader/account?id=${id}`, { token: owner.token }), (r) => r.body.data.sync.state === 'ok');
    const code = await call<TraderVerification>('POST', '/api/trader/verify', { token: owner.token, body: { id } });
    expect(code.body.data).toMatchObject({ verified: false, code: expect.stringMatching(/^BW-/) });
    await fetch(`${simUrl}/v1/sim/accounts/66554427/name`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ server: SERVER, name: code.body.data.code }) });
    await call('POST', '/api/trader/sync', { token: owner.token, body: { id } });
    const verified = await waitFor(() => call<TraderVerification>('GET', `/api/trader/verify?id=${id}`, { token: owner.token }), (r) => r.body.data.verified);
    expect(verified.body.data).toMatchObject({ verified: true, code: null });

    // A wrong read-only password is refused at its field before anything is stored, in the caller's language.
    const wrongBody = { server: SERVER, account: '66554428', readonlyPassword: 'not-it', nickname: 'Wrong Pass', type: 'manual' };
    const wrong = await call<ErrorData>('POST', '/api/trader/bind', { token: owner.token, lang: 'zh-cn', body: wrongBody });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toMatchObject({ error: 'trader.validation', fields: { readonlyPassword: '经纪商未接受该账户的只读密码。请检查：此处需填写观摩密码，而非交易密码。' } });
    expect(wrong.body.msg).toBe(wrong.body.data.fields!.readonlyPassword);
    expect((await call<ErrorData>('POST', '/api/trader/bind', { token: owner.token, body: wrongBody })).body.data.fields).toEqual({ readonlyPassword: expect.stringMatching(/^Your broker did not accept this read-only password/) });
    // A broker that cannot be reached (the simulator's …50 fails every call): 503, nothing saved.
    const down = await call<ErrorData>('POST', '/api/trader/bind', { token: owner.token, body: { ...wrongBody, account: '66554450', readonlyPassword: 'ro-66554450' } });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ msg: expect.stringMatching(/^We could not reach your broker's server/), data: { error: 'trader.broker_unavailable' } });
    expect((await call<TraderAccount[]>('GET', '/api/trader/accounts', { token: owner.token })).body.data.map((a) => a.account)).toEqual(['66554427']);
    // Guessing: after five refusals for one account the bridge is no longer asked, even with the right password.
    for (let i = 0; i < 3; i++) expect((await call<ErrorData>('POST', '/api/trader/bind', { token: owner.token, body: { ...wrongBody, readonlyPassword: `guess-${i}` } })).status).toBe(400);
    const throttled = await call<ErrorData>('POST', '/api/trader/bind', { token: owner.token, body: { ...wrongBody, readonlyPassword: 'ro-66554428' } });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(throttled.body).toMatchObject({ msg: 'Too many refused read-only passwords. Please try again in 60 minutes.', data: { error: 'trader.bind_throttled' } });
    expect((await call<ErrorData>('POST', '/api/trader/bind', { token: owner.token, lang: 'zh-cn', body: wrongBody })).body.msg).toBe('只读密码验证失败次数过多，请在 60 分钟后重试。');

    // The owner changes the read-only password at the broker after binding: the next sync fails and says why.
    await fetch(`${simUrl}/v1/sim/accounts/66554427/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ server: SERVER, password: 'changed-pw' }) });
    await call('POST', '/api/trader/sync', { token: owner.token, body: { id } });
    const failing = await waitFor(() => call<TraderAccount>('GET', `/api/trader/account?id=${id}`, { token: owner.token, lang: 'zh-cn' }), (r) => r.body.data.sync.state === 'failing');
    expect(failing.body.data.sync).toMatchObject({ error: 'invalid_credentials', errorText: '经纪商拒绝了只读密码。请解绑该账户，并使用当前的观摩密码重新绑定。' });
    // Others see that it fails, not why.
    expect((await call<TraderAccount>('GET', `/api/trader/account?id=${id}`)).body.data.sync).toMatchObject({ state: 'failing', error: null, errorText: null });
  });

  it('marks reviews by authors with a synced live account at the company as from a verified client, for readers and moderators (one call per page)', async () => {
    const client = await signUp();
    const visitor = await signUp();
    const bound = await call<TraderAccount>('POST', '/api/trader/bind', { token: client.token, body: { server: SERVER, account: '55443327', readonlyPassword: 'ro-55443327', nickname: 'Review Client', type: 'manual' } });
    await waitFor(() => call<TraderAccount>('GET', `/api/trader/account?id=${bound.body.data.id}`, { token: client.token }), (r) => r.body.data.sync.state === 'ok');
    const text = 'Withdrawals arrive within a day and spreads match the website.';
    const mine = await call<PublicReview>('POST', '/api/reviews/submit', { token: client.token, body: { id: 'harbour-fx', score: 5, content: text, check: true } });
    expect(mine.body.data).toMatchObject({ status: 'pending', verifiedClient: true });
    const theirs = await call<PublicReview>('POST', '/api/reviews/submit', { token: visitor.token, body: { id: 'harbour-fx', score: 2, content: 'Support was slow to answer my questions.', check: true } });
    expect(theirs.body.data.verifiedClient).toBe(false);
    const list = await call<{ mine: PublicReview | null }>('GET', '/api/reviews/list?id=harbour-fx', { token: client.token });
    expect(list.body.data.mine).toMatchObject({ verifiedClient: true });
    // The moderator sees the badge in the queue too.
    const queue = await call<Page<PublicReview>>('GET', '/api/admin/reviews/queue', { token: admin.token });
    const queued = new Map(queue.body.data.list.map((r) => [r.id, r.verifiedClient]));
    expect(queued.get(mine.body.data.id)).toBe(true);
    expect(queued.get(theirs.body.data.id)).toBe(false);
  });

  it('imports an uploaded statement into a statement account and explains refusals in both languages', async () => {
    const owner = await signUp();
    const bound = await call<TraderAccount>('POST', '/api/trader/bind', { token: owner.token, body: { server: SERVER, account: '2089123', nickname: 'Statement Only', type: 'manual', source: 'statement' } });
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(1);
    const id = bound.body.data.id;
    const html = `<html><body><table>
<tr><td colspan=2><b>Account: 2089123</b></td><td><b>Currency: USD</b></td></tr>
<tr><td colspan=13><b>Closed Transactions:</b></td></tr>
<tr><td>Ticket</td><td>Open Time</td><td>Type</td><td>Size</td><td>Item</td><td>Price</td><td>S / L</td><td>T / P</td><td>Close Time</td><td>Price</td><td>Commission</td><td>Taxes</td><td>Swap</td><td>Profit</td></tr>
<tr><td>1</td><td>2026.03.02 08:00</td><td>balance</td><td colspan=10>Deposit</td><td>1 000.00</td></tr>
<tr><td title="first">2</td><td>2026.03.02 09:00</td><td>buy</td><td>0.10</td><td>eurusd</td><td>1.08000</td><td>0.00000</td><td>0.00000</td><td>2026.03.02 15:00</td><td>1.08500</td><td>-0.70</td><td>0.00</td><td>0.00</td><td>50.00</td></tr>
<tr><td colspan=13><b>Summary:</b></td></tr>
</table></body></html>`;
    const up = await call<{ account: TraderAccount; added: number; format: string }>('POST', `/api/trader/statement?id=${id}`, { token: owner.token, html });
    expect(up.body, JSON.stringify(up.body)).toMatchObject({ code: 1, msg: 'Statement imported.', data: { added: 2, format: 'mt4', account: { stats: { trades: 1, deposits: 1000 } } } });
    const bad = await call<ErrorData>('POST', `/api/trader/statement?id=${id}`, { token: owner.token, html: '<p>not a statement</p>', lang: 'zh-cn' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ msg: '请上传以 HTML 格式保存的 MT4 详细报表或 MT5 报告。', data: { error: 'trader.statement_invalid', fields: { statement: '请上传以 HTML 格式保存的 MT4 详细报表或 MT5 报告。' } } });
    expect((await call('POST', `/api/trader/statement?id=${id}`, { html })).body.code).toBe(402);
  });
});
