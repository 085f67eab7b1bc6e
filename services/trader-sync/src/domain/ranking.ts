import type { Stats } from './stats.ts';

/**
 * Top Trader ranking score (printed on the methodology page; EN and ZH text in
 * docs/ranking-methodology.md — keep the two in step with this comment).
 *
 * Eligible accounts: public, not closed, real-money (live) accounts synced through a broker bridge
 * (uploaded statements are self-reported, demo accounts risk nothing: neither is ranked), last
 * successful sync at most 7 days old, a track record of at least 30 days (first deal to last
 * sync) and at least 20 closed trades.
 *
 * With
 *   G = time-weighted gain as a fraction (e.g. 0.25 for +25 %),
 *   T = track length in days (≥ 30),
 *   A = annualised gain = (1 + G)^(365 / T) − 1, limited to the range −1 … 10,
 *   D = maximum drawdown as a fraction (0 … 1),
 *   σ = annualised volatility of daily returns (standard deviation × √365),
 *   n = number of closed trades, k = 50,
 * the score is
 *
 *   score = A / max(D + σ, 0.05) × n / (n + k)
 *
 * The denominator charges the gain for the risk taken to earn it (the deepest loss from a peak
 * plus day-to-day swings); the 0.05 floor keeps a short, calm record from dividing by almost
 * nothing. The factor n/(n+k) shrinks the score toward zero for short histories: with 50 trades it
 * keeps half of the score, with 450 trades 90 %. Blown accounts (−100 %) score −1 or below and
 * stay listed at the bottom: accounts are never removed to flatter the table.
 */
export const RANKING = Object.freeze({
  minTrackDays: 30,
  minTrades: 20,
  shrinkK: 50,
  riskFloor: 0.05,
  maxAnnualised: 10,
  maxSyncAgeDays: 7,
});

export interface RankInput {
  gainPct: number;
  trackDays: number;
  maxDrawdownPct: number;
  volatility: number;
  trades: number;
}

export function annualisedGain(gainPct: number, trackDays: number): number {
  const g = gainPct / 100;
  if (trackDays <= 0) return 0;
  if (g <= -1) return -1;
  const a = Math.pow(1 + g, 365 / trackDays) - 1;
  return Math.min(RANKING.maxAnnualised, Math.max(-1, a));
}

export function rankingScore(s: RankInput): number {
  const a = annualisedGain(s.gainPct, s.trackDays);
  const risk = Math.max(s.maxDrawdownPct / 100 + s.volatility, RANKING.riskFloor);
  const shrink = s.trades / (s.trades + RANKING.shrinkK);
  return (a / risk) * shrink;
}

export interface EligibilityInput {
  visibility: 'public' | 'hidden';
  status: 'active' | 'closed';
  source: 'bridge' | 'statement';
  /** Real-money account as the bridge reports it (null: unknown). */
  live: boolean | null;
  lastSuccessAt: Date | null;
  stats: Pick<Stats, 'trackDays' | 'trades'> | null;
}

/** Why an account is not ranked (null = ranked); shown to its owner. */
export function ineligibility(a: EligibilityInput, now: Date): string | null {
  if (a.status !== 'active') return 'closed';
  if (a.visibility !== 'public') return 'hidden';
  if (a.source !== 'bridge') return 'statement';
  if (!a.stats || !a.lastSuccessAt) return 'not_synced';
  if (a.live !== true) return 'demo';
  if (now.getTime() - a.lastSuccessAt.getTime() > RANKING.maxSyncAgeDays * 86_400_000) return 'stale';
  if (a.stats.trackDays < RANKING.minTrackDays) return 'track_too_short';
  if (a.stats.trades < RANKING.minTrades) return 'too_few_trades';
  return null;
}
