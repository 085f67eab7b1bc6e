import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cache } from '@brokerwise/cache';
import { message } from '../i18n/messages.ts';
import { now } from './envelope.ts';

/**
 * Read-through cache of a serialised JSON value in the shared cache (memory or Redis). Hits are
 * sent as stored bytes, never parsed and re-serialised. A cache outage degrades to calling the
 * source; it never fails the request.
 */
export async function cachedJson(cache: Cache, key: string, ttlSeconds: number, load: () => Promise<unknown>): Promise<{ json: string; hit: boolean }> {
  if (ttlSeconds > 0) {
    const hit = await cache.get(key).catch(() => null);
    if (hit !== null) return { json: hit, hit: true };
  }
  const json = JSON.stringify(await load());
  if (ttlSeconds > 0) await cache.set(key, json, ttlSeconds * 1000).catch(() => undefined);
  return { json, hit: false };
}

/** The success envelope around already-serialised data. */
export function sendOkJson(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"code":1,"msg":${JSON.stringify(message('ok', request.lang))},"time":${now()},"data":${json}}`);
}
