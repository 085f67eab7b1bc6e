import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from '@brokerwise/sql';
import type { StrategyType, TraderTables } from './types.ts';

type Db = Kysely<TraderTables>;
export type AccountRow = Selectable<TraderTables['account']>;
export type NewAccount = Insertable<TraderTables['account']>;
export type AccountPatch = Updateable<TraderTables['account']>;

export const insertAccount = (db: Db, row: NewAccount) => db.insertInto('account').values(row).returningAll().executeTakeFirstOrThrow();

/** A newly bound account's sync, balance, verification and ranking columns: nothing known yet. */
export function unsyncedState(nextSyncAt: Date | null) {
  return {
    sync_state: 'pending',
    sync_error: null,
    last_attempt_at: null,
    last_success_at: null,
    next_sync_at: nextSyncAt,
    cursor: null,
    leverage: null,
    balance: null,
    equity: null,
    live: null,
    verified_at: null,
    verify_code: null,
    verify_expires_at: null,
    stats: null,
    stats_at: null,
    gain_pct: null,
    max_drawdown_pct: null,
    score: null,
    unranked_reason: 'not_synced',
  } as const satisfies Partial<NewAccount>;
}

export function findAccount(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<AccountRow | undefined> {
  let q = db.selectFrom('account').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The active binding of (server, number), whoever holds it. */
export const findActiveBinding = (db: Db, serverId: string, accountNumber: string) =>
  db.selectFrom('account').selectAll().where('server_id', '=', serverId).where('account_number', '=', accountNumber).where('status', '=', 'active').executeTakeFirst();

export const accountsOfUser = (db: Db, userId: string) => db.selectFrom('account').selectAll().where('user_id', '=', userId).orderBy('status').orderBy('bound_at', 'desc').execute();

export const updateAccount = (db: Db, id: string, patch: AccountPatch) => db.updateTable('account').set(patch).where('id', '=', id).returningAll().executeTakeFirst();

/** Changes an account only while it is active (an unbound one keeps its last state). */
export const updateActiveAccount = async (db: Db, id: string, patch: AccountPatch): Promise<void> => {
  await db.updateTable('account').set(patch).where('id', '=', id).where('status', '=', 'active').execute();
};

/**
 * Claims up to `limit` active bridge accounts whose sync is due: their next attempt moves to
 * `leaseUntil`, so another worker (or this one's next tick) leaves them alone while they sync.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<AccountRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('account')
      .select('id')
      .where('status', '=', 'active')
      .where('source', '=', 'bridge')
      .where('next_sync_at', '<=', now)
      .orderBy('next_sync_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('account')
      .set({ next_sync_at: leaseUntil })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returningAll()
      .execute();
  });
}

/** Accounts due for a sync now (claimed ones are pushed ahead by their lease) and the oldest due time: the sync queue's metrics. */
export async function dueBacklog(db: Db, now: Date): Promise<{ count: number; oldestDueAt: Date | null }> {
  const r = await db
    .selectFrom('account')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.min('next_sync_at').as('oldest')])
    .where('status', '=', 'active')
    .where('source', '=', 'bridge')
    .where('next_sync_at', '<=', now)
    .executeTakeFirst();
  const oldest = r?.oldest ?? null;
  return { count: Number(r?.n ?? 0), oldestDueAt: oldest === null ? null : new Date(oldest as unknown as string | Date) };
}

export const SORTS = {
  score: [sql`score desc`, sql`id`],
  gain: [sql`gain_pct desc`, sql`id`],
  drawdown: [sql`max_drawdown_pct asc`, sql`id`],
  trades: [sql`trades desc`, sql`id`],
  track: [sql`track_days desc`, sql`id`],
} as const;
export type RankSort = keyof typeof SORTS;

export interface RankFilter {
  companyId?: string | undefined;
  minDays?: number | undefined;
  type?: StrategyType | undefined;
}

export async function rankedPage(db: Db, filter: RankFilter, sort: RankSort, page: { page: number; limit: number }): Promise<{ rows: AccountRow[]; total: number }> {
  let base = db.selectFrom('account').where('ranked', '=', true);
  if (filter.companyId) base = base.where('company_id', '=', filter.companyId);
  if (filter.minDays !== undefined) base = base.where('track_days', '>=', filter.minDays);
  if (filter.type) base = base.where('strategy_type', '=', filter.type);
  let q = base.selectAll();
  for (const o of SORTS[sort]) q = q.orderBy(o);
  const [rows, total] = await Promise.all([q.limit(page.limit).offset((page.page - 1) * page.limit).execute(), base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Which of the (user, company) pairs have a synced live account at that company (open or closed). */
export async function verifiedPairs(db: Db, pairs: { userId: string; companyId: string }[]): Promise<{ userId: string; companyId: string }[]> {
  if (pairs.length === 0) return [];
  const rows = await db
    .selectFrom('account')
    .select(['user_id', 'company_id'])
    .distinct()
    .where('live', '=', true)
    .where('last_success_at', 'is not', null)
    .where('user_id', 'in', [...new Set(pairs.map((p) => p.userId))])
    .where('company_id', 'in', [...new Set(pairs.map((p) => p.companyId))])
    .execute();
  const found = new Set(rows.map((r) => `${r.user_id}|${r.company_id}`));
  return pairs.filter((p) => found.has(`${p.userId}|${p.companyId}`));
}

export const usernameChanged = (db: Db, userId: string, username: string) => db.updateTable('account').set({ username }).where('user_id', '=', userId).execute();
