import { sql, type Migration } from '@brokerwise/sql';

/**
 * Company representatives (issue 19, ADR 030): a company account claims a catalogue company with
 * a mailbox at the company's own web domain (a `company_claim` code), then waits for an
 * administrator. An approved claim is a verified representative until an administrator revokes it;
 * decisions are in `admin_audit` like the other account actions.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`alter table email_code drop constraint if exists email_code_purpose_check`.execute(db);
    await sql`alter table email_code add constraint email_code_purpose_check
      check (purpose in ('user_register', 'retrieve_password', 'change_password', 'bind_email', 'company_claim'))`.execute(db);
    await db.schema
      .createTable('company_claim')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('user_account.id'))
      // The catalogue's company, as it was named when claimed (the console shows it).
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('company_name', 'text', (c) => c.notNull())
      .addColumn('company_host', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('awaiting_code', 'awaiting_approval', 'approved', 'rejected', 'revoked')`),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('verified_at', 'timestamptz')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('decided_by', 'uuid')
      .addColumn('decision_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('revoked_by', 'uuid')
      .execute();
    // One live claim per account and company: a new one only after a refusal or a revocation.
    await sql`create unique index company_claim_live on company_claim (user_id, company_id)
      where status in ('awaiting_code', 'awaiting_approval', 'approved')`.execute(db);
    await sql`create index company_claim_status on company_claim (status, created_at)`.execute(db);
    await sql`create index company_claim_company on company_claim (company_id) where status = 'approved'`.execute(db);
  },
};
