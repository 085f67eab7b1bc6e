import type { Kysely } from '@brokerwise/sql';
import type { NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;

/** Whether the user gets non-essential mails (moderation outcomes, newsletters): on unless turned off. */
export async function nonEssentialAllowed(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('email_preference').select('non_essential').where('user_id', '=', userId).executeTakeFirst();
  return row?.non_essential ?? true;
}

export async function setNonEssential(db: Db, userId: string, allowed: boolean, now: Date): Promise<void> {
  await db
    .insertInto('email_preference')
    .values({ user_id: userId, non_essential: allowed, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ non_essential: allowed, updated_at: now }))
    .execute();
}
