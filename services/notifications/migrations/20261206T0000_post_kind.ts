import type { Migration } from '@brokerwise/sql';

/**
 * Read model of media's posts, kind only: a notice about a post links to the page of its kind
 * (`/blog/detail` for image-text, `/vlog/detail` for video). Filled by media.post.published
 * (first publication and every edit), removed by media.post.deleted. Posts published before this
 * table existed have no row and link as videos.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('post')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      // media's `video` or `image_text`; kept as given so a new kind never fails the consumer.
      .addColumn('kind', 'text', (c) => c.notNull())
      // media's post-row version from the event: an older event never overwrites a newer one.
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
  },
};
