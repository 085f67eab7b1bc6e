import type { Kysely } from '@brokerwise/sql';
import type { IdentityTables } from './types.ts';

type Db = Kysely<IdentityTables>;

/** Inserts the follow unless it exists; true when this call created it. */
export async function insertFollow(db: Db, followerId: string, followeeId: string, now: Date): Promise<boolean> {
  const r = await db
    .insertInto('follow')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Deletes the follow if it exists; true when this call removed it. */
export async function deleteFollow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const r = await db.deleteFrom('follow').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const r = await db.selectFrom('follow').select('follower_id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  return r !== undefined;
}

/** Counted from the rows themselves (tests compare it with the maintained counters). */
export async function countFollows(db: Db, userId: string): Promise<{ followers: number; following: number }> {
  const [followers, following] = await Promise.all([
    db.selectFrom('follow').select((eb) => eb.fn.countAll<number>().as('n')).where('followee_id', '=', userId).executeTakeFirst(),
    db.selectFrom('follow').select((eb) => eb.fn.countAll<number>().as('n')).where('follower_id', '=', userId).executeTakeFirst(),
  ]);
  return { followers: Number(followers?.n ?? 0), following: Number(following?.n ?? 0) };
}
