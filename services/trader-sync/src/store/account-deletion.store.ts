import type { Kysely } from '@brokerwise/sql';
import type { TraderTables } from './types.ts';

type Db = Kysely<TraderTables>;

/**
 * Deletes every trading account of `userId`, open or closed, with its deals (orders, and the
 * curves and statistics computed from them, kept on the account row). The rows are locked first,
 * so a sync finishing meanwhile waits and then finds nothing to write to.
 */
export async function deleteAccountsOf(db: Db, userId: string): Promise<{ accounts: number; deals: number }> {
  const ids = (await db.selectFrom('account').select('id').where('user_id', '=', userId).forUpdate().execute()).map((r) => r.id);
  if (ids.length === 0) return { accounts: 0, deals: 0 };
  const deals = await db.deleteFrom('deal').where('account_id', 'in', ids).executeTakeFirst();
  await db.deleteFrom('account').where('id', 'in', ids).execute();
  return { accounts: ids.length, deals: Number(deals.numDeletedRows) };
}

/** Deletes `userId`'s broker applications, decided or not (sample account and its sealed password). */
export async function deleteApplicationsOf(db: Db, userId: string): Promise<number> {
  const r = await db.deleteFrom('broker_application').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Forgets `userId`'s refused binding checks (kept for the throttle's window otherwise). */
export async function deleteBindFailuresOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('bind_check_failure').where('user_id', '=', userId).execute();
}
