import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { Page } from './review.store.ts';
import type { ReportStatus, ReviewsTables, TargetKind } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type ReportRow = Selectable<ReviewsTables['report']>;

export interface NewReport {
  id: string;
  reporterId: string;
  targetKind: TargetKind;
  targetId: string;
  authorId: string | null;
  authorName: string;
  excerpt: string;
  contextId: string | null;
  reason: string;
  severity: number;
  text: string;
  at: Date;
}

/** Inserts an open report; undefined when the reporter already has one open on the target. */
export async function insertReport(db: Db, r: NewReport): Promise<ReportRow | undefined> {
  return db
    .insertInto('report')
    .values({
      id: r.id,
      reporter_id: r.reporterId,
      target_kind: r.targetKind,
      target_id: r.targetId,
      author_id: r.authorId,
      author_name: r.authorName,
      excerpt: r.excerpt,
      context_id: r.contextId,
      reason: r.reason,
      severity: r.severity,
      text: r.text,
      status: 'open',
      created_at: r.at,
    })
    .onConflict((oc) => oc.columns(['reporter_id', 'target_kind', 'target_id']).where(sql.ref('status'), '=', sql.lit('open')).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function reportsSince(db: Db, reporterId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('report')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ?? null };
}

export async function listByReporter(db: Db, reporterId: string, page: Page): Promise<{ rows: ReportRow[]; total: number }> {
  const q = db.selectFrom('report').where('reporter_id', '=', reporterId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset((page.page - 1) * page.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The open reports on one target, oldest first; `forUpdate` locks them for the decision. */
export async function openReportsOn(db: Db, kind: TargetKind, targetId: string, opts: { forUpdate?: boolean } = {}): Promise<ReportRow[]> {
  let q = db.selectFrom('report').selectAll().where('target_kind', '=', kind).where('target_id', '=', targetId).where('status', '=', 'open').orderBy('created_at').orderBy('id');
  if (opts.forUpdate) q = q.forUpdate();
  return q.execute();
}

export async function closeReports(db: Db, ids: string[], c: { status: Exclude<ReportStatus, 'open'>; by: string; at: Date }): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('report').set({ status: c.status, closed_by: c.by, closed_at: c.at }).where('id', 'in', ids).execute();
}

/** One entry of the queue: a reported target (its open reports grouped) or a pending review. */
export interface QueueRow {
  source: 'reports' | 'pending_review';
  target_kind: TargetKind;
  target_id: string;
  severity: number;
  since: Date;
  reports: number;
  reasons: string[];
  texts: string[];
}

/**
 * Open reports grouped per target, and pending reviews (severity 0, or the automatic signals'), most severe first, then the
 * longest waiting. One page and the total.
 */
const queueUnion = () => sql`(
    select 'reports' as source, target_kind, target_id, max(severity)::int as severity, min(created_at) as since,
           count(*)::int as reports, array_agg(distinct reason) as reasons,
           array_remove(array_agg(nullif(text, '') order by created_at), null) as texts
      from report where status = 'open' group by target_kind, target_id
    union all
    select 'pending_review', 'review', r.id,
           -- Raised by the automatic signals on its current version (review_flag), else 0.
           coalesce((select max(f.severity)::int from review_flag f where f.review_id = r.id and f.created_at >= r.updated_at), 0),
           r.updated_at, 0, array[]::text[], array[]::text[]
      from review r where r.status = 'pending' and r.deleted_at is null
  )`;

export async function queuePage(db: Db, page: Page): Promise<{ rows: QueueRow[]; total: number }> {
  const union = queueUnion();
  const rows = await sql<QueueRow>`select * from ${union} q order by severity desc, since asc, target_id asc limit ${page.limit} offset ${(page.page - 1) * page.limit}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from ${union} q`.execute(db);
  return { rows: rows.rows.map((r) => ({ ...r, since: new Date(r.since) })), total: total.rows[0]?.n ?? 0 };
}

/** The queue's size, when its longest-waiting entry came in, and the reports filed since `since` (the staff dashboard). */
export async function queueSummary(db: Db, since: Date): Promise<{ size: number; oldest: Date | null; reportsSince: number }> {
  const q = await sql<{ size: number; oldest: Date | null }>`select count(*)::int as size, min(since) as oldest from ${queueUnion()} q`.execute(db);
  const r = await db.selectFrom('report').select(sql<number>`count(*)::int`.as('n')).where('created_at', '>=', since).executeTakeFirstOrThrow();
  const oldest = q.rows[0]?.oldest;
  return { size: q.rows[0]?.size ?? 0, oldest: oldest ? new Date(oldest) : null, reportsSince: r.n };
}

/** The latest snapshot of each reported target (author, excerpt, where it lives). */
export async function latestSnapshots(db: Db, targets: { kind: TargetKind; id: string }[]): Promise<Map<string, ReportRow>> {
  if (targets.length === 0) return new Map();
  const rows = await db
    .selectFrom('report')
    .selectAll()
    .distinctOn(['target_kind', 'target_id'])
    .where((eb) => eb.or(targets.map((t) => eb.and([eb('target_kind', '=', t.kind), eb('target_id', '=', t.id)]))))
    .orderBy('target_kind')
    .orderBy('target_id')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(rows.map((r) => [`${r.target_kind}:${r.target_id}`, r]));
}

/**
 * An author's record: content of theirs removed (rejected reviews, posts and comments removed on
 * a report) and reports received.
 */
export async function authorRecords(db: Db, authorIds: string[]): Promise<Map<string, { removals: number; reports: number }>> {
  const ids = [...new Set(authorIds)];
  if (ids.length === 0) return new Map();
  const reports = await db
    .selectFrom('report')
    .select((eb) => ['author_id', eb.fn.countAll<string>().as('n')])
    .where('author_id', 'in', ids)
    .groupBy('author_id')
    .execute();
  const rejected = await db
    .selectFrom('review')
    .select((eb) => ['user_id', eb.fn.countAll<string>().as('n')])
    .where('user_id', 'in', ids)
    .where('status', '=', 'rejected')
    .groupBy('user_id')
    .execute();
  const removedOther = await db
    .selectFrom('report')
    .select(['author_id', sql<string>`count(distinct (target_kind, target_id))`.as('n')])
    .where('author_id', 'in', ids)
    .where('status', '=', 'actioned')
    .where('target_kind', 'in', ['post', 'comment'])
    .groupBy('author_id')
    .execute();
  const out = new Map(ids.map((id) => [id, { removals: 0, reports: 0 }]));
  for (const r of reports) if (r.author_id) out.get(r.author_id)!.reports = Number(r.n);
  for (const r of rejected) out.get(r.user_id)!.removals += Number(r.n);
  for (const r of removedOther) if (r.author_id) out.get(r.author_id)!.removals += Number(r.n);
  return out;
}
