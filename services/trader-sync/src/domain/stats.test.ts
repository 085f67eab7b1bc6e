import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deal } from './deal.ts';
import { annualisedGain, ineligibility, RANKING, rankingScore } from './ranking.ts';
import { computeStats, thin } from './stats.ts';

const T0 = Date.UTC(2026, 0, 5, 10);
const H = 3_600_000;
let seq = 0;
const deal = (kind: Deal['kind'], time: number, profit: number, extra: Partial<Deal> = {}): Deal => ({
  id: `d${String(++seq).padStart(6, '0')}`,
  kind,
  time,
  symbol: kind === 'trade' ? 'EURUSD' : '',
  side: kind === 'trade' ? 'buy' : '',
  lots: kind === 'trade' ? 0.1 : 0,
  openTime: kind === 'trade' ? time - H : null,
  openPrice: null,
  closePrice: null,
  stopLoss: null,
  takeProfit: null,
  commission: 0,
  swap: 0,
  profit,
  comment: '',
  ...extra,
});

describe('statistics: worked examples', () => {
  it('chains sub-period returns between cash flows (the Myfxbook forum example: −47 %)', () => {
    // Deposit 10, lose 5 (−50 %), deposit 95, win 6 (+6 %): (0.5 × 1.06 − 1) × 100 = −47 %.
    const s = computeStats({
      deals: [deal('balance', T0, 10), deal('trade', T0 + H, -5), deal('balance', T0 + 2 * H, 95), deal('trade', T0 + 3 * H, 6)],
      now: T0 + 4 * H,
    });
    expect(s.gainPct).toBeCloseTo(-47, 10);
    expect(s.deposits).toBe(105);
    expect(s.withdrawals).toBe(0);
    expect(s.balance).toBe(106);
    // Absolute gain: profit / deposits = 1 / 105.
    expect(s.absoluteGainPct).toBeCloseTo((1 / 105) * 100, 10);
    expect(s.maxDrawdownPct).toBeCloseTo(50, 10);
    // Profit curve: 0 → −5 → −5 → +1; the money drawdown is 5.
    expect(s.maxDrawdownMoney).toBe(5);
  });

  it('counts trades, wins, losses, streaks, profit factor, expectancy, fees, interest and lots', () => {
    const nets = [10, 20, -5, -5, -5, 30, 0, 15];
    const deals = [
      deal('balance', T0, 1000),
      ...nets.map((n, i) => deal('trade', T0 + (i + 1) * H, n + 1, { commission: -1.5, swap: 0.5, lots: 0.5 })),
      deal('fee', T0 + 20 * H, -3),
      deal('balance', T0 + 21 * H, -100),
    ];
    const s = computeStats({ deals, now: T0 + 22 * H, equity: 1030 });
    expect(s.trades).toBe(8);
    expect(s.wins).toBe(4);
    expect(s.losses).toBe(3);
    expect(s.winRatePct).toBe(50);
    expect(s.profitFactor).toBeCloseTo(75 / 15, 12);
    expect(s.expectancy).toBeCloseTo(60 / 8, 12);
    expect(s.averageWin).toBeCloseTo(75 / 4, 12);
    expect(s.averageLoss).toBeCloseTo(-5, 12);
    // The 0 trade neither counts nor breaks the streak: 30, 0, 15 is a streak of 2.
    expect(s.longestWinStreak).toBe(2);
    expect(s.longestLoseStreak).toBe(3);
    expect(s.fees).toBe(8 * 1.5 + 3);
    expect(s.interest).toBe(4);
    expect(s.lots).toBe(4);
    expect(s.withdrawals).toBe(100);
    expect(s.balance).toBe(1000 + 60 - 3 - 100);
    expect(s.equity).toBe(1030);
    expect(s.profit).toBe(57);
  });

  it('marks a blown account −100 % and keeps it −100 % after a new deposit', () => {
    const s = computeStats({ deals: [deal('balance', T0, 500), deal('trade', T0 + H, -200), deal('trade', T0 + 2 * H, -300), deal('balance', T0 + 3 * H, 500), deal('trade', T0 + 4 * H, 50)], now: T0 + 5 * H });
    expect(s.gainPct).toBe(-100);
    expect(s.blown).toBe(true);
    expect(s.maxDrawdownPct).toBe(100);
  });

  it('gives monthly returns that chain to the total gain', () => {
    const deals = [deal('balance', Date.UTC(2026, 0, 3), 1000), deal('trade', Date.UTC(2026, 0, 20), 100), deal('trade', Date.UTC(2026, 1, 10), -110), deal('balance', Date.UTC(2026, 2, 1), 500), deal('trade', Date.UTC(2026, 2, 15), 149)];
    const s = computeStats({ deals, now: Date.UTC(2026, 2, 20) });
    expect(s.monthly.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(s.monthly[0]!.returnPct).toBeCloseTo(10, 10);
    expect(s.monthly[1]!.returnPct).toBeCloseTo(-10, 10);
    expect(s.monthly[2]!.returnPct).toBeCloseTo((149 / 1490) * 100, 10);
    const chained = s.monthly.reduce((acc, m) => acc * (1 + m.returnPct / 100), 1);
    expect((chained - 1) * 100).toBeCloseTo(s.gainPct, 10);
    expect(s.monthly.map((m) => m.profit)).toEqual([100, -110, 149]);
  });

  it('takes the floating result into gain and drawdown', () => {
    const s = computeStats({ deals: [deal('balance', T0, 1000), deal('trade', T0 + H, 100)], equity: 990, now: T0 + 2 * H });
    expect(s.gainPct).toBeCloseTo(-1, 10);
    expect(s.maxDrawdownPct).toBeCloseTo((110 / 1100) * 100, 10);
    expect(s.curve.at(-1)).toMatchObject({ balance: 1100, equity: 990 });
  });

  it('is empty without deals', () => {
    const s = computeStats({ deals: [], now: T0 });
    expect(s).toMatchObject({ trades: 0, gainPct: 0, maxDrawdownPct: 0, profitFactor: null, blown: false, curve: [], monthly: [expect.objectContaining({ returnPct: 0 })] });
  });

  it('thins curves keeping the ends', () => {
    const pts = Array.from({ length: 1000 }, (_, i) => i);
    const t = thin(pts, 10);
    expect(t).toHaveLength(10);
    expect(t[0]).toBe(0);
    expect(t.at(-1)).toBe(999);
  });
});

// ---------------------------------------------------------------------------------- properties

/** A plausible history: one deposit, then trades (net results) and occasional cash flows, hourly. */
const history = fc
  .record({
    deposit: fc.integer({ min: 100, max: 100_000 }),
    steps: fc.array(
      fc.oneof(
        { weight: 5, arbitrary: fc.record({ kind: fc.constant('trade' as const), pct: fc.double({ min: -0.2, max: 0.2, noNaN: true }) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('balance' as const), pct: fc.double({ min: -0.5, max: 2, noNaN: true }) }) },
      ),
      { minLength: 1, maxLength: 60 },
    ),
  })
  .map(({ deposit, steps }) => {
    const deals: Deal[] = [deal('balance', T0, deposit)];
    let balance = deposit;
    steps.forEach((s, i) => {
      const amount = Math.round(balance * s.pct * 100) / 100;
      if (amount === 0 || balance + amount <= 0) return;
      balance += amount;
      deals.push(deal(s.kind, T0 + (i + 1) * H, amount));
    });
    return deals;
  });

describe('statistics: properties', () => {
  it('gain is unchanged by a deposit or withdrawal when later results keep their percentages', () => {
    fc.assert(
      fc.property(history, fc.nat(), fc.double({ min: -0.5, max: 3, noNaN: true }), (deals, at, flowPct) => {
        const base = computeStats({ deals, now: T0 + 1000 * H });
        const k = 1 + (at % deals.length); // after deal k-1
        let balance = 0;
        for (const d of deals.slice(0, k)) balance += d.profit;
        const flow = Math.round(balance * flowPct * 100) / 100;
        if (flow === 0 || balance + flow <= 0) return;
        const ratio = (balance + flow) / balance;
        const time = deals[k - 1]!.time + 1;
        // The same account on the new balance: every later amount scales with it (so every later
        // trade keeps its percentage), and only the inserted cash flow is new.
        const moved = [...deals.slice(0, k), deal('balance', time, flow), ...deals.slice(k).map((d) => ({ ...d, profit: d.profit * ratio }))];
        const after = computeStats({ deals: moved, now: T0 + 1000 * H });
        expect(after.gainPct).toBeCloseTo(base.gainPct, 6);
        expect(after.maxDrawdownPct).toBeCloseTo(base.maxDrawdownPct, 6);
      }),
    );
  });

  it('gain is unchanged by a final deposit or withdrawal at the same equity (no open positions)', () => {
    fc.assert(
      fc.property(history, fc.double({ min: -0.9, max: 5, noNaN: true }), (deals, pct) => {
        const base = computeStats({ deals, now: T0 + 1000 * H });
        const flow = Math.round(base.balance * pct * 100) / 100;
        if (flow === 0) return;
        const after = computeStats({ deals: [...deals, deal('balance', T0 + 999 * H, flow)], now: T0 + 1000 * H });
        expect(after.gainPct).toBeCloseTo(base.gainPct, 8);
        expect(after.balance).toBeCloseTo(base.balance + flow, 6);
      }),
    );
  });

  it('drawdown stays within 0–100 % and is 0 for a rising curve', () => {
    fc.assert(
      fc.property(history, (deals) => {
        const s = computeStats({ deals, now: T0 + 1000 * H });
        expect(s.maxDrawdownPct).toBeGreaterThanOrEqual(0);
        expect(s.maxDrawdownPct).toBeLessThanOrEqual(100);
        expect(s.maxDrawdownMoney).toBeGreaterThanOrEqual(0);
        for (const p of s.curve) expect(p.drawdownPct).toBeLessThanOrEqual(s.maxDrawdownPct + 1e-9);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.01, max: 500, noNaN: true }), { minLength: 1, maxLength: 50 }), (wins) => {
        const s = computeStats({ deals: [deal('balance', T0, 1000), ...wins.map((w, i) => deal('trade', T0 + (i + 1) * H, w))], now: T0 + 100 * H });
        expect(s.maxDrawdownPct).toBe(0);
        expect(s.maxDrawdownMoney).toBe(0);
        expect(s.winRatePct).toBe(100);
        expect(s.profitFactor).toBeNull();
      }),
    );
  });

  it('profit factor, win rate, expectancy and averages agree with the trades', () => {
    fc.assert(
      fc.property(history, (deals) => {
        const s = computeStats({ deals, now: T0 + 1000 * H });
        const results = deals.filter((d) => d.kind === 'trade').map((d) => d.profit);
        const gw = results.filter((r) => r > 0).reduce((a, b) => a + b, 0);
        const gl = -results.filter((r) => r < 0).reduce((a, b) => a + b, 0);
        expect(s.trades).toBe(results.length);
        expect(s.wins + s.losses).toBeLessThanOrEqual(s.trades);
        expect(s.winRatePct).toBeCloseTo(results.length ? (s.wins / results.length) * 100 : 0, 10);
        if (gl > 0) expect(s.profitFactor).toBeCloseTo(gw / gl, 8);
        else expect(s.profitFactor).toBeNull();
        if (s.trades > 0) {
          // Expectancy = win rate × average win + loss rate × average loss.
          expect(s.expectancy).toBeCloseTo((s.wins / s.trades) * s.averageWin + (s.losses / s.trades) * s.averageLoss, 8);
          // Profit factor above 1 exactly when the trades made money.
          if (s.profitFactor !== null) expect(s.profitFactor > 1).toBe(s.expectancy > 1e-9);
        }
        expect(s.longestWinStreak).toBeLessThanOrEqual(s.wins);
        expect(s.longestLoseStreak).toBeLessThanOrEqual(s.losses);
      }),
    );
  });

  it('does not depend on the order the deals arrive in', () => {
    fc.assert(
      fc.property(
        history.chain((deals) => fc.tuple(fc.constant(deals), fc.shuffledSubarray(deals, { minLength: deals.length, maxLength: deals.length }))),
        ([deals, shuffled]) => {
          expect(computeStats({ deals: shuffled, now: T0 + 1000 * H })).toEqual(computeStats({ deals, now: T0 + 1000 * H }));
        },
      ),
    );
  });
});

describe('ranking score', () => {
  const base = { gainPct: 40, trackDays: 365, maxDrawdownPct: 10, volatility: 0.1, trades: 150 };

  it('is the annualised gain over drawdown plus volatility, shrunk by n/(n+50)', () => {
    expect(rankingScore(base)).toBeCloseTo((0.4 / 0.2) * (150 / 200), 12);
    // Half a year of +21 % annualises to about +46.41 %.
    expect(annualisedGain(21, 182.5)).toBeCloseTo(0.4641, 4);
    // The risk floor: no drawdown and no volatility divide by 0.05.
    expect(rankingScore({ ...base, maxDrawdownPct: 0, volatility: 0 })).toBeCloseTo((0.4 / 0.05) * 0.75, 12);
    expect(annualisedGain(-100, 40)).toBe(-1);
    expect(annualisedGain(10_000, 30)).toBe(RANKING.maxAnnualised);
  });

  it('shrinks short histories toward zero and ranks more trades higher at equal performance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 100 }), (n, extra) => {
        const few = rankingScore({ ...base, trades: n });
        const more = rankingScore({ ...base, trades: n + extra });
        expect(Math.abs(few)).toBeLessThan(Math.abs(more));
        expect(Math.abs(more)).toBeLessThan(Math.abs(rankingScore({ ...base, trades: 1e12 })) + 1e-9);
      }),
    );
  });

  it('prefers less drawdown at equal gain', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 90, noNaN: true }), fc.double({ min: 0.1, max: 9, noNaN: true }), (dd, more) => {
        expect(rankingScore({ ...base, maxDrawdownPct: dd })).toBeGreaterThan(rankingScore({ ...base, maxDrawdownPct: dd + more }));
      }),
    );
  });

  it('admits public, active, bridge-synced accounts with 30 days and 20 trades only', () => {
    const now = new Date(T0 + 400 * 86_400_000);
    const ok = { visibility: 'public' as const, status: 'active' as const, source: 'bridge' as const, live: true, lastSuccessAt: now, stats: { trackDays: 30, trades: 20 } };
    expect(ineligibility(ok, now)).toBeNull();
    expect(ineligibility({ ...ok, visibility: 'hidden' }, now)).toBe('hidden');
    expect(ineligibility({ ...ok, status: 'closed' }, now)).toBe('closed');
    expect(ineligibility({ ...ok, source: 'statement' }, now)).toBe('statement');
    expect(ineligibility({ ...ok, stats: { trackDays: 29.9, trades: 200 } }, now)).toBe('track_too_short');
    expect(ineligibility({ ...ok, stats: { trackDays: 300, trades: 19 } }, now)).toBe('too_few_trades');
    expect(ineligibility({ ...ok, lastSuccessAt: new Date(now.getTime() - 8 * 86_400_000) }, now)).toBe('stale');
    expect(ineligibility({ ...ok, stats: null }, now)).toBe('not_synced');
    expect(ineligibility({ ...ok, live: false }, now)).toBe('demo');
    expect(ineligibility({ ...ok, live: null }, now)).toBe('demo');
  });
});
