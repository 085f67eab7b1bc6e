import { sql, type Migration } from '@brokerwise/sql';

/**
 * Verified company replies (issue 19, ADR 030): one public reply per review, written by a
 * representative of the reviewed company, pending until a moderator publishes it (as reviews are).
 * Every version written is kept in `review_reply_version`, the reply's edit history.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('review_reply')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('review_id', 'uuid', (c) => c.notNull().unique().references('review.id'))
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      // The representative who wrote the current version.
      .addColumn('author_id', 'uuid', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
      .addColumn('reject_reason', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      // When a version was first published: the reply time counts to here.
      .addColumn('first_published_at', 'timestamptz')
      .addColumn('moderated_at', 'timestamptz')
      .addColumn('moderated_by', 'uuid')
      .execute();
    await sql`create index review_reply_pending on review_reply (updated_at) where status = 'pending'`.execute(db);
    await sql`create index review_reply_company on review_reply (company_id)`.execute(db);
    await db.schema
      .createTable('review_reply_version')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('reply_id', 'uuid', (c) => c.notNull().references('review_reply.id'))
      .addColumn('author_id', 'uuid', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('written_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index review_reply_version_reply on review_reply_version (reply_id, written_at)`.execute(db);
  },
};
