import { sql, type Migration } from '@brokerwise/sql';

/**
 * Complaint cases (issue 19, ADR 031): a signed-in user's case against a company, published after
 * a moderator's decision; the company then has a number of working days (`due_at`) to answer in
 * the case's public thread. Evidence files are kept privately in the object store; the rows here
 * say whose they are and which case they belong to.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('complaint')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('withdrawal', 'slippage', 'account_blocked', 'fraud', 'fees', 'other')`))
      .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'rejected', 'awaiting_company', 'awaiting_user', 'resolved', 'unresolved', 'withdrawn')`),
      )
      .addColumn('reject_reason', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('moderated_at', 'timestamptz')
      .addColumn('moderated_by', 'uuid')
      .addColumn('published_at', 'timestamptz')
      // While awaiting the company: the end of its last working day to answer.
      .addColumn('due_at', 'timestamptz')
      // The company's first message: the response time counts to here.
      .addColumn('first_response_at', 'timestamptz')
      .addColumn('closed_at', 'timestamptz')
      // Why it closed: the user confirmed or rejected the outcome, withdrew it, or the clock ran out.
      .addColumn('closed_by', 'text', (c) => c.check(sql`closed_by in ('user', 'clock')`))
      .execute();
    await sql`create index complaint_pending on complaint (created_at) where status = 'pending'`.execute(db);
    await sql`create index complaint_overdue on complaint (due_at) where status = 'awaiting_company'`.execute(db);
    await sql`create index complaint_company on complaint (company_id, published_at desc)`.execute(db);
    await sql`create index complaint_public on complaint (published_at desc) where published_at is not null`.execute(db);
    await sql`create index complaint_user on complaint (user_id, created_at desc)`.execute(db);

    await db.schema
      .createTable('complaint_message')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('complaint_id', 'uuid', (c) => c.notNull().references('complaint.id'))
      .addColumn('author_id', 'uuid', (c) => c.notNull())
      .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('user', 'company')`))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      // Post-moderation: a moderator takes a message down (it stays, hidden, with who and why).
      .addColumn('removed_at', 'timestamptz')
      .addColumn('removed_by', 'uuid')
      .addColumn('removed_reason', 'text')
      .execute();
    await sql`create index complaint_message_case on complaint_message (complaint_id, created_at)`.execute(db);

    await db.schema
      .createTable('complaint_evidence')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('uploader_id', 'uuid', (c) => c.notNull())
      // Set when the case is opened with it; until then only its uploader may attach it.
      .addColumn('complaint_id', 'uuid', (c) => c.references('complaint.id'))
      .addColumn('object_key', 'text', (c) => c.notNull().unique())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index complaint_evidence_case on complaint_evidence (complaint_id)`.execute(db);
    await sql`create index complaint_evidence_uploader on complaint_evidence (uploader_id, created_at)`.execute(db);
  },
};
