import type { Migration } from '@brokerwise/sql';

/**
 * A moderator's removal hides a post or comment instead of deleting it (issue 17, ADR 026), so a
 * second moderator can restore it on appeal: rows and files are kept, every public read skips
 * them. A hidden post's files move under a private prefix (and back on restore) after commit,
 * queued in `object_move` in the same transaction and retried by the worker's sweep.
 */
export const migration: Migration = {
  up: async (db) => {
    for (const table of ['post', 'post_comment'] as const) {
      await db.schema.alterTable(table).addColumn('removed_at', 'timestamptz').execute();
      // The rule of the terms the moderator cited.
      await db.schema.alterTable(table).addColumn('removed_reason', 'text').execute();
    }
    await db.schema
      .createTable('object_move')
      .addColumn('key', 'text', (c) => c.primaryKey())
      // true: move the object under the private prefix; false: back to its public key.
      .addColumn('hidden', 'boolean', (c) => c.notNull())
      .addColumn('enqueued_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
