import type { Migration } from '@brokerwise/sql';

/**
 * Whether a post notices are about is gone: `moderation` (a moderator removed it,
 * reviews.content.removed; cleared when an appeal restores it) or `deleted` (media.post.deleted:
 * its author, or their account, deleted it; final). Such a notice keeps its text, says the post
 * was removed, and no longer links to the post's page (which answers 410). A post the read model
 * did not know yet gets a row with an empty kind.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema.alterTable('post').addColumn('removed', 'text').execute();
  },
};
