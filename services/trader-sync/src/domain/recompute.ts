import type { Kysely } from '@brokerwise/sql';
import { findAccount, updateAccount, type AccountRow } from '../store/account.store.ts';
import { allDeals, type DealRow } from '../store/deal.store.ts';
import type { TraderTables } from '../store/types.ts';
import type { Deal } from './deal.ts';
import { ineligibility, rankingScore } from './ranking.ts';
import { computeStats, type Stats } from './stats.ts';

export const dealFromRow = (r: DealRow): Deal => ({
  id: r.deal_id,
  kind: r.kind,
  time: r.time.getTime(),
  symbol: r.symbol,
  side: r.side as Deal['side'],
  lots: r.lots,
  openTime: r.open_time ? r.open_time.getTime() : null,
  openPrice: r.open_price,
  closePrice: r.close_price,
  stopLoss: r.stop_loss,
  takeProfit: r.take_profit,
  commission: r.commission,
  swap: r.swap,
  profit: r.profit,
  comment: r.comment,
});

export const dealToRow = (accountId: string, d: Deal): DealRow => ({
  account_id: accountId,
  deal_id: d.id,
  kind: d.kind,
  time: new Date(d.time),
  symbol: d.symbol,
  side: d.side,
  lots: d.lots,
  open_time: d.openTime === null ? null : new Date(d.openTime),
  open_price: d.openPrice,
  close_price: d.closePrice,
  stop_loss: d.stopLoss,
  take_profit: d.takeProfit,
  commission: d.commission,
  swap: d.swap,
  profit: d.profit,
  comment: d.comment,
});

/**
 * Recomputes the account's statistics from all its deals and its ranking fields (score and
 * eligibility), inside the caller's transaction. `equity` = what the platform reported (bridge),
 * or the account's last known equity.
 */
export async function recomputeAccount(db: Kysely<TraderTables>, accountId: string, now: Date, equity?: number | null): Promise<AccountRow> {
  const account = (await findAccount(db, accountId))!;
  const deals = (await allDeals(db, accountId)).map(dealFromRow);
  const stats = computeStats({ deals, equity: equity ?? account.equity ?? undefined, currency: account.currency, now: (account.last_success_at ?? now).getTime() });
  return (await updateAccount(db, accountId, { ...statsColumns(stats), ...rankColumns(account, stats, now) }))!;
}

function statsColumns(s: Stats) {
  return {
    stats: JSON.stringify(s),
    stats_at: new Date(),
    balance: s.balance,
    equity: s.equity,
    gain_pct: s.gainPct,
    max_drawdown_pct: s.maxDrawdownPct,
    trades: s.trades,
    track_days: s.trackDays,
  };
}

/** Ranking fields from the account's state (visibility, status, source, sync age) and stats. */
export function rankColumns(a: Pick<AccountRow, 'visibility' | 'status' | 'source' | 'live' | 'last_success_at'>, s: Stats | null, now: Date) {
  const reason = ineligibility({ visibility: a.visibility, status: a.status, source: a.source, live: a.live, lastSuccessAt: a.last_success_at, stats: s }, now);
  return {
    ranked: reason === null,
    unranked_reason: reason,
    score: s ? rankingScore({ gainPct: s.gainPct, trackDays: s.trackDays, maxDrawdownPct: s.maxDrawdownPct, volatility: s.volatility, trades: s.trades }) : null,
  };
}

export const statsOf = (a: AccountRow): Stats | null => (a.stats ? (a.stats as Stats) : null);
