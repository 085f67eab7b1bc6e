import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { AuditRow } from './audit.store.ts';
import type { RemovalAppealDecision, ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type RemovalAppealRow = Selectable<ReviewsTables['removal_appeal']>;

/** Log entries that took a review down: a rejection (pending or published) or a removal after a report. */
const REMOVALS = ['reject', 'remove'] as const;

/** The entry that last took each of these reviews down. */
export async function latestRemovals(db: Db, reviewIds: readonly string[]): Promise<Map<string, AuditRow>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('moderation_audit')
    .selectAll()
    .distinctOn('target_id')
    .where('target_kind', '=', 'review')
    .where('target_id', 'in', [...reviewIds])
    .where('decision', 'in', [...REMOVALS])
    .orderBy('target_id')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.target_id, r]));
}

export const findAuditEntries = async (db: Db, ids: readonly string[]): Promise<Map<string, AuditRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('moderation_audit').selectAll().where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r]));
};

/** Log entries that took down a post or comment of the user (removed after a report), newest first. */
export const contentRemovalsOf = (db: Db, userId: string): Promise<AuditRow[]> =>
  db
    .selectFrom('moderation_audit')
    .selectAll()
    .where('decision', '=', 'remove')
    .where('target_kind', 'in', ['post', 'comment'])
    .where(sql<string>`before ->> 'authorId'`, '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** For each of these posts or comments, the latest entry that took it down or put it back (`remove` / `restore`). */
export async function latestContentDecisions(db: Db, targetIds: readonly string[]): Promise<Map<string, AuditRow>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('moderation_audit')
    .selectAll()
    .distinctOn('target_id')
    .where('target_kind', 'in', ['post', 'comment'])
    .where('target_id', 'in', [...targetIds])
    .where('decision', 'in', ['remove', 'restore'])
    .orderBy('target_id')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.target_id, r]));
}

/** The user's removed reviews (rejected, not deleted by them). */
export const removedReviewIdsOf = async (db: Db, userId: string): Promise<string[]> =>
  (await db.selectFrom('review').select('id').where('user_id', '=', userId).where('status', '=', 'rejected').where('deleted_at', 'is', null).execute()).map((r) => r.id);

/** One appeal per removal: undefined when the removal was already appealed. */
export async function insertRemovalAppeal(
  db: Db,
  a: { id: string; auditId: string; targetKind: RemovalAppealRow['target_kind']; targetId: string; userId: string; removedBy: string; text: string; at: Date },
): Promise<RemovalAppealRow | undefined> {
  return db
    .insertInto('removal_appeal')
    .values({ id: a.id, audit_id: a.auditId, target_kind: a.targetKind, target_id: a.targetId, user_id: a.userId, removed_by: a.removedBy, text: a.text, created_at: a.at })
    .onConflict((oc) => oc.column('audit_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const removalAppealsOf = (db: Db, userId: string): Promise<RemovalAppealRow[]> =>
  db.selectFrom('removal_appeal').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();

export const findRemovalAppealForUpdate = (db: Db, id: string): Promise<RemovalAppealRow | undefined> =>
  db.selectFrom('removal_appeal').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function decideRemovalAppealRow(db: Db, id: string, d: { decision: RemovalAppealDecision; by: string; reason: string; at: Date }): Promise<RemovalAppealRow> {
  return db
    .updateTable('removal_appeal')
    .set({ decision: d.decision, decided_by: d.by, decision_reason: d.reason, decided_at: d.at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Appeals awaiting a decision (oldest first) or decided ones (newest first). */
export async function listRemovalAppeals(db: Db, q: { open: boolean; offset: number; limit: number }): Promise<{ rows: RemovalAppealRow[]; total: number }> {
  const base = db.selectFrom('removal_appeal').where('decision', q.open ? 'is' : 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(q.open ? 'created_at' : 'decided_at', q.open ? 'asc' : 'desc')
      .orderBy('id')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
