import { REPORT_REASONS, type TransparencyMonth, type TransparencyReport } from '@brokerwise/api-contract';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { ReviewsClient } from '../clients/reviews.client.ts';

const DEFAULT_MONTHS = 12;

/** The months a request covers: as asked, or the last 12 up to the current one (UTC). */
export function reportRange(q: { from?: string | undefined; to?: string | undefined }, now: Date): { from: string; to: string } {
  const to = q.to ?? now.toISOString().slice(0, 7);
  if (q.from) return { from: q.from, to };
  const [y, m] = to.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - DEFAULT_MONTHS, 1)).toISOString().slice(0, 7);
  // Months start at 1970-01 (the Month schema): a report ending early in 1970 starts there.
  return { from: from < '1970-01' ? '1970-01' : from, to };
}

/** Moderation figures (reviews) and sanctions/appeals (identity), month by month. */
export async function transparencyReport(reviews: ReviewsClient, identity: IdentityClient, range: { from: string; to: string }, rid: string): Promise<TransparencyReport> {
  const [moderation, sanctions] = await Promise.all([reviews.transparency(range, rid), identity.transparency(range, rid)]);
  const byMonth = new Map(sanctions.months.map((m) => [m.month, m]));
  const months: TransparencyMonth[] = moderation.months.map((m) => {
    const s = byMonth.get(m.month);
    return {
      month: m.month,
      reviews: { submitted: m.submitted, published: m.published },
      removed: m.removed,
      reports: { received: m.reportsReceived, handled: m.reportsHandled, medianHoursToHandle: m.medianHoursToHandle },
      decisions: { ...m.decisions, flagged: m.flagged },
      appeals: s?.appeals ?? { received: 0, upheld: 0, lifted: 0 },
      contentAppeals: m.contentAppeals,
      sanctions: s?.sanctions ?? { warn: 0, restrict: 0, freeze: 0 },
      // The badge is worked out from trading-account sync when a review is shown, not recorded with
      // it, so there is no per-month history to count yet: said so rather than estimated.
      verifiedClientShare: null,
    };
  });
  return { ...range, months };
}

/** The CSV columns, in order, with how each is read from a month (documented in docs/transparency.md). */
const COLUMNS: [string, (m: TransparencyMonth) => number | string | null][] = [
  ['month', (m) => m.month],
  ['reviews_submitted', (m) => m.reviews.submitted],
  ['reviews_published', (m) => m.reviews.published],
  ['removed_total', (m) => m.removed.total],
  ...REPORT_REASONS.map((r): [string, (m: TransparencyMonth) => number] => [`removed_${r}`, (m) => m.removed.byRule[r] ?? 0]),
  ['removed_no_rule', (m) => m.removed.byRule[''] ?? 0],
  ['reports_received', (m) => m.reports.received],
  ['reports_handled', (m) => m.reports.handled],
  ['median_hours_to_handle', (m) => m.reports.medianHoursToHandle],
  ['decisions_automatic', (m) => m.decisions.automatic],
  ['decisions_human', (m) => m.decisions.human],
  ['flagged_automatically', (m) => m.decisions.flagged],
  ['appeals_received', (m) => m.appeals.received],
  ['appeals_upheld', (m) => m.appeals.upheld],
  ['appeals_lifted', (m) => m.appeals.lifted],
  ['content_appeals_received', (m) => m.contentAppeals.received],
  ['content_appeals_restored', (m) => m.contentAppeals.restored],
  ['content_appeals_kept', (m) => m.contentAppeals.kept],
  ['sanctions_warn', (m) => m.sanctions.warn],
  ['sanctions_restrict', (m) => m.sanctions.restrict],
  ['sanctions_freeze', (m) => m.sanctions.freeze],
  ['verified_client_share', (m) => m.verifiedClientShare],
];

/** One header row and one row per month; unknown values (null) are empty cells. Every cell is a number or YYYY-MM, so nothing needs quoting. */
export function transparencyCsv(report: TransparencyReport): string {
  const rows = [COLUMNS.map(([name]) => name).join(',')];
  for (const m of report.months) rows.push(COLUMNS.map(([, read]) => String(read(m) ?? '')).join(','));
  return `${rows.join('\r\n')}\r\n`;
}
