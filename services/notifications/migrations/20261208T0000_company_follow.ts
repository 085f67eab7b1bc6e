import { sql, type Migration } from '@brokerwise/sql';

/**
 * Who follows which company (issue 19): followers get a notice when a licence of the company
 * changes status in the licence register. Kept here, where the notices are made.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('company_follow')
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('company_follow_pk', ['company_id', 'user_id'])
      .execute();
    await sql`create index company_follow_user on company_follow (user_id)`.execute(db);
  },
};
