import type { Kysely } from '@brokerwise/sql';
import { addressOf, deleteMailbox, deleteRecipient } from '../store/account-deletion.store.ts';
import type { NotificationsTables } from '../store/types.ts';

/**
 * An administrator deleted `userId`'s account (`identity.user.deleted`, ADR 019): their notices,
 * mail preference, company follows and profile copy go, and so does everything held for their
 * mailbox (`email`, the address the event names, else the one the profile copy still has): the
 * newsletter subscription and every mail to it, so nothing queued is sent any more. Others' notices
 * about them keep only the id. Runs in the inbox transaction: applied once, and a second deletion
 * finds nothing left.
 */
export async function eraseRecipient(trx: Kysely<NotificationsTables>, userId: string, email: string): Promise<{ notices: number; mentions: number; mails: number; subscriptions: number }> {
  const address = email.trim() || (await addressOf(trx, userId));
  const recipient = await deleteRecipient(trx, userId);
  const mailbox = address ? await deleteMailbox(trx, address) : { mails: 0, subscriptions: 0 };
  return { ...recipient, ...mailbox };
}
