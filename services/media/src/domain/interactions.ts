import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { commentDeleted, postCollected, postCommented, postForwarded, postLiked, postUncollected, postUnliked } from '../events/publish.ts';
import {
  addMark,
  collectedPostIds,
  deleteCommentTree,
  deleteForward,
  findComment,
  findVisibleComment,
  forwardsByIds,
  insertComment,
  insertForward,
  recountComments,
  removeMark,
  repliesTo,
  topComments,
  type CommentRow,
  type ForwardRow,
  type MarkTable,
} from '../store/interaction.store.ts';
import { activitySince, adjustCount, cardsByIds, feedOf, findPost, lockUser, recordActivity, type CardRow, type Page, type PostRow } from '../store/post.store.ts';
import { UUID, type MediaContext, type RequestMeta } from './context.ts';
import { alreadyForwarded, commentNotFound, duplicateComment, invalidInput, notCommentAuthor, postNotFound } from './errors.ts';
import { withViewer, type Card } from './posts.ts';
import { COMMENT_WINDOW_MS, checkCommentRate, validateComment, validateForwardComment } from './rules.ts';
import { textHash } from './text.ts';

type Ctx = Pick<MediaContext, 'db' | 'now'>;

async function livePost(db: MediaContext['db'], postId: string, forUpdate = false): Promise<PostRow> {
  const post = UUID.test(postId) ? await findPost(db, postId, { forUpdate }) : undefined;
  if (!post) throw postNotFound();
  return post;
}

/**
 * Sets (`want` true/false) or toggles (`want` undefined) the user's like or bookmark of a post;
 * counted once per user (primary key). Returns the new state and count; emits
 * liked/unliked or collected/uncollected only when the state changed.
 */
async function mark(ctx: Ctx, table: MarkTable, postId: string, userId: string, want: boolean | undefined, meta: RequestMeta): Promise<{ on: boolean; count: number }> {
  const column = table === 'post_like' ? 'likes_count' : 'collections_count';
  return ctx.db.transaction().execute(async (trx) => {
    // The post row lock serialises counter updates of concurrent (un)likes.
    const post = await livePost(trx, postId, true);
    const now = ctx.now();
    let on: boolean;
    let changed: boolean;
    if (want === undefined) {
      on = await addMark(trx, table, post.id, userId, now);
      if (!on) await removeMark(trx, table, post.id, userId);
      changed = true;
    } else if (want) {
      changed = await addMark(trx, table, post.id, userId, now);
      on = true;
    } else {
      changed = await removeMark(trx, table, post.id, userId);
      on = false;
    }
    const count = changed ? await adjustCount(trx, post.id, column, on ? 1 : -1) : post[column];
    if (changed) {
      const event =
        table === 'post_like'
          ? (on ? postLiked : postUnliked)(post, userId, count, now, meta.correlationId)
          : (on ? postCollected : postUncollected)(post, userId, count, now, meta.correlationId);
      await enqueueEvent(trx, event);
    }
    return { on, count };
  });
}

export const likePost = (ctx: Ctx, postId: string, userId: string, want: boolean | undefined, meta: RequestMeta = {}) =>
  mark(ctx, 'post_like', postId, userId, want, meta).then(({ on, count }) => ({ liked: on, likes: count }));

export const collectPost = (ctx: Ctx, postId: string, userId: string, want: boolean | undefined, meta: RequestMeta = {}) =>
  mark(ctx, 'post_collection', postId, userId, want, meta).then(({ on, count }) => ({ collected: on, collections: count }));

export interface CommentInput {
  userId: string;
  accountCreatedAt: Date;
  text?: string | undefined;
  /** The comment replied to (top-level or a reply); replies attach to its top-level comment. */
  parentId?: string | undefined;
}

/**
 * Comments on a post, or replies one level deep: a reply to a reply joins the same top-level
 * thread, remembering whom it answers. Refused: empty or over 500 characters
 * (`text: required|length`), the same text by the same user on the same post
 * (`media.duplicate_comment`), a missing parent (`parentId: not_found`), and for new
 * accounts more than N comments a minute (`media.comment_rate_limited`, 429).
 */
export async function addComment(ctx: Pick<MediaContext, 'db' | 'now' | 'limits'>, postId: string, input: CommentInput, meta: RequestMeta = {}): Promise<{ comment: CommentRow; post: PostRow }> {
  const text = validateComment(input.text);
  return ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, input.userId);
    const post = await livePost(trx, postId, true);
    const now = ctx.now();
    const recent = await activitySince(trx, input.userId, 'comment', new Date(now.getTime() - COMMENT_WINDOW_MS));
    checkCommentRate({ accountCreatedAt: input.accountCreatedAt, now, recent, max: ctx.limits.newAccountCommentsPerMinute });
    let parent: CommentRow | undefined;
    if (input.parentId !== undefined && input.parentId !== '') {
      parent = UUID.test(input.parentId) ? await findVisibleComment(trx, input.parentId) : undefined;
      if (!parent || parent.post_id !== post.id) throw invalidInput({ parentId: 'not_found' });
    }
    const row = await insertComment(trx, {
      id: randomUUID(),
      postId: post.id,
      userId: input.userId,
      parentId: parent ? (parent.parent_id ?? parent.id) : null,
      replyToId: parent?.id ?? null,
      replyToUserId: parent?.user_id ?? null,
      text,
      textHash: textHash(text),
      now,
    });
    if (!row) throw duplicateComment();
    await adjustCount(trx, post.id, 'comments_count', 1);
    await recordActivity(trx, input.userId, 'comment', now);
    await enqueueEvent(trx, postCommented(post, row, parent?.user_id ?? null, meta.correlationId));
    return { comment: row, post };
  });
}

/**
 * Deletes the user's own comment (and the replies under it), one a moderator hid too; 403 for
 * anyone else's (a moderator hides instead, domain/moderation.ts).
 */
export async function deleteComment(ctx: Ctx, commentId: string, userId: string, meta: RequestMeta = {}): Promise<CommentRow[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const found = UUID.test(commentId) ? await findComment(trx, commentId) : undefined;
    if (!found) throw commentNotFound();
    if (found.user_id !== userId) throw notCommentAuthor();
    return dropCommentTree(trx, found, ctx.now(), meta);
  });
}

/** Deletes a comment with its replies in the caller's transaction, recounts its post's comments, announces each. */
export async function dropCommentTree(trx: MediaContext['db'], comment: CommentRow, now: Date, meta: RequestMeta = {}): Promise<CommentRow[]> {
  // The post row lock serialises counter updates (a hidden post's comments count too).
  await findPost(trx, comment.post_id, { forUpdate: true, includeRemoved: true });
  const removed = await deleteCommentTree(trx, comment.id);
  await recountComments(trx, comment.post_id);
  for (const c of removed) await enqueueEvent(trx, commentDeleted(c, now, meta.correlationId));
  return removed;
}

/** One comment readers see, of a live post (what a report of it points at). */
export async function getComment(ctx: Pick<MediaContext, 'db'>, commentId: string): Promise<CommentRow> {
  const found = UUID.test(commentId) ? await findVisibleComment(ctx.db, commentId) : undefined;
  if (!found) throw commentNotFound();
  await livePost(ctx.db, found.post_id);
  return found;
}

export interface Thread {
  comment: CommentRow;
  replies: CommentRow[];
}

/** Top-level comments, newest first, each with its replies (oldest first). */
export async function postComments(ctx: Pick<MediaContext, 'db'>, postId: string, page: Page): Promise<{ items: Thread[]; total: number; all: number }> {
  const post = await livePost(ctx.db, postId);
  const { rows, total } = await topComments(ctx.db, post.id, page);
  const replies = await repliesTo(ctx.db, rows.map((r) => r.id));
  return {
    items: rows.map((comment) => ({ comment, replies: replies.filter((r) => r.parent_id === comment.id) })),
    total,
    all: post.comments_count,
  };
}

/**
 * Reposts a post to the user's own feed with an optional comment (≤ 500 characters), once per
 * user and post (`media.already_forwarded`, 409).
 */
export async function forwardPost(ctx: Ctx, postId: string, userId: string, comment: string | undefined, meta: RequestMeta = {}): Promise<{ forward: ForwardRow; forwards: number }> {
  const text = validateForwardComment(comment);
  return ctx.db.transaction().execute(async (trx) => {
    const post = await livePost(trx, postId, true);
    const row = await insertForward(trx, { id: randomUUID(), postId: post.id, userId, comment: text, now: ctx.now() });
    if (!row) throw alreadyForwarded();
    const forwards = await adjustCount(trx, post.id, 'forwards_count', 1);
    await enqueueEvent(trx, postForwarded(post, row, meta.correlationId));
    return { forward: row, forwards };
  });
}

/**
 * Takes back the user's forward of a post: the entry leaves their feed and the count drops (never
 * below 0). Idempotent: without a forward it answers the current count.
 */
export async function unforwardPost(ctx: Ctx, postId: string, userId: string): Promise<{ forwarded: false; forwards: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const post = await livePost(trx, postId, true);
    const removed = await deleteForward(trx, post.id, userId);
    const forwards = removed ? await adjustCount(trx, post.id, 'forwards_count', -1) : post.forwards_count;
    // No event: nothing would consume one (the feed and the recommendation read post_forward).
    return { forwarded: false, forwards };
  });
}

/** The posts the user bookmarked, the latest bookmark first. */
export async function userCollections(ctx: Pick<MediaContext, 'db'>, userId: string, page: Page): Promise<{ items: (Card & { collectedAt: Date })[]; total: number }> {
  const { items, total } = await collectedPostIds(ctx.db, userId, page);
  const cards = await withViewer(ctx.db, await cardsByIds(ctx.db, items.map((i) => i.postId)), userId);
  const at = new Map(items.map((i) => [i.postId, i.at]));
  return { items: cards.map((c) => ({ ...c, collectedAt: at.get(c.row.id)! })), total };
}

export interface FeedItem {
  type: 'post' | 'forward';
  at: Date;
  card: Card;
  forward: ForwardRow | null;
}

/** A user's feed: their own posts and the posts they forwarded (with their comment), newest first. */
export async function userFeed(ctx: Pick<MediaContext, 'db'>, userId: string, page: Page, viewer: string | undefined): Promise<{ items: FeedItem[]; total: number }> {
  const { entries, total } = await feedOf(ctx.db, userId, page);
  const cards = await withViewer(ctx.db, await cardsByIds(ctx.db, [...new Set(entries.map((e) => e.postId))]), viewer);
  const byPost = new Map<string, Card>(cards.map((c) => [c.row.id, c]));
  const forwards = new Map((await forwardsByIds(ctx.db, entries.flatMap((e) => (e.forwardId ? [e.forwardId] : [])))).map((f) => [f.id, f]));
  const items = entries.flatMap((e) => {
    const card = byPost.get(e.postId);
    if (!card) return [];
    return [{ type: e.type, at: e.at, card, forward: e.forwardId ? (forwards.get(e.forwardId) ?? null) : null }];
  });
  return { items, total };
}

export type { CardRow };
