import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@brokerwise/api-contract';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The address per-client limits count against: the visitor's, also when the web tier renders a
     * page and calls /api on the visitor's behalf. Without this, every server-rendered page of every
     * visitor would share the web tier's address, and so one rate-limit budget.
     */
    clientAddress: string;
    /** The call carries the web tier's shared secret (INTERNAL_SECRET): a page's server-side call. */
    fromWebTier: boolean;
  }
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `request.clientAddress`: the socket's (or, with TRUST_PROXY, the ingress's X-Forwarded-For)
 * address, unless the call carries the web tier's shared secret and a visitor address. A caller
 * without the secret cannot choose its address this way; with no secret configured nobody can.
 * `request.fromWebTier`: the secret matched, so the call may name the gateway by its internal
 * host (GATEWAY_URL, e.g. http://gateway:3000) rather than a public origin (origin.ts).
 */
export function registerClientAddress(app: FastifyInstance, internalSecret: string): void {
  const expected = internalSecret ? Buffer.from(internalSecret) : null;
  app.decorateRequest('clientAddress', '');
  app.decorateRequest('fromWebTier', false);
  app.addHook('onRequest', async (request) => {
    request.clientAddress = request.ip;
    if (!expected) return;
    const given = one(request.headers[INTERNAL_SECRET_HEADER]);
    if (!given) return;
    const offered = Buffer.from(given);
    if (offered.length !== expected.length || !timingSafeEqual(offered, expected)) return;
    request.fromWebTier = true;
    const visitor = one(request.headers[VISITOR_ADDRESS_HEADER])?.trim();
    if (visitor && isIP(visitor) !== 0) request.clientAddress = visitor;
  });
}
