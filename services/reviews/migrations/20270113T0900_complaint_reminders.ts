import { sql, type Migration } from '@brokerwise/sql';

/**
 * Deadline reminders (ADR 031, amended): when a clock has COMPLAINT_REMINDER_DAYS working days
 * left, the side whose turn it is is reminded once. `reminded_due_at` is the deadline the last
 * reminder was about: a clock that starts afresh has a new `due_at`, so it can be reminded again,
 * and a sweep that sees them equal sends nothing (several replicas, restarts). The sweeper finds
 * candidates through `complaint_due` (open cases by deadline); no index of its own.
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`alter table complaint add column reminded_due_at timestamptz`.execute(db);
  },
};
