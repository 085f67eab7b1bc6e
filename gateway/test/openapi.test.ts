import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { operations } from '@brokerwise/api-contract';
import { openApiDocument, openApiJson } from '@brokerwise/api-contract/openapi';
import { describe, expect, it } from 'vitest';

const COMMITTED = new URL('../../docs/api/openapi.json', import.meta.url);

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
}

describe('OpenAPI description of /api (docs/api/openapi.json)', () => {
  it('is committed as generated from @brokerwise/api-contract (run `npm run openapi` after changing the contract)', async () => {
    expect(await readFile(COMMITTED, 'utf8')).toBe(openApiJson());
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument() as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every operation of the table, each with a success and an error answer, and every $ref resolves', () => {
    const doc = openApiDocument() as unknown as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, o]) => ({ path, method, o })));
    expect(described.map((d) => d.o.operationId).sort()).toEqual(Object.keys(operations).sort());
    for (const { path, method, o } of described) expect(Object.keys(o.responses ?? {}), `${method} ${path}`).toEqual(['200', 'default']);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(100);
    expect([...new Set(refs)].filter((name) => !(name in doc.components.schemas))).toEqual([]);
  });
});
