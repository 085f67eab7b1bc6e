import { randomInt, randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { userRegistered } from '../events/publish.ts';
import { savePasswordHash } from '../store/credential.store.ts';
import { findUserByEmail, findUserByUsername, insertUser, setRole, violatedUnique } from '../store/user.store.ts';
import type { IdentityContext } from './context.ts';
import { PASSWORD, passwordProblem } from './rules.ts';

/** The demo site's moderator account (embedded mode only; production never creates it). */
export const DEMO_ADMIN_EMAIL = 'admin@brokerwise.example';
export const DEMO_ADMIN_USERNAME = 'admin';

export interface DemoAdmin {
  email: string;
  username: string;
  /** In clear, for the start script to print once; only its hash is stored. */
  password: string;
}

// No look-alikes (0/O, 1/l/I) and nothing the password rules refuse (& < > " ').
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '-_.!#%+=';
const pick = (chars: string): string => chars[randomInt(chars.length)]!;

/** A fresh PASSWORD.max-character password with a lower, upper, digit and symbol, in random order. */
export function generateDemoPassword(): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS), ...Array.from({ length: PASSWORD.max - 4 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (passwordProblem(password)) throw new Error('generated demo password breaks the password rules');
  return password;
}

const MAX_RACE_RETRIES = 3;

/**
 * Makes sure the demo admin exists, is an admin and signs in with `password` (set again at every
 * start, so the password printed at start is the one that works). Returns undefined, touching
 * nothing, when someone else already holds the username with another email.
 */
export async function ensureDemoAdmin(ctx: Pick<IdentityContext, 'db' | 'now' | 'passwords'>, password: string): Promise<DemoAdmin | undefined> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(`demo admin password: ${problem}`);
  const passwordHash = await ctx.passwords.hash(password);
  for (let attempt = 0; attempt < MAX_RACE_RETRIES; attempt++) {
    const now = ctx.now();
    try {
      const seeded = await ctx.db.transaction().execute(async (trx) => {
        let user = await findUserByEmail(trx, DEMO_ADMIN_EMAIL);
        if (!user) {
          if (await findUserByUsername(trx, DEMO_ADMIN_USERNAME)) return undefined;
          user = await insertUser(trx, { id: randomUUID(), email: DEMO_ADMIN_EMAIL, username: DEMO_ADMIN_USERNAME, accountType: 'personal', locale: 'en', now, role: 'admin' });
          await enqueueEvent(trx, userRegistered(user, 'en', undefined));
        } else if (user.role !== 'admin') {
          await setRole(trx, user.id, 'admin', now);
        }
        await savePasswordHash(trx, user.id, passwordHash, now);
        return user;
      });
      return seeded ? { email: DEMO_ADMIN_EMAIL, username: seeded.username, password } : undefined;
    } catch (err) {
      // Another instance seeded it at the same moment: look again.
      if (violatedUnique(err) === undefined) throw err;
    }
  }
  return undefined;
}
