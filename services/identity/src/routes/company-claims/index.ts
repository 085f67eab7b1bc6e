import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { IdentityDeps } from '../../deps.ts';
import { claimQueue, claimsOfUser, companyRepresentatives, decideClaim, representing, revokeRepresentative, startClaim, verifyClaim } from '../../domain/company-claims.ts';
import type { ClaimRow } from '../../store/company-claim.store.ts';
import { ClaimDto, ClaimListDto, ClaimParams, CompanyParams, RepresentativesDto, DecideBody, IdParams, QueueDto, QueueQuery, RevokeBody, StartBody, StartDto, UserParams, VerifyBody } from './schemas.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const claimDto = (c: ClaimRow & { username?: string }): Static<typeof ClaimDto> => ({
  id: c.id,
  userId: c.user_id,
  ...(c.username !== undefined ? { username: c.username } : {}),
  companyId: c.company_id,
  companyName: c.company_name,
  companyHost: c.company_host,
  email: c.email,
  status: c.status,
  createdAt: c.created_at.toISOString(),
  verifiedAt: iso(c.verified_at),
  decidedAt: iso(c.decided_at),
  decisionReason: c.decision_reason,
  revokedAt: iso(c.revoked_at),
});

/**
 * Company claims and representatives (ADR 030): the claimant's own routes (`callerParam`), and the
 * administrators' queue, decision and revocation (the acting admin named in the body).
 */
export async function companyClaimRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  type User = { Params: Static<typeof UserParams> };
  app.get<User>('/v1/users/:id/company-claims', { config: { callerParam: 'id' }, schema: { params: UserParams, response: { 200: ClaimListDto } } }, async (request) => ({
    items: (await claimsOfUser(deps, request.params.id)).map(claimDto),
  }));

  app.get<User>('/v1/users/:id/representing', { config: { callerParam: 'id' }, schema: { params: UserParams, response: { 200: ClaimListDto } } }, async (request) => ({
    items: (await representing(deps, request.params.id)).map(claimDto),
  }));

  // The user ids representing a company (the gateway names them in complaint cases' notices, ADR 031).
  app.get<{ Params: Static<typeof CompanyParams> }>(
    '/v1/companies/:companyId/representatives',
    { schema: { params: CompanyParams, response: { 200: RepresentativesDto } } },
    async (request) => ({ userIds: (await companyRepresentatives(deps, request.params.companyId)).map((c) => c.user_id) }),
  );

  app.post<User & { Body: Static<typeof StartBody> }>(
    '/v1/users/:id/company-claims',
    { config: { callerParam: 'id' }, schema: { params: UserParams, body: StartBody, response: { 200: StartDto } } },
    async (request) => {
      const { claim, resendAfter } = await startClaim(deps, { userId: request.params.id, ...request.body }, { correlationId: request.id });
      deps.relay.poke();
      return { claim: claimDto(claim), resendAfter };
    },
  );

  app.post<{ Params: Static<typeof ClaimParams>; Body: Static<typeof VerifyBody> }>(
    '/v1/users/:id/company-claims/:claimId/verify',
    { config: { callerParam: 'id' }, schema: { params: ClaimParams, body: VerifyBody, response: { 200: ClaimDto } } },
    async (request) => claimDto(await verifyClaim(deps, { userId: request.params.id, claimId: request.params.claimId, code: request.body.code })),
  );

  app.get<{ Querystring: Static<typeof QueueQuery> }>(
    '/v1/admin/company-claims',
    { config: { callerRole: 'admin' }, schema: { querystring: QueueQuery, response: { 200: QueueDto } } },
    async (request) => {
      const { rows, total } = await claimQueue(deps, request.query);
      return { items: rows.map(claimDto), total };
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof DecideBody> }>(
    '/v1/admin/company-claims/:id/decide',
    { config: { callerRole: 'admin' }, schema: { params: IdParams, body: DecideBody, response: { 200: ClaimDto } } },
    async (request) => claimDto(await decideClaim(deps, { claimId: request.params.id, ...request.body }, { correlationId: request.id })),
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof RevokeBody> }>(
    '/v1/admin/company-claims/:id/revoke',
    { config: { callerRole: 'admin' }, schema: { params: IdParams, body: RevokeBody, response: { 200: ClaimDto } } },
    async (request) => claimDto(await revokeRepresentative(deps, { claimId: request.params.id, ...request.body }, { correlationId: request.id })),
  );
}
