import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('user_account')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      // Lower-cased on write; null for a social account whose provider gave no verified email.
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('avatar_key', 'text')
      .addColumn('country_code', sql`char(2)`)
      .addColumn('motto', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('account_type', 'text', (c) => c.notNull().defaultTo('personal').check(sql`account_type in ('personal', 'company')`))
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
      // Maintained in the same transaction as the follow rows they count.
      .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`followers_count >= 0`))
      .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`following_count >= 0`))
      // Fed later by events of the reviews/posts services.
      .addColumn('likes_received', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('collections_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('frozen_at', 'timestamptz')
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // Usernames are unique whatever their case ("Trader" and "trader" are the same name).
    await sql`create unique index user_account_username_ci on user_account (lower(username))`.execute(db);

    await db.schema
      .createTable('credential')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('user_account.id').onDelete('cascade'))
      // argon2id PHC string (m=19456, t=2, p=1).
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('revoked_reason', 'text')
      .addColumn('remember', 'boolean', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .execute();
    await sql`create index session_user_active on session (user_id) where revoked_at is null`.execute(db);

    await db.schema
      .createTable('email_code')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) =>
        c.notNull().check(sql`purpose in ('user_register', 'retrieve_password', 'change_password', 'bind_email')`),
      )
      // The signed-in user who asked (change_password, bind_email); the code is theirs only.
      .addColumn('user_id', 'uuid', (c) => c.references('user_account.id').onDelete('cascade'))
      // HMAC-SHA256(CODE_SECRET, id ":" code): the code itself is never stored.
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('consumed_at', 'timestamptz')
      .execute();
    await sql`create index email_code_latest on email_code (email, purpose, created_at desc)`.execute(db);

    await db.schema
      .createTable('social_identity')
      .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('google', 'facebook')`))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('social_identity_pk', ['provider', 'subject'])
      .execute();
    await sql`create index social_identity_user on social_identity (user_id)`.execute(db);

    await db.schema
      .createTable('follow')
      .addColumn('follower_id', 'uuid', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('followee_id', 'uuid', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('follow_pk', ['follower_id', 'followee_id'])
      .addCheckConstraint('follow_not_self', sql`follower_id <> followee_id`)
      .execute();
    await sql`create index follow_followee on follow (followee_id)`.execute(db);
  },
};
