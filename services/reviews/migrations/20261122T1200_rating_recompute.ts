import type { Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    // Released with one more table, the bookkeeping of a development-only seed that migrations no
    // longer know (ADR 021); databases that ran it keep that table, unused. The timestamp is the
    // identity, so the new name is adopted by them (runMigrations).
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
