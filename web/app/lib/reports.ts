import type { AuditLogEntry, AuditTargetKind, ModerationSignal, ReportReason, ReportTargetKind, UserReport } from '@brokerwise/api-contract';

/** Message ids of the report reasons (issue 17); a moderator cites the same list as the rule broken. */
export const REASON_LABEL: Record<ReportReason, string> = {
  illegal: 'report.reason.illegal',
  personal_data: 'report.reason.personalData',
  abuse: 'report.reason.abuse',
  fake_review: 'report.reason.fakeReview',
  conflict_of_interest: 'report.reason.conflictOfInterest',
  spam: 'report.reason.spam',
  other: 'report.reason.other',
};

/** A reason code as words; an unknown code (from a later version) as itself. */
export const reasonLabel = (t: (id: string) => string, code: string): string => (code in REASON_LABEL ? t(REASON_LABEL[code as ReportReason]) : code);

export const KIND_LABEL: Record<ReportTargetKind, string> = {
  review: 'report.kind.review',
  post: 'report.kind.post',
  comment: 'report.kind.comment',
  profile: 'report.kind.profile',
};

/** The moderation log's targets: reportable content, complaint cases and their thread messages. */
export const AUDIT_KIND_LABEL: Record<AuditTargetKind, string> = {
  ...KIND_LABEL,
  complaint: 'auditLog.target.complaint',
  complaint_message: 'auditLog.target.complaintMessage',
};

export const DIALOG_TITLE: Record<ReportTargetKind, string> = {
  review: 'reportDialog.title.review',
  post: 'reportDialog.title.post',
  comment: 'reportDialog.title.comment',
  profile: 'reportDialog.title.profile',
};

export const REPORT_STATUS_LABEL: Record<UserReport['status'], string> = {
  open: 'myReports.status.open',
  dismissed: 'myReports.status.dismissed',
  actioned: 'myReports.status.actioned',
};

export const AUDIT_ACTION_LABEL: Record<AuditLogEntry['action'], string> = {
  approve: 'auditLog.action.approve',
  reject: 'auditLog.action.reject',
  dismiss: 'auditLog.action.dismiss',
  remove: 'auditLog.action.remove',
  restore: 'auditLog.action.restore',
  uphold: 'auditLog.action.uphold',
};

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** An automatic signal's reason as words, with the numbers the reviews service recorded. */
export function signalText(t: (id: string, values?: Record<string, string | number>) => string, s: ModerationSignal): string {
  const d = s.details;
  switch (s.kind) {
    case 'near_duplicate':
      return t('moderation.signal.nearDuplicate', { count: num(d.count), percent: Math.floor(num(d.similarity) * 100) });
    case 'company_burst':
      return t('moderation.signal.companyBurst', { count: num(d.count), minutes: num(d.minutes) });
    case 'shared_origin':
      return t('moderation.signal.sharedOrigin', { accounts: num(d.accounts), via: str(d.via) || 'other' });
    case 'new_account_link':
      return t('moderation.signal.newAccountLink', { days: num(d.ageDays) });
    case 'tied_account':
      return t('moderation.signal.tiedAccount', { domain: str(d.domain) });
  }
}
