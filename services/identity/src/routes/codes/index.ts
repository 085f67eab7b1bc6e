import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { IdentityDeps } from '../../deps.ts';
import { requestCode } from '../../domain/codes.ts';
import { CodeBody, CodeResponse } from './schemas.ts';

export async function codeRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  app.post<{ Body: Static<typeof CodeBody> }>('/v1/codes', { schema: { body: CodeBody, response: { 200: CodeResponse } } }, async (request) => {
    const b = request.body;
    const result = await requestCode(deps, { email: b.email, purpose: b.purpose, locale: b.locale, userId: b.userId }, { correlationId: request.id });
    deps.relay.poke();
    return result;
  });
}
