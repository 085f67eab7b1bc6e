/**
 * Appeals against a content removal (issue 17, ADR 026). The author of a removed review, post or
 * comment appeals the removal once; a moderator other than the one who removed it decides:
 * `restore` publishes the content again, `uphold` keeps it removed. The decision, the content
 * (a review, here) and the log entry are one transaction, with `reviews.removal_appeal.decided`:
 * media restores a hidden post or comment from it (reviews holds no media data), notifications
 * tells the author. A review's rating follows from `reviews.review.approved`, as for any publication.
 */
import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { appealDecidedEvent, reviewApproved } from '../events/publish.ts';
import { insertAudit, type AuditRow } from '../store/audit.store.ts';
import {
  contentRemovalsOf,
  decideRemovalAppealRow,
  findAuditEntries,
  findRemovalAppealForUpdate,
  insertRemovalAppeal,
  latestContentDecisions,
  latestRemovals,
  listRemovalAppeals,
  removalAppealsOf,
  removedReviewIdsOf,
  type RemovalAppealRow,
} from '../store/removal-appeal.store.ts';
import { latestSnapshots } from '../store/report.store.ts';
import { findLiveReview, findReviews, lockUser, setDecision, type ReviewRow } from '../store/review.store.ts';
import type { RemovalAppealDecision } from '../store/types.ts';
import type { RequestMeta, ReviewsContext } from './context.ts';
import { invalidInput, removalAppealDecided, removalAppealExists, removalAppealNotFound, removalAppealSameModerator, removalNotFound, removalNotInForce } from './errors.ts';
import { charCount, REASON_MAX } from './rules.ts';
import { UUID } from './reviews.ts';

type Ctx = Pick<ReviewsContext, 'db' | 'now'>;
type Db = ReviewsContext['db'];

/** The same bounds as an appeal against a sanction (identity). */
export const REMOVAL_APPEAL_TEXT = { min: 10, max: 1000 } as const;

/**
 * The removed content as the lists show it. `status`: a review's own; a post or comment is
 * `rejected` while removed and `approved` once restored; `deleted` when the review is gone.
 */
export interface RemovedTarget {
  excerpt: string;
  /** The company of a review; `<post kind>:<post id>` of a post or comment (where it is shown). */
  contextId: string | null;
  status: ReviewRow['status'] | 'deleted';
}

export interface Removal {
  /** The log entry that took the content down. */
  audit: AuditRow;
  target: RemovedTarget;
  appeal: RemovalAppealRow | null;
}

const reviewTarget = (review: ReviewRow | undefined): RemovedTarget =>
  review && review.deleted_at === null ? { excerpt: review.text, contextId: review.company_id, status: review.status } : { excerpt: review?.text ?? '', contextId: review?.company_id ?? null, status: 'deleted' };

const isContent = (a: Pick<AuditRow, 'target_kind'>): a is AuditRow & { target_kind: 'post' | 'comment' } => a.target_kind === 'post' || a.target_kind === 'comment';
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Posts and comments as their removals recorded them (the report's snapshot: excerpt, author,
 * where it was shown), with whether a restore followed; by removal (log entry) id.
 */
async function contentTargets(db: Db, removals: readonly AuditRow[]): Promise<Map<string, RemovedTarget>> {
  const content = removals.filter(isContent);
  const [latest, snapshots] = await Promise.all([
    latestContentDecisions(
      db,
      content.map((a) => a.target_id),
    ),
    latestSnapshots(
      db,
      content.filter((a) => !str(a.before.contextId)).map((a) => ({ kind: a.target_kind, id: a.target_id })),
    ),
  ]);
  return new Map(
    content.map((a) => [
      a.id,
      {
        excerpt: str(a.before.excerpt),
        contextId: str(a.before.contextId) || (snapshots.get(`${a.target_kind}:${a.target_id}`)?.context_id ?? null),
        status: latest.get(a.target_id)?.decision === 'restore' ? 'approved' : 'rejected',
      },
    ]),
  );
}

/**
 * The user's removals: every review of theirs still removed, the latest removal of each post or
 * comment of theirs, and every one they appealed (restored content stays listed with its decided
 * appeal), newest removal first.
 */
export async function removalsOf(ctx: Pick<ReviewsContext, 'db'>, userId: string): Promise<Removal[]> {
  const [removedIds, appeals, content] = await Promise.all([removedReviewIdsOf(ctx.db, userId), removalAppealsOf(ctx.db, userId), contentRemovalsOf(ctx.db, userId)]);
  const byAudit = new Map(appeals.map((a) => [a.audit_id, a]));
  const [latest, appealed] = await Promise.all([latestRemovals(ctx.db, removedIds), findAuditEntries(ctx.db, appeals.map((a) => a.audit_id))]);
  const reviewEntries = [...latest.values(), ...[...appealed.values()].filter((a) => a.target_kind === 'review')];
  const reviews = await findReviews(ctx.db, [...new Set(reviewEntries.map((a) => a.target_id))]);
  // Newest first: the first removal of a target is its latest; older ones only when appealed.
  const seen = new Set<string>();
  const contentEntries = content.filter((a) => (seen.has(a.target_id) ? byAudit.has(a.id) : seen.add(a.target_id)));
  const targets = await contentTargets(ctx.db, contentEntries);
  const entries = new Map<string, Removal>();
  for (const audit of reviewEntries) {
    const review = reviews.get(audit.target_id);
    if (review && review.deleted_at === null) entries.set(audit.id, { audit, target: reviewTarget(review), appeal: byAudit.get(audit.id) ?? null });
  }
  for (const audit of contentEntries) entries.set(audit.id, { audit, target: targets.get(audit.id)!, appeal: byAudit.get(audit.id) ?? null });
  return [...entries.values()].sort((a, b) => b.audit.at.getTime() - a.audit.at.getTime() || b.audit.id.localeCompare(a.audit.id));
}

/** The review the removal took down, when it is the author's and still removed by it (else refused). */
async function reviewInForce(trx: Db, audit: AuditRow, userId: string): Promise<{ userId: string }> {
  if (audit.decision !== 'reject' && audit.decision !== 'remove') throw removalNotFound();
  const review = await findLiveReview(trx, audit.target_id, { forUpdate: true });
  // Someone else's removal is "not found" to this user.
  if (!review || review.user_id !== userId) throw removalNotFound();
  const current = (await latestRemovals(trx, [review.id])).get(review.id);
  if (review.status !== 'rejected' || current?.id !== audit.id) throw removalNotInForce();
  return { userId: review.user_id };
}

/** Whether this removal of a post or comment is what keeps it hidden (no restore, no newer removal since). */
const contentInForce = async (db: Db, audit: AuditRow) => (await latestContentDecisions(db, [audit.target_id])).get(audit.target_id)?.id === audit.id;

/** The author appeals the removal (`removalId`: its log entry) of their review, post or comment while it is still removed, once. */
export async function appealRemoval(ctx: Ctx, input: { userId: string; removalId: string; text: string }): Promise<RemovalAppealRow> {
  const text = input.text.trim();
  const n = charCount(text);
  if (n < REMOVAL_APPEAL_TEXT.min || n > REMOVAL_APPEAL_TEXT.max) throw invalidInput({ text: 'appeal_length' });
  if (!UUID.test(input.removalId)) throw removalNotFound();
  const removalId = input.removalId.toLowerCase();
  return ctx.db.transaction().execute(async (trx) => {
    const audit = (await findAuditEntries(trx, [removalId])).get(removalId);
    // Reviews, posts and comments are appealed here; complaint decisions are not removals of one's content.
    if (!audit || (audit.target_kind !== 'review' && audit.target_kind !== 'post' && audit.target_kind !== 'comment')) throw removalNotFound();
    await lockUser(trx, input.userId);
    if (audit.target_kind === 'review') await reviewInForce(trx, audit, input.userId);
    else {
      // The author the removal recorded (from the report's snapshot); anyone else's is "not found".
      if (audit.decision !== 'remove' || str(audit.before.authorId) !== input.userId) throw removalNotFound();
      if (!(await contentInForce(trx, audit))) throw removalNotInForce();
    }
    const appeal = await insertRemovalAppeal(trx, {
      id: randomUUID(),
      auditId: audit.id,
      targetKind: audit.target_kind,
      targetId: audit.target_id,
      userId: input.userId,
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

export interface DecidedRemovalAppeal {
  appeal: RemovalAppealRow;
  review: ReviewRow | null;
  target: RemovedTarget;
  audit: AuditRow;
  removal: AuditRow | null;
}

/**
 * A second moderator decides: `restore` publishes the content again, `uphold` keeps it removed.
 * The moderator who removed it is refused. A review changed meanwhile (edited back to pending,
 * deleted by its author) is decided but not restored; a post or comment removed again since is
 * decided but not restored either (the newer removal is appealed on its own).
 */
export async function decideRemovalAppeal(ctx: Ctx, input: RemovalAppealInput, meta: RequestMeta = {}): Promise<DecidedRemovalAppeal> {
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
    const removal = (await findAuditEntries(trx, [appeal.audit_id])).get(appeal.audit_id) ?? null;
    let review: ReviewRow | null = null;
    let before: Record<string, unknown>;
    let after: Record<string, unknown>;
    let restored = false;
    if (appeal.target_kind === 'review') {
      review = (await findLiveReview(trx, appeal.target_id, { forUpdate: true })) ?? null;
      before = { status: review?.status ?? 'deleted', appealId: appeal.id, removalId: appeal.audit_id };
      after = { status: before.status, appealId: appeal.id };
      if (input.decision === 'restore' && review?.status === 'rejected') {
        review = await setDecision(trx, review.id, { status: 'approved', rejectReason: null, moderatorId: input.moderatorId, now });
        // As for any publication: the rating handler recomputes the company's rating from this event.
        await enqueueEvent(trx, reviewApproved(review, input.moderatorId, now, meta.correlationId));
        after = { status: 'approved', appealId: appeal.id };
        restored = true;
      }
    } else {
      const inForce = removal !== null && (await contentInForce(trx, removal));
      before = { status: inForce ? 'removed' : 'restored', appealId: appeal.id, removalId: appeal.audit_id };
      restored = input.decision === 'restore' && inForce;
      after = { status: restored ? 'restored' : before.status, appealId: appeal.id };
    }
    const decided = await decideRemovalAppealRow(trx, appeal.id, { decision: input.decision, by: input.moderatorId, reason, at: now });
    const audit = await insertAudit(trx, {
      id: randomUUID(),
      moderatorId: input.moderatorId,
      action: input.decision,
      targetKind: appeal.target_kind,
      targetId: appeal.target_id,
      reason,
      rule: removal?.rule ?? '',
      before,
      after,
      at: now,
    });
    const target = appeal.target_kind === 'review' ? reviewTarget(review ?? undefined) : (await contentTargets(trx, removal ? [removal] : [])).get(appeal.audit_id) ?? { excerpt: '', contextId: null, status: 'rejected' as const };
    await enqueueEvent(trx, appealDecidedEvent(decided, { restored, rule: removal?.rule ?? '', excerpt: target.excerpt, contextId: target.contextId ?? '' }, meta.correlationId));
    return { appeal: decided, review, target, audit, removal };
  });
}

export interface ListedRemovalAppeal {
  appeal: RemovalAppealRow;
  removal: AuditRow | null;
  review: ReviewRow | null;
  target: RemovedTarget;
}

/** Removal appeals for the moderators' list, each with the removal and the content. */
export async function removalAppealQueue(ctx: Pick<ReviewsContext, 'db'>, q: { open: boolean; page: number; limit: number }): Promise<{ items: ListedRemovalAppeal[]; total: number }> {
  const { rows, total } = await listRemovalAppeals(ctx.db, { open: q.open, offset: (q.page - 1) * q.limit, limit: q.limit });
  const [audits, reviews] = await Promise.all([
    findAuditEntries(
      ctx.db,
      rows.map((r) => r.audit_id),
    ),
    findReviews(
      ctx.db,
      rows.filter((r) => r.target_kind === 'review').map((r) => r.target_id),
    ),
  ]);
  const content = await contentTargets(ctx.db, [...audits.values()]);
  return {
    items: rows.map((appeal) => {
      const review = reviews.get(appeal.target_id) ?? null;
      const target = appeal.target_kind === 'review' ? reviewTarget(review ?? undefined) : (content.get(appeal.audit_id) ?? { excerpt: '', contextId: null, status: 'rejected' as const });
      return { appeal, removal: audits.get(appeal.audit_id) ?? null, review, target };
    }),
    total,
  };
}
