import { sql, type Migration } from '@brokerwise/sql';

/**
 * A rating recompute at 2,000,000 reviews (ADR 029): it reads the stars and dates of every
 * approved review of one company. Holding both in the index makes that an index-only scan, not
 * one heap page per review (5,000+ for the busiest companies).
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`create index review_company_approved_stars on review (company_id) include (stars, updated_at) where deleted_at is null and status = 'approved'`.execute(db);
  },
};
