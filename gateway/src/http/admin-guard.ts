import type { FastifyRequest } from 'fastify';
import { AppError } from '@brokerwise/errors';
import { hasRole, type StaffRole } from '@brokerwise/service-kit';
import type { IdentityClient, IdentityUser } from '../clients/identity.client.ts';
import { actAsStaff } from './acting.ts';
import type { Sessions } from './session.ts';

/**
 * The one check of every staff path: signed in (402/409 otherwise, CSRF for cookie POSTs) with
 * the role `least` or a higher one (403 `forbidden` otherwise). Moderators may moderate (reviews,
 * sanctions, appeals, the users console); only admins run promotions, notices, broker
 * applications and roles. The role is read from the identity service on every call (not
 * cached), so a demotion takes effect at once; the calls this request then makes carry the role
 * (ADR 017).
 */
export function requireRole(sessions: Sessions, identity: IdentityClient, least: StaffRole): (request: FastifyRequest) => Promise<IdentityUser> {
  return async (request) => {
    const session = await sessions.require(request);
    const me = await identity.user(session.userId, request.id);
    if (!hasRole(me.role, least)) throw new AppError({ code: 'forbidden', kind: 'forbidden', message: `${least === 'admin' ? 'Admin' : 'Moderator'} role required` });
    actAsStaff(me.role as StaffRole);
    return me;
  };
}
