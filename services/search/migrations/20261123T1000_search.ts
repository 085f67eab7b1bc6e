import { sql, type Migration } from '@brokerwise/sql';

/**
 * The search read model: one row per catalogue company, built only from `catalogue.company.*`
 * events (rebuildable: see README). Search columns are computed when an event is applied:
 * - `name_latin`, `aliases_latin`, `search_latin`: lower-cased, accent-folded (NFKD in JS, then
 *   `unaccent`) names, Latin aliases and slug words; trigram index for typos.
 * - `search_zh`: Chinese name and aliases plus the Chinese description segmented into words
 *   (`Intl.Segmenter('zh')`), space-separated.
 * - `search_doc`: tsvector ('simple') over both: names A, aliases B, descriptions D.
 * No foreign keys, no unique slug: the catalogue is the source of truth and an event must never
 * fail on a constraint the catalogue already enforced.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('company')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('aliases', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('country_code', 'text', (c) => c.notNull())
      .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('score', sql`numeric(2,1)`, (c) => c.notNull().defaultTo(0))
      .addColumn('regulated', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('founded', 'integer')
      .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('name_latin', 'text', (c) => c.notNull())
      .addColumn('aliases_latin', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('search_latin', 'text', (c) => c.notNull())
      .addColumn('search_zh', 'text', (c) => c.notNull())
      .addColumn('search_doc', sql`tsvector`, (c) => c.notNull())
      .execute();
    await sql`create index company_search_latin_trgm on company using gin (search_latin gin_trgm_ops)`.execute(db);
    await sql`create index company_search_doc on company using gin (search_doc)`.execute(db);
    await sql`create index company_category_score on company (category, score desc)`.execute(db);
    await sql`create index company_country on company (country_code)`.execute(db);
    await sql`create index company_score on company (score desc, slug)`.execute(db);
    // Removed companies: the removal's version, so a late upsert with a lower version is dropped.
    await db.schema
      .createTable('company_tombstone')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
  },
};
