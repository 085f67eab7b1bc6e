import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { emailCodeRequested } from '../events/publish.ts';
import { addWrongAttempt, consumeCode, insertCode, latestCode, lockCodeSlot, purgeCodes, retireCodes, type CodeRow } from '../store/code.store.ts';
import type { CodePurpose, IdentityTables } from '../store/types.ts';
import { findTaken, findUserByEmail, findUserById } from '../store/user.store.ts';
import type { IdentityContext, RequestMeta } from './context.ts';
import { codeRefused, codeTooSoon, emailRequired, invalidInput, taken, userNotFound } from './errors.ts';
import { emailProblem, normalizeEmail, type Locale } from './rules.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_WRONG_ATTEMPTS = 5;

export interface RequestCodeInput {
  email: string;
  purpose: CodePurpose;
  locale: Locale;
  /** The signed-in user (change_password: required, the code goes to their bound email; bind_email: optional). */
  userId?: string | undefined;
}

/** HMAC of the code bound to its row id: a stolen table reveals no code, and rows can't be swapped. */
function hashCode(secret: string, id: string, code: string): string {
  return createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');
}

/**
 * Issues a 6-digit code for (email, purpose) and hands it, in the same transaction, to the
 * notifications service as `identity.email_code.requested` (with the code and its expiry), which
 * mails it in the reader's language and retries while the mail relay is down (ADR 010). Only the
 * code's HMAC is stored here. At most one per 60 s for the same pair; a new code retires the
 * older ones. retrieve_password for an unknown email behaves the same, but sends nothing.
 */
export async function requestCode(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'codeSecret'>,
  input: RequestCodeInput,
  meta: RequestMeta = {},
): Promise<{ resendAfter: number }> {
  const { db } = ctx;
  let email: string;
  let userId: string | null = null;
  let send = true;

  if (input.purpose === 'change_password') {
    if (!input.userId) throw invalidInput({ userId: 'required' });
    const user = await findUserById(db, input.userId);
    if (!user) throw userNotFound();
    if (!user.email) throw emailRequired();
    email = user.email;
    userId = user.id;
  } else {
    const problem = emailProblem(input.email);
    if (problem) throw invalidInput({ email: problem });
    email = normalizeEmail(input.email);
    if (input.purpose === 'user_register') {
      if ((await findTaken(db, { email })).email) throw taken({ email: 'taken' });
    } else if (input.purpose === 'company_claim') {
      // The claim (company-claims.ts) checked the address against the company's domain.
      if (!input.userId) throw invalidInput({ userId: 'required' });
      userId = input.userId;
    } else if (input.purpose === 'bind_email') {
      if (input.userId) {
        if (!(await findUserById(db, input.userId))) throw userNotFound();
        userId = input.userId;
      }
      if ((await findTaken(db, { email }, input.userId)).email) throw taken({ email: 'taken' });
    } else {
      // retrieve_password: same answer whether or not the address has an account.
      send = (await findUserByEmail(db, email)) !== undefined;
    }
  }

  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await lockCodeSlot(trx, email, input.purpose);
    const latest = await latestCode(trx, email, input.purpose);
    if (latest) {
      const elapsedMs = now.getTime() - latest.created_at.getTime();
      if (elapsedMs < RESEND_AFTER_SECONDS * 1000) throw codeTooSoon(Math.max(1, Math.ceil(RESEND_AFTER_SECONDS - elapsedMs / 1000)));
    }
    await retireCodes(trx, email, input.purpose, now);
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
    await insertCode(trx, {
      id,
      email,
      purpose: input.purpose,
      user_id: userId,
      code_hash: hashCode(ctx.codeSecret, id, code),
      created_at: now,
      expires_at: expiresAt,
    });
    if (send) await enqueueEvent(trx, emailCodeRequested({ email, purpose: input.purpose, locale: input.locale, code, at: now, expiresAt }, meta.correlationId));
  });
  return { resendAfter: RESEND_AFTER_SECONDS };
}

export interface CheckCodeInput {
  email: string;
  purpose: CodePurpose;
  code: string;
  /** The signed-in user the code must have been issued to, when it was issued to one. */
  userId?: string | undefined;
}

/**
 * Checks a code against the latest one issued for (email, purpose) without using it up.
 * A wrong code counts (committed at once); the fifth wrong one kills the code. Throws
 * `identity.code_invalid` with fields { [field]: invalid | expired | attempts }.
 */
export async function checkCode(ctx: Pick<IdentityContext, 'db' | 'now' | 'codeSecret'>, input: CheckCodeInput, field = 'captcha'): Promise<CodeRow> {
  const row = await latestCode(ctx.db, input.email, input.purpose);
  if (!row || row.consumed_at !== null) throw codeRefused('invalid', field);
  if (row.user_id !== null && input.userId !== undefined && row.user_id !== input.userId) throw codeRefused('invalid', field);
  if (row.attempts >= MAX_WRONG_ATTEMPTS) throw codeRefused('attempts', field);
  if (row.expires_at.getTime() <= ctx.now().getTime()) throw codeRefused('expired', field);
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(ctx.codeSecret, row.id, input.code.trim()), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const attempts = await addWrongAttempt(ctx.db, row.id, MAX_WRONG_ATTEMPTS);
    throw codeRefused(attempts === undefined || attempts >= MAX_WRONG_ATTEMPTS ? 'attempts' : 'invalid', field);
  }
  return row;
}

/**
 * Uses up a checked code inside the caller's transaction (rolled back with it). Throws
 * `invalid` when a concurrent request used it first.
 */
export async function useCode(trx: Kysely<IdentityTables>, row: CodeRow, now: Date, field = 'captcha'): Promise<void> {
  if (!(await consumeCode(trx, row.id, now, MAX_WRONG_ATTEMPTS))) throw codeRefused('invalid', field);
}

/** Deletes codes expired for more than a day (they only matter for the 60 s resend rule). */
export function purgeExpiredCodes(ctx: Pick<IdentityContext, 'db' | 'now'>): Promise<number> {
  return purgeCodes(ctx.db, new Date(ctx.now().getTime() - 24 * 3600_000));
}
