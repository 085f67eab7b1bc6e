import { sql, type Migration } from '@brokerwise/sql';

/**
 * Account deletion by an administrator (the terms' account closure): the row stays, erased, so
 * what must be kept (the audit log, sanctions) still points to it; `deleted_at` says it is gone.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`alter table user_account add column deleted_at timestamptz`.execute(db);
  },
};
