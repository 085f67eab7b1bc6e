import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import { ServiceClient } from './service-client.ts';

// The gateway's view of the reviews service's internal API (services/reviews/README.md).
export interface ReviewRecord {
  id: string;
  companyId: string;
  userId: string;
  username: string;
  stars: number;
  text: string;
  status: 'pending' | 'approved' | 'rejected';
  rejectReason: string | null;
  createdAt: string;
  updatedAt: string;
  moderatedAt: string | null;
  mine: boolean;
}
export type ModerationDecision = 'approve' | 'reject';
export interface AuditRecord {
  id: string;
  reviewId: string;
  moderatorId: string;
  decision: ModerationDecision;
  reason: string;
  previousStatus: ReviewRecord['status'];
  at: string;
}
export interface RatingRecord { companyId: string; score: number; displayScore: number; approvedCount: number; distribution: number[]; version: number; computedAt: string | null }

export type ReportTargetKind = 'review' | 'post' | 'comment' | 'profile';
/** The moderation log also records decisions on complaint cases and their thread messages. */
export type AuditTargetKind = ReportTargetKind | 'complaint' | 'complaint_message';
export type ReportStatus = 'open' | 'dismissed' | 'actioned';
export interface ReportRecord {
  id: string;
  targetKind: ReportTargetKind;
  targetId: string;
  reason: string;
  text: string;
  excerpt: string;
  /** The company of a review, the post of a comment, the kind of a post. */
  contextId: string | null;
  status: ReportStatus;
  createdAt: string;
  closedAt: string | null;
}
export interface WorkItemRecord {
  source: 'reports' | 'pending_review';
  targetKind: ReportTargetKind;
  targetId: string;
  severity: number;
  since: string;
  reports: number;
  reasons: string[];
  texts: string[];
  excerpt: string;
  author: { id: string; name: string } | null;
  contextId: string | null;
  reviewStatus: string | null;
  record: { removals: number; reports: number };
  /** The automatic signals on a review's current version. */
  signals: ReviewSignal[];
}
export type SignalKind = 'near_duplicate' | 'company_burst' | 'shared_origin' | 'new_account_link' | 'tied_account';
export interface ReviewSignal { kind: SignalKind; details: Record<string, unknown> }
export type AuditAction = 'approve' | 'reject' | 'dismiss' | 'remove' | 'restore' | 'uphold';
export interface LogEntryRecord {
  id: string;
  moderatorId: string;
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  reason: string;
  rule: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  at: string;
}
/** An appeal against a content removal (services/reviews removal-appeals). */
export interface RemovalAppealRecord {
  id: string;
  removalId: string;
  targetKind: 'review' | 'post' | 'comment';
  targetId: string;
  userId: string;
  removedBy: string;
  text: string;
  createdAt: string;
  decision: 'restore' | 'uphold' | null;
  decidedBy: string | null;
  decisionReason: string | null;
  decidedAt: string | null;
}
export interface RemovalRecord {
  removalId: string;
  targetKind: RemovalAppealRecord['targetKind'];
  targetId: string;
  contextId: string;
  excerpt: string;
  reason: string;
  rule: string;
  removedAt: string;
  status: ReviewRecord['status'];
  appeal: RemovalAppealRecord | null;
}
/** The removed review, post or comment as it is now: a post or comment is `rejected` while hidden, `approved` once restored. */
export interface RemovedTargetRecord {
  excerpt: string;
  /** The company of a review; `<post kind>:<post id>` of a post or comment. */
  contextId: string | null;
  status: ReviewRecord['status'] | 'deleted';
}
export interface RemovalAppealItem { appeal: RemovalAppealRecord; removal: LogEntryRecord | null; review: ReviewRecord | null; target: RemovedTargetRecord }
export interface ReportSnapshot { authorId: string; authorName: string; excerpt: string; contextId: string | null }

/** One month of moderation figures (services/reviews/src/domain/transparency.ts). */
export interface ModerationMonthRecord {
  month: string;
  submitted: number;
  published: number;
  removed: { total: number; byRule: Record<string, number> };
  reportsReceived: number;
  reportsHandled: number;
  medianHoursToHandle: number | null;
  decisions: { automatic: number; human: number };
  flagged: number;
  contentAppeals: { received: number; restored: number; kept: number };
}

export class ReviewsClient {
  private readonly http: ServiceClient;
  constructor(baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('reviews', baseUrl, timeoutMs, tokens);
  }
  submit(
    companyId: string,
    body: { userId: string; username: string; stars: number; text: string; confirmed: boolean; accountCreatedAt: string; originAddress?: string; originDevice?: string; emailDomain?: string; companyDomain?: string },
    rid: string,
  ) {
    return this.http.send<ReviewRecord>('PUT', `/v1/companies/${encodeURIComponent(companyId)}/reviews/mine`, body, rid);
  }
  remove(companyId: string, userId: string, rid: string) {
    return this.http.send<{ deleted: string }>('DELETE', `/v1/companies/${encodeURIComponent(companyId)}/reviews/mine?userId=${encodeURIComponent(userId)}`, undefined, rid);
  }
  forCompany(companyId: string, q: { page: number; limit: number; viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: ReviewRecord[]; total: number; mine: ReviewRecord | null }>(`/v1/companies/${encodeURIComponent(companyId)}/reviews`, q, rid);
  }
  /** Every published review's rating inputs, across companies, in id order. */
  published(q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: { id: string; companyId: string; stars: number; writtenAt: string; publishedAt: string | null }[]; total: number }>('/v1/reviews/published', q, rid);
  }
  rating(companyId: string, rid: string) {
    return this.http.get<RatingRecord>(`/v1/companies/${encodeURIComponent(companyId)}/rating`, {}, rid);
  }
  forUser(userId: string, q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: ReviewRecord[]; total: number }>(`/v1/users/${encodeURIComponent(userId)}/reviews`, q, rid);
  }
  recent(limit: number, rid: string) {
    return this.http.get<{ items: ReviewRecord[] }>('/v1/recent', { limit }, rid);
  }
  moderationQueue(q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: ReviewRecord[]; total: number }>('/v1/moderation/queue', q, rid);
  }
  decide(reviewId: string, body: { moderatorId: string; decision: ModerationDecision; reason: string }, rid: string) {
    return this.http.send<{ review: ReviewRecord; audit: AuditRecord }>('POST', `/v1/moderation/${encodeURIComponent(reviewId)}`, body, rid);
  }
  report(body: { userId: string; targetKind: ReportTargetKind; targetId: string; reason: string; text?: string | undefined; snapshot?: ReportSnapshot | undefined }, rid: string) {
    return this.http.send<ReportRecord>('POST', '/v1/reports', body, rid);
  }
  reportsOf(userId: string, q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: ReportRecord[]; total: number }>(`/v1/users/${encodeURIComponent(userId)}/reports`, q, rid);
  }
  moderationWork(q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: WorkItemRecord[]; total: number }>('/v1/moderation/work', q, rid);
  }
  decideReports(body: { moderatorId: string; targetKind: ReportTargetKind; targetId: string; action: 'dismiss' | 'remove'; reason?: string | undefined; rule?: string | undefined }, rid: string) {
    return this.http.send<{ audit: LogEntryRecord; closed: number }>('POST', '/v1/moderation/reports/decide', body, rid);
  }
  auditLog(q: { page: number; limit: number; actor?: string | undefined; action?: string | undefined; targetKind?: string | undefined; from?: string | undefined; to?: string | undefined }, rid: string) {
    return this.http.get<{ items: LogEntryRecord[]; total: number }>('/v1/moderation/audit-log', q, rid);
  }
  removalsOf(userId: string, rid: string) {
    return this.http.get<{ items: RemovalRecord[] }>(`/v1/users/${encodeURIComponent(userId)}/removals`, {}, rid);
  }
  appealRemoval(userId: string, body: { removalId: string; text: string }, rid: string) {
    return this.http.send<RemovalAppealRecord>('POST', `/v1/users/${encodeURIComponent(userId)}/removal-appeals`, body, rid);
  }
  removalAppeals(q: { status: 'open' | 'decided'; page: number; limit: number }, rid: string) {
    return this.http.get<{ items: RemovalAppealItem[]; total: number }>('/v1/moderation/removal-appeals', q, rid);
  }
  decideRemovalAppeal(appealId: string, body: { moderatorId: string; decision: 'restore' | 'uphold'; reason: string }, rid: string) {
    return this.http.send<RemovalAppealItem & { audit: LogEntryRecord }>('POST', `/v1/moderation/removal-appeals/${encodeURIComponent(appealId)}/decide`, body, rid);
  }
  audit(reviewId: string, rid: string) {
    return this.http.get<{ items: AuditRecord[] }>(`/v1/moderation/${encodeURIComponent(reviewId)}/audit`, {}, rid);
  }
  transparency(q: { from: string; to: string }, rid: string) {
    return this.http.get<{ months: ModerationMonthRecord[] }>('/v1/transparency', q, rid);
  }
  moderationSummary(rid: string) {
    return this.http.get<{ size: number; oldest: string | null; reportsLastWeek: number }>('/v1/moderation/summary', {}, rid);
  }
  // Company replies (ADR 030).
  writeReply(reviewId: string, body: { userId: string; companyIds: string[]; text: string }, rid: string) {
    return this.http.send<ReplyRecord>('PUT', `/v1/reviews/${encodeURIComponent(reviewId)}/reply`, body, rid);
  }
  replies(reviewIds: string[], rid: string) {
    return this.http.get<{ items: ReplyRecord[] }>('/v1/replies', { reviewIds: reviewIds.join(',') }, rid);
  }
  replyFigures(companyId: string, rid: string) {
    return this.http.get<{ reviews: number; replied: number; rate: number | null; medianHours: number | null }>(`/v1/companies/${encodeURIComponent(companyId)}/reply-figures`, {}, rid);
  }
  replyHistory(replyId: string, rid: string) {
    return this.http.get<{ items: { authorId: string; text: string; writtenAt: string }[] }>(`/v1/replies/${encodeURIComponent(replyId)}/history`, {}, rid);
  }
  replyQueue(q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: { reply: ReplyRecord; review: { id: string; username: string; stars: number; text: string } }[]; total: number }>('/v1/moderation/replies', q, rid);
  }
  decideReply(replyId: string, body: { moderatorId: string; decision: 'approve' | 'reject'; reason?: string }, rid: string) {
    return this.http.send<ReplyRecord>('POST', `/v1/moderation/replies/${encodeURIComponent(replyId)}`, body, rid);
  }
  // Complaint cases (ADR 031).
  openComplaint(userId: string, body: { username: string; companyId: string; category: string; amount: string; currency: string; text: string; evidenceIds: string[] }, rid: string) {
    return this.http.send<ComplaintRecord>('POST', `/v1/users/${encodeURIComponent(userId)}/complaints`, body, rid);
  }
  complaintsOf(userId: string, rid: string) {
    return this.http.get<{ items: ComplaintRecord[] }>(`/v1/users/${encodeURIComponent(userId)}/complaints`, {}, rid);
  }
  registerComplaintEvidence(userId: string, body: { key: string; contentType: string; size: number; sha256: string; name: string }, rid: string) {
    return this.http.send<ComplaintEvidenceRecord>('POST', `/v1/users/${encodeURIComponent(userId)}/complaint-evidence`, body, rid);
  }
  complaints(q: { companyId?: string | undefined; status?: string | undefined; page: number; limit: number }, rid: string) {
    return this.http.get<{ items: ComplaintRecord[]; total: number }>('/v1/complaints', q, rid);
  }
  complaint(id: string, viewer: ComplaintViewer, rid: string) {
    return this.http.get<ComplaintViewRecord>(`/v1/complaints/${encodeURIComponent(id)}`, viewerQuery(viewer), rid);
  }
  complaintEvidence(id: string, evidenceId: string, viewer: ComplaintViewer, rid: string) {
    return this.http.get<ComplaintEvidenceRecord>(`/v1/complaints/${encodeURIComponent(id)}/evidence/${encodeURIComponent(evidenceId)}`, viewerQuery(viewer), rid);
  }
  postComplaintMessage(id: string, body: { userId: string; companyIds: string[]; representativeIds: string[]; text: string }, rid: string) {
    return this.http.send<{ complaint: ComplaintRecord; message: ComplaintMessageRecord }>('POST', `/v1/complaints/${encodeURIComponent(id)}/messages`, body, rid);
  }
  closeComplaint(id: string, body: { userId: string; action: 'confirm' | 'reject' | 'withdraw' }, rid: string) {
    return this.http.send<ComplaintRecord>('POST', `/v1/complaints/${encodeURIComponent(id)}/close`, body, rid);
  }
  complaintQueue(q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: ComplaintRecord[]; total: number }>('/v1/moderation/complaints', q, rid);
  }
  decideComplaint(id: string, body: { moderatorId: string; decision: 'approve' | 'reject'; reason?: string; representativeIds: string[] }, rid: string) {
    return this.http.send<ComplaintRecord>('POST', `/v1/moderation/complaints/${encodeURIComponent(id)}`, body, rid);
  }
  removeComplaintMessage(messageId: string, body: { moderatorId: string; reason: string }, rid: string) {
    return this.http.send<ComplaintMessageRecord>('POST', `/v1/moderation/complaint-messages/${encodeURIComponent(messageId)}/remove`, body, rid);
  }
  complaintFigures(companyId: string, rid: string) {
    return this.http.get<ComplaintFiguresRecord>(`/v1/companies/${encodeURIComponent(companyId)}/complaint-figures`, {}, rid);
  }
  /** The complaint clocks' lengths in working days, as reviews is configured. */
  complaintRules(rid: string) {
    return this.http.get<{ companyDays: number; authorDays: number; reminderDays: number }>('/v1/complaints/rules', {}, rid);
  }
  /** A company's dashboard (its representatives' view): trend, newest reviews, open cases. */
  companyDashboard(companyId: string, rid: string) {
    return this.http.get<{
      trend: { month: string; reviews: number; average: number | null }[];
      latest: { id: string; username: string; stars: number; text: string; createdAt: string; replyId: string | null; replyStatus: 'pending' | 'approved' | 'rejected' | null }[];
      open: ComplaintRecord[];
    }>(`/v1/companies/${encodeURIComponent(companyId)}/dashboard`, {}, rid);
  }
}

/** A company's reply to a review as the reviews service answers it (services/reviews/src/routes/replies). */
export interface ReplyRecord {
  id: string;
  reviewId: string;
  companyId: string;
  authorId: string;
  text: string;
  status: 'pending' | 'approved' | 'rejected';
  rejectReason: string | null;
  createdAt: string;
  updatedAt: string;
  firstPublishedAt: string | null;
  edited: boolean;
}

/** Complaint cases as the reviews service answers them (services/reviews/src/routes/complaints). */
export interface ComplaintRecord {
  id: string;
  companyId: string;
  userId: string;
  username: string;
  category: 'withdrawal' | 'slippage' | 'account_blocked' | 'fraud' | 'fees' | 'other';
  amount: string;
  currency: string;
  text: string;
  status: 'pending' | 'rejected' | 'awaiting_company' | 'awaiting_user' | 'resolved' | 'unresolved' | 'lapsed' | 'withdrawn';
  rejectReason: string | null;
  createdAt: string;
  publishedAt: string | null;
  dueAt: string | null;
  workingDaysLeft: number | null;
  firstResponseAt: string | null;
  closedAt: string | null;
  closedBy: 'user' | 'clock' | 'no_reply' | null;
  evidenceCount: number;
}
export interface ComplaintMessageRecord { id: string; authorId: string; side: 'user' | 'company'; text: string | null; createdAt: string; removed: boolean }
export interface ComplaintEvidenceRecord { id: string; name: string; contentType: string; size: number; sha256: string; key: string; createdAt: string }
export interface ComplaintViewRecord {
  complaint: ComplaintRecord;
  messages: ComplaintMessageRecord[];
  evidence: ComplaintEvidenceRecord[];
  rights: { author: boolean; representative: boolean; seeEvidence: boolean; write: boolean; close: boolean; withdraw: boolean };
}
export interface ComplaintFiguresRecord {
  cases: number;
  answered: number;
  responseRate: number | null;
  medianResponseHours: number | null;
  resolved: number;
  unresolved: number;
  lapsed: number;
  resolutionRate: number | null;
}
/** Who looks at a case: the signed-in user, the companies they represent, whether a moderator (then the call carries the role). */
export interface ComplaintViewer { userId?: string | undefined; companyIds: readonly string[]; staff: boolean }
const viewerQuery = (v: ComplaintViewer) => ({
  ...(v.userId ? { viewer: v.userId } : {}),
  ...(v.companyIds.length > 0 ? { companies: v.companyIds.join(',') } : {}),
  ...(v.staff ? { staff: true } : {}),
});
