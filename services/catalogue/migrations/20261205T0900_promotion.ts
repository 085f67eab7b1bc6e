import { sql, type Migration } from '@brokerwise/sql';

/**
 * Broker promotions (deposit bonuses, cashback, contests…): sponsored articles an admin writes,
 * each about one company. Text in English and Chinese; bodies and terms are plain text whose
 * paragraphs are separated by blank lines (no HTML). Deleting sets `deleted_at`; the slug stays
 * reserved so an old address never shows a different promotion.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('promotion')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('company_id', 'uuid', (c) => c.notNull().references('company.id'))
      .addColumn('title_en', 'text', (c) => c.notNull())
      .addColumn('title_zh', 'text', (c) => c.notNull())
      .addColumn('summary_en', 'text', (c) => c.notNull())
      .addColumn('summary_zh', 'text', (c) => c.notNull())
      .addColumn('body_en', 'text', (c) => c.notNull())
      .addColumn('body_zh', 'text', (c) => c.notNull())
      .addColumn('terms_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('terms_zh', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ends_at', 'timestamptz')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deleted_at', 'timestamptz')
      .addCheckConstraint('promotion_ends_after_start', sql`ends_at is null or ends_at > starts_at`)
      .execute();
    // The public list: live promotions, newest start first.
    await sql`create index promotion_live_start on promotion (starts_at desc) where deleted_at is null`.execute(db);
    await sql`create index promotion_company on promotion (company_id)`.execute(db);
  },
};
