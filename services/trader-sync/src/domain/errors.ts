import { AppError } from '@brokerwise/errors';

/** trader-sync's error codes; the gateway maps each code (and field code) to a message. */

/** Form rules failed: `fields` maps each field to `required`, `length`, `format`, `taken`… */
export const invalidInput = (fields: Record<string, string>, params?: Record<string, string | number>): AppError =>
  new AppError({ code: 'trader.validation', kind: 'validation', message: 'Invalid input', fields, ...(params ? { params } : {}) });

/** No such account, or a hidden one the caller does not own (the two look the same). */
export const accountNotFound = (): AppError => new AppError({ code: 'trader.account_not_found', kind: 'not_found', message: 'No such trading account' });

export const notOwner = (): AppError => new AppError({ code: 'trader.not_owner', kind: 'forbidden', message: 'Only the owner can do this' });

export const accountClosed = (): AppError => new AppError({ code: 'trader.account_closed', kind: 'conflict', message: 'The account was unbound' });

export const notStatementAccount = (): AppError => new AppError({ code: 'trader.not_statement_account', kind: 'conflict', message: 'This account is synced through its broker; statements are for statement accounts' });

export const notBridgeAccount = (): AppError => new AppError({ code: 'trader.not_bridge_account', kind: 'conflict', message: 'Only accounts synced through their broker can do this' });

export const alreadyVerified = (): AppError => new AppError({ code: 'trader.already_verified', kind: 'conflict', message: 'The account is already verified' });

export const applicationNotFound = (): AppError => new AppError({ code: 'trader.application_not_found', kind: 'not_found', message: 'No such broker application' });

export const alreadyDecided = (status: string): AppError =>
  new AppError({ code: 'trader.application_decided', kind: 'conflict', message: `Application is already ${status}`, params: { status } });

export const statementInvalid = (reason: string): AppError =>
  new AppError({ code: 'trader.statement_invalid', kind: 'validation', message: `Statement not accepted: ${reason}`, fields: { statement: reason } });

/**
 * Binding: the broker's bridge could not check the read-only password (down, too slow, or an
 * answer we cannot read). Nothing was stored; trying again later may work. `reason` is the
 * connector's code, for the logs.
 */
export const brokerUnavailable = (reason: string, cause?: unknown): AppError =>
  new AppError({ code: 'trader.broker_unavailable', kind: 'unavailable', message: `The broker's bridge could not check the account (${reason})`, params: { reason } }, { cause });

/**
 * Binding: too many read-only passwords refused lately, by this user or for this account (from
 * anyone). Checked before the bridge is asked, so the form cannot be used to guess an investor
 * password. `retryAfter` seconds until the oldest counted refusal leaves the window.
 */
export const bindThrottled = (retryAfter: number): AppError =>
  new AppError({ code: 'trader.bind_throttled', kind: 'too_many_requests', message: 'Too many refused binding checks', retryAfter, params: { minutes: Math.max(1, Math.ceil(retryAfter / 60)) } });
