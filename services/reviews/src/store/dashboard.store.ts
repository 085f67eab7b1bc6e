import { sql, type Kysely } from '@brokerwise/sql';
import type { ComplaintRow } from './complaint.store.ts';
import type { ReviewStatus, ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;

/** One calendar month (UTC) of a company's published reviews. */
export interface TrendMonth {
  /** `YYYY-MM`. */
  month: string;
  reviews: number;
  /** Mean stars of the month's reviews; null when it had none. */
  average: number | null;
}

/**
 * A company's published reviews per calendar month (UTC, by when they were written), the `months`
 * months ending with the one `now` is in, oldest first; months without reviews are listed empty.
 */
export async function ratingTrend(db: Db, companyId: string, now: Date, months: number): Promise<TrendMonth[]> {
  const { rows } = await sql<{ month: string; reviews: string; average: string | null }>`
    with m as (
      select generate_series(
        date_trunc('month', ${now}::timestamptz at time zone 'UTC') - make_interval(months => ${months - 1}),
        date_trunc('month', ${now}::timestamptz at time zone 'UTC'),
        interval '1 month') as start
    )
    select to_char(m.start, 'YYYY-MM') as month, count(r.id) as reviews, round(avg(r.stars)::numeric, 2) as average
      from m
      left join review r
        on r.company_id = ${companyId}
       and r.status = 'approved'
       and r.deleted_at is null
       and r.created_at >= m.start at time zone 'UTC'
       and r.created_at < (m.start + interval '1 month') at time zone 'UTC'
     group by m.start
     order by m.start`.execute(db);
  return rows.map((r) => ({ month: r.month, reviews: Number(r.reviews), average: r.average === null ? null : Number(r.average) }));
}

/** A published review of the company with its reply (any status), if the company wrote one. */
export interface LatestReview {
  id: string;
  username: string;
  stars: number;
  text: string;
  createdAt: Date;
  replyId: string | null;
  replyStatus: ReviewStatus | null;
}

/** The company's newest published reviews, each with whether (and how) it was replied to. */
export async function latestReviews(db: Db, companyId: string, limit: number): Promise<LatestReview[]> {
  const rows = await db
    .selectFrom('review as r')
    .leftJoin('review_reply as p', 'p.review_id', 'r.id')
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'approved')
    .where('r.deleted_at', 'is', null)
    .select(['r.id', 'r.username', 'r.stars', 'r.text', 'r.created_at', 'p.id as reply_id', 'p.status as reply_status'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, stars: r.stars, text: r.text, createdAt: r.created_at, replyId: r.reply_id, replyStatus: r.reply_status }));
}

/** The company's cases still open (awaiting it or the author), the nearest deadline first. */
export const openComplaintsOf = (db: Db, companyId: string, limit: number): Promise<ComplaintRow[]> =>
  db
    .selectFrom('complaint')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', 'in', ['awaiting_company', 'awaiting_user'])
    .orderBy(sql`due_at asc nulls last`)
    .orderBy('published_at')
    .limit(limit)
    .execute();
