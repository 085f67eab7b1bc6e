/**
 * Accounts made by an operator or a seed rather than by sign-up: no email code, a fixed id when
 * asked, idempotent so they can run at every start. The demo site (demo/identity) and
 * `npm run admin` use them.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { userRegistered } from '../events/publish.ts';
import { savePasswordHash } from '../store/credential.store.ts';
import { findUserById, findUserByEmail, findUserByUsername, insertUser, setRole, violatedUnique, type UserRow } from '../store/user.store.ts';
import type { IdentityContext } from './context.ts';
import { PASSWORD, passwordProblem } from './rules.ts';

// No look-alikes (0/O, 1/l/I) and nothing the password rules refuse (& < > " ').
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '-_.!#%+=';
const pick = (chars: string): string => chars[randomInt(chars.length)]!;

/** A fresh PASSWORD.max-character password with a lower, upper, digit and symbol, in random order. */
export function generatePassword(): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS), ...Array.from({ length: PASSWORD.max - 4 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (passwordProblem(password)) throw new Error('generated password breaks the password rules');
  return password;
}

const MAX_RACE_RETRIES = 3;

/**
 * Makes sure the account of `email` exists, is an admin and signs in with `password` (set again at
 * every call, so the password the caller prints is the one that works). Returns undefined, touching
 * nothing, when someone else already holds the username with another email.
 */
export async function ensureAdminAccount(ctx: Pick<IdentityContext, 'db' | 'now' | 'passwords'>, input: { email: string; username: string; password: string }): Promise<UserRow | undefined> {
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(`admin password: ${problem}`);
  const passwordHash = await ctx.passwords.hash(input.password);
  for (let attempt = 0; attempt < MAX_RACE_RETRIES; attempt++) {
    const now = ctx.now();
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        let user = await findUserByEmail(trx, input.email);
        if (!user) {
          if (await findUserByUsername(trx, input.username)) return undefined;
          user = await insertUser(trx, { id: randomUUID(), email: input.email, username: input.username, accountType: 'personal', locale: 'en', now, role: 'admin' });
          await enqueueEvent(trx, userRegistered(user, 'en', undefined));
        } else if (user.role !== 'admin') {
          await setRole(trx, user.id, 'admin', now);
        }
        await savePasswordHash(trx, user.id, passwordHash, now);
        return user;
      });
    } catch (err) {
      // Another instance made it at the same moment: look again.
      if (violatedUnique(err) === undefined) throw err;
    }
  }
  return undefined;
}

export interface ProvisionedAccount {
  id: string;
  email: string;
  username: string;
  locale: string;
}

/**
 * Makes sure each account exists with its fixed id, without a password (nobody signs in as it).
 * An existing id is left alone; one whose email or username someone else holds is skipped.
 * Returns how many it created.
 */
export async function ensureAccounts(ctx: Pick<IdentityContext, 'db' | 'now'>, accounts: readonly ProvisionedAccount[]): Promise<number> {
  let created = 0;
  for (const c of accounts) {
    try {
      const made = await ctx.db.transaction().execute(async (trx) => {
        if (await findUserById(trx, c.id)) return false;
        if ((await findUserByEmail(trx, c.email)) || (await findUserByUsername(trx, c.username))) return false;
        const user = await insertUser(trx, { id: c.id, email: c.email, username: c.username, accountType: 'personal', locale: c.locale, now: ctx.now() });
        await enqueueEvent(trx, userRegistered(user, c.locale, undefined));
        return true;
      });
      if (made) created += 1;
    } catch (err) {
      // Another instance created it at the same moment.
      if (violatedUnique(err) === undefined) throw err;
    }
  }
  return created;
}
