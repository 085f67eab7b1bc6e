import { encodeEvent, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import { excerpt } from '../domain/text.ts';
import type { ImageRow } from '../store/image.store.ts';
import type { CommentRow, ForwardRow } from '../store/interaction.store.ts';
import type { PostRow } from '../store/post.store.ts';
import type { VideoRow } from '../store/video.store.ts';

const PRODUCER = 'media';

const meta = (correlationId: string | undefined, occurredAt: Date) => ({ producer: PRODUCER, occurredAt, ...(correlationId ? { correlationId } : {}) });

/** `media.video.uploaded`: the original passed the checks and is stored; a worker transcodes it. */
export function videoUploaded(v: VideoRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.video.uploaded',
    {
      videoId: v.id,
      ownerId: v.owner_id,
      sourceKey: v.source_key,
      sizeBytes: BigInt(v.size_bytes),
      durationSeconds: v.duration_seconds,
      width: v.width,
      height: v.height,
      uploadedAt: timestampFromDate(v.created_at),
    },
    meta(correlationId, v.created_at),
  );
}

export function videoReady(v: VideoRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.video.ready',
    {
      videoId: v.id,
      ownerId: v.owner_id,
      playbackKey: v.playback_key ?? '',
      posterKey: v.poster_key ?? '',
      durationSeconds: v.duration_seconds,
      width: v.width,
      height: v.height,
      readyAt: timestampFromDate(v.updated_at),
    },
    meta(correlationId, v.updated_at),
  );
}

export function videoFailed(v: VideoRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.video.failed',
    { videoId: v.id, ownerId: v.owner_id, reason: v.failure_reason ?? 'failed', failedAt: timestampFromDate(v.updated_at) },
    meta(correlationId, v.updated_at),
  );
}

/** `media.post.published`: first publication (`edited` false) or an edit of a published post. */
export function postPublished(p: PostRow, cover: Pick<ImageRow, 'cover_key'>, edited: boolean, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.post.published',
    {
      postId: p.id,
      authorId: p.author_id,
      kind: p.kind,
      title: p.title,
      description: p.description,
      category: p.category,
      locale: p.locale,
      coverKey: cover.cover_key,
      videoId: p.video_id ?? '',
      edited,
      publishedAt: timestampFromDate(p.published_at ?? at),
      version: BigInt(p.version),
    },
    meta(correlationId, at),
  );
}

export function postDeleted(p: PostRow, version: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent('media.post.deleted', { postId: p.id, authorId: p.author_id, deletedAt: timestampFromDate(at), version: BigInt(version) }, meta(correlationId, at));
}

export function postLiked(p: PostRow, userId: string, likes: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.post.liked',
    { postId: p.id, authorId: p.author_id, userId, likes: BigInt(likes), postTitle: p.title, likedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

export function postUnliked(p: PostRow, userId: string, likes: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent('media.post.unliked', { postId: p.id, authorId: p.author_id, userId, likes: BigInt(likes), unlikedAt: timestampFromDate(at) }, meta(correlationId, at));
}

export function postCollected(p: PostRow, userId: string, collections: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.post.collected',
    { postId: p.id, authorId: p.author_id, userId, collections: BigInt(collections), postTitle: p.title, collectedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

export function postUncollected(p: PostRow, userId: string, collections: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.post.uncollected',
    { postId: p.id, authorId: p.author_id, userId, collections: BigInt(collections), uncollectedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

export function postCommented(p: PostRow, c: CommentRow, parentAuthorId: string | null, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.post.commented',
    {
      commentId: c.id,
      postId: p.id,
      authorId: p.author_id,
      userId: c.user_id,
      parentCommentId: c.reply_to_id ?? '',
      parentAuthorId: parentAuthorId ?? '',
      excerpt: excerpt(c.text),
      postTitle: p.title,
      commentedAt: timestampFromDate(c.created_at),
    },
    meta(correlationId, c.created_at),
  );
}

export function commentDeleted(c: CommentRow, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent('media.comment.deleted', { commentId: c.id, postId: c.post_id, userId: c.user_id, deletedAt: timestampFromDate(at) }, meta(correlationId, at));
}

export function postForwarded(p: PostRow, f: ForwardRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'media.post.forwarded',
    { forwardId: f.id, postId: p.id, authorId: p.author_id, userId: f.user_id, comment: f.comment, postTitle: p.title, forwardedAt: timestampFromDate(f.created_at) },
    meta(correlationId, f.created_at),
  );
}
