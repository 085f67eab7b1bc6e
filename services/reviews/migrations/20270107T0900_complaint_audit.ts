import { sql, type Migration } from '@brokerwise/sql';

/**
 * Moderators' decisions on complaint cases (issue 19, ADR 031) join the append-only moderation
 * log: publishing or refusing a case (`complaint`) and taking a thread message down
 * (`complaint_message`).
 */
export const migration: Migration = {
  up: async (db) => {
    // The check was added unnamed with the column (2026-11-26): drop it by what it checks.
    await sql`
      do $$
      declare c record;
      begin
        for c in select conname from pg_constraint
                  where conrelid = 'moderation_audit'::regclass and contype = 'c'
                    and pg_get_constraintdef(oid) like '%target_kind%'
        loop
          execute format('alter table moderation_audit drop constraint %I', c.conname);
        end loop;
      end $$`.execute(db);
    await sql`alter table moderation_audit add constraint moderation_audit_target_kind_check
      check (target_kind in ('review', 'post', 'comment', 'profile', 'complaint', 'complaint_message'))`.execute(db);
  },
};
