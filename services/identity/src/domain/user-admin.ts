/**
 * The admin users console (issue 17): find accounts, see one (sessions, sanctions, appeals),
 * change its role, end its sessions. Every change appends to `admin_audit` in its transaction.
 */
import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { profileUpdated, userDeleted } from '../events/publish.ts';
import { eraseAccount } from '../store/account-deletion.store.ts';
import { endClaimsOf } from '../store/company-claim.store.ts';
import { countAdmins, insertRoleAudit } from '../store/role-audit.store.ts';
import { insertAudit, listAudit, type AuditRow } from '../store/sanction.store.ts';
import { countLiveSessions, revokeUserSessions } from '../store/session.store.ts';
import type { Role } from '../store/types.ts';
import { findUserById, findUserByIdForUpdate, searchUsers, setRole, type UserRow } from '../store/user.store.ts';
import type { IdentityContext } from './context.ts';
import { accountDeleted, deleteNotAllowed, invalidInput, lastAdmin, userNotFound } from './errors.ts';
import { REASON_MAX, sanctionRecord } from './sanctions.ts';
import { charLength } from './rules.ts';

type Ctx = Pick<IdentityContext, 'db' | 'now'>;

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findAccounts(ctx: Ctx, q: { keyword: string; page: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
  return searchUsers(ctx.db, { keyword: q.keyword.trim(), offset: (q.page - 1) * q.limit, limit: q.limit });
}

/** One account as the console shows it. */
export async function accountDetail(ctx: Ctx, id: string) {
  const user = UUID.test(id) ? await findUserById(ctx.db, id) : undefined;
  if (!user) throw userNotFound();
  const [liveSessions, record] = await Promise.all([countLiveSessions(ctx.db, id, ctx.now()), sanctionRecord(ctx, id)]);
  return { user, liveSessions, record };
}

const reasonOf = (reason: string | undefined): string => {
  const r = (reason ?? '').trim();
  if (charLength(r) > REASON_MAX) throw invalidInput({ reason: 'sanction_too_long' });
  return r;
};

/**
 * Gives an account the role `role` (admins only, the route says). The last administrator keeps
 * the role, so nobody is locked out of the console by a slip.
 */
export async function changeRole(ctx: Ctx, input: { userId: string; role: Role; adminId: string; reason?: string | undefined }): Promise<{ user: UserRow; changed: boolean }> {
  const reason = reasonOf(input.reason);
  if (!UUID.test(input.userId)) throw userNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByIdForUpdate(trx, input.userId);
    if (!user) throw userNotFound();
    if (user.role === input.role) return { user, changed: false };
    if (user.role === 'admin' && (await countAdmins(trx)) <= 1) throw lastAdmin();
    const now = ctx.now();
    await setRole(trx, user.id, input.role, now);
    const action = RANK[input.role] > RANK[user.role] ? 'grant' : 'revoke';
    await insertRoleAudit(trx, { userId: user.id, action, previousRole: user.role, role: input.role, actor: `user:${input.adminId}`, at: now });
    await insertAudit(trx, { id: randomUUID(), actorId: input.adminId, at: now, action: 'role.change', targetUserId: user.id, before: { role: user.role }, after: { role: input.role }, reason });
    return { user: (await findUserById(trx, user.id))!, changed: true };
  });
}

/** Signs an account out everywhere (a stolen password, a compromised device). */
export async function revokeAllSessions(ctx: Ctx, input: { userId: string; moderatorId: string; reason?: string | undefined }): Promise<{ revoked: string[] }> {
  const reason = reasonOf(input.reason);
  if (!UUID.test(input.userId)) throw userNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByIdForUpdate(trx, input.userId);
    if (!user) throw userNotFound();
    const now = ctx.now();
    const revoked = await revokeUserSessions(trx, user.id, 'admin', now);
    await insertAudit(trx, {
      id: randomUUID(),
      actorId: input.moderatorId,
      at: now,
      action: 'sessions.revoke',
      targetUserId: user.id,
      before: null,
      after: { sessionsRevoked: revoked.length },
      reason,
    });
    return { revoked };
  });
}

/**
 * Deletes an account (admins; the terms' account closure): its personal data is erased, its
 * sessions end and it can no longer sign in; `identity.user.deleted` lets the other services delete
 * its reviews, posts, comments and trading accounts (the privacy policy's promise), and
 * `identity.user.profile_updated` replaces the name and avatar they copied. A reason is required;
 * the audit keeps the former username, as the log of an admin action must say whom it concerned.
 * An administrator's own account and the last administrator are refused.
 */
export async function deleteAccount(
  ctx: Ctx,
  input: { userId: string; adminId: string; reason: string },
  meta: { correlationId?: string | undefined } = {},
): Promise<{ user: UserRow; revoked: string[] }> {
  const reason = reasonOf(input.reason);
  if (!reason) throw invalidInput({ reason: 'account_delete_reason' });
  if (!UUID.test(input.userId)) throw userNotFound();
  if (input.userId.toLowerCase() === input.adminId.toLowerCase()) throw deleteNotAllowed();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByIdForUpdate(trx, input.userId);
    if (!user) throw userNotFound();
    if (user.deleted_at) throw accountDeleted();
    if (user.role === 'admin' && (await countAdmins(trx)) <= 1) throw lastAdmin();
    const now = ctx.now();
    const revoked = await revokeUserSessions(trx, user.id, 'deleted', now);
    if (user.role !== 'user') await setRole(trx, user.id, 'user', now);
    const erased = await eraseAccount(trx, user, now);
    // It no longer speaks for any company; the mailboxes it claimed with are personal data (ADR 030).
    await endClaimsOf(trx, user.id, input.adminId, now);
    await insertAudit(trx, {
      id: randomUUID(),
      actorId: input.adminId,
      at: now,
      action: 'account.delete',
      targetUserId: user.id,
      // Who it was, for the log; the email and the rest are erased.
      before: { username: user.username, role: user.role },
      after: { deleted: true, sessionsRevoked: revoked.length },
      reason,
    });
    await enqueueEvent(trx, profileUpdated(erased, meta.correlationId));
    await enqueueEvent(trx, userDeleted(user.id, user.email, now, meta.correlationId));
    return { user: erased, revoked };
  });
}

export async function auditLog(ctx: Ctx, q: { targetUserId?: string | undefined; actorId?: string | undefined; page: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
  if ((q.targetUserId !== undefined && !UUID.test(q.targetUserId)) || (q.actorId !== undefined && !UUID.test(q.actorId))) return { rows: [], total: 0 };
  return listAudit(ctx.db, { targetUserId: q.targetUserId, actorId: q.actorId?.toLowerCase(), offset: (q.page - 1) * q.limit, limit: q.limit });
}
