import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@brokerwise/api-contract';
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

/** The success envelope around already-serialised data, as bytes. */
export function okEnvelopeJson(lang: Lang, json: Buffer): Buffer {
  const head = Buffer.from(`{"code":1,"msg":${JSON.stringify(message('ok', lang))},"time":${now()},"data":`);
  return Buffer.concat([head, json, CLOSE]);
}

/** The success envelope around already-serialised data. */
export function sendOkJson(request: FastifyRequest, reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(okEnvelopeJson(request.lang, json));
}

const CLOSE = Buffer.from('}');

/**
 * Public answers built from what people write (complaint cases, company replies and their
 * figures): not in the shared cache (no event announces every change to them), but kept a few
 * seconds in this process for anonymous readers, since a company page asks for them on every
 * view (issue 20). Any write this gateway handles (`clearOnWrites`) forgets them, so whoever
 * writes reads their write at once; another replica may answer up to `ttlMs` late.
 */
export class RecentAnswers {
  private readonly kept = new Map<string, { bytes: Promise<Buffer>; expires: number }>();
  private readonly ttlMs: number;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  clear(): void {
    this.kept.clear();
  }

  /** `load()` serialised, shared with the readers of the next `ttlMs` (and with concurrent ones). */
  get(key: string, load: () => Promise<unknown>, serialize: (value: unknown) => string = JSON.stringify): Promise<Buffer> {
    const fresh = () => load().then((value) => Buffer.from(serialize(value)));
    if (this.ttlMs <= 0) return fresh();
    const t = Date.now();
    const known = this.kept.get(key);
    if (known && known.expires > t) return known.bytes;
    const bytes = fresh();
    if (this.kept.size >= L1_MAX_ENTRIES) this.kept.clear();
    this.kept.set(key, { bytes, expires: t + this.ttlMs });
    bytes.catch(() => {
      if (this.kept.get(key)?.bytes === bytes) this.kept.delete(key);
    });
    return bytes;
  }

  /**
   * Forget everything when `app` handles a write (any method but GET/HEAD/OPTIONS): before its
   * handler runs and again before its answer leaves, so an answer loaded meanwhile is not kept.
   */
  clearOnWrites(app: FastifyInstance): void {
    const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
    app.addHook('onRequest', async (request) => {
      if (isWrite(request.method)) this.clear();
    });
    app.addHook('onSend', async (request) => {
      if (isWrite(request.method)) this.clear();
    });
  }
}
