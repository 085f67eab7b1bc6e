import { sql, type Migration } from '@brokerwise/sql';

/**
 * Trust and safety (issue 17): a moderator role, sanctions (warn, restrict posting, freeze) with
 * one appeal each, and an append-only audit of what admins and moderators did to accounts.
 */
export const migration: Migration = {
  up: async (db) => {
    // The check of 20261201T0900_user_role was created unnamed: Postgres named it <table>_<column>_check.
    await sql`alter table user_account drop constraint if exists user_account_role_check`.execute(db);
    await sql`alter table user_account add constraint user_account_role_check check (role in ('user', 'moderator', 'admin'))`.execute(db);
    await sql`create index user_account_created on user_account (created_at desc, id)`.execute(db);

    await db.schema
      .createTable('sanction')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('warn', 'restrict', 'freeze')`))
      // A fixed list of the terms' rules (domain/sanctions.ts RULES); labels live with the readers.
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('imposed_by', 'uuid', (c) => c.notNull())
      .addColumn('imposed_at', 'timestamptz', (c) => c.notNull())
      // Restrictions only: posting is allowed again from this instant.
      .addColumn('ends_at', 'timestamptz')
      .addColumn('lifted_at', 'timestamptz')
      .addColumn('lifted_by', 'uuid')
      .addColumn('lift_reason', 'text')
      .execute();
    await sql`create index sanction_user on sanction (user_id, imposed_at desc)`.execute(db);

    await db.schema
      .createTable('appeal')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      // One appeal per sanction.
      .addColumn('sanction_id', 'uuid', (c) => c.notNull().unique().references('sanction.id').onDelete('cascade'))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.check(sql`decision in ('uphold', 'lift')`))
      .addColumn('decided_by', 'uuid')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('decision_reason', 'text')
      .execute();
    await sql`create index appeal_open on appeal (created_at) where decision is null`.execute(db);

    // Append-only: nothing updates or deletes these rows (no foreign keys: it outlives accounts).
    await db.schema
      .createTable('admin_audit')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('actor_id', 'uuid', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_user_id', 'uuid', (c) => c.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`create index admin_audit_at on admin_audit (at desc, id)`.execute(db);
    await sql`create index admin_audit_target on admin_audit (target_user_id, at desc)`.execute(db);
  },
};
