import type { Kysely, Selectable } from '@brokerwise/sql';
import type { Decision, ReviewStatus, ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type AuditRow = Selectable<ReviewsTables['moderation_audit']>;

export async function insertAudit(
  db: Db,
  a: { id: string; reviewId: string; moderatorId: string; decision: Decision; reason: string; previousStatus: ReviewStatus; at: Date },
): Promise<AuditRow> {
  return db
    .insertInto('moderation_audit')
    .values({ id: a.id, review_id: a.reviewId, moderator_id: a.moderatorId, decision: a.decision, reason: a.reason, previous_status: a.previousStatus, at: a.at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Decisions on a review, oldest first. */
export async function auditOf(db: Db, reviewId: string): Promise<AuditRow[]> {
  return db.selectFrom('moderation_audit').selectAll().where('review_id', '=', reviewId).orderBy('at').orderBy('id').execute();
}
