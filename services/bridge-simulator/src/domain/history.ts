import { createHash } from 'node:crypto';

/**
 * Deterministic trading histories for simulated accounts: the same server + login gives the same
 * deals on every machine. A history starts 35–400 days before 2026-11-01 and keeps going with the
 * clock: deals whose close time has passed are visible, so a later sync finds new ones.
 *
 * Each account draws a profile (deposit, risk per trade, skill, reward/risk, instruments,
 * commission, trading frequency); trades follow a two-state chain so wins and losses come in
 * streaks; prices walk per instrument; lots follow the risk; deposits, withdrawals and platform
 * fees arrive now and then. Logins ending in 99 trade with reckless risk and blow up.
 */

/** A deal as the bridge protocol sends it (services/trader-sync/docs/bridge-protocol.md). */
export interface WireDeal {
  id: string;
  type: 'buy' | 'sell' | 'balance' | 'fee';
  time: string;
  openTime: string | null;
  symbol: string;
  lots: number;
  openPrice: number | null;
  closePrice: number | null;
  stopLoss: number | null;
  takeProfit: number | null;
  commission: number;
  swap: number;
  profit: number;
  comment: string;
}

interface Instrument {
  symbol: string;
  price: number;
  digits: number;
  /** Price move of one pip (point for indices). */
  pip: number;
  /** Account-currency value of one pip for one lot. */
  pipValue: number;
  /** Typical stop in pips. */
  stop: [number, number];
  /** Daily volatility (fraction of price). */
  vol: number;
  /** Swap charged per lot per night. */
  swap: number;
}

const INSTRUMENTS: Instrument[] = [
  { symbol: 'EURUSD', price: 1.0842, digits: 5, pip: 0.0001, pipValue: 10, stop: [12, 60], vol: 0.005, swap: 0.7 },
  { symbol: 'GBPUSD', price: 1.2711, digits: 5, pip: 0.0001, pipValue: 10, stop: [15, 70], vol: 0.006, swap: 0.5 },
  { symbol: 'USDJPY', price: 151.32, digits: 3, pip: 0.01, pipValue: 6.6, stop: [15, 80], vol: 0.006, swap: -1.1 },
  { symbol: 'AUDUSD', price: 0.6593, digits: 5, pip: 0.0001, pipValue: 10, stop: [10, 50], vol: 0.007, swap: 0.4 },
  { symbol: 'XAUUSD', price: 2362.4, digits: 2, pip: 0.1, pipValue: 10, stop: [40, 300], vol: 0.01, swap: 3.5 },
  { symbol: 'US30', price: 39120, digits: 1, pip: 1, pipValue: 1, stop: [40, 250], vol: 0.009, swap: 4.2 },
];

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ANCHOR = Date.UTC(2026, 10, 1);

export function seedOf(server: string, login: string): string {
  return `${server.toLowerCase()}|${login}`;
}

/** xorshift32 from a SHA-256 of the seed: stable across Node versions. */
export function rngFrom(seed: string): () => number {
  let x = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x1_0000_0000;
  };
}

export interface Profile {
  start: number;
  currency: string;
  leverage: number;
  deposit: number;
  riskPct: number;
  winProb: number;
  rewardRisk: number;
  commissionPerLot: number;
  symbols: Instrument[];
  /** Mean hours between trades. */
  gapHours: number;
  reckless: boolean;
}

export function profileOf(server: string, login: string): Profile {
  const r = rngFrom(`profile|${seedOf(server, login)}`);
  const reckless = login.endsWith('99');
  const n = 1 + Math.floor(r() * 4);
  const symbols = [...INSTRUMENTS].sort(() => r() - 0.5).slice(0, n);
  return {
    start: ANCHOR - Math.floor((35 + r() * 365) * DAY) - Math.floor(r() * DAY),
    currency: r() < 0.85 ? 'USD' : 'EUR',
    leverage: [100, 200, 400, 500][Math.floor(r() * 4)]!,
    deposit: Math.round((500 + r() * 19_500) / 100) * 100,
    riskPct: reckless ? 0.2 + r() * 0.15 : 0.004 + r() * 0.025,
    winProb: reckless ? 0.35 : 0.36 + r() * 0.22,
    rewardRisk: 0.8 + r() * 1.6,
    commissionPerLot: r() < 0.5 ? 0 : 7,
    symbols,
    gapHours: 6 + r() * 30,
    reckless,
  };
}

const iso = (t: number) => new Date(t).toISOString();
const round2 = (x: number) => Math.round(x * 100) / 100;
const gauss = (r: () => number) => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());

/** Skips Saturdays and Sundays (UTC): markets are closed. */
function tradingTime(t: number): number {
  const day = new Date(t).getUTCDay();
  if (day === 6) return t + 2 * DAY;
  if (day === 0) return t + DAY;
  return t;
}

/** A history generated lazily up to the latest time asked for; append-only in time order. */
export class AccountHistory {
  readonly profile: Profile;
  readonly deals: WireDeal[] = [];
  private readonly r: () => number;
  private readonly prices: Map<string, number>;
  private t: number;
  private balance = 0;
  private ticket: number;
  private lastWin = false;
  private nextCashFlow: number;
  private stopped = false;
  /** Close time of the last deal: deals stay in time order. */
  private last = 0;

  constructor(server: string, login: string) {
    this.profile = profileOf(server, login);
    this.r = rngFrom(`deals|${seedOf(server, login)}`);
    this.prices = new Map(this.profile.symbols.map((i) => [i.symbol, i.price * (0.95 + this.r() * 0.1)]));
    this.t = this.profile.start;
    this.ticket = 1_000_000 + Math.floor(this.r() * 8_000_000);
    this.push({ type: 'balance', time: this.t, profit: this.profile.deposit, comment: 'Deposit' });
    this.nextCashFlow = this.t + (20 + this.r() * 30) * DAY;
  }

  get blown(): boolean {
    return this.stopped;
  }

  /** Generates every deal that closes at or before `until`. */
  extendTo(until: number): void {
    while (!this.stopped) {
      const next = this.peekNext();
      if (next > until) return;
      this.step();
    }
  }

  private peekNext(): number {
    return Math.min(this.t, this.nextCashFlow);
  }

  private id(): string {
    this.ticket += 1 + Math.floor(this.r() * 40);
    return String(this.ticket);
  }

  private push(d: { type: WireDeal['type']; time: number; profit: number; comment: string }): void {
    this.last = Math.max(this.last, d.time);
    this.balance = round2(this.balance + d.profit);
    this.deals.push({ id: this.id(), type: d.type, time: iso(d.time), openTime: null, symbol: '', lots: 0, openPrice: null, closePrice: null, stopLoss: null, takeProfit: null, commission: 0, swap: 0, profit: round2(d.profit), comment: d.comment });
  }

  private step(): void {
    const r = this.r;
    if (this.nextCashFlow <= this.t) {
      const at = Math.max(this.nextCashFlow, this.last + 60_000);
      this.nextCashFlow = at + (20 + r() * 40) * DAY;
      const roll = r();
      if (roll < 0.25) this.push({ type: 'balance', time: at, profit: Math.round((this.profile.deposit * (0.1 + r() * 0.5)) / 10) * 10, comment: 'Deposit' });
      else if (roll < 0.4 && this.balance > this.profile.deposit) this.push({ type: 'balance', time: at, profit: -Math.round(((this.balance - this.profile.deposit) * (0.2 + r() * 0.5)) / 10) * 10, comment: 'Withdrawal' });
      else if (roll < 0.5) this.push({ type: 'fee', time: at, profit: -round2(5 + r() * 20), comment: 'Platform fee' });
      return;
    }
    // One trade, opened at this.t.
    const inst = this.profile.symbols[Math.floor(r() * this.profile.symbols.length)]!;
    const open = tradingTime(this.t);
    const hours = 0.2 + Math.pow(r(), 2) * 72;
    const close = tradingTime(open + hours * HOUR);
    let price = this.prices.get(inst.symbol)!;
    price *= Math.exp(gauss(r) * inst.vol * Math.sqrt(Math.max(1, (open - this.t) / DAY)));
    this.prices.set(inst.symbol, price);
    const stopPips = Math.round(inst.stop[0] + r() * (inst.stop[1] - inst.stop[0]));
    const risk = this.balance * this.profile.riskPct;
    const lots = Math.min(50, Math.max(0.01, Math.floor((risk / (stopPips * inst.pipValue)) * 100) / 100));
    const side = r() < 0.5 ? 'buy' : 'sell';
    const dir = side === 'buy' ? 1 : -1;
    const tpPips = Math.round(stopPips * this.profile.rewardRisk);
    // Streaks: a win makes the next win a little likelier, a loss a little less likely.
    const win = r() < this.profile.winProb + (this.lastWin ? 0.08 : -0.05);
    this.lastWin = win;
    // Most trades end at their stop or target; some are closed by hand part of the way.
    const reach = r() < 0.7 ? 1 : 0.2 + r() * 0.7;
    const pips = win ? tpPips * reach : -stopPips * reach;
    const f = (x: number) => Number(x.toFixed(inst.digits));
    const nights = Math.floor((close - open) / DAY) + (new Date(close).getUTCDate() !== new Date(open).getUTCDate() ? 1 : 0);
    const deal: WireDeal = {
      id: this.id(),
      type: side,
      time: iso(close),
      openTime: iso(open),
      symbol: inst.symbol,
      lots,
      openPrice: f(price),
      closePrice: f(price + dir * pips * inst.pip),
      stopLoss: f(price - dir * stopPips * inst.pip),
      takeProfit: f(price + dir * tpPips * inst.pip),
      commission: -round2(this.profile.commissionPerLot * lots),
      swap: -round2(Math.min(nights, 10) * inst.swap * lots * (0.5 + r())),
      profit: round2(pips * inst.pipValue * lots),
      comment: '',
    };
    this.deals.push(deal);
    this.last = close;
    this.balance = round2(this.balance + deal.profit + deal.swap + deal.commission);
    this.t = close + (0.5 + r() * 2 * this.profile.gapHours) * HOUR;
    // A blown account stops trading (its history stays).
    if (this.balance < Math.max(5, this.profile.deposit * 0.02)) this.stopped = true;
  }

  /** Balance after every deal up to `until` (deals are in time order). */
  balanceAt(until: number): number {
    let b = 0;
    for (const d of this.deals) {
      if (Date.parse(d.time) > until) break;
      b += d.profit + d.swap + d.commission;
    }
    return round2(b);
  }
}
