import { sql, type Migration } from '@brokerwise/sql';

/**
 * The author's clock (ADR 031, amended): once the company has answered, the author has a number
 * of working days to write back, confirm or reject the outcome; when they let it pass the case
 * closes as `lapsed` (closed by `no_reply`), which counts neither as resolved nor as unresolved.
 * `due_at` now holds the deadline of whichever side's turn it is; the company's representatives
 * as last named by the gateway are kept so the sweeper can tell them when it closes a case.
 */
export const migration: Migration = {
  up: async (db) => {
    // Both checks were added with their columns (2027-01-06), so Postgres named them <table>_<column>_check.
    await sql`alter table complaint drop constraint complaint_status_check, drop constraint complaint_closed_by_check`.execute(db);
    await sql`alter table complaint add constraint complaint_status_check
      check (status in ('pending', 'rejected', 'awaiting_company', 'awaiting_user', 'resolved', 'unresolved', 'lapsed', 'withdrawn'))`.execute(db);
    await sql`alter table complaint add constraint complaint_closed_by_check check (closed_by in ('user', 'clock', 'no_reply'))`.execute(db);
    await sql`alter table complaint add column representative_ids jsonb not null default '[]'::jsonb`.execute(db);
    // The sweeper's one index: every open case past its deadline, whoever's turn it is.
    await sql`create index complaint_due on complaint (due_at) where status in ('awaiting_company', 'awaiting_user')`.execute(db);
    await sql`drop index complaint_overdue`.execute(db);
  },
};
