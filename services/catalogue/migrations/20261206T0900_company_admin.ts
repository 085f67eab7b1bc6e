import { sql, type Migration } from '@brokerwise/sql';

/**
 * The admin console's companies (issue 17): a company can be hidden (gone for visitors, kept for
 * admins) or merged into another (its slug then redirects to the survivor). Every admin change is
 * appended to `company_audit`, which the database itself keeps append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE, as the reviews service's `moderation_audit`.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .alterTable('company')
      .addColumn('hidden_at', 'timestamptz')
      .addColumn('merged_into', 'uuid', (c) => c.references('company.id'))
      .execute();
    await db.schema
      .createTable('company_audit')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index company_audit_company on company_audit (company_id, at desc)`.execute(db);
    await sql`create index company_audit_at on company_audit (at desc)`.execute(db);
    await sql`create function company_audit_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'company_audit is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
      end
    $$`.execute(db);
    await sql`create trigger company_audit_no_change before update or delete on company_audit
      for each row execute function company_audit_append_only()`.execute(db);
    await sql`create trigger company_audit_no_truncate before truncate on company_audit
      for each statement execute function company_audit_append_only()`.execute(db);
  },
};
