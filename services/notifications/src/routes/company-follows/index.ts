import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { NotificationsDeps } from '../../deps.ts';
import { companyFollowState, setCompanyFollow } from '../../store/company-follow.store.ts';
import { FollowBody, FollowDto, FollowParams } from './schemas.ts';

/** A user following a company: its licence register changes become their notices. */
export async function companyFollowRoutes(app: FastifyInstance, deps: NotificationsDeps): Promise<void> {
  const ids = (p: Static<typeof FollowParams>) => ({ userId: p.userId.toLowerCase(), companyId: p.companyId.toLowerCase() });

  app.get<{ Params: Static<typeof FollowParams> }>(
    '/v1/users/:userId/company-follows/:companyId',
    { config: { callerParam: 'userId' }, schema: { params: FollowParams, response: { 200: FollowDto } } },
    async (request) => {
      const { userId, companyId } = ids(request.params);
      return companyFollowState(deps.db, userId, companyId);
    },
  );

  app.put<{ Params: Static<typeof FollowParams>; Body: Static<typeof FollowBody> }>(
    '/v1/users/:userId/company-follows/:companyId',
    { config: { callerParam: 'userId' }, schema: { params: FollowParams, body: FollowBody, response: { 200: FollowDto } } },
    async (request) => {
      const { userId, companyId } = ids(request.params);
      await setCompanyFollow(deps.db, userId, companyId, request.body.following);
      return companyFollowState(deps.db, userId, companyId);
    },
  );
}
