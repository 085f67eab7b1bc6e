import { sql, type Migration } from '@brokerwise/sql';

/**
 * Reports (issue 17) and the moderation audit log for every action, not only review decisions.
 * The log is append-only in the database itself: a trigger refuses UPDATE, DELETE and TRUNCATE,
 * so neither a bug nor a hand-run statement can rewrite who decided what.
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('report')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('reporter_id', 'uuid', (c) => c.notNull())
      .addColumn('target_kind', 'text', (c) => c.notNull().check(sql`target_kind in ('review', 'post', 'comment', 'profile')`))
      .addColumn('target_id', 'uuid', (c) => c.notNull())
      // A snapshot of the target when reported: the evidence stays even if it is edited or deleted.
      .addColumn('author_id', 'uuid')
      .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
      // Where the target lives: the company of a review, the post of a comment (for links).
      .addColumn('context_id', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('severity', 'smallint', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'dismissed', 'actioned')`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('closed_at', 'timestamptz')
      .addColumn('closed_by', 'uuid')
      .execute();
    // One open report per reporter and target.
    await sql`create unique index report_open_once on report (reporter_id, target_kind, target_id) where status = 'open'`.execute(db);
    await sql`create index report_open_target on report (target_kind, target_id) where status = 'open'`.execute(db);
    await sql`create index report_reporter on report (reporter_id, created_at desc)`.execute(db);
    await sql`create index report_author on report (author_id)`.execute(db);

    // The audit log: review decisions (approve/reject) and report decisions (dismiss/remove).
    await sql`alter table moderation_audit alter column review_id drop not null`.execute(db);
    await sql`alter table moderation_audit drop constraint if exists moderation_audit_decision_check`.execute(db);
    await sql`alter table moderation_audit add constraint moderation_audit_decision_check check (decision in ('approve', 'reject', 'dismiss', 'remove'))`.execute(db);
    await sql`alter table moderation_audit add column target_kind text not null default 'review' check (target_kind in ('review', 'post', 'comment', 'profile'))`.execute(db);
    await sql`alter table moderation_audit add column target_id uuid`.execute(db);
    await sql`update moderation_audit set target_id = review_id`.execute(db);
    await sql`alter table moderation_audit alter column target_id set not null`.execute(db);
    await sql`alter table moderation_audit add column rule text not null default ''`.execute(db);
    await sql`alter table moderation_audit add column before jsonb not null default '{}'::jsonb`.execute(db);
    await sql`alter table moderation_audit add column after jsonb not null default '{}'::jsonb`.execute(db);
    await sql`update moderation_audit set before = jsonb_build_object('status', previous_status),
      after = jsonb_build_object('status', case decision when 'approve' then 'approved' else 'rejected' end)`.execute(db);
    await sql`create index moderation_audit_at on moderation_audit (at desc, id desc)`.execute(db);
    await sql`create index moderation_audit_moderator on moderation_audit (moderator_id, at desc)`.execute(db);

    await sql`create function moderation_audit_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'moderation_audit is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
      end
    $$`.execute(db);
    await sql`create trigger moderation_audit_no_change before update or delete on moderation_audit
      for each row execute function moderation_audit_append_only()`.execute(db);
    await sql`create trigger moderation_audit_no_truncate before truncate on moderation_audit
      for each statement execute function moderation_audit_append_only()`.execute(db);
  },
};
