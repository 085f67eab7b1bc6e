import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { IdentityDeps } from '../../deps.ts';
import { login, register, socialSignIn } from '../../domain/accounts.ts';
import { resetPassword } from '../../domain/credentials.ts';
import { RevokedDto, SignedInDto, toSessionDto, toUserDto } from '../dto.ts';
import { LoginBody, LoginResponse, RegisterBody, ResetBody, SocialBody, SocialResponse } from './schemas.ts';

/** Registration, password and social sign-in, forgotten password. */
export async function accountRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  app.post<{ Body: Static<typeof RegisterBody> }>('/v1/register', { schema: { body: RegisterBody, response: { 200: SignedInDto } } }, async (request) => {
    const b = request.body;
    const { user, session } = await register(
      deps,
      { email: b.email, username: b.username, password: b.password, code: b.code, accountType: b.accountType, locale: b.locale, ip: b.ip, userAgent: b.userAgent },
      { correlationId: request.id },
    );
    deps.relay.poke();
    return { user: toUserDto(user), session: toSessionDto(session) };
  });

  app.post<{ Body: Static<typeof LoginBody> }>('/v1/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request) => {
    const b = request.body;
    const { user, session, device } = await login(deps, { login: b.login, password: b.password, remember: b.remember, device: b.device, frozenAccess: b.frozenAccess, ip: b.ip, userAgent: b.userAgent });
    return { user: toUserDto(user), session: toSessionDto(session), device, frozen: user.frozen_at !== null };
  });

  app.post<{ Body: Static<typeof SocialBody> }>('/v1/social', { schema: { body: SocialBody, response: { 200: SocialResponse } } }, async (request) => {
    const b = request.body;
    const { user, session, created } = await socialSignIn(
      deps,
      { provider: b.provider, credential: b.credential, remember: b.remember, locale: b.locale, frozenAccess: b.frozenAccess, ip: b.ip, userAgent: b.userAgent },
      { correlationId: request.id },
    );
    if (created) deps.relay.poke();
    return { user: toUserDto(user), session: toSessionDto(session), created, frozen: user.frozen_at !== null };
  });

  app.post<{ Body: Static<typeof ResetBody> }>('/v1/password/reset', { schema: { body: ResetBody, response: { 200: RevokedDto } } }, async (request) => {
    const b = request.body;
    return resetPassword(deps, { email: b.email, newPassword: b.newPassword, code: b.code });
  });
}
