import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractViolation } from '@brokerwise/api-contract/check';
import { checkDataBeforeSerialising } from './contract-schema.ts';
import { now } from './envelope.ts';

/**
 * CHECK_CONTRACT (tests only): every /api answer is checked against @brokerwise/api-contract before
 * it leaves, whoever asked (browser, page render, test). One that breaks the contract is logged with
 * the differences and replaced by a 500 `contract_violation`, so the test that caused it fails.
 * Registered before compression, so it reads the JSON the route produced.
 */
export function registerContractCheck(app: FastifyInstance): void {
  checkDataBeforeSerialising();
  // Objects are checked before their route's response schema serialises them: fast-json-stringify
  // would coerce a wrong type or drop a field, and the answer would look right afterwards.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const path = checkedPath(request.url);
    if (path === undefined) return payload;
    const violation = contractViolation(request.method, path, payload);
    if (!violation) return payload;
    void reply.code(500);
    return broken(request, violation);
  });
  // Everything else (bytes from a cache, strings) as it leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    const path = checkedPath(request.url);
    if (path === undefined) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (text === undefined) return payload;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return payload;
    }
    const violation = contractViolation(request.method, path, body);
    if (!violation) return payload;
    const replaced = JSON.stringify(broken(request, violation));
    void reply.code(500).header('content-length', Buffer.byteLength(replaced));
    return replaced;
  });
}

/** The /api path of a checked answer (not the OpenAPI document, which is no envelope). */
function checkedPath(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/api/') && path !== '/api/openapi.json' ? path : undefined;
}

/** Logs the differences; the 500 that replaces the answer. */
function broken(request: FastifyRequest, violation: string) {
  request.log.error({ violation }, 'answer breaks the /api contract');
  return { code: 500, msg: 'The answer breaks the /api contract.', time: now(), data: { error: 'contract_violation', requestId: request.id } };
}
