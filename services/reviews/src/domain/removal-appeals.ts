/**
 * Appeals against a content removal (issue 17, ADR 026). The author of a removed review appeals
 * the removal once; a moderator other than the one who removed it decides: `restore` publishes the
 * review again (the rating follows from `reviews.review.approved`, as for any publication), `uphold`
 * keeps it removed. The decision, the review and the log entry are one transaction.
 */
import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { reviewApproved } from '../events/publish.ts';
import { insertAudit, type AuditRow } from '../store/audit.store.ts';
import {
  decideRemovalAppealRow,
  findAuditEntries,
  findRemovalAppealForUpdate,
  insertRemovalAppeal,
  latestRemovals,
  listRemovalAppeals,
  removalAppealsOf,
  removedReviewIdsOf,
  type RemovalAppealRow,
} from '../store/removal-appeal.store.ts';
import { findLiveReview, findReviews, lockUser, setDecision, type ReviewRow } from '../store/review.store.ts';
import type { RemovalAppealDecision } from '../store/types.ts';
import type { RequestMeta, ReviewsContext } from './context.ts';
import { invalidInput, removalAppealDecided, removalAppealExists, removalAppealNotFound, removalAppealSameModerator, removalNotFound, removalNotInForce } from './errors.ts';
import { charCount, REASON_MAX } from './rules.ts';
import { UUID } from './reviews.ts';

type Ctx = Pick<ReviewsContext, 'db' | 'now'>;

/** The same bounds as an appeal against a sanction (identity). */
export const REMOVAL_APPEAL_TEXT = { min: 10, max: 1000 } as const;

export interface Removal {
  /** The log entry that took the content down. */
  audit: AuditRow;
  review: ReviewRow;
  appeal: RemovalAppealRow | null;
}

/**
 * The user's removals: every review of theirs still removed, and every one they appealed (a
 * restored review stays listed with its decided appeal), newest removal first.
 */
export async function removalsOf(ctx: Pick<ReviewsContext, 'db'>, userId: string): Promise<Removal[]> {
  const [removedIds, appeals] = await Promise.all([removedReviewIdsOf(ctx.db, userId), removalAppealsOf(ctx.db, userId)]);
  const [latest, appealed] = await Promise.all([latestRemovals(ctx.db, removedIds), findAuditEntries(ctx.db, appeals.map((a) => a.audit_id))]);
  const entries = new Map<string, AuditRow>([...latest.values(), ...appealed.values()].map((a) => [a.id, a]));
  const reviews = await findReviews(ctx.db, [...new Set([...entries.values()].map((a) => a.target_id))]);
  const byAudit = new Map(appeals.map((a) => [a.audit_id, a]));
  return [...entries.values()]
    .flatMap((audit) => {
      const review = reviews.get(audit.target_id);
      return review && review.deleted_at === null ? [{ audit, review, appeal: byAudit.get(audit.id) ?? null }] : [];
    })
    .sort((a, b) => b.audit.at.getTime() - a.audit.at.getTime() || b.audit.id.localeCompare(a.audit.id));
}

/** The author appeals the removal (`removalId`: its log entry) of their review while it is still removed, once. */
export async function appealRemoval(ctx: Ctx, input: { userId: string; removalId: string; text: string }): Promise<RemovalAppealRow> {
  const text = input.text.trim();
  const n = charCount(text);
  if (n < REMOVAL_APPEAL_TEXT.min || n > REMOVAL_APPEAL_TEXT.max) throw invalidInput({ text: 'appeal_length' });
  if (!UUID.test(input.removalId)) throw removalNotFound();
  const removalId = input.removalId.toLowerCase();
  return ctx.db.transaction().execute(async (trx) => {
    const audit = (await findAuditEntries(trx, [removalId])).get(removalId);
    if (!audit || audit.target_kind !== 'review' || (audit.decision !== 'reject' && audit.decision !== 'remove')) throw removalNotFound();
    await lockUser(trx, input.userId);
    const review = await findLiveReview(trx, audit.target_id, { forUpdate: true });
    // Someone else's removal is "not found" to this user.
    if (!review || review.user_id !== input.userId) throw removalNotFound();
    const current = (await latestRemovals(trx, [review.id])).get(review.id);
    if (review.status !== 'rejected' || current?.id !== audit.id) throw removalNotInForce();
    const appeal = await insertRemovalAppeal(trx, {
      id: randomUUID(),
      auditId: audit.id,
      targetKind: 'review',
      targetId: review.id,
      userId: review.user_id,
      removedBy: audit.moderator_id,
      text,
      at: ctx.now(),
    });
    if (!appeal) throw removalAppealExists();
    return appeal;
  });
}

export interface RemovalAppealInput {
  appealId: string;
  decision: RemovalAppealDecision;
  reason: string;
  moderatorId: string;
}

/**
 * A second moderator decides: `restore` publishes the review again, `uphold` keeps it removed.
 * The moderator who removed it is refused. A review changed meanwhile (edited back to pending,
 * deleted by its author) is decided but not restored.
 */
export async function decideRemovalAppeal(ctx: Ctx, input: RemovalAppealInput, meta: RequestMeta = {}): Promise<{ appeal: RemovalAppealRow; review: ReviewRow | null; audit: AuditRow; removal: AuditRow | null }> {
  const reason = input.reason.trim();
  if (reason.length === 0) throw invalidInput({ reason: 'removal_appeal_reason_required' });
  if (charCount(reason) > REASON_MAX) throw invalidInput({ reason: 'removal_appeal_reason_length' });
  if (!UUID.test(input.appealId)) throw removalAppealNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const appeal = await findRemovalAppealForUpdate(trx, input.appealId.toLowerCase());
    if (!appeal) throw removalAppealNotFound();
    if (appeal.decision !== null) throw removalAppealDecided();
    if (appeal.removed_by === input.moderatorId) throw removalAppealSameModerator();
    const now = ctx.now();
    const review = (await findLiveReview(trx, appeal.target_id, { forUpdate: true })) ?? null;
    const before = { status: review?.status ?? 'deleted', appealId: appeal.id, removalId: appeal.audit_id };
    let after: Record<string, unknown> = { status: before.status, appealId: appeal.id };
    let updated = review;
    if (input.decision === 'restore' && review?.status === 'rejected') {
      updated = await setDecision(trx, review.id, { status: 'approved', rejectReason: null, moderatorId: input.moderatorId, now });
      // As for any publication: the rating handler recomputes the company's rating from this event.
      await enqueueEvent(trx, reviewApproved(updated, input.moderatorId, now, meta.correlationId));
      after = { status: 'approved', appealId: appeal.id };
    }
    const decided = await decideRemovalAppealRow(trx, appeal.id, { decision: input.decision, by: input.moderatorId, reason, at: now });
    const audit = await insertAudit(trx, {
      id: randomUUID(),
      moderatorId: input.moderatorId,
      action: input.decision,
      targetKind: appeal.target_kind,
      targetId: appeal.target_id,
      reason,
      before,
      after,
      at: now,
    });
    const removal = (await findAuditEntries(trx, [appeal.audit_id])).get(appeal.audit_id) ?? null;
    return { appeal: decided, review: updated, audit, removal };
  });
}

export interface ListedRemovalAppeal {
  appeal: RemovalAppealRow;
  removal: AuditRow | null;
  review: ReviewRow | null;
}

/** Removal appeals for the moderators' list, each with the removal and the review. */
export async function removalAppealQueue(ctx: Pick<ReviewsContext, 'db'>, q: { open: boolean; page: number; limit: number }): Promise<{ items: ListedRemovalAppeal[]; total: number }> {
  const { rows, total } = await listRemovalAppeals(ctx.db, { open: q.open, offset: (q.page - 1) * q.limit, limit: q.limit });
  const [audits, reviews] = await Promise.all([
    findAuditEntries(
      ctx.db,
      rows.map((r) => r.audit_id),
    ),
    findReviews(
      ctx.db,
      rows.map((r) => r.target_id),
    ),
  ]);
  return { items: rows.map((appeal) => ({ appeal, removal: audits.get(appeal.audit_id) ?? null, review: reviews.get(appeal.target_id) ?? null })), total };
}
