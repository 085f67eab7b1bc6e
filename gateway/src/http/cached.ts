import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cache } from '@brokerwise/cache';
import { gatewayCacheRequests } from '@brokerwise/metrics';
import { message } from '../i18n/messages.ts';
import { now } from './envelope.ts';

const L1_MAX_MS = 2_000;
const L1_MAX_ENTRIES = 5_000;

/**
 * Read-through cache of serialised JSON: a short per-process copy of hot answers as
 * ready-to-write bytes (no re-encoding), then the shared cache (memory or Redis), then the
 * source. Hits are never parsed and re-serialised. A cache outage degrades to calling the
 * source; it never fails the request.
 */
export class JsonCache {
  private readonly shared: Cache;
  private readonly local = new Map<string, { bytes: Buffer; expires: number }>();

  constructor(shared: Cache) {
    this.shared = shared;
  }

  /** Forget the per-process copies (after an invalidating event). */
  clearLocal(): void {
    this.local.clear();
  }

  /**
   * `serialize`: how a loaded value is written; an answer's `data` passes its operation's
   * (dataSerializer), so the bytes sent are what the contract declares, as a serialised route's are.
   */
  async get(key: string, ttlSeconds: number, load: () => Promise<unknown>, serialize: (value: unknown) => string = JSON.stringify): Promise<{ json: Buffer; hit: boolean }> {
    if (ttlSeconds <= 0) return { json: Buffer.from(serialize(await load())), hit: false };
    const t = Date.now();
    const local = this.local.get(key);
    if (local && local.expires > t) {
      gatewayCacheRequests.inc({ cache: 'local', result: 'hit' });
      return { json: local.bytes, hit: true };
    }
    gatewayCacheRequests.inc({ cache: 'local', result: 'miss' });
    let text = await this.shared.get(key).catch(() => null);
    const hit = text !== null;
    gatewayCacheRequests.inc({ cache: 'shared', result: hit ? 'hit' : 'miss' });
    if (text === null) {
      text = serialize(await load());
      await this.shared.set(key, text, ttlSeconds * 1000).catch(() => undefined);
    }
    const bytes = Buffer.from(text);
    if (this.local.size >= L1_MAX_ENTRIES) this.local.clear();
    this.local.set(key, { bytes, expires: t + Math.min(L1_MAX_MS, ttlSeconds * 1000) });
    return { json: bytes, hit };
  }
}

/** The success envelope around already-serialised data. */
export function sendOkJson(request: FastifyRequest, reply: FastifyReply, json: Buffer): FastifyReply {
  const head = Buffer.from(`{"code":1,"msg":${JSON.stringify(message('ok', request.lang))},"time":${now()},"data":`);
  return reply.type('application/json; charset=utf-8').send(Buffer.concat([head, json, CLOSE]));
}

const CLOSE = Buffer.from('}');
