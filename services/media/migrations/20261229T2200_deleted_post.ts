import type { Migration } from '@brokerwise/sql';

/**
 * The ids of posts their authors deleted, and when: the address of such a post answers 410 Gone
 * ("deleted by its author") rather than 404, so old links (notices, search engines) learn it is
 * gone for good. Only the id and time are kept, nothing of the post or its author; a post that
 * went with its author's account leaves no row (ADR 019).
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('deleted_post')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('deleted_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
