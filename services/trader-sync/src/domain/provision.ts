import { randomUUID } from 'node:crypto';
import { findActiveBinding, insertAccount, unsyncedState, type AccountRow } from '../store/account.store.ts';
import { findServerByName, insertServer, type ServerRow } from '../store/broker.store.ts';
import type { StrategyType, Visibility } from '../store/types.ts';
import type { TraderContext } from './context.ts';

/**
 * Operator provisioning: servers and bridge accounts written without the bind form's bridge check
 * (fixtures, a move from another system, the development start's data in demo/). Idempotent, so
 * it can run at every start.
 */

/** The server of this name, added (as an admin's) when missing; `created` says which. */
export async function provisionServer(
  ctx: Pick<TraderContext, 'db' | 'now'>,
  s: { name: string; companyId: string | null; brokerName: string; kind: ServerRow['kind'] },
): Promise<{ server: ServerRow; created: boolean }> {
  const row = { id: randomUUID(), name: s.name, company_id: s.companyId, broker_name: s.brokerName, kind: s.kind, bridge_url: null, origin: 'admin' as const, created_at: ctx.now() };
  const inserted = await insertServer(ctx.db, row);
  return inserted ? { server: inserted, created: true } : { server: (await findServerByName(ctx.db, s.name))!, created: false };
}

export interface ProvisionedAccount {
  userId: string;
  username: string;
  accountNumber: string;
  /** The read-only password, sealed like a bound one's. */
  password: string;
  nickname: string;
  description: string;
  strategyType: StrategyType;
  visibility: Visibility;
}

/** Binds a bridge account on `server` to the user unless (server, number) is bound already; the worker syncs it. */
export async function provisionAccount(ctx: Pick<TraderContext, 'db' | 'now' | 'keyring'>, server: ServerRow, a: ProvisionedAccount): Promise<AccountRow | undefined> {
  if (await findActiveBinding(ctx.db, server.id, a.accountNumber)) return undefined;
  const id = randomUUID();
  const sealed = ctx.keyring.seal(a.password, id);
  const now = ctx.now();
  return insertAccount(ctx.db, {
    id,
    user_id: a.userId,
    username: a.username,
    server_id: server.id,
    server: server.name,
    company_id: server.company_id,
    broker_name: server.broker_name,
    account_number: a.accountNumber,
    nickname: a.nickname,
    description: a.description,
    strategy_type: a.strategyType,
    visibility: a.visibility,
    source: 'bridge',
    status: 'active',
    closed_at: null,
    password_ct: sealed.bytes,
    password_key_id: sealed.keyId,
    bound_at: now,
    ...unsyncedState(now),
  });
}
