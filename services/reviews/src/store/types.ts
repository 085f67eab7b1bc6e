import type { ColumnType } from '@brokerwise/sql';
import type { KitTables } from '@brokerwise/service-kit';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';
export type Decision = 'approve' | 'reject';
export type TargetKind = 'review' | 'post' | 'comment' | 'profile';
/** What the moderation log records decisions on: reportable content, and complaint cases and their messages. */
export type AuditTargetKind = TargetKind | 'complaint' | 'complaint_message';
/** The automatic signals that send a review up the moderation queue. */
export type SignalKind = 'near_duplicate' | 'company_burst' | 'shared_origin' | 'new_account_link' | 'tied_account';
export type ReportStatus = 'open' | 'dismissed' | 'actioned';
/** Every action the audit log records: review decisions, report decisions and removal appeals' outcomes. */
export type AuditAction = Decision | 'dismiss' | 'remove' | 'restore' | 'uphold';
/** A second moderator's answer to a removal appeal: publish the content again, or keep it removed. */
export type RemovalAppealDecision = 'restore' | 'uphold';
export type ComplaintCategory = 'withdrawal' | 'slippage' | 'account_blocked' | 'fraud' | 'fees' | 'other';
/** `lapsed`: the company answered and the author let their time to reply pass (ADR 031). */
export type ComplaintStatus = 'pending' | 'rejected' | 'awaiting_company' | 'awaiting_user' | 'resolved' | 'unresolved' | 'lapsed' | 'withdrawn';
/** Who closed a case: its author, the company's clock (`clock`) or the author's (`no_reply`). */
export type ComplaintClosedBy = 'user' | 'clock' | 'no_reply';
type Json = ColumnType<Record<string, unknown>, string, never>;

/** bigint comes back from pg as a string; we write numbers. */
type BigIntColumn = ColumnType<string | number, number, number>;

export interface ReviewsTables extends KitTables {
  review: {
    id: string;
    company_id: string;
    user_id: string;
    username: string;
    stars: number;
    text: string;
    status: ReviewStatus;
    reject_reason: string | null;
    created_at: Date;
    updated_at: Date;
    moderated_at: Date | null;
    moderated_by: string | null;
    deleted_at: Date | null;
    /** Keyed hashes of where it was last written from (automatic signals); null when unknown. */
    origin_address: ColumnType<string | null, string | null | undefined, string | null>;
    origin_device: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** Automatic signals raised on a submission (issue 17). */
  review_flag: {
    id: string;
    review_id: string;
    kind: SignalKind;
    severity: number;
    details: Json;
    created_at: Date;
  };
  /** Append-only (a trigger refuses UPDATE/DELETE/TRUNCATE). */
  moderation_audit: {
    id: string;
    /** Set for review targets (kept for the review's own history). */
    review_id: string | null;
    moderator_id: string;
    decision: AuditAction;
    reason: string;
    /** The review's status before (review targets; '' for others, reads from `before`). */
    previous_status: string;
    at: Date;
    target_kind: ColumnType<AuditTargetKind, AuditTargetKind | undefined, never>;
    target_id: string;
    rule: ColumnType<string, string | undefined, never>;
    before: Json;
    after: Json;
  };
  report: {
    id: string;
    reporter_id: string;
    target_kind: TargetKind;
    target_id: string;
    author_id: string | null;
    author_name: string;
    excerpt: string;
    context_id: string | null;
    reason: string;
    severity: number;
    text: string;
    status: ReportStatus;
    created_at: Date;
    closed_at: Date | null;
    closed_by: string | null;
  };
  /** Appeals against a content removal, one per removal (its log entry), decided by another moderator. */
  removal_appeal: {
    id: string;
    audit_id: string;
    target_kind: Exclude<TargetKind, 'profile'>;
    target_id: string;
    user_id: string;
    removed_by: string;
    text: string;
    created_at: Date;
    decision: RemovalAppealDecision | null;
    decided_by: string | null;
    decision_reason: string | null;
    decided_at: Date | null;
  };
  /** A verified company representative's public reply to a review (one per review; ADR 030). */
  review_reply: {
    id: string;
    review_id: string;
    company_id: string;
    author_id: string;
    text: string;
    status: ReviewStatus;
    reject_reason: string | null;
    created_at: Date;
    updated_at: Date;
    first_published_at: Date | null;
    moderated_at: Date | null;
    moderated_by: string | null;
  };
  /** Every version of a reply as written (its edit history). */
  review_reply_version: { id: string; reply_id: string; author_id: string; text: string; written_at: Date };
  /** Complaint cases against companies (issue 19, ADR 031). */
  complaint: {
    id: string;
    company_id: string;
    user_id: string;
    username: string;
    category: ComplaintCategory;
    /** numeric(18, 2) comes back from pg as a string. */
    amount: ColumnType<string, string | number, string | number>;
    currency: string;
    text: string;
    status: ComplaintStatus;
    reject_reason: string | null;
    created_at: Date;
    updated_at: Date;
    moderated_at: Date | null;
    moderated_by: string | null;
    published_at: Date | null;
    due_at: Date | null;
    first_response_at: Date | null;
    closed_at: Date | null;
    closed_by: ComplaintClosedBy | null;
    /** The company's verified representatives as the gateway last named them (jsonb array of user ids). */
    representative_ids: ColumnType<string[], string | undefined, string>;
    /** The deadline the last reminder was about (`reviews.complaint.reminded`); a new clock has a new `due_at`. */
    reminded_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  /** The public thread of a case: its author and the company's verified representatives. */
  complaint_message: {
    id: string;
    complaint_id: string;
    author_id: string;
    side: 'user' | 'company';
    text: string;
    created_at: Date;
    removed_at: Date | null;
    removed_by: string | null;
    removed_reason: string | null;
  };
  /** Evidence files (private: the author, the company's representatives and moderators). */
  complaint_evidence: {
    id: string;
    uploader_id: string;
    complaint_id: string | null;
    object_key: string;
    content_type: string;
    size: number;
    sha256: string;
    name: string;
    created_at: Date;
  };
  rating_recompute_run: {
    period: BigIntColumn;
    started_at: Date;
    finished_at: Date | null;
    companies: number | null;
  };
  company_rating: {
    company_id: string;
    score: number;
    display_score: number;
    approved_count: number;
    d1: number;
    d2: number;
    d3: number;
    d4: number;
    d5: number;
    version: BigIntColumn;
    computed_at: Date;
  };
}
