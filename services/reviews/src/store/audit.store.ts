import type { Kysely, Selectable } from '@brokerwise/sql';
import type { AuditAction, AuditTargetKind, ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type AuditRow = Selectable<ReviewsTables['moderation_audit']>;

export interface AuditInput {
  id: string;
  moderatorId: string;
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  reason: string;
  rule?: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  at: Date;
}

/** Appends one entry (the table refuses anything but INSERT). */
export async function insertAudit(db: Db, a: AuditInput): Promise<AuditRow> {
  const review = a.targetKind === 'review';
  return db
    .insertInto('moderation_audit')
    .values({
      id: a.id,
      review_id: review ? a.targetId : null,
      moderator_id: a.moderatorId,
      decision: a.action,
      reason: a.reason,
      previous_status: review && typeof a.before.status === 'string' ? a.before.status : '',
      at: a.at,
      target_kind: a.targetKind,
      target_id: a.targetId,
      rule: a.rule ?? '',
      before: JSON.stringify(a.before),
      after: JSON.stringify(a.after),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Decisions that changed a review's status (approve, reject, remove after a report, restore on appeal), oldest first. */
export async function auditOf(db: Db, reviewId: string): Promise<AuditRow[]> {
  return db
    .selectFrom('moderation_audit')
    .selectAll()
    .where('review_id', '=', reviewId)
    .where('decision', 'in', ['approve', 'reject', 'remove', 'restore'])
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export interface AuditFilter {
  moderatorId?: string | undefined;
  action?: AuditAction | undefined;
  targetKind?: AuditTargetKind | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** The log, newest first, filtered; one page and the total. */
export async function listAudit(db: Db, f: AuditFilter, page: { page: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
  let q = db.selectFrom('moderation_audit');
  if (f.moderatorId) q = q.where('moderator_id', '=', f.moderatorId);
  if (f.action) q = q.where('decision', '=', f.action);
  if (f.targetKind) q = q.where('target_kind', '=', f.targetKind);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
