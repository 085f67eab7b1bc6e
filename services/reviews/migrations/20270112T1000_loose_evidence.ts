import { sql, type Migration } from '@brokerwise/sql';

/**
 * Loose evidence (ADR 031, amended): files uploaded for a case that was never opened are deleted
 * once old enough. The sweep reads them oldest first from this index (only loose rows are in it).
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`create index complaint_evidence_loose on complaint_evidence (created_at) where complaint_id is null`.execute(db);
  },
};
