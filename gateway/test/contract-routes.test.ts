import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '@brokerwise/cache';
import { DiskStore } from '@brokerwise/storage';
import { operations, type Operation } from '@brokerwise/api-contract';
import { Type } from 'typebox';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway, type GatewayRoute, type StartedGateway } from '../src/main.ts';

const methodsOf = (r: GatewayRoute) => (Array.isArray(r.method) ? r.method : [r.method]);

/**
 * Where the registered routes validate with something else than the operations table of
 * @brokerwise/api-contract: each route's querystring and body schema must be the table's own
 * object (not a copy that could drift), and a route the table gives no schema takes none.
 */
function drift(routes: readonly GatewayRoute[], table: Record<string, Operation>): string[] {
  const found: string[] = [];
  for (const [id, o] of Object.entries(table)) {
    const route = routes.find((r) => r.url === o.path && methodsOf(r).includes(o.method));
    if (!route) {
      found.push(`${id}: no route ${o.method} ${o.path}`);
      continue;
    }
    const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
    if (schema.querystring !== o.query) found.push(`${id}: the route's querystring schema is not operations.${id}.query`);
    if (schema.body !== o.body) found.push(`${id}: the route's body schema is not operations.${id}.body`);
  }
  return found;
}

describe('every /api route validates with the schemas of the operations table', () => {
  let dir: string;
  let gateway: StartedGateway;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-routes-'));
    // Only the registered routes are read: nothing behind the gateway needs to answer.
    gateway = await startGateway(parseGatewayConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, CATALOGUE_URL: 'http://127.0.0.1:9', WEB_URL: 'http://127.0.0.1:9' }), {
      cache: new MemoryCache(),
      objects: new DiskStore({ dir }),
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uses operations.<id>.query and .body themselves, for every operation', () => {
    expect(drift(gateway.routes, operations)).toEqual([]);
  });

  it('notices a route that validates with a copy of the schema, or with none', () => {
    const table = { detail: { ...operations.companyDetail }, follow: { ...operations.companyFollowSet } } satisfies Record<string, Operation>;
    const copy = Type.Object({ id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$' }), _: Type.Optional(Type.String()) }, { additionalProperties: false });
    const routes: GatewayRoute[] = [
      { method: ['GET', 'HEAD'], url: '/api/brokers/detail', schema: { querystring: copy } },
      { method: 'POST', url: '/api/brokers/follow', schema: {} },
    ];
    expect(drift(routes, table)).toEqual([
      "detail: the route's querystring schema is not operations.detail.query",
      "follow: the route's body schema is not operations.follow.body",
    ]);
    expect(drift([], { detail: operations.companyDetail })).toEqual(['detail: no route GET /api/brokers/detail']);
  });
});
