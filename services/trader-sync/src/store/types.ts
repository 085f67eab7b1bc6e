import type { ColumnType, Generated } from '@brokerwise/sql';
import type { KitTables } from '@brokerwise/service-kit';

/** bigint comes back from pg as a number (see @brokerwise/sql parsers); we write numbers. */
type BigIntColumn = ColumnType<number, number, number>;
type Json<T> = ColumnType<T, string, string>;

export type Visibility = 'public' | 'hidden';
export type StrategyType = 'manual' | 'mixed';
export type AccountSource = 'bridge' | 'statement';
export type AccountStatus = 'active' | 'closed';
export type SyncState = 'pending' | 'ok' | 'failing';
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

export interface TraderTables extends KitTables {
  broker: {
    company_id: string;
    slug: string;
    name: string;
    version: BigIntColumn;
    removed: boolean;
    updated_at: Date;
  };
  /** Refused read-only passwords at binding, within the throttle's window (migration 20261127T1030). */
  bind_check_failure: {
    id: Generated<number>;
    user_id: string;
    server_id: string;
    account_number: string;
    at: Date;
  };
  broker_server: {
    id: string;
    name: string;
    company_id: string | null;
    broker_name: string;
    kind: 'live' | 'demo';
    bridge_url: string | null;
    origin: 'application' | 'admin';
    created_at: Date;
  };
  account: {
    id: string;
    user_id: string;
    username: string;
    server_id: string;
    server: string;
    company_id: string | null;
    broker_name: string;
    account_number: string;
    nickname: string;
    description: string;
    strategy_type: StrategyType;
    visibility: Visibility;
    source: AccountSource;
    status: AccountStatus;
    closed_at: Date | null;
    password_ct: Uint8Array | null;
    password_key_id: string | null;
    bound_at: Date;
    sync_state: SyncState;
    sync_error: string | null;
    sync_failures: Generated<number>;
    last_attempt_at: Date | null;
    last_success_at: Date | null;
    next_sync_at: Date | null;
    cursor: string | null;
    currency: Generated<string>;
    leverage: number | null;
    balance: number | null;
    equity: number | null;
    live: boolean | null;
    verified_at: Date | null;
    verify_code: string | null;
    verify_expires_at: Date | null;
    stats: Json<unknown> | null;
    stats_at: Date | null;
    gain_pct: number | null;
    max_drawdown_pct: number | null;
    trades: Generated<number>;
    track_days: Generated<number>;
    score: number | null;
    ranked: Generated<boolean>;
    unranked_reason: string | null;
  };
  deal: {
    account_id: string;
    deal_id: string;
    kind: 'trade' | 'balance' | 'fee';
    time: Date;
    symbol: string;
    side: string;
    lots: number;
    open_time: Date | null;
    open_price: number | null;
    close_price: number | null;
    stop_loss: number | null;
    take_profit: number | null;
    commission: number;
    swap: number;
    profit: number;
    comment: string;
  };
  broker_application: {
    id: string;
    user_id: string;
    broker_name: string;
    website: string;
    server: string;
    sample_account: string;
    password_ct: Uint8Array;
    password_key_id: string;
    status: ApplicationStatus;
    reason: Generated<string>;
    decided_by: string | null;
    decided_at: Date | null;
    server_id: string | null;
    created_at: Date;
  };
}
