import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '@brokerwise/cache';
import { DiskStore } from '@brokerwise/storage';
import Fastify from 'fastify';
import { signatureHeaders } from '@brokerwise/api-signature';
import { Envelope, operations, type ErrorData, type Operation } from '@brokerwise/api-contract';
import { Type } from 'typebox';
import { parseGatewayConfig } from '../src/config.ts';
import { registerContractCheck } from '../src/http/contract-check.ts';
import { contractSchema, dataSerializer } from '../src/http/contract-schema.ts';
import { startGateway, type GatewayRoute, type StartedGateway } from '../src/main.ts';
import { expectContract } from './api-contract.ts';

const SALT = 'contract-routes-test-salt';

const methodsOf = (r: GatewayRoute) => (Array.isArray(r.method) ? r.method : [r.method]);

/**
 * Where the registered routes validate or serialise with something else than the operations table
 * of @brokerwise/api-contract: each route's querystring and body schema must be the table's own
 * object (not a copy that could drift), a route the table gives no schema takes none, and the
 * success answer (HTTP 200) is the envelope around the operation's own `data` schema.
 */
function drift(routes: readonly GatewayRoute[], table: Record<string, Operation>): string[] {
  const found: string[] = [];
  for (const [id, o] of Object.entries(table)) {
    const route = routes.find((r) => r.url === o.path && methodsOf(r).includes(o.method));
    if (!route) {
      found.push(`${id}: no route ${o.method} ${o.path}`);
      continue;
    }
    const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown; response?: Record<string, { properties?: { data?: unknown } }> };
    if (schema.querystring !== o.query) found.push(`${id}: the route's querystring schema is not operations.${id}.query`);
    if (schema.body !== o.body) found.push(`${id}: the route's body schema is not operations.${id}.body`);
    // Downloads answer text; every other success answer is serialised from the envelope around `data`.
    const data = schema.response?.['200']?.properties?.data;
    if (o.responseType ? schema.response !== undefined : data !== o.data) found.push(`${id}: the route's answer is not serialised from operations.${id}.data`);
  }
  return found;
}

describe('every /api route validates with the schemas of the operations table', () => {
  let dir: string;
  let gateway: StartedGateway;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-routes-'));
    // Only the registered routes are read: nothing behind the gateway needs to answer.
    gateway = await startGateway(parseGatewayConfig({ PORT: '0', LOG_LEVEL: 'silent', SIGNATURE_SALT: SALT, DATA_DIR: dir, CATALOGUE_URL: 'http://127.0.0.1:9', WEB_URL: 'http://127.0.0.1:9' }), {
      cache: new MemoryCache(),
      objects: new DiskStore({ dir }),
    });
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('validates with operations.<id>.query and .body themselves and serialises the answer from .data, for every operation', () => {
    expect(drift(gateway.routes, operations)).toEqual([]);
  });

  it('notices a route that validates with a copy of the schema or with none, or serialises with another answer', () => {
    const table = { detail: operations.companyDetail, follow: operations.companyFollowSet, banners: operations.banners } satisfies Record<string, Operation>;
    const copy = Type.Object({ id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$' }), _: Type.Optional(Type.String()) }, { additionalProperties: false });
    const routes: GatewayRoute[] = [
      { method: ['GET', 'HEAD'], url: '/api/brokers/detail', schema: { ...contractSchema('companyDetail'), querystring: copy } },
      { method: 'POST', url: '/api/brokers/follow', schema: { response: contractSchema('companyFollowSet').response } },
      { method: 'GET', url: '/api/brokers/getBannerList', schema: { querystring: operations.banners.query, response: { 200: Envelope(Type.Array(Type.Unknown())) } } },
    ];
    expect(drift(routes, table)).toEqual([
      "detail: the route's querystring schema is not operations.detail.query",
      "follow: the route's body schema is not operations.follow.body",
      "banners: the route's answer is not serialised from operations.banners.data",
    ]);
    expect(drift([], { detail: operations.companyDetail })).toEqual(['detail: no route GET /api/brokers/detail']);
  });

  it('answers failures in the error envelope whatever the route serialises, on a 200 too (Prefer: envelope-status)', async () => {
    const headers = { ...(await signatureHeaders(SALT)), lang: 'en' };
    // The catalogue is down: 503, the error envelope intact.
    const down = await fetch(`${base}/api/brokers/categories`, { headers });
    expect(down.status).toBe(503);
    const downBody = (await down.json()) as Envelope<ErrorData>;
    expect(downBody).toMatchObject({ code: 503, data: { error: expect.any(String), requestId: expect.any(String) } });
    // The same as a 200, which the route's response schema (an array of categories) must not serialise.
    const compat = await fetch(`${base}/api/brokers/categories`, { headers: { ...headers, prefer: 'envelope-status' } });
    expect(compat.status).toBe(200);
    expect(await compat.json()).toMatchObject({ code: 503, data: { error: downBody.data.error, requestId: expect.any(String) } });
    // A refused field too, with its field-level message.
    const refused = await fetch(`${base}/api/brokers/detail?id=Not%20A%20Slug`, { headers: { ...headers, prefer: 'envelope-status' } });
    expect(refused.status).toBe(200);
    const refusedBody = (await refused.json()) as Envelope<ErrorData>;
    expect(refusedBody).toMatchObject({ code: 0, data: { error: 'validation_failed', fields: { id: expect.any(String) } } });
    expectContract('GET', '/api/brokers/detail', refusedBody);
  });
});

describe('answers are serialised from the contract', () => {
  const category = { id: 'c1', slug: 'Brokers', name: 'Brokers', companyCount: 3 };

  it('sends only what the operation declares, in its types', async () => {
    const app = Fastify({ logger: false });
    app.get('/api/brokers/categories', { schema: contractSchema('categories') }, async () => ({ code: 1, msg: 'Success', time: 1, data: [{ ...category, secret: 'internal', companyCount: 3 }] }));
    try {
      const res = await app.inject('/api/brokers/categories');
      expect(res.json()).toEqual({ code: 1, msg: 'Success', time: 1, data: [category] });
    } finally {
      await app.close();
    }
    // Cached answers are serialised the same way when they are stored.
    expect(JSON.parse(dataSerializer('categories')([{ ...category, secret: 'internal' }]))).toEqual([category]);
  });

  it('under CHECK_CONTRACT, refuses data that breaks the contract before serialising hides it', async () => {
    const app = Fastify({ logger: false });
    registerContractCheck(app);
    // fast-json-stringify would send "3" as 3: the check sees the route's own value.
    app.get('/api/brokers/categories', { schema: contractSchema('categories') }, async () => ({ code: 1, msg: 'Success', time: 1, data: [{ ...category, companyCount: '3' }] }));
    try {
      const res = await app.inject('/api/brokers/categories');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 500, data: { error: 'contract_violation' } });
    } finally {
      await app.close();
    }
    expect(() => dataSerializer('categories')([{ ...category, companyCount: '3' }])).toThrow(/categories: the data to cache does not match the contract/);
    expect(dataSerializer('categories')([category])).toBe(JSON.stringify([category]));
  });
});
