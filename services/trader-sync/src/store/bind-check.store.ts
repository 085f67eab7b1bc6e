import { sql, type Kysely } from '@brokerwise/sql';
import type { TraderTables } from './types.ts';

export interface FailureCounts {
  /** Refusals of this user's checks since `since`, and the oldest of them. */
  user: { count: number; oldest: Date | null };
  /** Refusals of checks on this server's account, from anyone, since `since`. */
  account: { count: number; oldest: Date | null };
}

export async function countBindFailures(db: Kysely<TraderTables>, q: { userId: string; serverId: string; accountNumber: string; since: Date }): Promise<FailureCounts> {
  const [user, account] = await Promise.all([
    db
      .selectFrom('bind_check_failure')
      .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(at)`.as('oldest')])
      .where('user_id', '=', q.userId)
      .where('at', '>', q.since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bind_check_failure')
      .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(at)`.as('oldest')])
      .where('server_id', '=', q.serverId)
      .where('account_number', '=', q.accountNumber)
      .where('at', '>', q.since)
      .executeTakeFirstOrThrow(),
  ]);
  return { user: { count: Number(user.count), oldest: user.oldest && new Date(user.oldest) }, account: { count: Number(account.count), oldest: account.oldest && new Date(account.oldest) } };
}

/** Records a refusal and forgets those past the window (the table holds one window's worth). */
export async function recordBindFailure(db: Kysely<TraderTables>, f: { userId: string; serverId: string; accountNumber: string; at: Date; forgetBefore: Date }): Promise<void> {
  await db.insertInto('bind_check_failure').values({ user_id: f.userId, server_id: f.serverId, account_number: f.accountNumber, at: f.at }).execute();
  await db.deleteFrom('bind_check_failure').where('at', '<=', f.forgetBefore).execute();
}
