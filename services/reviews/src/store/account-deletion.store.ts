import type { Kysely } from '@brokerwise/sql';
import type { ReviewRow } from './review.store.ts';
import type { ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;

/** The user's reviews not yet deleted, locked until the transaction ends. */
export async function liveReviewsOf(db: Db, userId: string): Promise<ReviewRow[]> {
  return db.selectFrom('review').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).forUpdate().execute();
}

/** Deletes every live review of the user and erases the author's name and origin hashes from all of them. */
export async function eraseAuthor(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable('review').set({ deleted_at: at }).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
  await db.updateTable('review').set({ username: '', origin_address: null, origin_device: null }).where('user_id', '=', userId).execute();
  await db.updateTable('report').set({ author_name: '' }).where('author_id', '=', userId).execute();
}
