import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import { contractSchema } from '../http/contract-schema.ts';
import type { IdentityApiKey, IdentityClient } from '../clients/identity.client.ts';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '@brokerwise/api-contract';
import type { ApiKeys } from '../http/api-keys.ts';
import { okEnvelope } from '../http/envelope.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface ApiKeyRouteDeps {
  identity: IdentityClient;
  sessions: Sessions;
  keys: ApiKeys;
  perMinute: number;
}

/** As identity's domain/api-keys.ts MAX_ACTIVE_KEYS: shown on the page before the limit is hit. */
const MAX_ACTIVE = 10;

/** The account page's API keys: make (the secret shown once), list with usage, revoke. */
export async function apiKeyRoutes(app: FastifyInstance, deps: ApiKeyRouteDeps): Promise<void> {
  const withUsage = async (k: IdentityApiKey): Promise<ApiKey> => ({ ...k, usage: await deps.keys.usage(k.id) });
  const ok = <T>(request: FastifyRequest, code: string, data: T) => ({ ...okEnvelope(request.lang, data), msg: message(code, request.lang) });

  app.get('/api/user/apiKeys', { schema: contractSchema('apiKeys') }, async (request, reply) => {
    const user = await deps.sessions.require(request);
    const { items } = await deps.identity.apiKeys(user.userId, request.id);
    const data: ApiKeyList = { items: await Promise.all(items.map(withUsage)), perMinute: deps.perMinute, maxActive: MAX_ACTIVE };
    return reply.header('cache-control', 'no-store').send(okEnvelope(request.lang, data));
  });

  app.post<{ Body: Validated<typeof operations.createApiKey.body> }>('/api/user/apiKeys', { schema: contractSchema('createApiKey') }, async (request, reply) => {
    const user = await deps.sessions.require(request);
    const { key, record } = await deps.identity.createApiKey(user.userId, request.body.name, request.id);
    const data: CreatedApiKey = { key, record: await withUsage(record) };
    return reply.header('cache-control', 'no-store').send(ok(request, 'apikey.created', data));
  });

  app.post<{ Body: Validated<typeof operations.revokeApiKey.body> }>('/api/user/apiKeys/revoke', { schema: contractSchema('revokeApiKey') }, async (request, reply) => {
    const user = await deps.sessions.require(request);
    const { record, secretHash } = await deps.identity.revokeApiKey(user.userId, request.body.id, request.id);
    await deps.keys.forget(secretHash);
    return reply.header('cache-control', 'no-store').send(ok(request, 'apikey.revoked', await withUsage(record)));
  });
}
