import { sql, type Kysely, type Selectable, type Updateable } from '@brokerwise/sql';
import type { Page } from './review.store.ts';
import type { ComplaintCategory, ComplaintStatus, ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type ComplaintRow = Selectable<ReviewsTables['complaint']>;
export type ComplaintMessageRow = Selectable<ReviewsTables['complaint_message']>;
export type EvidenceRow = Selectable<ReviewsTables['complaint_evidence']>;

export async function insertComplaint(
  db: Db,
  c: { id: string; companyId: string; userId: string; username: string; category: ComplaintCategory; amount: string; currency: string; text: string; now: Date },
): Promise<ComplaintRow> {
  return db
    .insertInto('complaint')
    .values({
      id: c.id,
      company_id: c.companyId,
      user_id: c.userId,
      username: c.username,
      category: c.category,
      amount: c.amount,
      currency: c.currency,
      text: c.text,
      status: 'pending',
      reject_reason: null,
      created_at: c.now,
      updated_at: c.now,
      moderated_at: null,
      moderated_by: null,
      published_at: null,
      due_at: null,
      first_response_at: null,
      closed_at: null,
      closed_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const findComplaint = (db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<ComplaintRow | undefined> => {
  let q = db.selectFrom('complaint').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};

export const updateComplaint = (db: Db, id: string, patch: Updateable<ReviewsTables['complaint']>): Promise<ComplaintRow> =>
  db.updateTable('complaint').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** Cases waiting for a moderator, the longest waiting first. */
export async function listPendingComplaints(db: Db, page: Page): Promise<{ rows: ComplaintRow[]; total: number }> {
  const base = db.selectFrom('complaint').where('status', '=', 'pending');
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at').orderBy('id').limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Published cases (any status since), newest first; optionally of one company and in one status. */
export async function listPublishedComplaints(
  db: Db,
  f: { companyId?: string | undefined; status?: ComplaintStatus | undefined },
  page: Page,
): Promise<{ rows: ComplaintRow[]; total: number }> {
  let base = db.selectFrom('complaint').where('published_at', 'is not', null);
  if (f.companyId) base = base.where('company_id', '=', f.companyId);
  if (f.status) base = base.where('status', '=', f.status);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('published_at', 'desc').orderBy('id').limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** How many cases the user opened after `since` (any status: withdrawn and refused ones too), and the oldest of them. */
export async function complaintsOpenedSince(db: Db, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('complaint')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ?? null };
}

/** A user's own cases, whatever their status, newest first. */
export const complaintsOfUser = (db: Db, userId: string, limit: number): Promise<ComplaintRow[]> =>
  db.selectFrom('complaint').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();

/**
 * Open cases past their deadline — the company's (awaiting the company) or the author's (awaiting
 * the author) — locked (other replicas skip them), oldest deadline first.
 */
export const overdueComplaints = (db: Db, now: Date, limit: number): Promise<ComplaintRow[]> =>
  db
    .selectFrom('complaint')
    .selectAll()
    .where('status', 'in', ['awaiting_company', 'awaiting_user'])
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

/**
 * Open cases (of `statuses`) whose deadline is still ahead but no later than `horizon` (few
 * working days left), not yet reminded about that deadline (a clock that started afresh has a new
 * one), locked (other replicas skip them), nearest deadline first.
 */
export const complaintsToRemind = (
  db: Db,
  now: Date,
  horizon: Date,
  limit: number,
  statuses: readonly ('awaiting_company' | 'awaiting_user')[] = ['awaiting_company', 'awaiting_user'],
): Promise<ComplaintRow[]> =>
  db
    .selectFrom('complaint')
    .selectAll()
    .where('status', 'in', statuses)
    .where('due_at', '>', now)
    .where('due_at', '<=', horizon)
    .where((eb) => eb.or([eb('reminded_due_at', 'is', null), eb('reminded_due_at', '<>', eb.ref('due_at'))]))
    .orderBy('due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

/**
 * Cases that were awaiting their author before the author had a clock (ADR 031, amended) get the
 * deadline `due`; answers how many. A no-op once none is left.
 */
export async function startAuthorClocks(db: Db, due: Date): Promise<number> {
  const rows = await db.updateTable('complaint').set({ due_at: due }).where('status', '=', 'awaiting_user').where('due_at', 'is', null).returning('id').execute();
  return rows.length;
}

export const insertMessage = (db: Db, m: { id: string; complaintId: string; authorId: string; side: 'user' | 'company'; text: string; now: Date }): Promise<ComplaintMessageRow> =>
  db
    .insertInto('complaint_message')
    .values({ id: m.id, complaint_id: m.complaintId, author_id: m.authorId, side: m.side, text: m.text, created_at: m.now, removed_at: null, removed_by: null, removed_reason: null })
    .returningAll()
    .executeTakeFirstOrThrow();

/** A case's thread, oldest first (removed messages too: the caller hides their text). */
export const messagesOf = (db: Db, complaintId: string): Promise<ComplaintMessageRow[]> =>
  db.selectFrom('complaint_message').selectAll().where('complaint_id', '=', complaintId).orderBy('created_at').orderBy('id').execute();

export const findMessageForUpdate = (db: Db, id: string): Promise<ComplaintMessageRow | undefined> =>
  db.selectFrom('complaint_message').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const removeMessage = (db: Db, id: string, r: { moderatorId: string; reason: string; now: Date }): Promise<ComplaintMessageRow> =>
  db
    .updateTable('complaint_message')
    .set({ removed_at: r.now, removed_by: r.moderatorId, removed_reason: r.reason })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const insertEvidence = (
  db: Db,
  e: { id: string; uploaderId: string; key: string; contentType: string; size: number; sha256: string; name: string; now: Date },
): Promise<EvidenceRow> =>
  db
    .insertInto('complaint_evidence')
    .values({ id: e.id, uploader_id: e.uploaderId, complaint_id: null, object_key: e.key, content_type: e.contentType, size: e.size, sha256: e.sha256, name: e.name, created_at: e.now })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Attaches the uploader's loose files to a new case; answers how many it attached. */
export async function attachEvidence(db: Db, ids: readonly string[], uploaderId: string, complaintId: string): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .updateTable('complaint_evidence')
    .set({ complaint_id: complaintId })
    .where('id', 'in', ids)
    .where('uploader_id', '=', uploaderId)
    .where('complaint_id', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Evidence files uploaded before `before` and never attached to a case, locked (other replicas
 * skip them, and a case being opened with one waits until this transaction ends), oldest first.
 */
export const looseEvidence = (db: Db, before: Date, limit: number): Promise<EvidenceRow[]> =>
  db
    .selectFrom('complaint_evidence')
    .selectAll()
    .where('complaint_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

/** Deletes these evidence rows while still loose; answers how many went. */
export async function deleteLooseEvidence(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.deleteFrom('complaint_evidence').where('id', 'in', ids).where('complaint_id', 'is', null).returning('id').execute();
  return rows.length;
}

export const evidenceOf = (db: Db, complaintId: string): Promise<EvidenceRow[]> =>
  db.selectFrom('complaint_evidence').selectAll().where('complaint_id', '=', complaintId).orderBy('created_at').orderBy('id').execute();

export const findEvidence = (db: Db, id: string): Promise<EvidenceRow | undefined> => db.selectFrom('complaint_evidence').selectAll().where('id', '=', id).executeTakeFirst();

export interface ComplaintFigureCounts {
  cases: number;
  /** Cases the company could answer (not withdrawn before it did). */
  answerable: number;
  answered: number;
  resolved: number;
  unresolved: number;
  /** Answered, then closed because the author did not reply in time. */
  lapsed: number;
  /** Median seconds from publication to the company's first message; null without answers. */
  medianSeconds: number | null;
}

/** A company's cases published since `since`, counted for its figures (ADR 031). */
export async function complaintFigures(db: Db, companyId: string, since: Date): Promise<ComplaintFigureCounts> {
  const row = await db
    .selectFrom('complaint')
    .where('company_id', '=', companyId)
    .where('published_at', '>=', since)
    .select([
      sql<string>`count(*)`.as('cases'),
      sql<string>`count(*) filter (where not (status = 'withdrawn' and first_response_at is null))`.as('answerable'),
      sql<string>`count(first_response_at)`.as('answered'),
      sql<string>`count(*) filter (where status = 'resolved')`.as('resolved'),
      sql<string>`count(*) filter (where status = 'unresolved')`.as('unresolved'),
      sql<string>`count(*) filter (where status = 'lapsed')`.as('lapsed'),
      sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from first_response_at - published_at)) filter (where first_response_at is not null)`.as('median'),
    ])
    .executeTakeFirstOrThrow();
  return {
    cases: Number(row.cases),
    answerable: Number(row.answerable),
    answered: Number(row.answered),
    resolved: Number(row.resolved),
    unresolved: Number(row.unresolved),
    lapsed: Number(row.lapsed),
    medianSeconds: row.median === null ? null : Number(row.median),
  };
}

/** How many evidence files each of these cases has. */
export async function evidenceCounts(db: Db, complaintIds: readonly string[]): Promise<Map<string, number>> {
  if (complaintIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('complaint_evidence')
    .select(['complaint_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('complaint_id', 'in', complaintIds)
    .groupBy('complaint_id')
    .execute();
  return new Map(rows.map((r) => [r.complaint_id!, Number(r.n)]));
}
