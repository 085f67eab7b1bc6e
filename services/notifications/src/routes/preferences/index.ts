import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { NotificationsDeps } from '../../deps.ts';
import { preferencesOf, savePreferences } from '../../domain/preferences.ts';
import { UserParams } from '../dto.ts';
import { PreferencesDto } from './schemas.ts';

/** A user's email preferences: non-essential mails (moderation outcomes, newsletters) on or off. */
export async function preferenceRoutes(app: FastifyInstance, deps: NotificationsDeps): Promise<void> {
  app.get<{ Params: Static<typeof UserParams> }>('/v1/users/:userId/email-preferences', { config: { callerParam: 'userId' }, schema: { params: UserParams, response: { 200: PreferencesDto } } }, async (request) =>
    preferencesOf(deps, request.params.userId.toLowerCase()),
  );

  app.put<{ Params: Static<typeof UserParams>; Body: Static<typeof PreferencesDto> }>(
    '/v1/users/:userId/email-preferences',
    { config: { callerParam: 'userId' }, schema: { params: UserParams, body: PreferencesDto, response: { 200: PreferencesDto } } },
    async (request) => savePreferences(deps, request.params.userId.toLowerCase(), request.body),
  );
}
