import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { reviewApproved, reviewRejected } from '../events/publish.ts';
import { auditOf, insertAudit, type AuditRow } from '../store/audit.store.ts';
import { findLiveReview, listPending, setDecision, type Page, type ReviewRow } from '../store/review.store.ts';
import type { Decision } from '../store/types.ts';
import type { ReviewsContext, RequestMeta } from './context.ts';
import { alreadyModerated, reviewNotFound } from './errors.ts';
import { validateReason } from './rules.ts';
import { UUID } from './reviews.ts';

export const moderationQueue = (ctx: Pick<ReviewsContext, 'db'>, page: Page) => listPending(ctx.db, page);

export interface DecisionInput {
  reviewId: string;
  moderatorId: string;
  decision: Decision;
  /** Required to reject (the author is told), optional note to approve; ≤ 500 characters. */
  reason?: string | undefined;
}

/**
 * An admin's decision on a review: pending → approved|rejected, and a published review may be
 * taken down (approved → rejected) or a rejection reversed. Asking for the status the review
 * already has is a conflict. The decision, the audit row (who, when, why) and the event are
 * written in one transaction. Authorising the moderator is the gateway's job.
 */
export async function decide(ctx: Pick<ReviewsContext, 'db' | 'now'>, input: DecisionInput, meta: RequestMeta = {}): Promise<{ review: ReviewRow; audit: AuditRow }> {
  const reason = validateReason(input.decision, input.reason);
  if (!UUID.test(input.reviewId)) throw reviewNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const review = await findLiveReview(trx, input.reviewId, { forUpdate: true });
    if (!review) throw reviewNotFound();
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    if (review.status === status) throw alreadyModerated(status);
    const now = ctx.now();
    const audit = await insertAudit(trx, {
      id: randomUUID(),
      moderatorId: input.moderatorId,
      action: input.decision,
      targetKind: 'review',
      targetId: review.id,
      reason,
      before: { status: review.status },
      after: { status },
      at: now,
    });
    const updated = await setDecision(trx, review.id, { status, rejectReason: status === 'rejected' ? reason : null, moderatorId: input.moderatorId, now });
    await enqueueEvent(
      trx,
      status === 'approved' ? reviewApproved(updated, input.moderatorId, now, meta.correlationId) : reviewRejected(updated, input.moderatorId, reason, now, meta.correlationId),
    );
    return { review: updated, audit };
  });
}

export async function moderationHistory(ctx: Pick<ReviewsContext, 'db'>, reviewId: string): Promise<AuditRow[]> {
  if (!UUID.test(reviewId)) throw reviewNotFound();
  return auditOf(ctx.db, reviewId);
}
