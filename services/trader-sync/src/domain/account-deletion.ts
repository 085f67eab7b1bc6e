import type { Kysely } from '@brokerwise/sql';
import { deleteAccountsOf, deleteApplicationsOf, deleteBindFailuresOf } from '../store/account-deletion.store.ts';
import type { TraderTables } from '../store/types.ts';

/**
 * An administrator deleted `userId`'s account (`identity.user.deleted`, ADR 019): every trading
 * account they bound goes, open or closed, with its orders, statistics, curve, verification code
 * and sealed password, so it leaves the Top Trader ranking and the verified-client check at once;
 * their broker applications go too (the sample account and its password). A server added by an
 * approved application stays: it is the broker's, not the applicant's. Their refused binding
 * checks (the bind throttle's memory) go too. Runs in the inbox
 * transaction: applied once, and a second deletion finds nothing left.
 */
export async function eraseTrader(trx: Kysely<TraderTables>, userId: string): Promise<{ accounts: number; deals: number; applications: number }> {
  const accounts = await deleteAccountsOf(trx, userId);
  const applications = await deleteApplicationsOf(trx, userId);
  await deleteBindFailuresOf(trx, userId);
  return { ...accounts, applications };
}
