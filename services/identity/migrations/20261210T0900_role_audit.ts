import { sql, type Migration } from '@brokerwise/sql';

/** Who made or unmade an administrator, when and how (the operator CLI writes it; nothing updates it). */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('role_audit')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_account.id'))
      .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('create', 'grant', 'revoke')`))
      .addColumn('previous_role', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      // Free text naming the operator (user@host, or the Job's pod name): no account stands behind it.
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create index role_audit_user on role_audit (user_id, at)`.execute(db);
  },
};
