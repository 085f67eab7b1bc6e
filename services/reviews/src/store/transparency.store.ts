import { sql, type Kysely } from '@brokerwise/sql';
import type { ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;

/** The month (UTC) of a timestamp column as `YYYY-MM`. */
const monthOf = (column: string) => sql<string>`to_char(date_trunc('month', ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM')`;

export interface MonthCount {
  month: string;
  n: number;
}
export interface DecisionCount extends MonthCount {
  decision: string;
  rule: string;
  /** On a complaint case or a message of its thread (not reviews or reported content). */
  complaint: boolean;
}
export interface HandledCount extends MonthCount {
  /** Median hours from a report to its decision; null when none was handled. */
  median_hours: number | null;
}

/** Reviews written (created) per month in [from, to). */
export async function submittedByMonth(db: Db, from: Date, to: Date): Promise<MonthCount[]> {
  return db
    .selectFrom('review')
    .select([monthOf('created_at').as('month'), sql<number>`count(*)::int`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`)
    .execute();
}

/** Every moderation decision per month, action and rule broken (the append-only log is the source). */
export async function decisionsByMonth(db: Db, from: Date, to: Date): Promise<DecisionCount[]> {
  return db
    .selectFrom('moderation_audit')
    .select([
      monthOf('at').as('month'),
      'decision',
      'rule',
      sql<boolean>`target_kind in ('complaint', 'complaint_message')`.as('complaint'),
      sql<number>`count(*)::int`.as('n'),
    ])
    .where('at', '>=', from)
    .where('at', '<', to)
    .groupBy([sql`1`, 'decision', 'rule', sql`4`])
    .execute();
}

/** Reviews automatic signals sent to the queue per month (each review once a month, however many flags). */
export async function flaggedByMonth(db: Db, from: Date, to: Date): Promise<MonthCount[]> {
  return db
    .selectFrom('review_flag')
    .select([monthOf('created_at').as('month'), sql<number>`count(distinct review_id)::int`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`)
    .execute();
}

/** Reports filed per month. */
export async function reportsReceivedByMonth(db: Db, from: Date, to: Date): Promise<MonthCount[]> {
  return db
    .selectFrom('report')
    .select([monthOf('created_at').as('month'), sql<number>`count(*)::int`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`)
    .execute();
}

/** Reports closed (dismissed or actioned) per month, and the median time they waited. */
export async function reportsHandledByMonth(db: Db, from: Date, to: Date): Promise<HandledCount[]> {
  const rows = await db
    .selectFrom('report')
    .select([
      monthOf('closed_at').as('month'),
      sql<number>`count(*)::int`.as('n'),
      sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from closed_at - created_at) / 3600)`.as('median_hours'),
    ])
    .where('status', '<>', 'open')
    .where('closed_at', '>=', from)
    .where('closed_at', '<', to)
    .groupBy(sql`1`)
    .execute();
  return rows.map((r) => ({ ...r, median_hours: r.median_hours === null ? null : Number(r.median_hours) }));
}

/** Appeals against a content removal filed per month. */
export async function removalAppealsByMonth(db: Db, from: Date, to: Date): Promise<MonthCount[]> {
  return db
    .selectFrom('removal_appeal')
    .select([monthOf('created_at').as('month'), sql<number>`count(*)::int`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`)
    .execute();
}
