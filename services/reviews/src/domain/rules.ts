/**
 * Pure rules of a review submission (spec §5 "Review": text 15 to 1000 characters, score not 0,
 * a confirmation tick) and of new accounts (first 24 h: at most 3 reviews, 120 s apart, no
 * copy-pasted text). No I/O: the use cases pass in what they read.
 */
import { duplicateText, invalidInput, newAccountLimit, tooSoon } from './errors.ts';

export const TEXT_MIN = 15;
export const TEXT_MAX = 1000;
export const REASON_MAX = 500;
export const NEW_ACCOUNT_WINDOW_MS = 24 * 3600_000;
export const NEW_ACCOUNT_MAX_REVIEWS = 3;
export const NEW_ACCOUNT_MIN_INTERVAL_MS = 120_000;

export interface ReviewInput {
  stars?: number | undefined;
  text?: string | undefined;
  confirmed?: boolean | undefined;
}

/** Characters as a person counts them (code points, so an emoji or 汉字 is one). */
export const charCount = (s: string): number => [...s].length;

/**
 * Checks every field at once; throws `reviews.validation` with a code per failing field:
 * `stars: 'required'` (missing or 0), `stars: 'range'` (not an integer 1..5),
 * `text: 'length'` (not 15..1000 characters after trimming), `confirmed: 'required'`.
 */
export function validateReview(input: ReviewInput): { stars: number; text: string } {
  const fields: Record<string, string> = {};
  const stars = input.stars;
  if (stars === undefined || stars === 0) fields.stars = 'required';
  else if (!Number.isInteger(stars) || stars < 1 || stars > 5) fields.stars = 'range';
  const text = (input.text ?? '').trim();
  const n = charCount(text);
  if (n < TEXT_MIN || n > TEXT_MAX) fields.text = 'length';
  if (input.confirmed !== true) fields.confirmed = 'required';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return { stars: stars!, text };
}

/** A moderator's reason: required (non-blank) to reject, at most 500 characters either way. */
export function validateReason(decision: 'approve' | 'reject', reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (decision === 'reject' && r.length === 0) throw invalidInput({ reason: 'required' });
  if (charCount(r) > REASON_MAX) throw invalidInput({ reason: 'length' });
  return r;
}

/** The form two texts are compared in: NFKC, lower case, runs of whitespace as one space. */
export function normaliseText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

export interface PastSubmission {
  id: string;
  text: string;
  createdAt: Date;
  /** Last written (creation or edit). */
  updatedAt: Date;
  deleted: boolean;
}

export interface NewAccountCheck {
  accountCreatedAt: Date;
  now: Date;
  /** Every review the user ever wrote, deleted ones included. */
  past: readonly PastSubmission[];
  /** The review being edited, if this submission changes an existing one. */
  editingId?: string | undefined;
  /** The (trimmed) text submitted. */
  text: string;
}

export const isNewAccount = (accountCreatedAt: Date, now: Date): boolean => now.getTime() - accountCreatedAt.getTime() < NEW_ACCOUNT_WINDOW_MS;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Throws when an account less than 24 h old may not submit this review:
 * `reviews.new_account_limit` (429; a 4th review; deleted ones count; edits don't),
 * `reviews.too_soon` (429; under 120 s since its last submission, edits included),
 * `reviews.duplicate_text` (400; same normalised text as another of its live reviews).
 * Older accounts pass untouched.
 */
export function checkNewAccount(c: NewAccountCheck): void {
  if (!isNewAccount(c.accountCreatedAt, c.now)) return;
  const now = c.now.getTime();
  if (c.editingId === undefined && c.past.length >= NEW_ACCOUNT_MAX_REVIEWS) {
    throw newAccountLimit(seconds(c.accountCreatedAt.getTime() + NEW_ACCOUNT_WINDOW_MS - now), NEW_ACCOUNT_MAX_REVIEWS);
  }
  const last = Math.max(...c.past.map((p) => Math.max(p.createdAt.getTime(), p.updatedAt.getTime())));
  if (c.past.length > 0 && now - last < NEW_ACCOUNT_MIN_INTERVAL_MS) throw tooSoon(seconds(last + NEW_ACCOUNT_MIN_INTERVAL_MS - now));
  const mine = normaliseText(c.text);
  if (c.past.some((p) => !p.deleted && p.id !== c.editingId && normaliseText(p.text) === mine)) throw duplicateText();
}
