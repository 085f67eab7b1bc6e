import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { Page } from './post.store.ts';
import type { MediaTables } from './types.ts';

type Db = Kysely<MediaTables>;
export type CommentRow = Selectable<MediaTables['post_comment']>;
export type ForwardRow = Selectable<MediaTables['post_forward']>;
export type MarkTable = 'post_like' | 'post_collection';

const offset = (p: Page) => (p.page - 1) * p.limit;

/** Adds the user's like or bookmark; false when it was already there. */
export async function addMark(db: Db, table: MarkTable, postId: string, userId: string, now: Date): Promise<boolean> {
  const r = await db.insertInto(table).values({ post_id: postId, user_id: userId, created_at: now }).onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes the user's like or bookmark; false when there was none. */
export async function removeMark(db: Db, table: MarkTable, postId: string, userId: string): Promise<boolean> {
  const r = await db.deleteFrom(table).where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function hasMark(db: Db, table: MarkTable, postId: string, userId: string): Promise<boolean> {
  return (await db.selectFrom(table).select('post_id').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

/** Which of `postIds` the user liked, bookmarked and forwarded. */
export async function viewerMarks(db: Db, postIds: readonly string[], userId: string): Promise<{ liked: Set<string>; collected: Set<string>; forwarded: Set<string> }> {
  if (postIds.length === 0) return { liked: new Set(), collected: new Set(), forwarded: new Set() };
  const ids = [...postIds];
  const [liked, collected, forwarded] = await Promise.all([
    db.selectFrom('post_like').select('post_id').where('user_id', '=', userId).where('post_id', 'in', ids).execute(),
    db.selectFrom('post_collection').select('post_id').where('user_id', '=', userId).where('post_id', 'in', ids).execute(),
    db.selectFrom('post_forward').select('post_id').where('user_id', '=', userId).where('post_id', 'in', ids).execute(),
  ]);
  return { liked: new Set(liked.map((r) => r.post_id)), collected: new Set(collected.map((r) => r.post_id)), forwarded: new Set(forwarded.map((r) => r.post_id)) };
}

/** The posts a user bookmarked (none a moderator hid), the latest bookmark first. */
export async function collectedPostIds(db: Db, userId: string, page: Page): Promise<{ items: { postId: string; at: Date }[]; total: number }> {
  const base = db.selectFrom('post_collection as c').innerJoin('post as p', 'p.id', 'c.post_id').where('c.user_id', '=', userId).where('p.removed_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.select(['c.post_id', 'c.created_at']).orderBy('c.created_at', 'desc').orderBy('c.post_id', 'desc').limit(page.limit).offset(offset(page)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { items: rows.map((r) => ({ postId: r.post_id, at: r.created_at })), total: Number(count?.n ?? 0) };
}

export async function insertComment(
  db: Db,
  c: { id: string; postId: string; userId: string; parentId: string | null; replyToId: string | null; replyToUserId: string | null; text: string; textHash: string; now: Date },
): Promise<CommentRow | undefined> {
  return db
    .insertInto('post_comment')
    .values({
      id: c.id,
      post_id: c.postId,
      user_id: c.userId,
      parent_id: c.parentId,
      reply_to_id: c.replyToId,
      reply_to_user_id: c.replyToUserId,
      text: c.text,
      text_hash: c.textHash,
      created_at: c.now,
    })
    // The same normalised text by the same user on the same post: refused (undefined).
    .onConflict((oc) => oc.columns(['post_id', 'user_id', 'text_hash']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('post_comment').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A comment readers see: neither it nor (for a reply) its thread's top-level comment hidden by a moderator. */
export async function findVisibleComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return db
    .selectFrom('post_comment as c')
    .leftJoin('post_comment as top', 'top.id', 'c.parent_id')
    .selectAll('c')
    .where('c.id', '=', id)
    .where('c.removed_at', 'is', null)
    .where('top.removed_at', 'is', null)
    .executeTakeFirst();
}

/** Hides (`removed` set) or restores (null) one comment; a hidden top-level comment hides its thread. */
export async function setCommentRemoved(db: Db, id: string, removed: { at: Date; reason: string } | null): Promise<CommentRow> {
  return db
    .updateTable('post_comment')
    .set({ removed_at: removed?.at ?? null, removed_reason: removed?.reason ?? null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the post's comment count to the comments readers see (after a hide, a restore or a delete); returns it. */
export async function recountComments(db: Db, postId: string): Promise<number> {
  const r = await sql<{ comments_count: number }>`
    update post set comments_count = (
      select count(*) from post_comment c left join post_comment top on top.id = c.parent_id
      where c.post_id = ${postId} and c.removed_at is null and top.removed_at is null
    ) where id = ${postId} returning comments_count
  `.execute(db);
  return Number(r.rows[0]?.comments_count ?? 0);
}

/** Top-level comments of a post, newest first, with the total of top-level comments. */
export async function topComments(db: Db, postId: string, page: Page): Promise<{ rows: CommentRow[]; total: number }> {
  const base = db.selectFrom('post_comment').where('post_id', '=', postId).where('parent_id', 'is', null).where('removed_at', 'is', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(offset(page)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Replies to these comments, oldest first (a conversation reads downwards). */
export async function repliesTo(db: Db, parentIds: readonly string[]): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  return db.selectFrom('post_comment').selectAll().where('parent_id', 'in', [...parentIds]).where('removed_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

/** Deletes a comment and its replies; returns every row removed (comment first). */
export async function deleteCommentTree(db: Db, id: string): Promise<CommentRow[]> {
  const replies = await db.deleteFrom('post_comment').where('parent_id', '=', id).returningAll().execute();
  const self = await db.deleteFrom('post_comment').where('id', '=', id).returningAll().execute();
  return [...self, ...replies];
}

export async function insertForward(db: Db, f: { id: string; postId: string; userId: string; comment: string; now: Date }): Promise<ForwardRow | undefined> {
  return db
    .insertInto('post_forward')
    .values({ id: f.id, post_id: f.postId, user_id: f.userId, comment: f.comment, created_at: f.now })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Removes the user's forward of a post; the row removed, undefined when there was none. */
export async function deleteForward(db: Db, postId: string, userId: string): Promise<ForwardRow | undefined> {
  return db.deleteFrom('post_forward').where('post_id', '=', postId).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

export async function forwardsByIds(db: Db, ids: readonly string[]): Promise<ForwardRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('post_forward').selectAll().where('id', 'in', [...ids]).execute();
}

/** Comments left on `postId` (for counters after a cascade). */
export async function countComments(db: Db, postId: string): Promise<number> {
  const r = await db.selectFrom('post_comment').select(sql<number>`count(*)`.as('n')).where('post_id', '=', postId).executeTakeFirst();
  return Number(r?.n ?? 0);
}
