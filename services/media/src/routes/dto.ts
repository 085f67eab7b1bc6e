import { Type, type Static } from 'typebox';
import type { Card } from '../domain/posts.ts';
import type { ImageRow } from '../store/image.store.ts';
import type { CommentRow, ForwardRow } from '../store/interaction.store.ts';
import type { VideoRow } from '../store/video.store.ts';
import { ResponsiveSizes as Sizes, Uuid } from '@brokerwise/service-kit';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

export { Uuid };

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
};

export const Kind = Type.Union([Type.Literal('video'), Type.Literal('image_text')]);
export const Locale = Type.Union([Type.Literal('en'), Type.Literal('zh-cn')]);
export const VideoStatus = Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]);

export const VideoDto = Type.Object({
  id: Type.String(),
  ownerId: Type.String(),
  status: VideoStatus,
  /** Why it failed (`timeout`, `transcode_failed`, …); null unless failed. */
  reason: NullableString,
  /** The worker's progress, 0–100 (100 once ready). */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  sizeBytes: Type.Integer(),
  durationSeconds: Type.Number(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Object keys, once ready. */
  playbackKey: NullableString,
  posterKey: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export function toVideoDto(v: VideoRow): Static<typeof VideoDto> {
  return {
    id: v.id,
    ownerId: v.owner_id,
    status: v.status,
    reason: v.status === 'failed' ? v.failure_reason : null,
    progress: v.status === 'ready' ? 100 : v.progress,
    sizeBytes: Number(v.size_bytes),
    durationSeconds: v.duration_seconds,
    width: v.width,
    height: v.height,
    playbackKey: v.status === 'ready' ? v.playback_key : null,
    posterKey: v.status === 'ready' ? v.poster_key : null,
    createdAt: v.created_at.toISOString(),
    updatedAt: v.updated_at.toISOString(),
  };
}

export const ImageDto = Type.Object({
  id: Type.String(),
  ownerId: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  fullKey: Type.String(),
  coverKey: Type.String(),
  thumbKey: Type.String(),
});

export const toImageDto = (i: ImageRow): Static<typeof ImageDto> => ({
  id: i.id,
  ownerId: i.owner_id,
  width: i.width,
  height: i.height,
  fullKey: i.full_key,
  coverKey: i.cover_key,
  thumbKey: i.thumb_key,
});

export const PostDto = Type.Object({
  id: Type.String(),
  authorId: Type.String(),
  kind: Kind,
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  locale: Locale,
  cover: Type.Object({ imageId: Type.String(), fullKey: Type.String(), coverKey: Type.String(), thumbKey: Type.String(), coverSizes: Sizes }),
  /** Video posts only. */
  video: Type.Union([
    Type.Object({
      id: Type.String(),
      status: VideoStatus,
      reason: NullableString,
      playbackKey: NullableString,
      posterKey: NullableString,
      posterSizes: Sizes,
      durationSeconds: NullableNumber,
      width: Type.Union([Type.Integer(), Type.Null()]),
      height: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  counts: Type.Object({ likes: Type.Integer(), comments: Type.Integer(), collections: Type.Integer(), forwards: Type.Integer() }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** When it was first announced; null while its video is still processing. */
  publishedAt: NullableString,
  /** The viewer's marks when a viewer was given; null otherwise. */
  viewer: Type.Union([Type.Object({ liked: Type.Boolean(), collected: Type.Boolean(), forwarded: Type.Boolean() }), Type.Null()]),
});
export type PostDtoType = Static<typeof PostDto>;

export const PostDetailDto = Type.Intersect([PostDto, Type.Object({ contentHtml: Type.String() })]);

export function toPostDto(c: Card): PostDtoType {
  const r = c.row;
  return {
    id: r.id,
    authorId: r.author_id,
    kind: r.kind,
    title: r.title,
    description: r.description,
    category: r.category,
    locale: r.locale,
    cover: { imageId: r.cover_image_id, fullKey: r.cover_full_key, coverKey: r.cover_cover_key, thumbKey: r.cover_thumb_key, coverSizes: r.cover_sizes },
    video:
      r.video_id && r.video_status
        ? {
            id: r.video_id,
            status: r.video_status,
            reason: r.video_status === 'failed' ? r.video_failure_reason : null,
            playbackKey: r.video_status === 'ready' ? r.video_playback_key : null,
            posterKey: r.video_status === 'ready' ? r.video_poster_key : null,
            posterSizes: r.video_status === 'ready' ? r.video_poster_sizes : null,
            durationSeconds: r.video_duration,
            width: r.video_width,
            height: r.video_height,
          }
        : null,
    counts: { likes: r.likes_count, comments: r.comments_count, collections: r.collections_count, forwards: r.forwards_count },
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    publishedAt: r.published_at ? r.published_at.toISOString() : null,
    viewer: c.viewer,
  };
}

export const PostPage = Type.Object({ items: Type.Array(PostDto), total: Type.Integer() });

export const CommentDto = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  userId: Type.String(),
  /** The top-level comment of the thread; null for a top-level comment. */
  parentId: NullableString,
  /** The comment this one answers, and its author; null for a top-level comment. */
  replyToId: NullableString,
  replyToUserId: NullableString,
  text: Type.String(),
  createdAt: Type.String(),
});

export const toCommentDto = (c: CommentRow): Static<typeof CommentDto> => ({
  id: c.id,
  postId: c.post_id,
  userId: c.user_id,
  parentId: c.parent_id,
  replyToId: c.reply_to_id,
  replyToUserId: c.reply_to_user_id,
  text: c.text,
  createdAt: c.created_at.toISOString(),
});

export const ForwardDto = Type.Object({ id: Type.String(), postId: Type.String(), userId: Type.String(), comment: Type.String(), createdAt: Type.String() });

export const toForwardDto = (f: ForwardRow): Static<typeof ForwardDto> => ({ id: f.id, postId: f.post_id, userId: f.user_id, comment: f.comment, createdAt: f.created_at.toISOString() });
