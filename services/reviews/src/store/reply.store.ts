import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { Page } from './review.store.ts';
import type { ReviewStatus, ReviewsTables } from './types.ts';

type Db = Kysely<ReviewsTables>;
export type ReplyRow = Selectable<ReviewsTables['review_reply']>;
export type ReplyVersionRow = Selectable<ReviewsTables['review_reply_version']>;
/** A pending reply with the review it answers (the moderation queue shows both). */
export type QueuedReply = ReplyRow & {
  review_text: string;
  review_stars: number;
  review_username: string;
};

export const findReplyOfReview = (db: Db, reviewId: string, opts: { forUpdate?: boolean } = {}): Promise<ReplyRow | undefined> => {
  let q = db.selectFrom('review_reply').selectAll().where('review_id', '=', reviewId);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};

export const findReplyForUpdate = (db: Db, id: string): Promise<ReplyRow | undefined> =>
  db.selectFrom('review_reply').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function insertReply(
  db: Db,
  r: {
    id: string;
    reviewId: string;
    companyId: string;
    authorId: string;
    text: string;
    now: Date;
  },
): Promise<ReplyRow> {
  return db
    .insertInto('review_reply')
    .values({
      id: r.id,
      review_id: r.reviewId,
      company_id: r.companyId,
      author_id: r.authorId,
      text: r.text,
      status: 'pending',
      reject_reason: null,
      created_at: r.now,
      updated_at: r.now,
      first_published_at: null,
      moderated_at: null,
      moderated_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new version: pending again until a moderator publishes it. */
export const rewriteReply = (db: Db, id: string, r: { authorId: string; text: string; now: Date }): Promise<ReplyRow> =>
  db
    .updateTable('review_reply')
    .set({
      author_id: r.authorId,
      text: r.text,
      status: 'pending',
      reject_reason: null,
      updated_at: r.now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const setReplyDecision = (
  db: Db,
  id: string,
  d: {
    status: ReviewStatus;
    rejectReason: string | null;
    moderatorId: string;
    now: Date;
    firstPublishedAt: Date | null;
  },
): Promise<ReplyRow> =>
  db
    .updateTable('review_reply')
    .set({
      status: d.status,
      reject_reason: d.rejectReason,
      moderated_by: d.moderatorId,
      moderated_at: d.now,
      first_published_at: d.firstPublishedAt,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const insertReplyVersion = (db: Db, v: { id: string; replyId: string; authorId: string; text: string; at: Date }): Promise<ReplyVersionRow> =>
  db
    .insertInto('review_reply_version')
    .values({
      id: v.id,
      reply_id: v.replyId,
      author_id: v.authorId,
      text: v.text,
      written_at: v.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Every version of a reply, oldest first. */
export const replyVersions = (db: Db, replyId: string): Promise<ReplyVersionRow[]> =>
  db.selectFrom('review_reply_version').selectAll().where('reply_id', '=', replyId).orderBy('written_at').orderBy('id').execute();

/** The replies to these reviews, whatever their status. */
export const repliesToReviews = (db: Db, reviewIds: readonly string[]): Promise<ReplyRow[]> =>
  reviewIds.length === 0 ? Promise.resolve([]) : db.selectFrom('review_reply').selectAll().where('review_id', 'in', reviewIds).execute();

/** Pending replies to live reviews, the longest waiting first. */
export async function listPendingReplies(db: Db, page: Page): Promise<{ rows: QueuedReply[]; total: number }> {
  const base = db
    .selectFrom('review_reply as p')
    .innerJoin('review as r', 'r.id', 'p.review_id')
    .where('p.status', '=', 'pending')
    .where('r.deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll('p')
      .select(['r.text as review_text', 'r.stars as review_stars', 'r.username as review_username'])
      .orderBy('p.updated_at')
      .orderBy('p.id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * A company's published reviews written since `since`, how many have a published reply, and the
 * median time from the review's publication to the reply (seconds; null without replies).
 */
export async function replyFigures(db: Db, companyId: string, since: Date): Promise<{ reviews: number; replied: number; medianSeconds: number | null }> {
  const row = await db
    .selectFrom('review as r')
    .leftJoin('review_reply as p', (j) => j.onRef('p.review_id', '=', 'r.id').on('p.first_published_at', 'is not', null))
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'approved')
    .where('r.deleted_at', 'is', null)
    .where('r.created_at', '>=', since)
    .select([
      sql<string>`count(*)`.as('reviews'),
      sql<string>`count(p.id)`.as('replied'),
      sql<
        number | null
      >`percentile_cont(0.5) within group (order by greatest(0, extract(epoch from (p.created_at - coalesce(r.moderated_at, r.created_at))))) filter (where p.id is not null)`.as(
        'median',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    reviews: Number(row.reviews),
    replied: Number(row.replied),
    medianSeconds: row.median === null ? null : Number(row.median),
  };
}
