/**
 * Administrators made by an operator (`npm run admin`), the only way to get the first one in
 * production. Every change writes a role_audit row (who, what, when) in the same transaction.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { userRegistered } from '../events/publish.ts';
import { savePasswordHash } from '../store/credential.store.ts';
import { countAdmins, insertRoleAudit, type RoleAuditRow } from '../store/role-audit.store.ts';
import { EMAIL_UNIQUE, USERNAME_UNIQUE, findTaken, findUserByEmail, findUserByEmailForUpdate, insertUser, setRole, usernamesTaken, violatedUnique, type UserRow } from '../store/user.store.ts';
import type { IdentityContext } from './context.ts';
import { USERNAME_REGISTER, emailProblem, normalizeEmail, normalizeUsername, passwordProblem, registerUsernameProblem } from './rules.ts';

type Ctx = Pick<IdentityContext, 'db' | 'now' | 'passwords'>;

/** Why an operator command was refused; `kind` maps to the CLI's exit code. */
export class AdminCommandError extends Error {
  readonly kind: 'invalid' | 'not_found' | 'conflict';
  constructor(kind: AdminCommandError['kind'], message: string) {
    super(message);
    this.name = 'AdminCommandError';
    this.kind = kind;
  }
}

export interface AdminChange {
  user: UserRow;
  /** False when the account already had the role asked for (nothing written). */
  changed: boolean;
  audit?: RoleAuditRow;
}

/** A free username from the email's local part (cut to the registration limit), else with a number. */
async function usernameFor(ctx: Ctx, email: string): Promise<string> {
  const local = email.split('@')[0]!.replace(/[^\p{L}\p{M}\p{N}_.-]/gu, '_');
  const base = [...(local.length >= USERNAME_REGISTER.min ? local : `admin_${local}`)].slice(0, USERNAME_REGISTER.max).join('');
  const short = [...base].slice(0, USERNAME_REGISTER.max - 5).join('');
  const candidates = [base, ...Array.from({ length: 8 }, () => `${short}_${String(randomInt(0, 10_000)).padStart(4, '0')}`)];
  const used = await usernamesTaken(ctx.db, candidates);
  const free = candidates.find((c) => !used.has(c.toLowerCase()) && registerUsernameProblem(c) === undefined);
  if (!free) throw new AdminCommandError('conflict', `no free username derived from ${email}; pass --username`);
  return free;
}

/**
 * A new account with the admin role and a password (it signs in like any account, and can change
 * the password on the site). An email already registered is a conflict: `grant` is for that.
 */
export async function createAdmin(ctx: Ctx, input: { email: string; password: string; username?: string | undefined; actor: string }): Promise<AdminChange> {
  const problems: string[] = [];
  const emailBad = emailProblem(input.email);
  if (emailBad) problems.push(`email: ${emailBad}`);
  const passwordBad = passwordProblem(input.password);
  if (passwordBad) problems.push(`password: ${passwordBad} (8 to 12 characters, none of & < > " ')`);
  const usernameBad = input.username === undefined ? undefined : registerUsernameProblem(input.username);
  if (usernameBad) problems.push(`username: ${usernameBad} (3 to 15 letters, digits, _ - .)`);
  if (problems.length > 0) throw new AdminCommandError('invalid', problems.join('; '));

  const email = normalizeEmail(input.email);
  const username = input.username === undefined ? await usernameFor(ctx, email) : normalizeUsername(input.username);
  const taken = await findTaken(ctx.db, { email, username });
  if (taken.email) throw new AdminCommandError('conflict', `${email} already has an account; use \`grant --email ${email}\``);
  if (taken.username) throw new AdminCommandError('conflict', `username ${username} is taken; pass another --username`);
  const passwordHash = await ctx.passwords.hash(input.password);
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, { id: randomUUID(), email, username, accountType: 'personal', locale: 'en', now, role: 'admin' });
      await savePasswordHash(trx, user.id, passwordHash, now);
      await enqueueEvent(trx, userRegistered(user, 'en', undefined));
      const audit = await insertRoleAudit(trx, { userId: user.id, action: 'create', previousRole: null, role: 'admin', actor: input.actor, at: now });
      return { user, changed: true, audit };
    });
  } catch (err) {
    // Someone registered the same email or name between the check and the insert.
    const constraint = violatedUnique(err);
    if (constraint === EMAIL_UNIQUE) throw new AdminCommandError('conflict', `${email} already has an account; use \`grant --email ${email}\``);
    if (constraint === USERNAME_UNIQUE) throw new AdminCommandError('conflict', `username ${username} is taken; pass another --username`);
    throw err;
  }
}

/**
 * Gives (`grant`) or takes (`revoke`) the admin role of an existing account. Revoking the last
 * active administrator is refused unless `force`, so nobody is locked out of moderation by a typo.
 * The gateway reads the role on every admin call, so the change applies at the next request.
 */
export async function changeAdminRole(ctx: Ctx, input: { email: string; action: 'grant' | 'revoke'; actor: string; force?: boolean }): Promise<AdminChange> {
  const emailBad = emailProblem(input.email);
  if (emailBad) throw new AdminCommandError('invalid', `email: ${emailBad}`);
  const email = normalizeEmail(input.email);
  const role = input.action === 'grant' ? 'admin' : 'user';
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByEmailForUpdate(trx, email);
    if (!user) throw new AdminCommandError('not_found', `no account has the email ${email}`);
    if (user.role === role) return { user, changed: false };
    if (role === 'user' && !input.force && (await countAdmins(trx)) <= 1) {
      throw new AdminCommandError('conflict', `${email} is the last administrator; grant another first, or pass --force`);
    }
    const now = ctx.now();
    await setRole(trx, user.id, role, now);
    const audit = await insertRoleAudit(trx, { userId: user.id, action: input.action, previousRole: user.role, role, actor: input.actor, at: now });
    const updated = (await findUserByEmail(trx, email))!;
    return { user: updated, changed: true, audit };
  });
}
