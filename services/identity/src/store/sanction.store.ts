import type { Kysely, Selectable } from '@brokerwise/sql';
import type { AppealDecision, IdentityTables, SanctionKind } from './types.ts';

type Db = Kysely<IdentityTables>;
export type SanctionRow = Selectable<IdentityTables['sanction']>;
export type AppealRow = Selectable<IdentityTables['appeal']>;
export type AuditRow = Selectable<IdentityTables['admin_audit']>;

export async function insertSanction(
  db: Db,
  s: { id: string; userId: string; kind: SanctionKind; rule: string; reason: string; imposedBy: string; imposedAt: Date; endsAt: Date | null },
): Promise<SanctionRow> {
  return db
    .insertInto('sanction')
    .values({ id: s.id, user_id: s.userId, kind: s.kind, rule: s.rule, reason: s.reason, imposed_by: s.imposedBy, imposed_at: s.imposedAt, ends_at: s.endsAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The row locked until the transaction ends (lift and appeal decisions read and write it). */
export const findSanctionForUpdate = (db: Db, id: string): Promise<SanctionRow | undefined> =>
  db.selectFrom('sanction').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** A user's sanctions, newest first. */
export const sanctionsOf = (db: Db, userId: string): Promise<SanctionRow[]> =>
  db.selectFrom('sanction').selectAll().where('user_id', '=', userId).orderBy('imposed_at', 'desc').orderBy('id').execute();

/** The posting restriction in force at `now` that ends last, if any. */
export const activeRestriction = (db: Db, userId: string, now: Date): Promise<SanctionRow | undefined> =>
  db
    .selectFrom('sanction')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'restrict')
    .where('lifted_at', 'is', null)
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'desc')
    .executeTakeFirst();

/** Freezes of the user still in force (a lift clears the account's freeze only when none remains). */
export const activeFreezes = async (db: Db, userId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('sanction')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', 'freeze')
        .where('lifted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

export async function markLifted(db: Db, id: string, by: string, reason: string, at: Date): Promise<SanctionRow> {
  return db.updateTable('sanction').set({ lifted_at: at, lifted_by: by, lift_reason: reason }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function insertAppeal(db: Db, a: { id: string; sanctionId: string; userId: string; text: string; at: Date }): Promise<AppealRow | undefined> {
  return db
    .insertInto('appeal')
    .values({ id: a.id, sanction_id: a.sanctionId, user_id: a.userId, text: a.text, created_at: a.at })
    .onConflict((oc) => oc.column('sanction_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const findAppealForUpdate = (db: Db, id: string): Promise<AppealRow | undefined> =>
  db.selectFrom('appeal').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const appealsOf = (db: Db, userId: string): Promise<AppealRow[]> =>
  db.selectFrom('appeal').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();

export async function decideAppealRow(db: Db, id: string, d: { decision: AppealDecision; by: string; reason: string; at: Date }): Promise<AppealRow> {
  return db
    .updateTable('appeal')
    .set({ decision: d.decision, decided_by: d.by, decision_reason: d.reason, decided_at: d.at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ListedAppeal extends AppealRow {
  username: string;
}

/** Appeals awaiting a decision (oldest first) or decided ones (newest first), with the user's name. */
export async function listAppeals(db: Db, q: { open: boolean; offset: number; limit: number }): Promise<{ rows: ListedAppeal[]; total: number }> {
  const base = db
    .selectFrom('appeal')
    .innerJoin('user_account', 'user_account.id', 'appeal.user_id')
    .where('appeal.decision', q.open ? 'is' : 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll('appeal')
      .select('user_account.username as username')
      .orderBy('appeal.created_at', q.open ? 'asc' : 'desc')
      .orderBy('appeal.id')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findSanctions(db: Db, ids: readonly string[]): Promise<Map<string, SanctionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('sanction').selectAll().where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertAudit(
  db: Db,
  a: { id: string; actorId: string; at: Date; action: string; targetUserId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; reason: string },
): Promise<AuditRow> {
  return db
    .insertInto('admin_audit')
    .values({
      id: a.id,
      actor_id: a.actorId,
      at: a.at,
      action: a.action,
      target_user_id: a.targetUserId,
      before: a.before === null ? null : JSON.stringify(a.before),
      after: a.after === null ? null : JSON.stringify(a.after),
      reason: a.reason,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The audit, newest first; `targetUserId` narrows it to one account, `actorId` to what one member of staff did. */
export async function listAudit(db: Db, q: { targetUserId?: string | undefined; actorId?: string | undefined; offset: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
  let base = db.selectFrom('admin_audit');
  if (q.targetUserId) base = base.where('target_user_id', '=', q.targetUserId);
  if (q.actorId) base = base.where('actor_id', '=', q.actorId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
