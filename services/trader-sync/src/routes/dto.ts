import { Type, type Static } from 'typebox';
import type { Stats } from '../domain/stats.ts';
import type { AccountRow } from '../store/account.store.ts';
import type { ApplicationRow } from '../store/application.store.ts';
import type { BrokerRow } from '../store/broker.store.ts';
import type { DealRow } from '../store/deal.store.ts';
import { Uuid } from '@brokerwise/service-kit';

export { Uuid };

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

const NString = Type.Union([Type.String(), Type.Null()]);
const NNumber = Type.Union([Type.Number(), Type.Null()]);
const NBool = Type.Union([Type.Boolean(), Type.Null()]);

export const StatsDto = Type.Object({
  currency: Type.String(),
  balance: Type.Number(),
  equity: Type.Number(),
  deposits: Type.Number(),
  withdrawals: Type.Number(),
  fees: Type.Number(),
  interest: Type.Number(),
  lots: Type.Number(),
  profit: Type.Number(),
  gainPct: Type.Number(),
  absoluteGainPct: Type.Number(),
  maxDrawdownPct: Type.Number(),
  maxDrawdownMoney: Type.Number(),
  profitFactor: NNumber,
  winRatePct: Type.Number(),
  expectancy: Type.Number(),
  averageWin: Type.Number(),
  averageLoss: Type.Number(),
  trades: Type.Integer(),
  wins: Type.Integer(),
  losses: Type.Integer(),
  longestWinStreak: Type.Integer(),
  longestLoseStreak: Type.Integer(),
  volatility: Type.Number(),
  firstDealAt: NString,
  lastDealAt: NString,
  trackDays: Type.Number(),
  blown: Type.Boolean(),
});

export const AccountDto = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  broker: Type.Object({ companyId: NString, slug: NString, name: Type.String() }),
  server: Type.String(),
  /** The full number for the owner; masked (first 2 and last 2 digits) for everybody else. */
  accountNumber: Type.String(),
  nickname: Type.String(),
  description: Type.String(),
  type: Type.String(),
  visibility: Type.String(),
  source: Type.String(),
  status: Type.String(),
  boundAt: Type.String(),
  closedAt: NString,
  sync: Type.Object({ state: Type.String(), error: NString, failures: Type.Integer(), lastAttemptAt: NString, lastSuccessAt: NString, nextAttemptAt: NString }),
  summary: Type.Object({ currency: Type.String(), leverage: NNumber, balance: NNumber, equity: NNumber, live: NBool }),
  verified: Type.Boolean(),
  verifiedAt: NString,
  ranking: Type.Object({ ranked: Type.Boolean(), score: NNumber, reason: NString }),
  stats: Type.Union([StatsDto, Type.Null()]),
  mine: Type.Boolean(),
});

export const CurvePointDto = Type.Object({ t: Type.String(), balance: Type.Number(), equity: Type.Number(), gainPct: Type.Number(), drawdownPct: Type.Number() });
export const MonthlyDto = Type.Object({ month: Type.String(), returnPct: Type.Number(), profit: Type.Number() });
export const AccountDetailDto = Type.Object({ account: AccountDto, curve: Type.Array(CurvePointDto), monthly: Type.Array(MonthlyDto) });

export const OrderDto = Type.Object({
  id: Type.String(),
  openTime: NString,
  closeTime: Type.String(),
  symbol: Type.String(),
  side: Type.String(),
  lots: Type.Number(),
  openPrice: NNumber,
  closePrice: NNumber,
  stopLoss: NNumber,
  takeProfit: NNumber,
  commission: Type.Number(),
  interest: Type.Number(),
  profit: Type.Number(),
});

export const ApplicationDto = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  broker: Type.String(),
  website: Type.String(),
  server: Type.String(),
  sampleAccount: Type.String(),
  status: Type.String(),
  reason: Type.String(),
  decidedBy: NString,
  decidedAt: NString,
  createdAt: Type.String(),
});

export type AccountDtoType = Static<typeof AccountDto>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const mask = (n: string) => (n.length <= 4 ? '*'.repeat(n.length) : `${n.slice(0, 2)}${'*'.repeat(n.length - 4)}${n.slice(-2)}`);

/** Rows never leave the service: only these mappings do. The password never does, in any form. */
export function toAccountDto(a: AccountRow, brokers: Map<string, BrokerRow>, viewer: string | undefined): AccountDtoType {
  const mine = viewer !== undefined && viewer === a.user_id;
  const s = a.stats as Stats | null;
  return {
    id: a.id,
    userId: a.user_id,
    username: a.username,
    broker: { companyId: a.company_id, slug: a.company_id ? (brokers.get(a.company_id)?.slug ?? null) : null, name: a.broker_name },
    server: a.server,
    accountNumber: mine ? a.account_number : mask(a.account_number),
    nickname: a.nickname,
    description: a.description,
    type: a.strategy_type,
    visibility: a.visibility,
    source: a.source,
    status: a.status,
    boundAt: a.bound_at.toISOString(),
    closedAt: iso(a.closed_at),
    sync: { state: a.sync_state, error: a.sync_error, failures: a.sync_failures, lastAttemptAt: iso(a.last_attempt_at), lastSuccessAt: iso(a.last_success_at), nextAttemptAt: a.status === 'active' ? iso(a.next_sync_at) : null },
    summary: { currency: a.currency, leverage: a.leverage, balance: a.balance, equity: a.equity, live: a.live },
    verified: a.verified_at !== null,
    verifiedAt: iso(a.verified_at),
    ranking: { ranked: a.ranked, score: a.score, reason: a.unranked_reason },
    stats: s ? statsDto(s) : null,
    mine,
  };
}

function statsDto(s: Stats): Static<typeof StatsDto> {
  const { monthly: _monthly, curve: _curve, firstDealAt, lastDealAt, ...rest } = s;
  return { ...rest, firstDealAt: firstDealAt === null ? null : new Date(firstDealAt).toISOString(), lastDealAt: lastDealAt === null ? null : new Date(lastDealAt).toISOString() };
}

export function toDetailDto(a: AccountRow, brokers: Map<string, BrokerRow>, viewer: string | undefined): Static<typeof AccountDetailDto> {
  const s = a.stats as Stats | null;
  return {
    account: toAccountDto(a, brokers, viewer),
    curve: (s?.curve ?? []).map((p) => ({ ...p, t: new Date(p.t).toISOString() })),
    monthly: s?.monthly ?? [],
  };
}

export const toOrderDto = (d: DealRow): Static<typeof OrderDto> => ({
  id: d.deal_id,
  openTime: iso(d.open_time),
  closeTime: d.time.toISOString(),
  symbol: d.symbol,
  side: d.side,
  lots: d.lots,
  openPrice: d.open_price,
  closePrice: d.close_price,
  stopLoss: d.stop_loss,
  takeProfit: d.take_profit,
  commission: d.commission,
  interest: d.swap,
  profit: d.profit,
});

export const toApplicationDto = (a: ApplicationRow): Static<typeof ApplicationDto> => ({
  id: a.id,
  userId: a.user_id,
  broker: a.broker_name,
  website: a.website,
  server: a.server,
  sampleAccount: a.sample_account,
  status: a.status,
  reason: a.reason,
  decidedBy: a.decided_by,
  decidedAt: iso(a.decided_at),
  createdAt: a.created_at.toISOString(),
});
