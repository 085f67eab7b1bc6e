import { randomUUID } from 'node:crypto';
import type { Kysely } from '@brokerwise/sql';
import { findSession, insertSession, revokeSession, type SessionRow } from '../store/session.store.ts';
import type { IdentityTables } from '../store/types.ts';
import { findUserById, type UserRow } from '../store/user.store.ts';
import type { IdentityContext } from './context.ts';
import { sessionNotFound } from './errors.ts';

export const SESSION_TTL_MS = 24 * 3600_000;
export const REMEMBER_TTL_MS = 30 * 24 * 3600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SessionStart {
  userId: string;
  remember: boolean;
  ip: string;
  userAgent: string;
}

/** A new session: 1 day, or 30 days when the user ticked "remember". */
export function openSession(trx: Kysely<IdentityTables>, now: Date, s: SessionStart): Promise<SessionRow> {
  return insertSession(trx, {
    id: randomUUID(),
    user_id: s.userId,
    created_at: now,
    expires_at: new Date(now.getTime() + (s.remember ? REMEMBER_TTL_MS : SESSION_TTL_MS)),
    remember: s.remember,
    ip: s.ip.slice(0, 100),
    user_agent: s.userAgent.slice(0, 500),
  });
}

/** The session (revoked or expired ones included: the caller decides) and its user. */
export async function lookupSession(ctx: Pick<IdentityContext, 'db'>, id: string): Promise<{ session: SessionRow; user: UserRow }> {
  if (!UUID.test(id)) throw sessionNotFound();
  const session = await findSession(ctx.db, id);
  const user = session ? await findUserById(ctx.db, session.user_id) : undefined;
  if (!session || !user) throw sessionNotFound();
  return { session, user };
}

/** Logout: revokes one session; already revoked gives an empty list. */
export async function endSession(ctx: Pick<IdentityContext, 'db' | 'now'>, id: string, reason: string): Promise<{ revoked: string[] }> {
  if (!UUID.test(id) || !(await findSession(ctx.db, id))) throw sessionNotFound();
  const revoked = await revokeSession(ctx.db, id, reason, ctx.now());
  return { revoked: revoked ? [revoked] : [] };
}
