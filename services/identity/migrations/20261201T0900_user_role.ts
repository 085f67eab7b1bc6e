import { sql, type Migration } from '@brokerwise/sql';

/** Accounts get a role; every existing and new account is a plain user unless made an admin. */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .alterTable('user_account')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role in ('user', 'admin')`))
      .execute();
  },
};
