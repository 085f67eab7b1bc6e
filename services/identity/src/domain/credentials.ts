import { findPasswordHash, savePasswordHash } from '../store/credential.store.ts';
import { revokeUserSessions } from '../store/session.store.ts';
import { findUserByEmail } from '../store/user.store.ts';
import { checkCode, useCode } from './codes.ts';
import type { IdentityContext } from './context.ts';
import { codeRefused, emailRequired, invalidInput, loginThrottled, wrongOldPassword } from './errors.ts';
import { getUser } from './profile.ts';
import { codeProblem, emailProblem, normalizeEmail, passwordProblem } from './rules.ts';
import { LoginThrottle, isRefusal } from './throttle.ts';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  code: string;
}

/**
 * Password change by a signed-in user: old password and a change_password code sent to the
 * bound email. Every session of the user is revoked; the ids are returned so the gateway can
 * forget them. Wrong old passwords count as failed sign-ins of the account.
 */
export async function changePassword(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'passwords' | 'codeSecret' | 'cache' | 'loginLimits'>,
  userId: string,
  input: ChangePasswordInput,
): Promise<{ revoked: string[] }> {
  const fields: Record<string, string> = {};
  if (input.oldPassword === '') fields.oldpwd = 'required';
  const pwd = passwordProblem(input.newPassword);
  if (pwd) fields.pwd = pwd;
  const captcha = codeProblem(input.code);
  if (captcha) fields.captcha = captcha;
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  const user = await getUser(ctx, userId);
  if (!user.email) throw emailRequired();
  // The signed-in caller is the account's own session: only the account's delays apply.
  const turn = await new LoginThrottle(ctx.cache, ctx.loginLimits, ctx.now).begin({ account: user.id, ip: '' });
  if (isRefusal(turn)) throw loginThrottled(turn.retryAfter);
  const currentHash = await findPasswordHash(ctx.db, user.id);
  const ok = currentHash ? await ctx.passwords.verify(currentHash, input.oldPassword) : (await ctx.passwords.verifyNothing(input.oldPassword), false);
  if (!ok) {
    await turn.failed();
    throw wrongOldPassword();
  }

  const code = await checkCode(ctx, { email: user.email, purpose: 'change_password', code: input.code, userId: user.id });
  const newHash = await ctx.passwords.hash(input.newPassword);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await useCode(trx, code, now);
    await savePasswordHash(trx, user.id, newHash, now);
    return { revoked: await revokeUserSessions(trx, user.id, 'password_changed', now) };
  });
}

export interface ResetPasswordInput {
  email: string;
  newPassword: string;
  code: string;
}

/**
 * Forgotten password: a retrieve_password code proves the mailbox. Every session is revoked.
 * An unknown email fails exactly like a wrong code (no account enumeration).
 */
export async function resetPassword(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'passwords' | 'codeSecret'>,
  input: ResetPasswordInput,
): Promise<{ revoked: string[] }> {
  const fields: Record<string, string> = {};
  const emailP = emailProblem(input.email);
  if (emailP) fields.email = emailP;
  const pwd = passwordProblem(input.newPassword);
  if (pwd) fields.pwd = pwd;
  const captcha = codeProblem(input.code);
  if (captcha) fields.captcha = captcha;
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(ctx.db, email);
  // Checked even for an unknown address, so wrong guesses die after 5 tries there too.
  const code = await checkCode(ctx, { email, purpose: 'retrieve_password', code: input.code });
  if (!user) throw codeRefused('invalid');
  const newHash = await ctx.passwords.hash(input.newPassword);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await useCode(trx, code, now);
    await savePasswordHash(trx, user.id, newHash, now);
    return { revoked: await revokeUserSessions(trx, user.id, 'password_reset', now) };
  });
}
