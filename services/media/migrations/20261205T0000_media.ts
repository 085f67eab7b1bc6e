import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    // Uploaded videos: the original as received (checked by content), then what the worker made.
    await db.schema
      .createTable('video')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'uuid', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('processing', 'ready', 'failed')`))
      .addColumn('failure_reason', 'text')
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('playback_key', 'text')
      .addColumn('poster_key', 'text')
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index video_owner on video (owner_id, created_at desc)`.execute(db);

    // Transcoding work, claimed by workers with a lease (SKIP LOCKED), so the slow part runs
    // outside any transaction and a crashed worker's job is picked up again when its lease ends.
    await db.schema
      .createTable('transcode_job')
      .addColumn('video_id', 'uuid', (c) => c.primaryKey().references('video.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('available_at', 'timestamptz', (c) => c.notNull())
      .addColumn('lease_until', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index transcode_job_ready on transcode_job (available_at) where state in ('queued', 'running')`.execute(db);

    // Uploaded pictures, re-encoded: full (inline), cover (16:9 crop) and thumb.
    await db.schema
      .createTable('image')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('owner_id', 'uuid', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('full_key', 'text', (c) => c.notNull())
      .addColumn('cover_key', 'text', (c) => c.notNull())
      .addColumn('thumb_key', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index image_owner on image (owner_id, created_at)`.execute(db);

    await db.schema
      .createTable('post')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('author_id', 'uuid', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('video', 'image_text')`))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('en', 'zh-cn')`))
      .addColumn('cover_image_id', 'uuid', (c) => c.notNull().references('image.id'))
      .addColumn('video_id', 'uuid', (c) => c.references('video.id'))
      // Sanitised HTML (image-text posts) and its plain text.
      .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content_text', 'text', (c) => c.notNull().defaultTo(''))
      // Case-, accent- and width-folded copies for search (domain/text.ts#fold).
      .addColumn('search_title', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('collections_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('forwards_count', 'integer', (c) => c.notNull().defaultTo(0))
      // Bumped by every change; copied into the post events so consumers drop stale ones.
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      // When media.post.published first went out: at creation, or when its video became ready.
      .addColumn('published_at', 'timestamptz')
      .execute();
    await sql`create unique index post_video on post (video_id) where video_id is not null`.execute(db);
    await sql`create index post_author on post (author_id, created_at desc, id desc)`.execute(db);
    await sql`create index post_recent on post (created_at desc, id desc)`.execute(db);
    await sql`create index post_kind_category on post (kind, category, created_at desc)`.execute(db);
    await sql`create index post_search on post using gin (search_text gin_trgm_ops)`.execute(db);

    // Which images a post uses (cover and inline); an image is deleted with the last post using it.
    await db.schema
      .createTable('post_image')
      .addColumn('post_id', 'uuid', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('image_id', 'uuid', (c) => c.notNull().references('image.id'))
      .addPrimaryKeyConstraint('post_image_pk', ['post_id', 'image_id'])
      .execute();
    await sql`create index post_image_image on post_image (image_id)`.execute(db);

    for (const table of ['post_like', 'post_collection'] as const) {
      await db.schema
        .createTable(table)
        .addColumn('post_id', 'uuid', (c) => c.notNull().references('post.id').onDelete('cascade'))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        // Counted once per user.
        .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'user_id'])
        .execute();
      await sql`create index ${sql.id(`${table}_user`)} on ${sql.id(table)} (user_id, created_at desc)`.execute(db);
      await sql`create index ${sql.id(`${table}_recent`)} on ${sql.id(table)} (created_at)`.execute(db);
    }

    await db.schema
      .createTable('post_comment')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('post_id', 'uuid', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      // Replies are one level deep: parent is always a top-level comment.
      .addColumn('parent_id', 'uuid', (c) => c.references('post_comment.id').onDelete('cascade'))
      // The comment (top-level or reply) this one answers, and its author.
      .addColumn('reply_to_id', 'uuid')
      .addColumn('reply_to_user_id', 'uuid')
      .addColumn('text', 'text', (c) => c.notNull())
      // md5 of the normalised text: the same user may not post the same text twice on a post.
      .addColumn('text_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create unique index post_comment_no_repeat on post_comment (post_id, user_id, text_hash)`.execute(db);
    await sql`create index post_comment_thread on post_comment (post_id, parent_id, created_at)`.execute(db);
    await sql`create index post_comment_recent on post_comment (created_at)`.execute(db);

    await db.schema
      .createTable('post_forward')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('post_id', 'uuid', (c) => c.notNull().references('post.id').onDelete('cascade'))
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create unique index post_forward_once on post_forward (post_id, user_id)`.execute(db);
    await sql`create index post_forward_user on post_forward (user_id, created_at desc)`.execute(db);
    await sql`create index post_forward_recent on post_forward (created_at)`.execute(db);

    // What new-account limits count (kept when the post or comment is deleted).
    await db.schema
      .createTable('activity')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('post', 'comment')`))
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index activity_user on activity (user_id, kind, at)`.execute(db);

    // Object keys to delete once their rows are gone (written in the same transaction; the
    // deleter retries what a failed delete left).
    await db.schema
      .createTable('object_gc')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('enqueued_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
