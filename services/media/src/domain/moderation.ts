/**
 * A moderator's removal of a post or comment hides it (issue 17, ADR 026): rows, counters and
 * files are kept so a second moderator can restore it on appeal exactly as it was; every public
 * read skips it (lists, detail, search, feeds, recommendations, counts). A hidden post's files
 * move under a private prefix after commit (domain/objects.ts) and back on restore. Its author's
 * own delete, and the deletion of their account, still delete it with everything.
 */
import { isAppError } from '@brokerwise/errors';
import type { Kysely } from '@brokerwise/sql';
import { queueMoves } from '../store/gc.store.ts';
import { findImages, imageKeys, postImageIds } from '../store/image.store.ts';
import { findComment, recountComments, setCommentRemoved, type CommentRow } from '../store/interaction.store.ts';
import { findPost, imagesInOtherVisiblePosts, setPostRemoved, type PostRow } from '../store/post.store.ts';
import type { MediaTables } from '../store/types.ts';
import { findVideo, videoKeys } from '../store/video.store.ts';
import { UUID, type MediaContext } from './context.ts';
import { commentNotFound, postNotFound } from './errors.ts';

type Ctx = Pick<MediaContext, 'db' | 'now'>;
type Db = Kysely<MediaTables>;

/** The post's files: of its images, those no other visible post shows (`ownOnly`), and its video's. */
async function postFiles(trx: Db, post: PostRow, ownOnly: boolean): Promise<string[]> {
  const ids = await postImageIds(trx, post.id);
  const shared = ownOnly ? await imagesInOtherVisiblePosts(trx, ids, post.id) : new Set<string>();
  const images = await findImages(
    trx,
    ids.filter((id) => !shared.has(id)),
  );
  const video = post.video_id ? await findVideo(trx, post.video_id) : undefined;
  return [...images.flatMap(imageKeys), ...(video ? videoKeys(video) : [])];
}

async function moderatedPost(trx: Db, postId: string): Promise<PostRow> {
  const post = UUID.test(postId) ? await findPost(trx, postId, { forUpdate: true, includeRemoved: true }) : undefined;
  if (!post) throw postNotFound();
  return post;
}

/** Hides a post (`rule`: the rule of the terms cited). Already hidden: unchanged. Returns the files queued to move. */
export async function hidePost(ctx: Ctx, postId: string, rule: string): Promise<{ row: PostRow; moved: string[] }> {
  return ctx.db.transaction().execute(async (trx) => {
    const post = await moderatedPost(trx, postId);
    if (post.removed_at) return { row: post, moved: [] };
    const now = ctx.now();
    const row = await setPostRemoved(trx, post.id, { at: now, reason: rule });
    const moved = await postFiles(trx, row, true);
    await queueMoves(trx, moved, true, now);
    return { row, moved };
  });
}

/** Shows a hidden post again in the caller's transaction, its files queued back to their addresses. Not hidden: unchanged. */
export async function restorePostIn(trx: Db, postId: string, now: Date): Promise<{ row: PostRow; moved: string[] }> {
  const post = await moderatedPost(trx, postId);
  if (!post.removed_at) return { row: post, moved: [] };
  const row = await setPostRemoved(trx, post.id, null);
  const moved = await postFiles(trx, row, false);
  await queueMoves(trx, moved, false, now);
  return { row, moved };
}

export const restorePost = (ctx: Ctx, postId: string) => ctx.db.transaction().execute((trx) => restorePostIn(trx, postId, ctx.now()));

/** Hides or shows a comment (a top-level one with its thread) in the caller's transaction and recounts its post's comments. */
async function setCommentIn(trx: Db, commentId: string, removed: { at: Date; reason: string } | null): Promise<CommentRow> {
  const found = UUID.test(commentId) ? await findComment(trx, commentId) : undefined;
  if (!found) throw commentNotFound();
  // The post row lock serialises counter updates, as for a new comment.
  if (!(await findPost(trx, found.post_id, { forUpdate: true, includeRemoved: true }))) throw commentNotFound();
  if ((found.removed_at === null) === (removed === null)) return found;
  const row = await setCommentRemoved(trx, found.id, removed);
  await recountComments(trx, found.post_id);
  return row;
}

export const hideComment = (ctx: Ctx, commentId: string, rule: string) => ctx.db.transaction().execute((trx) => setCommentIn(trx, commentId, { at: ctx.now(), reason: rule }));
export const restoreCommentIn = (trx: Db, commentId: string) => setCommentIn(trx, commentId, null);
export const restoreComment = (ctx: Ctx, commentId: string) => ctx.db.transaction().execute((trx) => restoreCommentIn(trx, commentId));

/**
 * A second moderator restored a removed post or comment on appeal (`reviews.removal_appeal.decided`,
 * in the inbox transaction): it is shown again. Gone meanwhile (its author or their account deleted
 * it): nothing to restore. Returns the files queued to move back.
 */
export async function restoreOnAppeal(trx: Db, target: { kind: string; id: string }, now: Date): Promise<string[]> {
  try {
    if (target.kind === 'post') return (await restorePostIn(trx, target.id, now)).moved;
    if (target.kind === 'comment') await restoreCommentIn(trx, target.id);
  } catch (err) {
    if (!(isAppError(err) && err.kind === 'not_found')) throw err;
  }
  return [];
}
