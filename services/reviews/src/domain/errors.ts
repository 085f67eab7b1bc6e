import { AppError } from '@brokerwise/errors';

/** The reviews service's error codes; the gateway maps each code (and field code) to a message. */

/** Form rules failed: `fields` maps each field to `required`, `length`, `range`… */
export const invalidInput = (fields: Record<string, string>): AppError =>
  new AppError({ code: 'reviews.validation', kind: 'validation', message: 'Invalid input', fields });

export const reviewNotFound = (): AppError => new AppError({ code: 'reviews.review_not_found', kind: 'not_found', message: 'No such review' });

/** The review already has the status the decision asks for. */
export const alreadyModerated = (status: string): AppError =>
  new AppError({ code: 'reviews.already_moderated', kind: 'conflict', message: `Review is already ${status}`, params: { status } });

/** A new account (first 24 h) already wrote its 3 reviews; `retryAfter` = until the account is a day old. */
export const newAccountLimit = (retryAfter: number, max: number): AppError =>
  new AppError({
    code: 'reviews.new_account_limit',
    kind: 'too_many_requests',
    message: `New accounts may write ${max} reviews in their first day`,
    retryAfter,
    params: { seconds: retryAfter, max },
  });

/** A new account submitted a review less than the minimum interval ago. */
export const tooSoon = (retryAfter: number): AppError =>
  new AppError({ code: 'reviews.too_soon', kind: 'too_many_requests', message: 'Reviews from a new account must be spaced out', retryAfter, params: { seconds: retryAfter } });

/** A new account posted the same text as one of its other reviews. */
export const duplicateText = (): AppError =>
  new AppError({ code: 'reviews.duplicate_text', kind: 'validation', message: 'Same text as another of your reviews', fields: { text: 'duplicate' } });

/** Two submissions of the same review raced (should not happen: submissions are serialised per user). */
export const tooMuchContention = (): AppError => new AppError({ code: 'reviews.conflict', kind: 'conflict', message: 'Concurrent change, try again' });

/** The reporter already has an open report on this target. */
export const alreadyReported = (): AppError =>
  new AppError({ code: 'reviews.already_reported', kind: 'conflict', message: 'You already reported this; it is being looked at' });

/** Too many reports from one user within the hour. */
export const reportLimit = (retryAfter: number, max: number): AppError =>
  new AppError({ code: 'reviews.report_limit', kind: 'too_many_requests', message: `At most ${max} reports an hour`, retryAfter, params: { seconds: retryAfter, max } });

/** Too many complaint cases opened by one user within 24 hours (a field error on the case's text). */
export const complaintLimit = (retryAfter: number, max: number): AppError =>
  new AppError({
    code: 'reviews.complaint_limit',
    kind: 'too_many_requests',
    message: `At most ${max} complaints a day`,
    retryAfter,
    params: { seconds: retryAfter, max, hours: Math.max(1, Math.ceil(retryAfter / 3600)) },
    fields: { text: 'complaint_limit' },
  });

/** No such target to report (or it is not public). */
export const targetNotFound = (): AppError => new AppError({ code: 'reviews.target_not_found', kind: 'not_found', message: 'Nothing to report there' });

/** Nothing open on the target: no open reports (someone already decided). */
export const nothingToDecide = (): AppError => new AppError({ code: 'reviews.nothing_to_decide', kind: 'conflict', message: 'No open reports on this target' });

/** A profile is not content: removing it is an account sanction, not a moderation decision. */
export const profileNotRemovable = (): AppError =>
  new AppError({ code: 'reviews.profile_not_removable', kind: 'conflict', message: 'A profile cannot be removed; use an account sanction' });

/** No removal of this user's content with that id (or it is someone else's). */
export const removalNotFound = (): AppError => new AppError({ code: 'reviews.removal_not_found', kind: 'not_found', message: 'No such removal' });

/** The removal was already appealed (one appeal per removal). */
export const removalAppealExists = (): AppError => new AppError({ code: 'reviews.removal_appeal_exists', kind: 'conflict', message: 'This removal was already appealed' });

/** The content is no longer removed (edited, deleted or restored meanwhile): nothing to appeal. */
export const removalNotInForce = (): AppError => new AppError({ code: 'reviews.removal_not_in_force', kind: 'conflict', message: 'The content is no longer removed' });

export const removalAppealNotFound = (): AppError => new AppError({ code: 'reviews.removal_appeal_not_found', kind: 'not_found', message: 'No such appeal' });

export const removalAppealDecided = (): AppError => new AppError({ code: 'reviews.removal_appeal_decided', kind: 'conflict', message: 'This appeal was already decided' });

/** The moderator who removed the content cannot decide its appeal: a second moderator must. */
export const removalAppealSameModerator = (): AppError =>
  new AppError({ code: 'reviews.removal_appeal_same_moderator', kind: 'forbidden', message: 'The moderator who removed the content cannot decide its appeal' });

export const replyNotFound = (): AppError => new AppError({ code: 'reviews.reply_not_found', kind: 'not_found', message: 'No such reply' });
/** Only a verified representative of the reviewed company replies, and only to a published review. */
export const notRepresentative = (): AppError =>
  new AppError({ code: 'reviews.reply_not_representative', kind: 'forbidden', message: 'Only a verified representative of the reviewed company may reply' });
export const reviewNotPublished = (): AppError => new AppError({ code: 'reviews.reply_review_unpublished', kind: 'conflict', message: 'Only a published review can be answered' });

/** No such complaint case (or it is not public and the caller is neither its author nor staff). */
export const complaintNotFound = (): AppError => new AppError({ code: 'reviews.complaint_not_found', kind: 'not_found', message: 'No such complaint' });
/** The case's status does not allow that (published already, closed, not awaiting that side…). */
export const complaintState = (status: string): AppError =>
  new AppError({ code: 'reviews.complaint_state', kind: 'conflict', message: `Not possible while the complaint is ${status}`, params: { status } });
/** Only the case's author and the company's verified representatives write in its thread. */
export const notCaseParty = (): AppError =>
  new AppError({ code: 'reviews.complaint_not_party', kind: 'forbidden', message: "Only the complaint's author and the company's verified representatives may do this" });
/** Evidence files are shown to the author, the company's representatives and moderators only. */
export const evidenceNotFound = (): AppError => new AppError({ code: 'reviews.complaint_evidence_not_found', kind: 'not_found', message: 'No such evidence file' });
