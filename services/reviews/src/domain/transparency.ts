import { monthRange } from '@brokerwise/service-kit';
import { queueSummary } from '../store/report.store.ts';
import { decisionsByMonth, flaggedByMonth, removalAppealsByMonth, reportsHandledByMonth, reportsReceivedByMonth, submittedByMonth } from '../store/transparency.store.ts';
import type { ReviewsContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** One month of the public transparency report, as this service counts it. */
export interface ModerationMonth {
  month: string;
  /** Reviews written (new ones; an edit is not a new review). */
  submitted: number;
  /** Approval decisions: a review edited after publication is moderated and counted again. */
  published: number;
  /** Reviews rejected and content removed on a report, per rule broken ('' when none was named). */
  removed: { total: number; byRule: Record<string, number> };
  reportsReceived: number;
  reportsHandled: number;
  medianHoursToHandle: number | null;
  /**
   * Who decided. Automatic signals only send content to the queue (issue 17: nothing is removed
   * silently), so every entry of the log is a moderator's: `automatic` stays 0 by design.
   */
  decisions: { automatic: number; human: number };
  /** Reviews automatic signals sent to the queue (review_flag): flagged for a person, not decided. */
  flagged: number;
  /** Appeals against a content removal: filed, and decided by a second moderator (restored or kept removed). */
  contentAppeals: { received: number; restored: number; kept: number };
}

/** Per month from `from` to `to` (YYYY-MM, inclusive), months without activity as zeros. */
export async function moderationByMonth(ctx: Pick<ReviewsContext, 'db'>, from: string, to: string): Promise<ModerationMonth[]> {
  const range = monthRange(from, to);
  if (!range) throw invalidInput({ to: 'month_range' });
  const { start, end } = range;
  const [submitted, decisions, received, handled, flagged, appeals] = await Promise.all([
    submittedByMonth(ctx.db, start, end),
    decisionsByMonth(ctx.db, start, end),
    reportsReceivedByMonth(ctx.db, start, end),
    reportsHandledByMonth(ctx.db, start, end),
    flaggedByMonth(ctx.db, start, end),
    removalAppealsByMonth(ctx.db, start, end),
  ]);
  const byMonth = new Map<string, ModerationMonth>(
    range.months.map((month) => [
      month,
      { month, submitted: 0, published: 0, removed: { total: 0, byRule: {} }, reportsReceived: 0, reportsHandled: 0, medianHoursToHandle: null, decisions: { automatic: 0, human: 0 }, flagged: 0, contentAppeals: { received: 0, restored: 0, kept: 0 } },
    ]),
  );
  const at = (month: string) => byMonth.get(month)!;
  for (const r of submitted) at(r.month).submitted = r.n;
  for (const r of received) at(r.month).reportsReceived = r.n;
  for (const r of flagged) at(r.month).flagged = r.n;
  for (const r of appeals) at(r.month).contentAppeals.received = r.n;
  for (const r of handled) Object.assign(at(r.month), { reportsHandled: r.n, medianHoursToHandle: r.median_hours === null ? null : Math.round(r.median_hours * 10) / 10 });
  for (const r of decisions) {
    const m = at(r.month);
    m.decisions.human += r.n;
    // Complaint cases published or refused, and thread messages taken down, are moderators'
    // decisions, not reviews published or content removed.
    if (r.complaint) continue;
    if (r.decision === 'approve') m.published += r.n;
    if (r.decision === 'restore') m.contentAppeals.restored += r.n;
    if (r.decision === 'uphold') m.contentAppeals.kept += r.n;
    if (r.decision === 'reject' || r.decision === 'remove') {
      m.removed.total += r.n;
      m.removed.byRule[r.rule] = (m.removed.byRule[r.rule] ?? 0) + r.n;
    }
  }
  return [...byMonth.values()];
}

const WEEK_MS = 7 * 86_400_000;

/** The staff dashboard: the queue's size and oldest entry, and reports filed in the last 7 days. */
export async function queueAtAGlance(ctx: Pick<ReviewsContext, 'db' | 'now'>): Promise<{ size: number; oldest: Date | null; reportsLastWeek: number }> {
  const { size, oldest, reportsSince } = await queueSummary(ctx.db, new Date(ctx.now().getTime() - WEEK_MS));
  return { size, oldest, reportsLastWeek: reportsSince };
}
