import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { IdentityDeps } from '../../deps.ts';
import { appealQueue, appealSanction, decideAppeal, imposeSanction, inForce, liftSanction, sanctionRecord, standingOf } from '../../domain/sanctions.ts';
import { accountDetail, auditLog, changeRole, deleteAccount, findAccounts, revokeAllSessions } from '../../domain/user-admin.ts';
import type { AppealRow, AuditRow, SanctionRow } from '../../store/sanction.store.ts';
import type { UserRow } from '../../store/user.store.ts';
import {
  AdminUserDto,
  AppealBody,
  AppealDto,
  AppealPageDto,
  AppealsQuery,
  AuditPageDto,
  AuditQuery,
  DecideBody,
  DecidedDto,
  DeleteBody,
  DeletedDto,
  IdParams,
  ImposedDto,
  LiftBody,
  RecordDto,
  RevokeBody,
  RevokedDto,
  RoleBody,
  RoleDto,
  SanctionBody,
  SanctionDto,
  StandingDto,
  UserDetailDto,
  UserPageDto,
  UsersQuery,
} from './schemas.ts';

type Params = { Params: Static<typeof IdParams> };
const iso = (d: Date | null) => d?.toISOString() ?? null;

const sanctionDto = (s: SanctionRow, now: Date): Static<typeof SanctionDto> => ({
  id: s.id,
  userId: s.user_id,
  kind: s.kind,
  rule: s.rule,
  reason: s.reason,
  imposedBy: s.imposed_by,
  imposedAt: s.imposed_at.toISOString(),
  endsAt: iso(s.ends_at),
  liftedAt: iso(s.lifted_at),
  liftedBy: s.lifted_by,
  liftReason: s.lift_reason,
  active: inForce(s, now),
});

const appealDto = (a: AppealRow): Static<typeof AppealDto> => ({
  id: a.id,
  sanctionId: a.sanction_id,
  userId: a.user_id,
  text: a.text,
  createdAt: a.created_at.toISOString(),
  decision: a.decision,
  decidedBy: a.decided_by,
  decidedAt: iso(a.decided_at),
  decisionReason: a.decision_reason,
});

const adminUserDto = (u: UserRow): Static<typeof AdminUserDto> => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  frozen: u.frozen_at !== null,
  deleted: u.deleted_at !== null,
  createdAt: u.created_at.toISOString(),
});

const auditDto = (a: AuditRow) => ({
  id: a.id,
  actorId: a.actor_id,
  at: a.at.toISOString(),
  action: a.action,
  targetUserId: a.target_user_id,
  before: a.before,
  after: a.after,
  reason: a.reason,
});

/**
 * Sanctions, appeals and the users console. The user's own record, appeal and standing are
 * `callerParam` routes; everything under /v1/admin needs a moderator or an admin (the role
 * change an admin), and the acting moderator is named in the body (checked against the token).
 */
export async function sanctionRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  const record = async (userId: string) => (await sanctionRecord(deps, userId)).map(({ sanction, appeal }) => ({ sanction: sanctionDto(sanction, deps.now()), appeal: appeal && appealDto(appeal) }));

  app.get<Params>('/v1/users/:id/standing', { config: { callerParam: 'id' }, schema: { params: IdParams, response: { 200: StandingDto } } }, async (request) => {
    const { restriction, frozen } = await standingOf(deps, request.params.id);
    return { restriction: restriction && sanctionDto(restriction, deps.now()), frozen };
  });

  app.get<Params>('/v1/users/:id/sanctions', { config: { callerParam: 'id' }, schema: { params: IdParams, response: { 200: RecordDto } } }, async (request) => ({
    items: await record(request.params.id),
  }));

  app.post<Params & { Body: Static<typeof AppealBody> }>(
    '/v1/users/:id/appeals',
    { config: { callerParam: 'id' }, schema: { params: IdParams, body: AppealBody, response: { 200: AppealDto } } },
    async (request) => appealDto(await appealSanction(deps, { userId: request.params.id, sanctionId: request.body.sanctionId, text: request.body.text })),
  );

  app.get<{ Querystring: Static<typeof UsersQuery> }>(
    '/v1/admin/users',
    { config: { callerRole: 'moderator' }, schema: { querystring: UsersQuery, response: { 200: UserPageDto } } },
    async (request) => {
      const { rows, total } = await findAccounts(deps, request.query);
      return { items: rows.map(adminUserDto), total };
    },
  );

  app.get<Params>('/v1/admin/users/:id', { config: { callerRole: 'moderator' }, schema: { params: IdParams, response: { 200: UserDetailDto } } }, async (request) => {
    const { user, liveSessions } = await accountDetail(deps, request.params.id);
    return { user: adminUserDto(user), liveSessions, items: await record(user.id) };
  });

  app.post<Params & { Body: Static<typeof RoleBody> }>(
    '/v1/admin/users/:id/role',
    { config: { callerRole: 'admin' }, schema: { params: IdParams, body: RoleBody, response: { 200: RoleDto } } },
    async (request) => {
      const { user, changed } = await changeRole(deps, { userId: request.params.id, ...request.body });
      return { user: adminUserDto(user), changed };
    },
  );

  app.post<Params & { Body: Static<typeof RevokeBody> }>(
    '/v1/admin/users/:id/revoke-sessions',
    { config: { callerRole: 'moderator' }, schema: { params: IdParams, body: RevokeBody, response: { 200: RevokedDto } } },
    async (request) => revokeAllSessions(deps, { userId: request.params.id, ...request.body }),
  );

  app.post<Params & { Body: Static<typeof DeleteBody> }>(
    '/v1/admin/users/:id/delete',
    { config: { callerRole: 'admin' }, schema: { params: IdParams, body: DeleteBody, response: { 200: DeletedDto } } },
    async (request) => {
      const { user, revoked } = await deleteAccount(deps, { userId: request.params.id, ...request.body }, { correlationId: request.id });
      deps.relay.poke();
      return { user: adminUserDto(user), revoked };
    },
  );

  app.post<Params & { Body: Static<typeof SanctionBody> }>(
    '/v1/admin/users/:id/sanctions',
    { config: { callerRole: 'moderator' }, schema: { params: IdParams, body: SanctionBody, response: { 200: ImposedDto } } },
    async (request) => {
      const { sanction, revoked } = await imposeSanction(deps, { userId: request.params.id, ...request.body }, { correlationId: request.id });
      deps.relay.poke();
      return { sanction: sanctionDto(sanction, deps.now()), revoked };
    },
  );

  app.post<Params & { Body: Static<typeof LiftBody> }>(
    '/v1/admin/sanctions/:id/lift',
    { config: { callerRole: 'moderator' }, schema: { params: IdParams, body: LiftBody, response: { 200: SanctionDto } } },
    async (request) => {
      const lifted = await liftSanction(deps, { sanctionId: request.params.id, ...request.body }, { correlationId: request.id });
      deps.relay.poke();
      return sanctionDto(lifted, deps.now());
    },
  );

  app.get<{ Querystring: Static<typeof AppealsQuery> }>(
    '/v1/admin/appeals',
    { config: { callerRole: 'moderator' }, schema: { querystring: AppealsQuery, response: { 200: AppealPageDto } } },
    async (request) => {
      const { items, total } = await appealQueue(deps, { open: request.query.status === 'open', page: request.query.page, limit: request.query.limit });
      return { items: items.map(({ appeal, sanction }) => ({ appeal: appealDto(appeal), username: appeal.username, sanction: sanctionDto(sanction, deps.now()) })), total };
    },
  );

  app.post<Params & { Body: Static<typeof DecideBody> }>(
    '/v1/admin/appeals/:id/decide',
    { config: { callerRole: 'moderator' }, schema: { params: IdParams, body: DecideBody, response: { 200: DecidedDto } } },
    async (request) => {
      const { appeal, sanction } = await decideAppeal(deps, { appealId: request.params.id, ...request.body }, { correlationId: request.id });
      deps.relay.poke();
      return { appeal: appealDto(appeal), sanction: sanctionDto(sanction, deps.now()) };
    },
  );

  app.get<{ Querystring: Static<typeof AuditQuery> }>(
    '/v1/admin/audit',
    { config: { callerRole: 'moderator' }, schema: { querystring: AuditQuery, response: { 200: AuditPageDto } } },
    async (request) => {
      const { rows, total } = await auditLog(deps, { targetUserId: request.query.targetId, actorId: request.query.actorId, page: request.query.page, limit: request.query.limit });
      return { items: rows.map(auditDto), total };
    },
  );
}
