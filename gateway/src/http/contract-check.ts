import type { FastifyInstance } from 'fastify';
import { contractViolation } from '@brokerwise/api-contract/check';
import { now } from './envelope.ts';

/**
 * CHECK_CONTRACT (tests only): every /api answer is checked against @brokerwise/api-contract before
 * it leaves, whoever asked (browser, page render, test). One that breaks the contract is logged with
 * the differences and replaced by a 500 `contract_violation`, so the test that caused it fails.
 * Registered before compression, so it reads the JSON the route produced.
 */
export function registerContractCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || path === '/api/openapi.json') return payload;
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
    request.log.error({ violation }, 'answer breaks the /api contract');
    const replaced = JSON.stringify({ code: 500, msg: 'The answer breaks the /api contract.', time: now(), data: { error: 'contract_violation', requestId: request.id } });
    void reply.code(500).header('content-length', Buffer.byteLength(replaced));
    return replaced;
  });
}
