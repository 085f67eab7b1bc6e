import type { Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    // Demo mode: companies whose demo reviews were written once (a company that later loses them
    // all, or is re-announced, is never seeded twice).
    await db.schema
      .createTable('demo_seeded')
      .addColumn('company_id', 'uuid', (c) => c.primaryKey())
      .addColumn('reviews', 'integer', (c) => c.notNull())
      .addColumn('seeded_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The scheduled recomputation of every rating (recency weights move with time): one row per
    // period, claimed by whichever replica inserts it first.
    await db.schema
      .createTable('rating_recompute_run')
      .addColumn('period', 'bigint', (c) => c.primaryKey())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('finished_at', 'timestamptz')
      .addColumn('companies', 'integer')
      .execute();
  },
};
