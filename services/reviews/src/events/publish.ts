import { encodeEvent, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import type { ComplaintMessageRow, ComplaintRow } from '../store/complaint.store.ts';
import type { RatingRow } from '../store/rating.store.ts';
import type { RemovalAppealRow } from '../store/removal-appeal.store.ts';
import type { ReplyRow } from '../store/reply.store.ts';
import type { ReviewRow } from '../store/review.store.ts';

const PRODUCER = 'reviews';

const meta = (correlationId: string | undefined, occurredAt: Date) => ({ producer: PRODUCER, occurredAt, ...(correlationId ? { correlationId } : {}) });

/** `reviews.review.submitted`: created or edited, pending either way. */
export function reviewSubmitted(row: ReviewRow, edit: { edited: boolean; wasApproved: boolean }, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'reviews.review.submitted',
    {
      reviewId: row.id,
      companyId: row.company_id,
      userId: row.user_id,
      stars: row.stars,
      pending: true,
      submittedAt: timestampFromDate(row.updated_at),
      edited: edit.edited,
      wasApproved: edit.wasApproved,
    },
    meta(correlationId, row.updated_at),
  );
}

export function reviewApproved(row: ReviewRow, moderatorId: string, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'reviews.review.approved',
    { reviewId: row.id, companyId: row.company_id, userId: row.user_id, stars: row.stars, moderatorId, approvedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

/** `rule`: the rule of the terms broken, when the review was removed after a report. */
export function reviewRejected(row: ReviewRow, moderatorId: string, reason: string, at: Date, correlationId: string | undefined, rule = ''): EncodedEvent {
  return encodeEvent(
    'reviews.review.rejected',
    { reviewId: row.id, companyId: row.company_id, userId: row.user_id, stars: row.stars, moderatorId, reason, rejectedAt: timestampFromDate(at), rule },
    meta(correlationId, at),
  );
}

export function reviewDeleted(row: ReviewRow, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'reviews.review.deleted',
    { reviewId: row.id, companyId: row.company_id, userId: row.user_id, wasApproved: row.status === 'approved', deletedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

/** `reviews.content.removed`: a reported post or comment was removed (media deleted it); its author is told. */
export function contentRemoved(
  c: { targetKind: 'post' | 'comment'; targetId: string; authorId: string; moderatorId: string; reason: string; rule: string; excerpt: string },
  at: Date,
  correlationId: string | undefined,
): EncodedEvent {
  return encodeEvent('reviews.content.removed', { ...c, removedAt: timestampFromDate(at) }, meta(correlationId, at));
}

/**
 * `reviews.removal_appeal.decided`: a second moderator restored the content or kept it removed;
 * media shows a restored post or comment again, notifications tells the author.
 */
export function appealDecidedEvent(
  a: RemovalAppealRow,
  c: { restored: boolean; rule: string; excerpt: string; contextId: string },
  correlationId: string | undefined,
): EncodedEvent {
  const at = a.decided_at ?? new Date();
  return encodeEvent(
    'reviews.removal_appeal.decided',
    {
      appealId: a.id,
      removalId: a.audit_id,
      targetKind: a.target_kind,
      targetId: a.target_id,
      userId: a.user_id,
      decision: a.decision ?? '',
      restored: c.restored,
      moderatorId: a.decided_by ?? '',
      reason: a.decision_reason ?? '',
      rule: c.rule,
      excerpt: c.excerpt,
      contextId: c.contextId,
      decidedAt: timestampFromDate(at),
    },
    meta(correlationId, at),
  );
}

/** `reviews.rating.changed` from the row as committed (version included). */
export function ratingChanged(row: RatingRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'reviews.rating.changed',
    {
      companyId: row.company_id,
      score: row.score,
      displayScore: row.display_score,
      approvedCount: row.approved_count,
      distribution: [row.d1, row.d2, row.d3, row.d4, row.d5],
      computedAt: timestampFromDate(row.computed_at),
      version: BigInt(row.version),
    },
    meta(correlationId, row.computed_at),
  );
}

/** `reviews.reply.published`: a moderator published a company's reply; `reviewerId` is told. */
export function replyPublished(row: ReplyRow, reviewerId: string, edited: boolean, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'reviews.reply.published',
    { replyId: row.id, reviewId: row.review_id, companyId: row.company_id, reviewerId, representativeId: row.author_id, edited, publishedAt: timestampFromDate(at), excerpt: [...row.text].slice(0, 200).join('') },
    meta(correlationId, at),
  );
}

const excerptOf = (text: string) => [...text].slice(0, 200).join('');

/** `reviews.complaint.published`: the company's representatives are told; its clock starts. */
export function complaintPublished(row: ComplaintRow, representativeIds: readonly string[], correlationId: string | undefined): EncodedEvent {
  const at = row.published_at ?? row.updated_at;
  return encodeEvent(
    'reviews.complaint.published',
    {
      complaintId: row.id,
      companyId: row.company_id,
      authorId: row.user_id,
      representativeIds: [...representativeIds],
      ...(row.due_at ? { dueAt: timestampFromDate(row.due_at) } : {}),
      publishedAt: timestampFromDate(at),
      category: row.category,
    },
    meta(correlationId, at),
  );
}

/** `reviews.complaint.message_posted`: the other side of the case is told. */
export function complaintMessagePosted(row: ComplaintRow, message: ComplaintMessageRow, recipientIds: readonly string[], correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'reviews.complaint.message_posted',
    {
      complaintId: row.id,
      companyId: row.company_id,
      messageId: message.id,
      writerId: message.author_id,
      fromCompany: message.side === 'company',
      recipientIds: [...recipientIds],
      postedAt: timestampFromDate(message.created_at),
      excerpt: excerptOf(message.text),
      status: row.status,
      ...(row.due_at ? { dueAt: timestampFromDate(row.due_at) } : {}),
    },
    meta(correlationId, message.created_at),
  );
}

/**
 * `reviews.complaint.closed`: resolved, unresolved (by the user or the company's clock), lapsed (the
 * author's clock) or withdrawn. `clockDays`: the length of the clock that ran out, for the notices.
 */
export function complaintClosed(row: ComplaintRow, correlationId: string | undefined, clockDays = 0): EncodedEvent {
  const at = row.closed_at ?? row.updated_at;
  return encodeEvent(
    'reviews.complaint.closed',
    {
      complaintId: row.id,
      companyId: row.company_id,
      authorId: row.user_id,
      status: row.status,
      closedBy: row.closed_by ?? 'user',
      closedAt: timestampFromDate(at),
      representativeIds: [...row.representative_ids],
      clockDays,
    },
    meta(correlationId, at),
  );
}

/** `reviews.complaint.reminded`: the open case's clock has `daysLeft` working days left; its side is reminded once. */
export function complaintReminded(row: ComplaintRow, dueAt: Date, daysLeft: number, at: Date): EncodedEvent {
  return encodeEvent(
    'reviews.complaint.reminded',
    {
      complaintId: row.id,
      companyId: row.company_id,
      authorId: row.user_id,
      status: row.status,
      representativeIds: [...row.representative_ids],
      dueAt: timestampFromDate(dueAt),
      workingDaysLeft: daysLeft,
      remindedAt: timestampFromDate(at),
    },
    meta(undefined, at),
  );
}
