import { encodeEvent, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import type { AccountRow } from '../store/account.store.ts';
import type { ApplicationRow } from '../store/application.store.ts';

const PRODUCER = 'trader-sync';

const meta = (correlationId: string | undefined, occurredAt: Date) => ({ producer: PRODUCER, occurredAt, ...(correlationId ? { correlationId } : {}) });

export function accountBound(a: AccountRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'trader.account.bound',
    {
      accountId: a.id,
      userId: a.user_id,
      companyId: a.company_id ?? '',
      server: a.server,
      accountNumber: a.account_number,
      visibility: a.visibility,
      strategyType: a.strategy_type,
      source: a.source,
      boundAt: timestampFromDate(a.bound_at),
    },
    meta(correlationId, a.bound_at),
  );
}

export function accountSynced(a: AccountRow, added: number, total: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'trader.account.synced',
    { accountId: a.id, userId: a.user_id, companyId: a.company_id ?? '', live: a.live === true, dealsAdded: added, dealsTotal: total, verified: a.verified_at !== null, syncedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

export function statsUpdated(a: AccountRow, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'trader.stats.updated',
    {
      accountId: a.id,
      userId: a.user_id,
      companyId: a.company_id ?? '',
      currency: a.currency,
      balance: a.balance ?? 0,
      equity: a.equity ?? 0,
      gainPct: a.gain_pct ?? 0,
      maxDrawdownPct: a.max_drawdown_pct ?? 0,
      trades: a.trades,
      score: a.ranked ? (a.score ?? 0) : 0,
      ranked: a.ranked,
      visibility: a.visibility,
      computedAt: timestampFromDate(at),
    },
    meta(correlationId, at),
  );
}

export function applicationApproved(app: ApplicationRow, companyId: string | null, correlationId: string | undefined): EncodedEvent {
  const at = app.decided_at ?? new Date();
  return encodeEvent(
    'trader.broker_application.approved',
    { applicationId: app.id, userId: app.user_id, brokerName: app.broker_name, website: app.website, server: app.server, adminId: app.decided_by ?? '', companyId: companyId ?? '', approvedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

export function applicationRejected(app: ApplicationRow, correlationId: string | undefined): EncodedEvent {
  const at = app.decided_at ?? new Date();
  return encodeEvent(
    'trader.broker_application.rejected',
    { applicationId: app.id, userId: app.user_id, brokerName: app.broker_name, server: app.server, adminId: app.decided_by ?? '', reason: app.reason ?? '', rejectedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}
