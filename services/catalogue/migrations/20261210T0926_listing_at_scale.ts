import { sql, type Migration } from '@brokerwise/sql';

/**
 * The listing and Top Brokers at 100,000 companies (ADR 029): one index per order the listing
 * offers, each ending in `slug` (the tie-break) and holding only what visitors see, so a page is
 * the first rows of an index instead of a sort of every company.
 */
export const migration: Migration = {
  up: async (db) => {
    const visible = sql`where hidden_at is null and merged_into is null`;
    await sql`create index company_visible_score on company (score desc, review_count desc, slug) ${visible}`.execute(db);
    await sql`create index company_visible_reviews on company (review_count desc, score desc, slug) ${visible}`.execute(db);
    await sql`create index company_visible_newest on company (created_at desc, slug) ${visible}`.execute(db);
    await sql`create index company_visible_name on company (lower(name), slug) ${visible}`.execute(db);
    // A category's page, and Top Brokers (Brokers by score, then review count, then slug).
    await sql`create index company_visible_category_score on company (category_slug, score desc, review_count desc, slug) ${visible}`.execute(db);
    // The total under any mix of filters: an index-only count over narrow entries, not a visit to
    // every matching company's row (thousands of heap pages for one country).
    await sql`create index company_visible_filters on company (country_code, category_slug, regulated, score, review_count) ${visible}`.execute(db);
  },
};
