/** Plain constants of the /api contract, apart from the schemas so a browser bundle importing them carries no TypeBox. */

/** Envelope `code` of a successful call. */
export const SUCCESS_CODE = 1;

/**
 * Server-rendered pages call /api on the visitor's behalf: the web tier names the visitor's address
 * in VISITOR_ADDRESS_HEADER, and proves it is the web tier with the secret both share
 * (INTERNAL_SECRET) in INTERNAL_SECRET_HEADER, so per-address limits count per visitor.
 */
export const VISITOR_ADDRESS_HEADER = 'x-bw-visitor-address';
export const INTERNAL_SECRET_HEADER = 'x-bw-internal-secret';
/** Envelope codes that end the client's session (sign-in needed, session revoked, redirect). */
export const SESSION_ENDING_CODES = [402, 409, 302] as const;

/**
 * The fixed reasons a user reports content for (issue 17), most severe first; a moderator cites one
 * of them as the rule broken. `other` needs REPORT_TEXT_MIN–REPORT_TEXT_MAX characters of text.
 */
export const REPORT_REASONS = ['illegal', 'personal_data', 'abuse', 'fake_review', 'conflict_of_interest', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MIN = 10;
export const REPORT_TEXT_MAX = 500;
export const REPORT_TARGET_KINDS = ['review', 'post', 'comment', 'profile'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
/** What the content moderation log records decisions on: reportable content, and complaint cases and their thread messages. */
export const AUDIT_TARGET_KINDS = [...REPORT_TARGET_KINDS, 'complaint', 'complaint_message'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/**
 * The rules of the terms (spec §6) a sanction names: the report reasons (a moderator acting on a
 * report cites its reason) and impersonation. The web app and the notices word each in both languages.
 */
export const SANCTION_RULES = [...REPORT_REASONS.filter((r) => r !== 'other'), 'impersonation', 'other'] as const;
