import type { ColumnType, Generated } from '@brokerwise/sql';
import type { KitTables, LeaseJobColumns } from '@brokerwise/service-kit';
import type { ImageSizeJobTable, SizesColumn } from '@brokerwise/service-kit/image-sizes';

export type VideoStatus = 'processing' | 'ready' | 'failed';
export type PostKind = 'video' | 'image_text';
export type PostLocale = 'en' | 'zh-cn';

/** bigint: pg returns numbers (packages/sql parses int8); we write numbers. */
type BigIntColumn = ColumnType<number, number, number>;

export interface MediaTables extends KitTables {
  video: {
    id: string;
    owner_id: string;
    status: VideoStatus;
    failure_reason: string | null;
    source_key: string;
    playback_key: string | null;
    poster_key: string | null;
    /** The poster's responsive sizes, as made. */
    poster_sizes: SizesColumn;
    /** Every object of the HLS renditions (playlists and segments); null for videos made as one mp4. */
    hls_keys: string[] | null;
    /** 0–100 while the worker transcodes; 100 once ready. */
    progress: Generated<number>;
    size_bytes: BigIntColumn;
    duration_seconds: number;
    width: number;
    height: number;
    created_at: Date;
    updated_at: Date;
  };
  transcode_job: LeaseJobColumns & { video_id: string };
  image: {
    id: string;
    owner_id: string;
    width: number;
    height: number;
    full_key: string;
    cover_key: string;
    thumb_key: string;
    /** The cover's responsive sizes, as made. */
    cover_sizes: SizesColumn;
    bytes: number;
    created_at: Date;
  };
  /** Making a picture's responsive sizes (ADR 033): one per original key, for a cover or a poster. */
  image_variant_job: ImageSizeJobTable & {
    image_id: string | null;
    video_id: string | null;
  };
  post: {
    id: string;
    author_id: string;
    kind: PostKind;
    title: string;
    description: string;
    category: string;
    locale: PostLocale;
    cover_image_id: string;
    video_id: string | null;
    content_html: Generated<string>;
    content_text: Generated<string>;
    search_title: string;
    search_text: string;
    likes_count: Generated<number>;
    comments_count: Generated<number>;
    collections_count: Generated<number>;
    forwards_count: Generated<number>;
    version: BigIntColumn;
    created_at: Date;
    updated_at: Date;
    published_at: Date | null;
    /** Hidden by a moderator (issue 17): kept for an appeal, skipped by every public read. */
    removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    removed_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  post_image: { post_id: string; image_id: string };
  post_like: { post_id: string; user_id: string; created_at: Date };
  post_collection: { post_id: string; user_id: string; created_at: Date };
  post_comment: {
    id: string;
    post_id: string;
    user_id: string;
    parent_id: string | null;
    reply_to_id: string | null;
    reply_to_user_id: string | null;
    text: string;
    text_hash: string;
    created_at: Date;
    removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    removed_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  post_forward: { id: string; post_id: string; user_id: string; comment: string; created_at: Date };
  activity: { user_id: string; kind: 'post' | 'comment'; at: Date };
  object_gc: { key: string; enqueued_at: Date };
  /** Objects to move under the private prefix (`hidden`) or back, after commit (a hidden post's files). */
  object_move: { key: string; hidden: boolean; enqueued_at: Date };
  /** Posts their authors deleted (id and time only): their address answers 410, not 404. */
  deleted_post: { id: string; deleted_at: Date };
}
