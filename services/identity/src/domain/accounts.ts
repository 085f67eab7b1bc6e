import { randomInt, randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { userRegistered } from '../events/publish.ts';
import { savePasswordHash, findPasswordHash } from '../store/credential.store.ts';
import type { SessionRow } from '../store/session.store.ts';
import { findSocialIdentity, insertSocialIdentity } from '../store/social.store.ts';
import type { AccountType, IdentityTables, SocialProvider } from '../store/types.ts';
import {
  EMAIL_UNIQUE,
  USERNAME_UNIQUE,
  findTaken,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  usernamesTaken,
  violatedUnique,
  type UserRow,
} from '../store/user.store.ts';
import { checkCode, useCode } from './codes.ts';
import type { IdentityContext, RequestMeta } from './context.ts';
import { accountFrozen, badCredentials, invalidInput, loginThrottled, taken, tooMuchContention } from './errors.ts';
import {
  USERNAME_PROFILE,
  codeProblem,
  emailProblem,
  normalizeEmail,
  normalizeUsername,
  passwordProblem,
  registerUsernameProblem,
  usernameFromName,
  type Locale,
} from './rules.ts';
import { openSession } from './sessions.ts';
import { LoginThrottle, isRefusal } from './throttle.ts';

export interface SignedIn {
  user: UserRow;
  session: SessionRow;
}

export interface Client {
  ip: string;
  userAgent: string;
}

export interface RegisterInput extends Client {
  email: string;
  username: string;
  password: string;
  code: string;
  accountType: AccountType;
  locale: Locale;
}

/** Maps a unique violation on user_account to the field it concerns; rethrows anything else. */
function takenFromViolation(err: unknown): never {
  const constraint = violatedUnique(err);
  if (constraint === EMAIL_UNIQUE) throw taken({ email: 'taken' });
  if (constraint === USERNAME_UNIQUE) throw taken({ username: 'taken' });
  throw err;
}

/**
 * Registration by email code: form rules → names free → code right → one transaction creating
 * the user, the credential and the session, and queueing `identity.user.registered`.
 */
export async function register(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'passwords' | 'codeSecret'>,
  input: RegisterInput,
  meta: RequestMeta = {},
): Promise<SignedIn> {
  const fields: Record<string, string> = {};
  const problems = {
    email: emailProblem(input.email),
    username: registerUsernameProblem(input.username),
    password: passwordProblem(input.password),
    captcha: codeProblem(input.code),
  };
  for (const [field, problem] of Object.entries(problems)) if (problem) fields[field] = problem;
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  const email = normalizeEmail(input.email);
  const username = normalizeUsername(input.username);
  const found = await findTaken(ctx.db, { email, username });
  if (found.email || found.username) throw taken({ ...(found.email ? { email: 'taken' } : {}), ...(found.username ? { username: 'taken' } : {}) });

  const code = await checkCode(ctx, { email, purpose: 'user_register', code: input.code });
  const passwordHash = await ctx.passwords.hash(input.password);
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await useCode(trx, code, now);
      const user = await insertUser(trx, { id: randomUUID(), email, username, accountType: input.accountType, locale: input.locale, now });
      await savePasswordHash(trx, user.id, passwordHash, now);
      const session = await openSession(trx, now, { userId: user.id, remember: false, ip: input.ip, userAgent: input.userAgent });
      await enqueueEvent(trx, userRegistered(user, input.locale, meta.correlationId));
      return { user, session };
    });
  } catch (err) {
    return takenFromViolation(err);
  }
}

export interface LoginInput extends Client {
  /** Email or username. */
  login: string;
  password: string;
  remember: boolean;
  /** The browser's device cookie from an earlier sign-in, if any (ADR 013). */
  device?: string | undefined;
  /**
   * The caller limits a frozen account's session to its sanctions and appeals (the gateway, ADR
   * 026): a frozen account then signs in instead of being refused. Without it, it is refused.
   */
  frozenAccess?: boolean | undefined;
}

/**
 * Password sign-in. Unknown login and wrong password give the same answer after the same work
 * (one argon2 verification). Throttled without lockout (ADR 013): a valid device cookie of the
 * account lets its owner in while others guessing are slowed down. A successful sign-in returns
 * the device cookie to keep (the one presented, or a new one).
 */
export async function login(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'passwords' | 'cache' | 'loginLimits' | 'devices'>,
  input: LoginInput,
): Promise<SignedIn & { device: string }> {
  const fields: Record<string, string> = {};
  if (input.login.trim() === '') fields.login = 'required';
  if (input.password === '') fields.password = 'required';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  const loginName = input.login.trim();
  const user = loginName.includes('@') ? await findUserByEmail(ctx.db, normalizeEmail(loginName)) : await findUserByUsername(ctx.db, normalizeUsername(loginName));
  const throttle = new LoginThrottle(ctx.cache, ctx.loginLimits, ctx.now);
  const device = user ? ctx.devices.nonceFor(input.device, user.id) : undefined;
  // Unknown logins are counted under the name tried, so they are throttled exactly like real ones.
  const turn = await throttle.begin({ account: user ? user.id : `name:${loginName.toLowerCase()}`, ip: input.ip.trim(), device });
  if (isRefusal(turn)) throw loginThrottled(turn.retryAfter);

  const passwordHash = user ? await findPasswordHash(ctx.db, user.id) : undefined;
  let ok = false;
  if (passwordHash) ok = await ctx.passwords.verify(passwordHash, input.password);
  else await ctx.passwords.verifyNothing(input.password);
  if (!ok || !user) {
    await turn.failed();
    throw badCredentials();
  }
  await turn.succeeded();
  if (user.frozen_at && input.frozenAccess !== true) throw accountFrozen();
  const session = await ctx.db.transaction().execute((trx) =>
    openSession(trx, ctx.now(), { userId: user.id, remember: input.remember, ip: input.ip, userAgent: input.userAgent }),
  );
  return { user, session, device: device && input.device ? input.device : ctx.devices.issue(user.id) };
}

export interface SocialInput extends Client {
  provider: SocialProvider;
  /** The raw token from the browser (Google ID token, Facebook access token). */
  credential: string;
  remember: boolean;
  locale: Locale;
  /** As for password sign-in: the caller confines a frozen account's session (ADR 026); without it, it is refused. */
  frozenAccess?: boolean | undefined;
}

const MAX_RACE_RETRIES = 3;

/** A free username from the provider's display name: the name itself, else with a number. */
async function freeUsername(db: Kysely<IdentityTables>, name: string | null, provider: SocialProvider): Promise<string> {
  const base = usernameFromName(name, provider === 'google' ? 'google_user' : 'facebook_user');
  const short = [...base].slice(0, USERNAME_PROFILE.max - 5).join('');
  const candidates = [base, ...Array.from({ length: 8 }, () => `${short}_${String(randomInt(0, 10_000)).padStart(4, '0')}`)];
  const used = await usernamesTaken(db, candidates);
  const free = candidates.find((c) => !used.has(c.toLowerCase()));
  return free ?? `${short}_${randomUUID().slice(0, 4)}`;
}

/**
 * Google/Facebook sign-in. Only what the provider verified is used: the account linked to
 * (provider, subject); else the account with the provider-verified email (then linked); else a
 * new account named after the provider's display name.
 */
export async function socialSignIn(
  ctx: Pick<IdentityContext, 'db' | 'now' | 'social'>,
  input: SocialInput,
  meta: RequestMeta = {},
): Promise<SignedIn & { created: boolean }> {
  const identity = input.provider === 'google' ? await ctx.social.google(input.credential) : await ctx.social.facebook(input.credential);
  const email = identity.email && identity.emailVerified && !emailProblem(identity.email) ? normalizeEmail(identity.email) : null;

  for (let attempt = 0; attempt < MAX_RACE_RETRIES; attempt++) {
    const now = ctx.now();
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        let created = false;
        let user: UserRow | undefined;
        const linked = await findSocialIdentity(trx, identity.provider, identity.subject);
        if (linked) user = await findUserById(trx, linked.user_id);
        if (!user && email) {
          user = await findUserByEmail(trx, email);
          if (user) await insertSocialIdentity(trx, { provider: identity.provider, subject: identity.subject, user_id: user.id, email, created_at: now });
        }
        if (!user) {
          const username = await freeUsername(trx, identity.name, identity.provider);
          user = await insertUser(trx, { id: randomUUID(), email, username, accountType: 'personal', locale: input.locale, now });
          await insertSocialIdentity(trx, { provider: identity.provider, subject: identity.subject, user_id: user.id, email, created_at: now });
          await enqueueEvent(trx, userRegistered(user, input.locale, meta.correlationId));
          created = true;
        }
        if (user.frozen_at && input.frozenAccess !== true) throw accountFrozen();
        const session = await openSession(trx, now, { userId: user.id, remember: input.remember, ip: input.ip, userAgent: input.userAgent });
        return { user, session, created };
      });
    } catch (err) {
      // Another sign-in created the same link, email or name meanwhile: look again.
      if (violatedUnique(err) === undefined) throw err;
    }
  }
  throw tooMuchContention();
}
