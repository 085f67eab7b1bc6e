import { netOf, sortDeals, type Deal } from './deal.ts';

/**
 * Trading statistics of one account, recomputed from all its deals on every sync (pure: deals
 * in, figures out). The definitions follow Myfxbook's, so traders recognise the numbers:
 *
 * - **Deposits / withdrawals**: sums of positive / negative balance operations (withdrawals as a
 *   positive amount). They are cash flows, never profit.
 * - **Fees**: commissions plus fee deals, as a positive amount paid. **Interest**: the sum of swaps.
 * - **Gain** (time-weighted, TWR): the balance is followed deal by deal; every trade or fee
 *   multiplies a growth index by `balance after / balance before`, cash flows change the balance
 *   but not the index. Between two cash flows the product is that sub-period's return, so
 *   the chain is the product of the sub-period returns. The open positions' floating result
 *   enters last as `equity / balance`. Gain = (index − 1) × 100. A trade that takes the balance
 *   to zero or below ends the chain (the index stays at 0: a blown account shows −100 % even
 *   after a new deposit). Blown = index at or below 0.05 (lost 95 % or more).
 * - **Absolute gain**: (equity − deposits + withdrawals) / deposits × 100.
 * - **Maximum drawdown %**: the largest fall of the growth index from its previous peak, as a
 *   share of that peak (0–100; cash flows cannot create or hide one). **Money**: the largest fall
 *   of the profit curve (balance or, at the end, equity, minus net deposits) from its peak.
 * - **Trades**: closed positions. A trade's result is profit + swap + commission; > 0 is a win,
 *   < 0 a loss, exactly 0 neither (it neither counts nor breaks a streak).
 *   Win rate = wins / trades × 100. Profit factor = gross win / gross loss (null without a loss).
 *   Expectancy = net result of all trades / trades. Average win / loss = gross win / wins,
 *   −gross loss / losses (a loss is negative).
 * - **Monthly returns**: the growth index at the end of each calendar month (UTC) over the one
 *   at the end of the month before, − 1, in %; with the month's trading result in money.
 * - **Volatility**: standard deviation of the index's daily returns (UTC calendar days from the
 *   first deal to now, days without deals return 0) × √365, as a fraction.
 */
export interface Stats {
  currency: string;
  balance: number;
  equity: number;
  deposits: number;
  withdrawals: number;
  fees: number;
  interest: number;
  lots: number;
  /** Net trading result: trades and fees (equals balance − deposits + withdrawals). */
  profit: number;
  gainPct: number;
  absoluteGainPct: number;
  maxDrawdownPct: number;
  maxDrawdownMoney: number;
  profitFactor: number | null;
  winRatePct: number;
  expectancy: number;
  averageWin: number;
  averageLoss: number;
  trades: number;
  wins: number;
  losses: number;
  longestWinStreak: number;
  longestLoseStreak: number;
  /** Annualised volatility of daily returns (fraction). */
  volatility: number;
  firstDealAt: number | null;
  lastDealAt: number | null;
  /** Days from the first deal to `now`. */
  trackDays: number;
  /** The growth index fell to (nearly) nothing or the balance to zero. */
  blown: boolean;
  monthly: MonthlyReturn[];
  curve: CurvePoint[];
}

export interface MonthlyReturn {
  /** `YYYY-MM` (UTC). */
  month: string;
  returnPct: number;
  profit: number;
}

export interface CurvePoint {
  /** ms since the epoch. */
  t: number;
  balance: number;
  /** Balance plus floating result; known only at the last point (the sync), equal to balance elsewhere. */
  equity: number;
  /** Time-weighted gain so far, %. */
  gainPct: number;
  /** Fall of the growth index from its peak so far, %. */
  drawdownPct: number;
}

export interface StatsInput {
  deals: readonly Deal[];
  /** Current equity as the platform reports it; defaults to the balance (no open positions). */
  equity?: number | undefined;
  currency?: string;
  /** The time of the figures (the sync); the last curve point. */
  now: number;
  /** Curve points kept for display (evenly thinned, first and last kept). */
  maxCurvePoints?: number;
}

const DAY_MS = 86_400_000;

/** The index at or below which an account counts as blown (−95 %). */
export const BLOWN_INDEX = 0.05;

export function computeStats(input: StatsInput): Stats {
  const deals = sortDeals(input.deals);
  let balance = 0;
  let index = 1;
  let peakIndex = 1;
  let maxDd = 0;
  let netDeposits = 0;
  let peakProfit = 0;
  let maxDdMoney = 0;
  let deposits = 0;
  let withdrawals = 0;
  let fees = 0;
  let interest = 0;
  let lots = 0;
  let grossWin = 0;
  let grossLoss = 0;
  let tradeNet = 0;
  let trades = 0;
  let wins = 0;
  let losses = 0;
  let winStreak = 0;
  let loseStreak = 0;
  let longestWin = 0;
  let longestLose = 0;
  let chainEnded = false;
  const curve: CurvePoint[] = [];
  /** Index at the end of each UTC day and month that had deals. */
  const dayIndex = new Map<number, number>();
  const monthIndex = new Map<string, number>();
  const monthProfit = new Map<string, number>();

  const track = (t: number) => {
    if (index > peakIndex) peakIndex = index;
    const dd = peakIndex > 0 ? (peakIndex - index) / peakIndex : 0;
    if (dd > maxDd) maxDd = dd;
    const profitNow = balance - netDeposits;
    if (profitNow > peakProfit) peakProfit = profitNow;
    if (peakProfit - profitNow > maxDdMoney) maxDdMoney = peakProfit - profitNow;
    dayIndex.set(Math.floor(t / DAY_MS), index);
    monthIndex.set(monthOf(t), index);
    return dd;
  };

  for (const d of deals) {
    const net = netOf(d);
    if (d.kind === 'balance') {
      balance += net;
      netDeposits += net;
      if (net > 0) deposits += net;
      else withdrawals -= net;
      // A deposit that revives an account at zero does not revive its history: the chain stays ended.
    } else {
      const before = balance;
      balance += net;
      // A trade on a balance at or below zero (history starting without its deposit) has no return.
      if (!chainEnded && before > 0) {
        index *= Math.max(0, balance / before);
        if (balance <= 0) {
          index = 0;
          chainEnded = true;
        }
      }
      const m = monthOf(d.time);
      monthProfit.set(m, (monthProfit.get(m) ?? 0) + net);
      interest += d.swap;
      fees -= d.commission;
      if (d.kind === 'fee') fees -= d.profit;
      if (d.kind === 'trade') {
        trades += 1;
        lots += d.lots;
        tradeNet += net;
        if (net > 0) {
          wins += 1;
          grossWin += net;
          winStreak += 1;
          loseStreak = 0;
          longestWin = Math.max(longestWin, winStreak);
        } else if (net < 0) {
          losses += 1;
          grossLoss -= net;
          loseStreak += 1;
          winStreak = 0;
          longestLose = Math.max(longestLose, loseStreak);
        }
      }
    }
    const dd = track(d.time);
    curve.push({ t: d.time, balance: round(balance), equity: round(balance), gainPct: (index - 1) * 100, drawdownPct: dd * 100 });
  }

  // The open positions last: equity / balance.
  const equity = input.equity ?? balance;
  if (!chainEnded && balance > 0) index *= Math.max(0, equity / balance);
  const lastDealAt = deals.length > 0 ? deals[deals.length - 1]!.time : null;
  const now = Math.max(input.now, lastDealAt ?? input.now);
  {
    const profitNow = equity - netDeposits;
    if (index > peakIndex) peakIndex = index;
    const dd = peakIndex > 0 ? (peakIndex - index) / peakIndex : 0;
    if (dd > maxDd) maxDd = dd;
    if (profitNow > peakProfit) peakProfit = profitNow;
    if (peakProfit - profitNow > maxDdMoney) maxDdMoney = peakProfit - profitNow;
    dayIndex.set(Math.floor(now / DAY_MS), index);
    monthIndex.set(monthOf(now), index);
    if (deals.length > 0) curve.push({ t: now, balance: round(balance), equity: round(equity), gainPct: (index - 1) * 100, drawdownPct: dd * 100 });
  }

  const firstDealAt = deals.length > 0 ? deals[0]!.time : null;
  const monthly = monthlyReturns(monthIndex, monthProfit);
  return {
    currency: input.currency ?? 'USD',
    balance: round(balance),
    equity: round(equity),
    deposits: round(deposits),
    withdrawals: round(withdrawals),
    fees: round(fees),
    interest: round(interest),
    lots: Math.round(lots * 100) / 100,
    profit: round(balance - netDeposits),
    gainPct: (index - 1) * 100,
    absoluteGainPct: deposits > 0 ? ((equity - netDeposits) / deposits) * 100 : 0,
    maxDrawdownPct: maxDd * 100,
    maxDrawdownMoney: round(maxDdMoney),
    profitFactor: grossLoss > 0 ? grossWin / grossLoss : null,
    winRatePct: trades > 0 ? (wins / trades) * 100 : 0,
    expectancy: trades > 0 ? tradeNet / trades : 0,
    averageWin: wins > 0 ? grossWin / wins : 0,
    averageLoss: losses > 0 ? -grossLoss / losses : 0,
    trades,
    wins,
    losses,
    longestWinStreak: longestWin,
    longestLoseStreak: longestLose,
    volatility: firstDealAt === null ? 0 : dailyVolatility(dayIndex, Math.floor(firstDealAt / DAY_MS), Math.floor(now / DAY_MS)),
    firstDealAt,
    lastDealAt,
    trackDays: firstDealAt === null ? 0 : (now - firstDealAt) / DAY_MS,
    blown: deals.length > 0 && index <= BLOWN_INDEX,
    monthly,
    curve: thin(curve, input.maxCurvePoints ?? 500),
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

function monthOf(t: number): string {
  return new Date(t).toISOString().slice(0, 7);
}

function monthlyReturns(monthIndex: Map<string, number>, monthProfit: Map<string, number>): MonthlyReturn[] {
  const months = [...monthIndex.keys()].sort();
  let previous = 1;
  return months.map((month) => {
    const end = monthIndex.get(month)!;
    const returnPct = previous > 0 ? (end / previous - 1) * 100 : 0;
    previous = end;
    return { month, returnPct, profit: round(monthProfit.get(month) ?? 0) };
  });
}

function dailyVolatility(dayIndex: Map<number, number>, firstDay: number, lastDay: number): number {
  const returns: number[] = [];
  // The index before the first deal is 1.
  let previous = 1;
  for (let day = firstDay; day <= lastDay; day++) {
    const end = dayIndex.get(day) ?? previous;
    returns.push(previous > 0 ? end / previous - 1 : 0);
    previous = end;
  }
  if (returns.length < 2) return 0;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(365);
}

/** Keeps at most `max` points, evenly spread, always with the first and the last. */
export function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max || max < 2) return points;
  const out: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(points[Math.round(i * step)]!);
  return out;
}
