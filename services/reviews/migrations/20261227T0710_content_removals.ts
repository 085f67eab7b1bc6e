import { sql, type Migration } from '@brokerwise/sql';

/**
 * Posts and comments a moderator removed are hidden by media and appealable (ADR 026): the log
 * is read by their author (the `authorId` a removal records) and by target (was it restored since?).
 */
export const migration: Migration = {
  up: async (db) => {
    await sql`create index moderation_audit_content_author on moderation_audit ((before ->> 'authorId'), at desc)
      where decision = 'remove' and target_kind in ('post', 'comment')`.execute(db);
    await sql`create index moderation_audit_target on moderation_audit (target_id, at desc)`.execute(db);
  },
};
