import { sql, type Migration } from '@brokerwise/sql';

/** Keys of the public read API (/v1 on the gateway): only a hash of the secret is kept. */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('api_key')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_account.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      // The first characters of the key, shown so an owner can tell keys apart; not enough to use it.
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await sql`create index api_key_user on api_key (user_id, created_at)`.execute(db);
  },
};
