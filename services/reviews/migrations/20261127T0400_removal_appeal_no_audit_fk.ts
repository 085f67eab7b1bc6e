import { sql, type Migration } from '@brokerwise/sql';

/**
 * A foreign key into `moderation_audit` made TRUNCATE fail on the key before the append-only
 * trigger could refuse it; the log needs no key to stay whole (nothing is ever deleted from it).
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`alter table removal_appeal drop constraint if exists removal_appeal_audit_id_fkey`.execute(db);
  },
};
