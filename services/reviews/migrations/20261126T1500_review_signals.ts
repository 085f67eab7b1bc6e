import { sql, type Migration } from '@brokerwise/sql';

/**
 * Automatic signals (issue 17): why a submitted review was sent up the moderation queue. A flag
 * never hides or deletes anything; it only raises the pending review's severity and says why.
 * The review keeps where it was written from as keyed hashes (the gateway never sends a raw
 * address), so "several accounts from one device or address" can be counted per company.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`alter table review add column origin_address text`.execute(db);
    await sql`alter table review add column origin_device text`.execute(db);
    await sql`create index review_origin_address on review (company_id, origin_address) where origin_address is not null`.execute(db);
    await sql`create index review_origin_device on review (company_id, origin_device) where origin_device is not null`.execute(db);
    // The burst and near-duplicate scans read recent reviews by time.
    await sql`create index review_created on review (created_at desc)`.execute(db);

    await db.schema
      .createTable('review_flag')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('review_id', 'uuid', (c) => c.notNull().references('review.id'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('near_duplicate', 'company_burst', 'shared_origin', 'new_account_link', 'tied_account')`))
      .addColumn('severity', 'smallint', (c) => c.notNull())
      // Why, in numbers: the other reviews and how similar, counts, the window, the threshold.
      .addColumn('details', 'jsonb', (c) => c.notNull())
      // The submission (creation or edit) it was raised on: flags older than the review's last
      // edit describe an earlier text.
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index review_flag_review on review_flag (review_id, created_at)`.execute(db);
  },
};
