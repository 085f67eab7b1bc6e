import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    // Read model of identity's users: who to name in a notice, where and in which language to mail.
    await db.schema
      .createTable('app_user')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text')
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en').check(sql`locale in ('en', 'zh-cn')`))
      .addColumn('registered_at', 'timestamptz')
      // identity's user-row version from profile_updated; 0 until one arrived.
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`create index app_user_email on app_user (email) where email is not null`.execute(db);

    // Read model of the catalogue: a review notice names the company and links to its page.
    await db.schema
      .createTable('company')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('removed', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();

    // A notice is a kind and its parameters; the text is rendered in the reader's language when read.
    await db.schema
      .createTable('notice')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      // null: a system notice to everyone (read state per user in notice_read).
      .addColumn('user_id', 'uuid')
      .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('notices', 'system')`))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      // The event the notice came from; with user_id, unique: a redelivered event makes no second notice.
      .addColumn('source_event_id', 'uuid')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz')
      .execute();
    await sql`create unique index notice_source on notice (source_event_id, user_id) where source_event_id is not null`.execute(db);
    await sql`create index notice_user_list on notice (user_id, category, created_at desc, id desc)`.execute(db);
    await sql`create index notice_user_unread on notice (user_id, category) where read_at is null`.execute(db);
    await sql`create index notice_broadcast on notice (category, created_at desc, id desc) where user_id is null`.execute(db);

    await db.schema
      .createTable('notice_read')
      .addColumn('notice_id', 'uuid', (c) => c.notNull().references('notice.id').onDelete('cascade'))
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('notice_read_pk', ['user_id', 'notice_id'])
      .execute();

    // Email preferences (owned here); no row = defaults (non-essential mails on).
    await db.schema
      .createTable('email_preference')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('non_essential', 'boolean', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();

    // The mail queue: one row per mail to send, claimed by the sender loop, retried with backoff.
    await db.schema
      .createTable('mail')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      // What the mail is for (source event id + purpose): the same fact never queues a second mail.
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
      // Message-ID header, derived from dedupe_key: every attempt carries the same one.
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed', 'expired')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
      // A claimed row whose sender died is claimed again after this.
      .addColumn('locked_until', 'timestamptz')
      // Codes: not sent after they stopped working.
      .addColumn('expires_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz')
      .execute();
    await sql`create index mail_due on mail (next_attempt_at) where status in ('pending', 'sending')`.execute(db);

    await db.schema
      .createTable('subscription')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed')`))
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('confirm_sent_at', 'timestamptz')
      // Bumped by every confirmation mail: only the newest link confirms.
      .addColumn('confirm_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('confirmed_at', 'timestamptz')
      .addColumn('unsubscribed_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('newsletter_issue')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('subject_en', 'text', (c) => c.notNull())
      .addColumn('subject_zh', 'text', (c) => c.notNull())
      .addColumn('body_en', 'text', (c) => c.notNull())
      .addColumn('body_zh', 'text', (c) => c.notNull())
      .addColumn('created_by', 'uuid', (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
