import { AppError } from '@brokerwise/errors';

/** The identity service's error codes; the gateway maps each code (and field code) to a message. */

/** Form rules failed: `fields` maps each field to `required`, `format`, `length`, `characters`… */
export const invalidInput = (fields: Record<string, string>): AppError =>
  new AppError({ code: 'identity.validation', kind: 'validation', message: 'Invalid input', fields });

/**
 * Email and/or username already belong to another account: `fields` has `taken` for each;
 * the code names the email when it is taken, else the username.
 */
export const taken = (fields: { email?: 'taken'; username?: 'taken' }): AppError =>
  new AppError({
    code: fields.email ? 'identity.email_taken' : 'identity.username_taken',
    kind: 'validation',
    message: fields.email ? 'Email already registered' : 'Username already taken',
    fields,
  });

/**
 * The email code is wrong (`identity.code_invalid`), too old (`identity.code_expired`) or dead
 * after too many wrong tries (`identity.code_attempts`); `fields.captcha` says the same.
 */
export const codeRefused = (reason: 'invalid' | 'expired' | 'attempts', field = 'captcha'): AppError =>
  new AppError({ code: `identity.code_${reason}`, kind: 'validation', message: `Verification code ${reason}`, fields: { [field]: reason } });

export const codeTooSoon = (retryAfter: number): AppError =>
  new AppError({ code: 'identity.code_too_soon', kind: 'too_many_requests', message: 'A code was sent moments ago', retryAfter, params: { seconds: retryAfter } });

export const badCredentials = (): AppError =>
  new AppError({ code: 'identity.bad_credentials', kind: 'validation', message: 'Wrong login or password' });

export const loginThrottled = (retryAfter: number): AppError =>
  new AppError({ code: 'identity.login_throttled', kind: 'too_many_requests', message: 'Too many failed sign-ins', retryAfter, params: { seconds: retryAfter } });

export const accountFrozen = (): AppError => new AppError({ code: 'identity.account_frozen', kind: 'forbidden', message: 'Account frozen' });


export const userNotFound = (): AppError => new AppError({ code: 'identity.user_not_found', kind: 'not_found', message: 'No such user' });
export const sessionNotFound = (): AppError => new AppError({ code: 'identity.session_not_found', kind: 'not_found', message: 'No such session' });

export const followSelf = (): AppError => new AppError({ code: 'identity.follow_self', kind: 'validation', message: 'You cannot follow yourself' });

export const emailRequired = (): AppError => new AppError({ code: 'identity.email_required', kind: 'validation', message: 'Bind an email first' });

export const wrongOldPassword = (): AppError =>
  new AppError({ code: 'identity.old_password_wrong', kind: 'validation', message: 'Old password is wrong', fields: { oldpwd: 'wrong' } });

/** An avatar key that is not one of this user's uploads. */
export const avatarKeyRefused = (): AppError =>
  new AppError({ code: 'identity.avatar_invalid', kind: 'validation', message: 'Unknown avatar', fields: { avatarKey: 'invalid' } });

/** A write kept losing races against concurrent writes of the same rows (should not happen). */
export const tooMuchContention = (): AppError => new AppError({ code: 'identity.conflict', kind: 'conflict', message: 'Concurrent change, try again' });

/** Trust and safety (sanctions, appeals, the users console). */
export const sanctionNotFound = (): AppError => new AppError({ code: 'identity.sanction_not_found', kind: 'not_found', message: 'No such sanction' });
export const sanctionInactive = (): AppError => new AppError({ code: 'identity.sanction_inactive', kind: 'conflict', message: 'The sanction is no longer in force' });
export const sanctionNotAllowed = (): AppError =>
  new AppError({ code: 'identity.sanction_not_allowed', kind: 'forbidden', message: 'You cannot sanction yourself or a member of staff of your rank or above' });
export const appealNotFound = (): AppError => new AppError({ code: 'identity.appeal_not_found', kind: 'not_found', message: 'No such appeal' });
export const appealExists = (): AppError => new AppError({ code: 'identity.appeal_exists', kind: 'conflict', message: 'This sanction has already been appealed' });
export const appealDecided = (): AppError => new AppError({ code: 'identity.appeal_decided', kind: 'conflict', message: 'The appeal has already been decided' });
/** Appeals go to a second moderator: the one who imposed the sanction may not decide its appeal. */
export const appealSameModerator = (): AppError =>
  new AppError({ code: 'identity.appeal_same_moderator', kind: 'forbidden', message: 'Another moderator must decide an appeal against your own sanction' });
export const lastAdmin = (): AppError => new AppError({ code: 'identity.last_admin', kind: 'conflict', message: 'The last administrator keeps the role' });

export const accountDeleted = (): AppError => new AppError({ code: 'identity.account_deleted', kind: 'conflict', message: 'This account has been deleted' });
export const deleteNotAllowed = (): AppError =>
  new AppError({ code: 'identity.delete_not_allowed', kind: 'forbidden', message: 'An administrator cannot delete their own account from the console' });

export const claimNotFound = (): AppError => new AppError({ code: 'identity.claim_not_found', kind: 'not_found', message: 'No such company claim' });
/** The claim is not in the state the step needs (already approved, waiting for an administrator, decided…). */
export const claimState = (status: string): AppError =>
  new AppError({ code: `identity.claim_${status}`, kind: 'conflict', message: `The claim is ${status.replace(/_/g, ' ')}` });
