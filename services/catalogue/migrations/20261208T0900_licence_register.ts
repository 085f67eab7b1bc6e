import { sql, type Migration } from '@brokerwise/sql';

/**
 * The licence register (issue 19): every status a company's licence has had at its regulator
 * (active, suspended, revoked, expired), from when, with an administrator's note and, usually,
 * evidence captured from the regulator's public register (stored as-is in the object store,
 * named by its SHA-256). Append-only as `company_audit`: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, so a correction is a new entry and the history can be trusted.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('licence_status')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('company_id', 'uuid', (c) => c.notNull().references('company.id'))
      // The licence within the company's details: regulator and number, as the console shows them.
      .addColumn('regulator', 'text', (c) => c.notNull())
      .addColumn('licence_no', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'suspended', 'revoked', 'expired')`))
      .addColumn('previous_status', 'text')
      .addColumn('effective_on', 'date', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('evidence_key', 'text')
      .addColumn('evidence_sha256', 'text')
      .addColumn('evidence_type', 'text')
      .addColumn('evidence_size', 'integer')
      .addColumn('evidence_captured_at', 'timestamptz')
      .addColumn('recorded_by', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await sql`create index licence_status_company on licence_status (company_id, recorded_at)`.execute(db);
    await sql`create function licence_status_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'licence_status is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
      end
    $$`.execute(db);
    await sql`create trigger licence_status_no_change before update or delete on licence_status
      for each row execute function licence_status_append_only()`.execute(db);
    await sql`create trigger licence_status_no_truncate before truncate on licence_status
      for each statement execute function licence_status_append_only()`.execute(db);
  },
};
