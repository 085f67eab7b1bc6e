import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { IdentityDeps } from '../../deps.ts';
import { endSession, lookupSession } from '../../domain/sessions.ts';
import { RevokedDto, toSessionDto, toUserDto } from '../dto.ts';
import { RevokeBody, SessionParams, SessionResponse } from './schemas.ts';

/** What the gateway asks on every signed-in request, and logout. */
export async function sessionRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  app.get<{ Params: Static<typeof SessionParams> }>('/v1/sessions/:id', { schema: { params: SessionParams, response: { 200: SessionResponse } } }, async (request) => {
    const { session, user } = await lookupSession(deps, request.params.id);
    return { session: { ...toSessionDto(session), revokedAt: session.revoked_at ? session.revoked_at.toISOString() : null }, user: toUserDto(user), frozen: user.frozen_at !== null };
  });

  app.post<{ Params: Static<typeof SessionParams>; Body: Static<typeof RevokeBody> }>(
    '/v1/sessions/:id/revoke',
    { schema: { params: SessionParams, body: RevokeBody, response: { 200: RevokedDto } } },
    async (request) => endSession(deps, request.params.id, request.body.reason),
  );
}
