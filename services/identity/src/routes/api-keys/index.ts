import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { IdentityDeps } from '../../deps.ts';
import { createApiKey, listApiKeys, revokeKey, verifyApiKey, type ApiKeyView } from '../../domain/api-keys.ts';
import { ApiKeyList, CreateKeyBody, CreatedKeyDto, KeyOwnerParams, KeyParams, RevokedKeyDto, VerifiedKeyDto, VerifyKeyBody } from './schemas.ts';

const toDto = (k: ApiKeyView) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** Keys of the public read API: the owner makes, lists and revokes them; the gateway verifies them. */
export async function apiKeyRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  app.get<{ Params: Static<typeof KeyOwnerParams> }>(
    '/v1/users/:id/api-keys',
    { config: { callerParam: 'id' }, schema: { params: KeyOwnerParams, response: { 200: ApiKeyList } } },
    async (request) => ({ items: (await listApiKeys(deps, request.params.id)).map(toDto) }),
  );

  app.post<{ Params: Static<typeof KeyOwnerParams>; Body: Static<typeof CreateKeyBody> }>(
    '/v1/users/:id/api-keys',
    { config: { callerParam: 'id' }, schema: { params: KeyOwnerParams, body: CreateKeyBody, response: { 200: CreatedKeyDto } } },
    async (request) => {
      const { key, record } = await createApiKey(deps, request.params.id, request.body.name);
      return { key, record: toDto(record) };
    },
  );

  app.post<{ Params: Static<typeof KeyParams> }>(
    '/v1/users/:id/api-keys/:keyId/revoke',
    { config: { callerParam: 'id' }, schema: { params: KeyParams, response: { 200: RevokedKeyDto } } },
    async (request) => {
      const { secretHash, ...record } = await revokeKey(deps, request.params.id, request.params.keyId);
      // The hash lets the gateway drop its cached verification at once.
      return { record: toDto(record), secretHash };
    },
  );

  app.post<{ Body: Static<typeof VerifyKeyBody> }>('/v1/api-keys/verify', { schema: { body: VerifyKeyBody, response: { 200: VerifiedKeyDto } } }, async (request) => {
    const found = await verifyApiKey(deps, request.body.key);
    return found ? { valid: true, id: found.id, userId: found.userId } : { valid: false };
  });
}
