import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('category')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('name_zh', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('country')
      .addColumn('code', sql`char(2)`, (c) => c.primaryKey())
      .addColumn('name_en', 'text', (c) => c.notNull())
      .addColumn('name_zh', 'text', (c) => c.notNull())
      .addColumn('popular', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('company')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_slug', 'text', (c) => c.notNull().references('category.slug'))
      .addColumn('country_code', sql`char(2)`, (c) => c.notNull().references('country.code'))
      .addColumn('description_en', 'text', (c) => c.notNull())
      .addColumn('description_zh', 'text', (c) => c.notNull())
      .addColumn('logo_key', 'text')
      .addColumn('score', sql`numeric(2,1)`, (c) => c.notNull().defaultTo(0).check(sql`score >= 0 and score <= 5`))
      .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('founded', 'integer')
      .addColumn('regulated', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('aliases', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('website', 'text')
      // Detail fields (about, platforms, licences…) are document-shaped; the detail issue reads them.
      .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index company_category_score on company (category_slug, score desc)`.execute(db);
    await sql`create index company_country on company (country_code)`.execute(db);
    await sql`create index company_score on company (score desc, review_count desc)`.execute(db);
    await sql`create index company_name_trgm on company using gin (lower(name) gin_trgm_ops)`.execute(db);
    await db.schema
      .createTable('banner')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('title_en', 'text', (c) => c.notNull())
      .addColumn('title_zh', 'text', (c) => c.notNull())
      .addColumn('image_key_en', 'text', (c) => c.notNull())
      .addColumn('image_key_zh', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
  },
};
