import { sql, type Migration } from '@brokerwise/sql';

/**
 * Appeals against a content removal (issue 17): the author of a removed review appeals once per
 * removal; a moderator other than the one who removed it restores the content or keeps it removed.
 * The log gains the two outcomes ('restore', 'uphold').
 */
export const migration: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('removal_appeal')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      // The log entry of the removal appealed: who removed it, why, under which rule.
      .addColumn('audit_id', 'uuid', (c) => c.notNull().unique().references('moderation_audit.id'))
      .addColumn('target_kind', 'text', (c) => c.notNull().check(sql`target_kind in ('review', 'post', 'comment')`))
      .addColumn('target_id', 'uuid', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('removed_by', 'uuid', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('decision', 'text', (c) => c.check(sql`decision in ('restore', 'uphold')`))
      .addColumn('decided_by', 'uuid')
      .addColumn('decision_reason', 'text')
      .addColumn('decided_at', 'timestamptz')
      .execute();
    await sql`create index removal_appeal_user on removal_appeal (user_id, created_at desc)`.execute(db);
    await sql`create index removal_appeal_open on removal_appeal (created_at) where decision is null`.execute(db);

    await sql`alter table moderation_audit drop constraint if exists moderation_audit_decision_check`.execute(db);
    await sql`alter table moderation_audit add constraint moderation_audit_decision_check check (decision in ('approve', 'reject', 'dismiss', 'remove', 'restore', 'uphold'))`.execute(db);
  },
};
