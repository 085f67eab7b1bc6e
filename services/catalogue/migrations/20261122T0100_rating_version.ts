import type { Migration } from '@brokerwise/sql';

/** Last `reviews.rating.changed` version applied, so a late, older rating never overwrites a newer one. */
export const migration: Migration = {
  up: async (db) => {
    await db.schema.alterTable('company').addColumn('rating_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  },
};
