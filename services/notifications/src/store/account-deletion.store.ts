import { sql, type Kysely } from '@brokerwise/sql';
import type { NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;

const count = (r: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => Number(r.numDeletedRows ?? r.numUpdatedRows ?? 0);

/**
 * Deletes what is kept for the user `userId`: their notices and read marks, mail preference,
 * company follows and the copy of their profile (name, address, language). Other users' notices
 * about them (a follow, a like, a comment) lose the name they were written with, keeping the id.
 */
export async function deleteRecipient(db: Db, userId: string): Promise<{ notices: number; mentions: number }> {
  const notices = count(await db.deleteFrom('notice').where('user_id', '=', userId).executeTakeFirst());
  await db.deleteFrom('notice_read').where('user_id', '=', userId).execute();
  const mentions = count(
    await db
      .updateTable('notice')
      .set({ params: sql<string>`params - 'actorName'` })
      .where(sql<boolean>`params->>'actorId' = ${userId} and params ? 'actorName'`)
      .executeTakeFirst(),
  );
  await db.deleteFrom('email_preference').where('user_id', '=', userId).execute();
  await db.deleteFrom('company_follow').where('user_id', '=', userId).execute();
  await db.deleteFrom('app_user').where('user_id', '=', userId).execute();
  return { notices, mentions };
}

/** The address the user's profile copy holds, if any (before it is deleted). */
export async function addressOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('app_user').select('email').where('user_id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/**
 * Deletes everything kept for a mailbox: its newsletter subscription and every mail to it, queued
 * (never sent now), being sent or sent (subject and text included). Addresses compare case-blind.
 */
export async function deleteMailbox(db: Db, email: string): Promise<{ mails: number; subscriptions: number }> {
  const address = email.trim().toLowerCase();
  const mails = count(await db.deleteFrom('mail').where(sql<boolean>`lower(to_address) = ${address}`).executeTakeFirst());
  const subscriptions = count(await db.deleteFrom('subscription').where(sql<boolean>`lower(email) = ${address}`).executeTakeFirst());
  return { mails, subscriptions };
}
