import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('review')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      // Denormalised for display; the caller (gateway) passes the author's current username.
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('stars', 'smallint', (c) => c.notNull().check(sql`stars between 1 and 5`))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
      .addColumn('reject_reason', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      // When the author last wrote it (creation or edit): the age the score's recency weight uses.
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('moderated_at', 'timestamptz')
      .addColumn('moderated_by', 'uuid')
      // Soft delete: the audit trail keeps pointing at the row, and deleted reviews still count
      // towards the new-account limit.
      .addColumn('deleted_at', 'timestamptz')
      .execute();
    // One live review per user per company; a deleted one frees the slot.
    await sql`create unique index review_company_user on review (company_id, user_id) where deleted_at is null`.execute(db);
    await sql`create index review_company_approved on review (company_id, updated_at desc, id desc) where deleted_at is null and status = 'approved'`.execute(db);
    await sql`create index review_recent_approved on review (updated_at desc, id desc) where deleted_at is null and status = 'approved'`.execute(db);
    await sql`create index review_pending on review (updated_at, id) where deleted_at is null and status = 'pending'`.execute(db);
    await sql`create index review_user on review (user_id, updated_at desc)`.execute(db);

    await db.schema
      .createTable('moderation_audit')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('review_id', 'uuid', (c) => c.notNull().references('review.id'))
      .addColumn('moderator_id', 'uuid', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.notNull().check(sql`decision in ('approve', 'reject')`))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      // The review's status before the decision.
      .addColumn('previous_status', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index moderation_audit_review on moderation_audit (review_id, at)`.execute(db);

    await db.schema
      .createTable('company_rating')
      .addColumn('company_id', 'uuid', (c) => c.primaryKey())
      .addColumn('score', 'double precision', (c) => c.notNull())
      .addColumn('display_score', 'double precision', (c) => c.notNull())
      .addColumn('approved_count', 'integer', (c) => c.notNull())
      .addColumn('d1', 'integer', (c) => c.notNull())
      .addColumn('d2', 'integer', (c) => c.notNull())
      .addColumn('d3', 'integer', (c) => c.notNull())
      .addColumn('d4', 'integer', (c) => c.notNull())
      .addColumn('d5', 'integer', (c) => c.notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('computed_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
