import { sql, type Migration } from '@brokerwise/sql';

/**
 * Search without words, by filters only (ADR 029): the total becomes an index-only count over
 * narrow entries instead of a visit to every matching company's row.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`create index company_filters on company (country_code, category, regulated, score)`.execute(db);
  },
};
