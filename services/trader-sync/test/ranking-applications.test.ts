import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector, ConnectorTarget } from '../src/domain/connector.ts';
import type { Deal } from '../src/domain/deal.ts';
import { rankingScore } from '../src/domain/ranking.ts';
import { bind, errorOf, startHarness, trader, type Harness } from './harness.ts';

const DAY = 86_400_000;

/**
 * A scripted bridge: login → exact history, so eligibility thresholds and the order of the
 * ranking are tested on known numbers. `days` of history ending now, `trades` evenly spread,
 * each returning `pct` of the balance (alternating with `lossPct` every `lossEvery` trades).
 */
class ScriptedConnector implements Connector {
  readonly scripts = new Map<string, { days: number; trades: number; pct: number; lossPct?: number; lossEvery?: number }>();
  now = () => Date.now();

  private history(login: string): Deal[] {
    const s = this.scripts.get(login)!;
    const start = this.now() - s.days * DAY;
    const base = { symbol: 'EURUSD', side: 'buy' as const, lots: 1, openTime: null, openPrice: 1.1, closePrice: 1.1, stopLoss: null, takeProfit: null, commission: 0, swap: 0, comment: '' };
    const out: Deal[] = [{ ...base, id: 'dep', kind: 'balance', time: start, symbol: '', side: '', lots: 0, profit: 10_000 }];
    let balance = 10_000;
    for (let i = 0; i < s.trades; i++) {
      const loss = s.lossEvery !== undefined && (i + 1) % s.lossEvery === 0;
      const profit = Math.round(balance * (loss ? -(s.lossPct ?? 0) : s.pct) * 100) / 100;
      balance += profit;
      out.push({ ...base, id: `t${i}`, kind: 'trade', time: start + ((i + 1) * (s.days * DAY - 60_000)) / s.trades, profit });
    }
    return out;
  }

  async summary(t: ConnectorTarget) {
    const balance = this.history(t.login).reduce((s, d) => s + d.profit, 0);
    return { name: '', currency: 'USD', leverage: 100, balance, equity: balance, live: true };
  }

  async deals(t: ConnectorTarget) {
    return { deals: this.history(t.login), nextCursor: 'end', hasMore: false };
  }
}

describe('Top Trader ranking and broker applications', () => {
  let h: Harness;
  const connector = new ScriptedConnector();
  beforeAll(async () => {
    h = await startHarness({}, { connector });
    connector.now = () => h.now().getTime();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('ranks public, long and active enough accounts by the risk-adjusted score, best first', async () => {
    const b = await h.broker();
    const owner = trader();
    const scripts = {
      steady: { days: 200, trades: 200, pct: 0.004, lossPct: 0.003, lossEvery: 3 },
      wild: { days: 200, trades: 200, pct: 0.03, lossPct: 0.05, lossEvery: 2 },
      few: { days: 200, trades: 19, pct: 0.01 },
      young: { days: 29, trades: 60, pct: 0.01 },
      hidden: { days: 200, trades: 200, pct: 0.01 },
      short: { days: 45, trades: 25, pct: 0.004, lossPct: 0.003, lossEvery: 3 },
    } as const;
    const ids: Record<string, string> = {};
    let n = 1000;
    for (const [name, script] of Object.entries(scripts)) {
      const number = String((n += 1));
      connector.scripts.set(number, script);
      const r = await bind(h, owner, { server: b.live, accountNumber: number, password: 'whatever', visibility: name === 'hidden' ? 'hidden' : 'public', strategyType: name === 'wild' ? 'mixed' : 'manual' });
      ids[name] = r.body.id;
    }
    const accounts: Record<string, any> = {};
    for (const [name, id] of Object.entries(ids)) accounts[name] = await h.waitForAccount(id, (a) => a.sync.state === 'ok', owner.userId);
    expect(accounts.few.ranking).toMatchObject({ ranked: false, reason: 'too_few_trades' });
    expect(accounts.young.ranking).toMatchObject({ ranked: false, reason: 'track_too_short' });
    expect(accounts.hidden.ranking).toMatchObject({ ranked: false, reason: 'hidden' });
    for (const name of ['steady', 'wild', 'short']) expect(accounts[name].ranking.ranked, name).toBe(true);

    // The score is the documented formula applied to the account's own statistics.
    const s = accounts.steady.stats;
    expect(accounts.steady.ranking.score).toBeCloseTo(rankingScore({ gainPct: s.gainPct, trackDays: s.trackDays, maxDrawdownPct: s.maxDrawdownPct, volatility: s.volatility, trades: s.trades }), 10);
    // Shrinkage: the same trading over a short record (25 trades) scores lower than over 200.
    expect(accounts.short.ranking.score).toBeLessThan(accounts.steady.ranking.score);

    const page = await h.call('GET', `/v1/ranking?broker=${b.slug}`);
    const order = page.body.items.map((i: { account: { id: string } }) => i.account.id);
    expect(order).toEqual([ids.steady, ids.short, ids.wild].sort((x, y) => page.body.items.find((i: any) => i.account.id === y).account.ranking.score - page.body.items.find((i: any) => i.account.id === x).account.ranking.score));
    expect(order).toHaveLength(3);
    expect(order).not.toContain(ids.hidden);
    expect(page.body.items.map((i: { rank: number }) => i.rank)).toEqual([1, 2, 3]);
    expect(order.indexOf(ids.steady)).toBeLessThan(order.indexOf(ids.wild));
    // Filters and sorts.
    expect((await h.call('GET', `/v1/ranking?broker=${b.slug}&type=mixed`)).body.items.map((i: any) => i.account.id)).toEqual([ids.wild]);
    expect((await h.call('GET', `/v1/ranking?broker=${b.slug}&minDays=100`)).body.total).toBe(2);
    const byGain = (await h.call('GET', `/v1/ranking?broker=${b.slug}&sort=gain`)).body.items.map((i: any) => i.account.stats.gainPct);
    expect([...byGain].sort((x, y) => y - x)).toEqual(byGain);
    expect((await h.call('GET', '/v1/ranking?broker=no-such-broker')).body).toEqual({ items: [], total: 0 });

    // Hiding leaves the ranking at once; making public brings it back.
    await h.call('POST', `/v1/accounts/${ids.steady}/visibility`, { userId: owner.userId, visibility: 'hidden' });
    expect((await h.call('GET', `/v1/ranking?broker=${b.slug}`)).body.items.map((i: any) => i.account.id)).not.toContain(ids.steady);
    await h.call('POST', `/v1/accounts/${ids.steady}/visibility`, { userId: owner.userId, visibility: 'public' });
    expect((await h.call('GET', `/v1/ranking?broker=${b.slug}`)).body.items[0].account.id).toBe(ids.steady);
  });

  it('queues broker applications for admins; approving makes the server bindable and announces it, rejecting announces the reason', async () => {
    const applicant = trader();
    const bad = await h.call('POST', '/v1/applications', { userId: applicant.userId, brokerName: '', website: 'not a site', server: '-x', sampleAccount: 'abc', password: '' });
    expect(errorOf(bad)).toMatchObject({ code: 'trader.validation', fields: { broker: 'required', website: 'format', server: 'format', account: 'format', password: 'required' } });
    const server = `FarEastFX-Live${Math.floor(Math.random() * 1000)}`;
    const sent = await h.call('POST', '/v1/applications', { userId: applicant.userId, brokerName: '远东外汇 Far East FX', website: 'https://fareastfx.example', server, sampleAccount: '7012345', password: 'sample-ro-pass' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'pending', server, broker: '远东外汇 Far East FX' });
    expect(JSON.stringify(sent.body)).not.toContain('sample-ro-pass');
    const stored = await h.db.selectFrom('broker_application').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.password_ct).includes(Buffer.from('sample-ro-pass'))).toBe(false);
    // The same server twice waits for the first decision.
    expect(errorOf(await h.call('POST', '/v1/applications', { userId: trader().userId, brokerName: 'X', website: 'x.example', server, sampleAccount: '123', password: 'abcd' }))).toMatchObject({ fields: { server: 'pending' } });

    const queue = await h.call('GET', '/v1/applications?status=pending');
    expect(queue.body.items.map((a: { id: string }) => a.id)).toContain(sent.body.id);
    expect((await h.call('GET', `/v1/applications?userId=${applicant.userId}`)).body.total).toBe(1);
    expect((await h.call('GET', `/v1/servers?query=${server}`)).body.items).toEqual([]);

    const admin = crypto.randomUUID();
    const approved = await h.call('POST', `/v1/applications/${sent.body.id}/decision`, { adminId: admin, decision: 'approve' });
    expect(approved.body).toMatchObject({ status: 'approved', decidedBy: admin });
    const event = await h.waitForEvent('trader.broker_application.approved', (p) => p.applicationId === sent.body.id);
    expect(event.payload).toMatchObject({ userId: applicant.userId, brokerName: '远东外汇 Far East FX', server, adminId: admin, companyId: '' });
    expect((await h.call('GET', `/v1/servers?query=${server.toLowerCase()}`)).body.items).toEqual([{ id: expect.any(String), name: server, kind: 'live', broker: { companyId: null, slug: null, name: '远东外汇 Far East FX' } }]);
    connector.scripts.set('7012345', { days: 60, trades: 30, pct: 0.002 });
    const bound = await bind(h, applicant, { server, accountNumber: '7012345', password: 'sample-ro-pass' });
    expect(bound.status).toBe(200);
    expect(errorOf(await h.call('POST', `/v1/applications/${sent.body.id}/decision`, { adminId: admin, decision: 'reject', reason: 'late' }))).toMatchObject({ code: 'trader.application_decided' });

    const other = await h.call('POST', '/v1/applications', { userId: applicant.userId, brokerName: 'Shady FX', website: 'shady.example', server: 'ShadyFX-Real', sampleAccount: '1234', password: 'abcd' });
    expect(errorOf(await h.call('POST', `/v1/applications/${other.body.id}/decision`, { adminId: admin, decision: 'reject' }))).toMatchObject({ fields: { reason: 'required' } });
    const rejected = await h.call('POST', `/v1/applications/${other.body.id}/decision`, { adminId: admin, decision: 'reject', reason: 'No licence found' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'No licence found' });
    const rejectedEvent = await h.waitForEvent('trader.broker_application.rejected', (p) => p.applicationId === other.body.id);
    expect(rejectedEvent.payload).toMatchObject({ userId: applicant.userId, brokerName: 'Shady FX', server: 'ShadyFX-Real', adminId: admin, reason: 'No licence found' });
    expect(rejectedEvent.payload.rejectedAt).toBeDefined();
    expect((await h.call('GET', '/v1/servers?query=shady')).body.items).toEqual([]);
    expect((await h.call('POST', `/v1/applications/${crypto.randomUUID()}/decision`, { adminId: admin, decision: 'approve' })).status).toBe(404);
    // An id of the right length that is not a UUID is unknown too, not a database error.
    expect((await h.call('POST', `/v1/applications/${'-'.repeat(36)}/decision`, { adminId: admin, decision: 'approve' })).status).toBe(404);
  });
});
