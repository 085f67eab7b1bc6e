/**
 * A deal as every connector delivers it (bridge, statement import): one closed position, one
 * balance operation (deposit > 0, withdrawal < 0) or one fee charged by the broker. Money is in
 * the account currency; `profit + swap + commission` is the deal's effect on the balance.
 */
export type DealKind = 'trade' | 'balance' | 'fee';

export interface Deal {
  /** Unique per account (the platform's ticket / deal number); a re-sync never duplicates it. */
  id: string;
  kind: DealKind;
  /** Close time for a trade, operation time otherwise (ms since the epoch, UTC). */
  time: number;
  symbol: string;
  side: 'buy' | 'sell' | '';
  lots: number;
  openTime: number | null;
  openPrice: number | null;
  closePrice: number | null;
  stopLoss: number | null;
  takeProfit: number | null;
  /** Commission (negative when charged). */
  commission: number;
  /** Interest / swap (either sign). */
  swap: number;
  /** Trade profit before swap and commission; the amount of a balance operation or fee. */
  profit: number;
  comment: string;
}

/** The deal's effect on the balance. */
export const netOf = (d: Pick<Deal, 'profit' | 'swap' | 'commission'>): number => d.profit + d.swap + d.commission;

/** Canonical order: time, then id. Statistics never depend on the order deals arrived in. */
export function sortDeals<T extends Pick<Deal, 'time' | 'id'>>(deals: readonly T[]): T[] {
  return [...deals].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
