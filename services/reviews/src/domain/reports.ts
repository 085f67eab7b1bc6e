import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { contentRemoved, reviewRejected } from '../events/publish.ts';
import { insertAudit, listAudit, type AuditFilter, type AuditRow } from '../store/audit.store.ts';
import {
  authorRecords,
  closeReports,
  insertReport,
  latestSnapshots,
  listByReporter,
  openReportsOn,
  queuePage,
  reportsSince,
  type QueueRow,
  type ReportRow,
} from '../store/report.store.ts';
import { currentFlags, type FlagRow } from '../store/signal.store.ts';
import { findLiveReview, findReviews, lockUser, setDecision, type Page, type ReviewRow } from '../store/review.store.ts';
import type { TargetKind } from '../store/types.ts';
import type { ReviewsContext, RequestMeta } from './context.ts';
import { alreadyReported, invalidInput, nothingToDecide, profileNotRemovable, reportLimit, targetNotFound } from './errors.ts';
import { charCount, REASON_MAX } from './rules.ts';
import { UUID } from './reviews.ts';

/**
 * The fixed list of report reasons (issue 17) and how urgent each is in the queue: content that
 * may be illegal or exposes someone's personal data first, then abuse, fake reviews, spam, other.
 * Pending reviews (no report) come after every report (severity 0).
 */
export const REPORT_REASONS = {
  illegal: 5,
  personal_data: 5,
  abuse: 4,
  fake_review: 3,
  conflict_of_interest: 3,
  spam: 2,
  other: 1,
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const isReportReason = (s: string): s is ReportReason => Object.hasOwn(REPORT_REASONS, s);

export const REPORT_TEXT_MIN = 10;
export const REPORT_TEXT_MAX = 500;
const EXCERPT_MAX = 300;
const HOUR_MS = 3_600_000;

export interface ReportContext extends Pick<ReviewsContext, 'db' | 'now'> {
  /** Reports one user may file per rolling hour. */
  reportsPerHour: number;
}

/** What the gateway read of a post, comment or profile when it was reported (reviews are read here). */
export interface TargetSnapshot {
  authorId: string;
  authorName: string;
  excerpt: string;
  contextId: string | null;
}

export interface ReportInput {
  reporterId: string;
  targetKind: TargetKind;
  targetId: string;
  reason: string;
  text?: string | undefined;
  snapshot?: TargetSnapshot | undefined;
}

const excerptOf = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return charCount(flat) > EXCERPT_MAX ? `${[...flat].slice(0, EXCERPT_MAX - 1).join('')}…` : flat;
};

/** "Other" needs 10–500 characters of explanation; any other reason takes up to 500 optionally. */
export function validateReport(reason: string, text: string | undefined): { reason: ReportReason; text: string } {
  const t = (text ?? '').trim();
  const fields: Record<string, string> = {};
  if (!isReportReason(reason)) fields.reason = 'report_reason';
  if (reason === 'other' && t.length === 0) fields.text = 'report_text_required';
  else if (charCount(t) > REPORT_TEXT_MAX || (reason === 'other' && charCount(t) < REPORT_TEXT_MIN)) fields.text = 'report_text_length';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return { reason: reason as ReportReason, text: t };
}

/**
 * A signed-in user reports a published review, a post, a comment or a profile. One open report
 * per user and target (409); at most `reportsPerHour` a rolling hour (429); one's own content
 * cannot be reported. Reports from one user are serialised so the limit holds under concurrency.
 */
export async function fileReport(ctx: ReportContext, input: ReportInput): Promise<ReportRow> {
  const { reason, text } = validateReport(input.reason, input.text);
  if (!UUID.test(input.targetId)) throw targetNotFound();
  const targetId = input.targetId.toLowerCase();
  return ctx.db.transaction().execute(async (trx) => {
    let snapshot = input.snapshot;
    if (input.targetKind === 'review') {
      const review = await findLiveReview(trx, targetId);
      // Only published reviews are public, so only they can be reported.
      if (review?.status !== 'approved') throw targetNotFound();
      snapshot = { authorId: review.user_id, authorName: review.username, excerpt: review.text, contextId: review.company_id };
    }
    if (!snapshot) throw targetNotFound();
    if (snapshot.authorId === input.reporterId) throw invalidInput({ targetId: 'own_content' });

    await lockUser(trx, input.reporterId);
    const now = ctx.now();
    const recent = await reportsSince(trx, input.reporterId, new Date(now.getTime() - HOUR_MS));
    if (recent.count >= ctx.reportsPerHour) {
      const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + HOUR_MS;
      throw reportLimit(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)), ctx.reportsPerHour);
    }
    const row = await insertReport(trx, {
      id: randomUUID(),
      reporterId: input.reporterId,
      targetKind: input.targetKind,
      targetId,
      authorId: snapshot.authorId,
      authorName: snapshot.authorName,
      excerpt: excerptOf(snapshot.excerpt),
      contextId: snapshot.contextId,
      reason,
      severity: REPORT_REASONS[reason],
      text,
      at: now,
    });
    if (!row) throw alreadyReported();
    return row;
  });
}

export const reporterReports = (ctx: Pick<ReviewsContext, 'db'>, reporterId: string, page: Page) => listByReporter(ctx.db, reporterId, page);

export interface QueueItem extends QueueRow {
  excerpt: string;
  author: { id: string; name: string } | null;
  /** The company of a review, the post of a comment. */
  contextId: string | null;
  /** The review's current status (review targets). */
  reviewStatus: ReviewRow['status'] | null;
  record: { removals: number; reports: number };
  /** Why the automatic signals raised it (pending reviews), oldest first. */
  signals: Pick<FlagRow, 'kind' | 'details'>[];
}

/** One queue: reported targets and pending reviews, most severe first, then the oldest. */
export async function moderationWork(ctx: Pick<ReviewsContext, 'db'>, page: Page): Promise<{ items: QueueItem[]; total: number }> {
  const { rows, total } = await queuePage(ctx.db, page);
  const reported = rows.filter((r) => r.source === 'reports');
  const [snapshots, reviews] = await Promise.all([
    latestSnapshots(
      ctx.db,
      reported.map((r) => ({ kind: r.target_kind, id: r.target_id })),
    ),
    findReviews(
      ctx.db,
      rows.filter((r) => r.target_kind === 'review').map((r) => r.target_id),
    ),
  ]);
  const base = rows.map((r) => {
    const snap = snapshots.get(`${r.target_kind}:${r.target_id}`);
    const review = r.target_kind === 'review' ? reviews.get(r.target_id) : undefined;
    const authorId = review?.user_id ?? snap?.author_id ?? null;
    return {
      ...r,
      excerpt: review ? excerptOf(review.text) : (snap?.excerpt ?? ''),
      author: authorId ? { id: authorId, name: review?.username ?? snap?.author_name ?? '' } : null,
      contextId: review?.company_id ?? snap?.context_id ?? null,
      reviewStatus: review?.status ?? null,
    };
  });
  const [records, flags] = await Promise.all([
    authorRecords(
      ctx.db,
      base.flatMap((b) => (b.author ? [b.author.id] : [])),
    ),
    currentFlags(
      ctx.db,
      rows.filter((r) => r.target_kind === 'review').map((r) => r.target_id),
    ),
  ]);
  return {
    items: base.map((b) => ({
      ...b,
      record: (b.author && records.get(b.author.id)) || { removals: 0, reports: 0 },
      signals: (b.target_kind === 'review' ? (flags.get(b.target_id) ?? []) : []).map((f) => ({ kind: f.kind, details: f.details })),
    })),
    total,
  };
}

export interface ReportDecisionInput {
  targetKind: TargetKind;
  targetId: string;
  action: 'dismiss' | 'remove';
  moderatorId: string;
  /** Told to the author on removal (required then), 1–500 characters. */
  reason?: string | undefined;
  /** The rule broken: one of the report reasons' codes (required to remove). */
  rule?: string | undefined;
}

/**
 * A moderator's decision on a reported target. Dismiss closes its open reports. Remove takes the
 * content down — a review is rejected here (the rating is recomputed from the event, as for any
 * rejection); a post or comment the gateway has already hidden in media — closes the reports as
 * actioned and tells the author why. The audit entry, the reports and the event are one transaction.
 */
export async function decideReports(ctx: Pick<ReviewsContext, 'db' | 'now'>, input: ReportDecisionInput, meta: RequestMeta = {}): Promise<{ audit: AuditRow; closed: number }> {
  const reason = (input.reason ?? '').trim();
  const rule = input.rule ?? '';
  const fields: Record<string, string> = {};
  if (input.action === 'remove' && reason.length === 0) fields.reason = 'removal_reason_required';
  else if (charCount(reason) > REASON_MAX) fields.reason = 'removal_reason_length';
  if (input.action === 'remove' ? !isReportReason(rule) : rule !== '' && !isReportReason(rule)) fields.rule = 'removal_rule';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  if (!UUID.test(input.targetId)) throw nothingToDecide();
  if (input.action === 'remove' && input.targetKind === 'profile') throw profileNotRemovable();
  const targetId = input.targetId.toLowerCase();

  return ctx.db.transaction().execute(async (trx) => {
    const open = await openReportsOn(trx, input.targetKind, targetId, { forUpdate: true });
    if (open.length === 0) throw nothingToDecide();
    const now = ctx.now();
    const latest = open[open.length - 1]!;
    const before: Record<string, unknown> = { reports: open.length, reasons: [...new Set(open.map((r) => r.reason))], excerpt: latest.excerpt, authorId: latest.author_id };
    let after: Record<string, unknown>;

    if (input.action === 'dismiss') {
      after = { reports: 'dismissed' };
    } else if (input.targetKind === 'review') {
      const review = await findLiveReview(trx, targetId, { forUpdate: true });
      before.status = review?.status ?? 'deleted';
      if (review && review.status !== 'rejected') {
        const updated = await setDecision(trx, review.id, { status: 'rejected', rejectReason: reason, moderatorId: input.moderatorId, now });
        await enqueueEvent(trx, reviewRejected(updated, input.moderatorId, reason, now, meta.correlationId, rule));
      }
      after = { reports: 'actioned', status: review ? 'rejected' : 'deleted' };
    } else {
      // Media hid it (ADR 026); where it was shown, so its author's removals list can link to it once restored.
      before.contextId = latest.context_id;
      if (latest.author_id) {
        const kind = input.targetKind === 'post' ? 'post' : 'comment';
        await enqueueEvent(trx, contentRemoved({ targetKind: kind, targetId, authorId: latest.author_id, moderatorId: input.moderatorId, reason, rule, excerpt: latest.excerpt }, now, meta.correlationId));
      }
      after = { reports: 'actioned', removed: true };
    }

    await closeReports(
      trx,
      open.map((r) => r.id),
      { status: input.action === 'dismiss' ? 'dismissed' : 'actioned', by: input.moderatorId, at: now },
    );
    const audit = await insertAudit(trx, {
      id: randomUUID(),
      moderatorId: input.moderatorId,
      action: input.action,
      targetKind: input.targetKind,
      targetId,
      reason,
      rule,
      before,
      after,
      at: now,
    });
    return { audit, closed: open.length };
  });
}

export const auditLog = (ctx: Pick<ReviewsContext, 'db'>, filter: AuditFilter, page: Page) => listAudit(ctx.db, filter, page);
