import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { recordNotice } from '../../domain/notices.ts';
import type { NoticeKind } from '../../domain/render.ts';
import { setPostRemoved, upsertPost } from '../../store/post.store.ts';
import type { NotificationsTables } from '../../store/types.ts';
import { findUser } from '../../store/user.store.ts';
import { timestampToDate } from './time.ts';

type Trx = Kysely<NotificationsTables>;

/** Post kinds, so a notice about a post links to its page (image-text or video); latest version wins. */
export const onPostPublished = async (p: EventPayload<'media.post.published'>, ctx: HandlerContext): Promise<void> => {
  await upsertPost(ctx.trx as Trx, { id: p.postId, kind: p.kind, version: Number(p.version) });
};

/** Deleted (by its author, or with their account): its notices say so and no longer link to it. */
export const onPostDeleted = async (p: EventPayload<'media.post.deleted'>, ctx: HandlerContext): Promise<void> => {
  await setPostRemoved(ctx.trx as Trx, p.postId, 'deleted');
};

/** Tells `recipient` that `actor` did something to their post; never about their own action. */
async function notifyAuthor(
  ctx: HandlerContext,
  n: { recipient: string; actor: string; kind: NoticeKind; params: Record<string, string>; at: Date | undefined },
): Promise<void> {
  if (!n.recipient || !n.actor || n.recipient === n.actor) return;
  const trx = ctx.trx as Trx;
  const actor = await findUser(trx, n.actor);
  await recordNotice(trx, {
    userId: n.recipient,
    kind: n.kind,
    params: { actorId: n.actor, ...(actor?.username ? { actorName: actor.username } : {}), ...n.params },
    sourceEventId: ctx.eventId,
    at: n.at ?? ctx.occurredAt ?? new Date(),
    correlationId: ctx.correlationId,
  });
}

export const onPostLiked = (p: EventPayload<'media.post.liked'>, ctx: HandlerContext) =>
  notifyAuthor(ctx, { recipient: p.authorId, actor: p.userId, kind: 'post_liked', params: { postId: p.postId, postTitle: p.postTitle }, at: timestampToDate(p.likedAt) });

export const onPostCollected = (p: EventPayload<'media.post.collected'>, ctx: HandlerContext) =>
  notifyAuthor(ctx, { recipient: p.authorId, actor: p.userId, kind: 'post_collected', params: { postId: p.postId, postTitle: p.postTitle }, at: timestampToDate(p.collectedAt) });

export const onPostForwarded = (p: EventPayload<'media.post.forwarded'>, ctx: HandlerContext) =>
  notifyAuthor(ctx, { recipient: p.authorId, actor: p.userId, kind: 'post_forwarded', params: { postId: p.postId, postTitle: p.postTitle }, at: timestampToDate(p.forwardedAt) });

/**
 * A comment: the author of the comment replied to hears of the reply, the post's author of the
 * comment. Someone who is both (a reply under their own comment on their own post) gets one
 * notice, the reply; nobody hears of their own comment.
 */
export const onPostCommented = async (p: EventPayload<'media.post.commented'>, ctx: HandlerContext): Promise<void> => {
  const at = timestampToDate(p.commentedAt);
  const params = { postId: p.postId, postTitle: p.postTitle, commentId: p.commentId, excerpt: p.excerpt };
  if (p.parentAuthorId) await notifyAuthor(ctx, { recipient: p.parentAuthorId, actor: p.userId, kind: 'comment_replied', params, at });
  if (p.authorId !== p.parentAuthorId) await notifyAuthor(ctx, { recipient: p.authorId, actor: p.userId, kind: 'post_commented', params, at });
};

/** The creator's own video: ready to play, or failed (with the machine reason, rendered as words). */
export const onVideoReady = async (p: EventPayload<'media.video.ready'>, ctx: HandlerContext): Promise<void> => {
  if (!p.ownerId) return;
  await recordNotice(ctx.trx as Trx, {
    userId: p.ownerId,
    kind: 'video_ready',
    params: { videoId: p.videoId },
    sourceEventId: ctx.eventId,
    at: timestampToDate(p.readyAt) ?? ctx.occurredAt ?? new Date(),
    correlationId: ctx.correlationId,
  });
};

export const onVideoFailed = async (p: EventPayload<'media.video.failed'>, ctx: HandlerContext): Promise<void> => {
  if (!p.ownerId) return;
  await recordNotice(ctx.trx as Trx, {
    userId: p.ownerId,
    kind: 'video_failed',
    params: { videoId: p.videoId, reason: p.reason },
    sourceEventId: ctx.eventId,
    at: timestampToDate(p.failedAt) ?? ctx.occurredAt ?? new Date(),
    correlationId: ctx.correlationId,
  });
};
