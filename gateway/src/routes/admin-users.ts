import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import {
  operations,
  type AdminAppeal,
  type AdminSanction,
  type AdminUserAuditEntry,
  type AdminUserDetail,
  type AdminUserRow,
  type Page,
  type UserSanction,
  type Validated,
} from '@brokerwise/api-contract';
import type { IdentityAppeal, IdentityClient, IdentitySanction } from '../clients/identity.client.ts';
import { requireRole } from '../http/admin-guard.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { PostingGuard } from '../http/posting.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface AdminUserDeps {
  identity: IdentityClient;
  sessions: Sessions;
  /** Forgets a user's cached standing when a sanction about them changes. */
  posting: PostingGuard;
}

const PAGE_SIZE = 20;

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T, params?: Record<string, string | number>) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang, params), time: now(), data });

const appealOf = (a: IdentityAppeal | null) =>
  a && { id: a.id, text: a.text, createdAt: a.createdAt, decision: a.decision, decidedAt: a.decidedAt, decisionReason: a.decisionReason };

/** What the sanctioned user sees: no moderator ids. */
const userSanction = (s: IdentitySanction, a: IdentityAppeal | null): UserSanction => ({
  id: s.id,
  kind: s.kind,
  rule: s.rule,
  reason: s.reason,
  imposedAt: s.imposedAt,
  endsAt: s.endsAt,
  liftedAt: s.liftedAt,
  liftReason: s.liftReason,
  active: s.active,
  appeal: appealOf(a),
});

/**
 * Sanctions, appeals and the admin users console (issue 17). Moderators and admins use all of
 * it but the role change (admins only). Appeals are filed by the sanctioned user and decided by
 * a second moderator (identity refuses the one who imposed the sanction).
 */
export async function adminUserRoutes(app: FastifyInstance, deps: AdminUserDeps): Promise<void> {
  const { identity, sessions, posting } = deps;
  const requireModerator = requireRole(sessions, identity, 'moderator');
  const requireAdmin = requireRole(sessions, identity, 'admin');

  /** User ids → usernames, one identity call for all ('' for a vanished account). */
  const namesOf = async (ids: (string | null)[], rid: string) => {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    const { items } = wanted.length > 0 ? await identity.userCards(wanted, rid) : { items: [] };
    const names = new Map(items.map((u) => [u.id, u.username]));
    return (id: string) => ({ id, username: names.get(id) ?? '' });
  };
  const staffSanction = (s: IdentitySanction, a: IdentityAppeal | null, person: (id: string) => { id: string; username: string }): AdminSanction => ({
    ...userSanction(s, a),
    imposedBy: person(s.imposedBy),
    liftedBy: s.liftedBy ? person(s.liftedBy) : null,
  });
  /** An unknown or malformed id (identity refuses a non-UUID with `validation_failed`) is "no such …" to staff. */
  const gone = (code: string) => (err: unknown): never => {
    if (isAppError(err) && (err.kind === 'not_found' || (err.code === 'validation_failed' && Object.keys(err.fields ?? {}).some((f) => f === 'id' || f === 'sanctionId')))) throw new AppError({ code, kind: 'not_found', message: 'Not found' });
    throw err;
  };
  const userGone = gone('identity.user_not_found');

  // --- The user's side ---------------------------------------------------------------------

  // A frozen account reaches these two (ADR 026): it must be able to read and appeal its sanction.
  app.get('/api/user/sanctions', { schema: contractSchema('mySanctions') }, async (request, reply) => {
    const user = await sessions.require(request, { frozen: true });
    const { items } = await identity.sanctionsOf(user.userId, request.id);
    return send(
      request,
      reply,
      'ok',
      items.map(({ sanction, appeal }) => userSanction(sanction, appeal)),
    );
  });

  app.post<{ Body: Validated<typeof operations.appeal.body> }>('/api/user/appeal', { schema: contractSchema('appeal') }, async (request, reply) => {
    const user = await sessions.require(request, { frozen: true });
    const a = await identity.appeal(user.userId, request.body, request.id).catch(gone('identity.sanction_not_found'));
    return send(request, reply, 'user.appeal_sent', appealOf(a));
  });

  // --- Staff -------------------------------------------------------------------------------

  app.get<{ Querystring: Validated<typeof operations.adminUsers.query> }>('/api/admin/users', { schema: contractSchema('adminUsers') }, async (request, reply) => {
    await requireModerator(request);
    const page = request.query.page ?? 1;
    const { items, total } = await identity.adminUsers({ keyword: request.query.keyword ?? '', page, limit: PAGE_SIZE }, request.id);
    const data: Page<AdminUserRow> = { list: items, total, page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Validated<typeof operations.adminUserDetail.query> }>('/api/admin/users/detail', { schema: contractSchema('adminUserDetail') }, async (request, reply) => {
    await requireModerator(request);
    const d = await identity.adminUser(request.query.id, request.id).catch(userGone);
    const person = await namesOf(
      d.items.flatMap(({ sanction }) => [sanction.imposedBy, sanction.liftedBy]),
      request.id,
    );
    const data: AdminUserDetail = { user: d.user, liveSessions: d.liveSessions, sanctions: d.items.map(({ sanction, appeal }) => staffSanction(sanction, appeal, person)) };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminUserRole.body> }>('/api/admin/users/role', { schema: contractSchema('adminUserRole') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const b = request.body;
    const { user } = await identity.setRole(b.userId, { role: b.role, adminId: me.id, ...(b.reason ? { reason: b.reason } : {}) }, request.id).catch(userGone);
    return send(request, reply, 'admin.role_changed', user);
  });

  app.post<{ Body: Validated<typeof operations.adminUserRevokeSessions.body> }>('/api/admin/users/revokeSessions', { schema: contractSchema('adminUserRevokeSessions') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    const { revoked } = await identity.revokeSessions(b.userId, { moderatorId: me.id, ...(b.reason ? { reason: b.reason } : {}) }, request.id).catch(userGone);
    await sessions.forget(revoked);
    return send(request, reply, 'admin.sessions_revoked', { revoked: revoked.length }, { count: revoked.length });
  });

  app.post<{ Body: Validated<typeof operations.adminUserDelete.body> }>('/api/admin/users/delete', { schema: contractSchema('adminUserDelete') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const b = request.body;
    const { user, revoked } = await identity.deleteAccount(b.userId, { adminId: me.id, reason: b.reason }, request.id).catch(userGone);
    await Promise.all([sessions.forget(revoked), posting.forget(user.id)]);
    return send(request, reply, 'admin.account_deleted', user);
  });

  app.post<{ Body: Validated<typeof operations.adminUserSanction.body> }>('/api/admin/users/sanction', { schema: contractSchema('adminUserSanction') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    const { sanction, revoked } = await identity
      .sanction(b.userId, { kind: b.kind, ...(b.kind === 'restrict' && b.days !== undefined ? { days: b.days } : {}), reason: b.reason, rule: b.rule, moderatorId: me.id }, request.id)
      .catch(userGone);
    // A freeze ends the sessions now, a restriction applies to the next post: drop what is cached.
    await Promise.all([sessions.forget(revoked), posting.forget(sanction.userId)]);
    const person = await namesOf([me.id], request.id);
    return send(request, reply, 'admin.sanction_imposed', staffSanction(sanction, null, person));
  });

  app.post<{ Body: Validated<typeof operations.adminUserLiftSanction.body> }>('/api/admin/users/liftSanction', { schema: contractSchema('adminUserLiftSanction') }, async (request, reply) => {
    const me = await requireModerator(request);
    const s = await identity.liftSanction(request.body.sanctionId, { reason: request.body.reason, moderatorId: me.id }, request.id).catch(gone('identity.sanction_not_found'));
    await posting.forget(s.userId);
    const person = await namesOf([s.imposedBy, me.id], request.id);
    return send(request, reply, 'admin.sanction_lifted', staffSanction(s, null, person));
  });

  app.get<{ Querystring: Validated<typeof operations.adminUserAudit.query> }>('/api/admin/users/audit', { schema: contractSchema('adminUserAudit') }, async (request, reply) => {
    await requireModerator(request);
    const page = request.query.page ?? 1;
    const { items, total } = await identity.audit({ targetId: request.query.userId || undefined, page, limit: PAGE_SIZE }, request.id);
    const person = await namesOf(
      items.flatMap((a) => [a.actorId, a.targetUserId]),
      request.id,
    );
    const data: Page<AdminUserAuditEntry> = {
      list: items.map((a) => ({ id: a.id, at: a.at, actor: person(a.actorId), target: person(a.targetUserId), action: a.action, before: a.before, after: a.after, reason: a.reason })),
      total,
      page,
      limit: PAGE_SIZE,
    };
    return send(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Validated<typeof operations.adminAppeals.query> }>('/api/admin/appeals', { schema: contractSchema('adminAppeals') }, async (request, reply) => {
    await requireModerator(request);
    const page = request.query.page ?? 1;
    const { items, total } = await identity.appeals({ status: request.query.status ?? 'open', page, limit: PAGE_SIZE }, request.id);
    const person = await namesOf(
      items.flatMap(({ sanction }) => [sanction.imposedBy, sanction.liftedBy]),
      request.id,
    );
    const data: Page<AdminAppeal> = {
      list: items.map(({ appeal, username, sanction }) => ({
        ...appealOf(appeal)!,
        user: { id: appeal.userId, username },
        sanction: staffSanction(sanction, appeal, person),
      })),
      total,
      page,
      limit: PAGE_SIZE,
    };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminDecideAppeal.body> }>('/api/admin/appeals/decide', { schema: contractSchema('adminDecideAppeal') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    const { appeal, sanction } = await identity.decideAppeal(b.appealId, { decision: b.decision, reason: b.reason, moderatorId: me.id }, request.id).catch(gone('identity.appeal_not_found'));
    await posting.forget(sanction.userId);
    const person = await namesOf([sanction.imposedBy, sanction.liftedBy], request.id);
    return send(request, reply, b.decision === 'lift' ? 'admin.appeal_lifted' : 'admin.appeal_upheld', { ...appealOf(appeal)!, sanction: staffSanction(sanction, appeal, person) });
  });
}
