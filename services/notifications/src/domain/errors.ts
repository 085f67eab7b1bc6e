import { AppError } from '@brokerwise/errors';

/** The notifications service's error codes; the gateway maps each code (and field code) to a message. */

/** Form rules failed: `fields` maps each field to `required`, `format`, `length`… */
export const invalidInput = (fields: Record<string, string>): AppError =>
  new AppError({ code: 'notifications.validation', kind: 'validation', message: 'Invalid input', fields });

/** A newsletter link that was not signed by us, or names no subscription. */
export const tokenInvalid = (): AppError => new AppError({ code: 'notifications.token_invalid', kind: 'validation', message: 'Invalid link' });

/** A confirmation link past its time, or superseded by a newer one. */
export const tokenExpired = (): AppError => new AppError({ code: 'notifications.token_expired', kind: 'validation', message: 'Expired link' });

