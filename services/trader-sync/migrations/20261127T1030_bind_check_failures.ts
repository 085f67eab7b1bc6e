import { sql, type Migration } from '@brokerwise/sql';

export const migration: Migration = {
  up: async (db) => {
    // Read-only passwords the bridge refused at binding, kept for the throttle's window only: a
    // bind form is otherwise a way to guess an account's investor password through our bridge.
    await db.schema
      .createTable('bind_check_failure')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('server_id', 'uuid', (c) => c.notNull())
      .addColumn('account_number', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index bind_check_failure_user on bind_check_failure (user_id, at)`.execute(db);
    await sql`create index bind_check_failure_account on bind_check_failure (server_id, account_number, at)`.execute(db);
    await sql`create index bind_check_failure_at on bind_check_failure (at)`.execute(db);
  },
};
