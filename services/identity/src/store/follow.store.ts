import { sql, type Kysely } from '@brokerwise/sql';
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

export interface FollowCardRow {
  id: string;
  username: string;
  avatar_key: string | null;
  followed_at: Date;
  /** Whether the viewer follows this user (false without a viewer). */
  followed: boolean;
}

/**
 * One page of a user's followers (`side` 'followers') or of the users they follow ('following'),
 * newest follow first, with whether `viewerId` follows each listed user.
 */
export async function listFollows(
  db: Db,
  userId: string,
  side: 'followers' | 'following',
  opts: { offset: number; limit: number; viewerId?: string | undefined },
): Promise<{ rows: FollowCardRow[]; total: number }> {
  const [mine, other] = side === 'followers' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
  const viewerId = opts.viewerId;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('follow as f')
      .innerJoin('user_account as u', 'u.id', `f.${other}`)
      .select(['u.id', 'u.username', 'u.avatar_key', 'f.created_at as followed_at'])
      .select((eb) =>
        (viewerId === undefined
          ? sql<boolean>`false`
          : sql<boolean>`${eb.exists(eb.selectFrom('follow as v').select('v.follower_id').where('v.follower_id', '=', viewerId).whereRef('v.followee_id', '=', 'u.id'))}`
        ).as('followed'),
      )
      .where(`f.${mine}`, '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .offset(opts.offset)
      .limit(opts.limit)
      .execute(),
    db.selectFrom('follow').select((eb) => eb.fn.countAll<number>().as('n')).where(mine, '=', userId).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => ({ ...r, followed: r.followed === true })), total: Number(count?.n ?? 0) };
}

/** Serialises toggles of one follower→target pair until the transaction ends (no insert/delete race). */
export async function lockFollowPair(db: Kysely<IdentityTables>, followerId: string, targetId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`follow:${followerId}:${targetId}`}, 0))`.execute(db);
}
