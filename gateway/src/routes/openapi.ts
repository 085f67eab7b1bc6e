import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NoQuery } from '@brokerwise/api-contract';
import { openApiJson } from '@brokerwise/api-contract/openapi';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of /api (the same document as the committed
 * docs/api/openapi.json). Public and unsigned, so tools can fetch it; built once, cached by clients.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const json = openApiJson();
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  app.get('/api/openapi.json', { schema: { querystring: NoQuery }, config: { unsigned: true } }, async (request, reply) => {
    void reply.header('cache-control', 'public, max-age=3600').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
