import { enqueueEvent } from '@brokerwise/service-kit';
import { userFollowed, userUnfollowed } from '../events/publish.ts';
import { deleteFollow, insertFollow, listFollows, lockFollowPair, type FollowCardRow } from '../store/follow.store.ts';
import { adjustFollowCount } from '../store/user.store.ts';
import type { IdentityContext, RequestMeta } from './context.ts';
import { followSelf, tooMuchContention } from './errors.ts';
import { getUser } from './profile.ts';

const MAX_TRIES = 5;

/**
 * Follow/unfollow toggle. Each call flips the pair exactly once: the flip (insert … on conflict
 * do nothing, or delete) and both counters change in one transaction, counters in id order so
 * two users following each other at once can't deadlock.
 */
export async function toggleFollow(
  ctx: Pick<IdentityContext, 'db' | 'now'>,
  followerId: string,
  targetId: string,
  meta: RequestMeta = {},
): Promise<{ following: boolean; followers: number }> {
  await getUser(ctx, followerId);
  if (followerId === targetId) throw followSelf();
  await getUser(ctx, targetId);

  for (let i = 0; i < MAX_TRIES; i++) {
    const result = await ctx.db.transaction().execute(async (trx) => {
      // Concurrent toggles of the same pair wait for each other instead of exhausting the retries.
      await lockFollowPair(trx, followerId, targetId);
      const now = ctx.now();
      let delta: 1 | -1;
      if (await insertFollow(trx, followerId, targetId, now)) delta = 1;
      else if (await deleteFollow(trx, followerId, targetId)) delta = -1;
      else return undefined; // removed by a concurrent toggle between our two statements: flip again
      const counts: { followers?: number } = {};
      const updates = [
        { id: targetId, column: 'followers_count' as const },
        { id: followerId, column: 'following_count' as const },
      ].sort((a, b) => (a.id < b.id ? -1 : 1));
      for (const u of updates) {
        const value = await adjustFollowCount(trx, u.id, u.column, delta);
        if (u.column === 'followers_count') counts.followers = value;
      }
      const followers = counts.followers ?? 0;
      await enqueueEvent(trx, delta === 1 ? userFollowed(followerId, targetId, followers, now, meta.correlationId) : userUnfollowed(followerId, targetId, followers, now, meta.correlationId));
      return { following: delta === 1, followers };
    });
    if (result) return result;
  }
  throw tooMuchContention();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of a user's followers ('followers') or of whom they follow ('following'), newest
 * first, each with whether `viewerId` follows them. Unknown user: `identity.user_not_found`.
 */
export async function listUserFollows(
  ctx: Pick<IdentityContext, 'db'>,
  userId: string,
  side: 'followers' | 'following',
  paging: { page: number; limit: number; viewerId?: string | undefined },
): Promise<{ rows: FollowCardRow[]; total: number }> {
  await getUser(ctx, userId);
  const viewerId = paging.viewerId !== undefined && UUID.test(paging.viewerId) ? paging.viewerId : undefined;
  return listFollows(ctx.db, userId, side, { offset: (paging.page - 1) * paging.limit, limit: paging.limit, viewerId });
}
