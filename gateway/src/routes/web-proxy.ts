import fastifyReplyFrom from '@fastify/reply-from';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gatewayCacheRequests } from '@brokerwise/metrics';
import { Pool } from 'undici';
import { INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@brokerwise/api-contract';
import type { CacheInvalidator } from '../http/invalidation.ts';
import { OWN_CSP, SMALL_PAGE_CSP } from '../http/security-headers.ts';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
/** Answered by the gateway itself (Node sends the 100 Continue); undici refuses to forward it. */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'expect']);
/** Only the gateway speaks for the visitor to the web tier: whatever a client sent under these names is dropped. */
const OURS = new Set([INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER]);

type Headers = Record<string, string | string[] | undefined>;

interface Page {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Fresh until then; served stale (while one refresh runs) until `staleUntil`. */
  freshUntil: number;
  staleUntil: number;
  setCookie?: string[];
  /** Only 200 HTML without cookies is stored for other visitors. */
  shareable: boolean;
}

/**
 * Every path that isn't /api or /media goes to the SSR web server.
 *
 * Forwarding is `@fastify/reply-from` over one pooled undici connection set to the web tier;
 * this file only decides what is forwarded (headers in both directions, the error page) and
 * what is answered from memory.
 *
 * Anonymous page views (no cookie but the language) share a micro-cache: within
 * `pageCacheTtlMs` a page and language render once; concurrent misses wait for that one render
 * instead of stampeding the renderer; after expiry the stale copy is served for a few seconds
 * while a single background render refreshes it. Signed-in pages are never shared.
 */
export async function webProxyRoutes(
  app: FastifyInstance,
  opts: { webUrl: string; pageCacheTtlMs: number; timeoutMs: number; internalSecret?: string | undefined; invalidator?: CacheInvalidator | undefined },
): Promise<void> {
  const origin = new URL(opts.webUrl).origin;
  const pool = new Pool(origin, { connections: 256, headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs });
  // Streams every answer that is not served from (or stored in) the micro-cache. No retries: a
  // page form post must not be sent twice, and a 503 from the web tier is its answer to give.
  await app.register(fastifyReplyFrom, { base: origin, undici: pool, disableRequestLogging: true });
  const pages = new Map<string, Page>();
  const inflight = new Map<string, Promise<Page>>();
  const staleMs = Math.max(opts.pageCacheTtlMs * 5, 5_000);
  // A changed company or rating makes every stored page suspect: drop them all (renders are cheap).
  opts.invalidator?.onInvalidate(() => pages.clear());

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, v] of pages) if (v.staleUntil <= now) pages.delete(k);
  }, 10_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await pool.destroy();
  });

  // Page forms (React Router actions) are forwarded untouched: no body parsing here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const upstreamHeaders = (request: FastifyRequest): Headers => {
    const headers: Headers = {};
    for (const [k, v] of Object.entries(request.headers)) if (!NOT_FORWARDED.has(k) && !OURS.has(k) && v !== undefined) headers[k] = v;
    headers['x-request-id'] = request.id;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-for'] = request.ip;
    // Proves to the web server that this X-Forwarded-For is ours (it names the visitor onwards, ADR 012).
    if (opts.internalSecret) headers[INTERNAL_SECRET_HEADER] = opts.internalSecret;
    return headers;
  };

  const copyHeaders = (headers: Headers): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (!HOP_BY_HOP.has(k) && k !== 'set-cookie' && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
    return out;
  };
  const cookiesOf = (headers: Headers): string[] | undefined => {
    const v = headers['set-cookie'];
    return v === undefined ? undefined : Array.isArray(v) ? v : [v];
  };

  /** Renders a page fully into memory. */
  const render = async (path: string, headers: Headers): Promise<Page> => {
    const res = await pool.request({ method: 'GET', path, headers, headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs });
    const body = Buffer.from(await res.body.arrayBuffer());
    const setCookie = cookiesOf(res.headers);
    return {
      status: res.statusCode,
      headers: copyHeaders(res.headers),
      body,
      freshUntil: Date.now() + opts.pageCacheTtlMs,
      staleUntil: Date.now() + opts.pageCacheTtlMs + staleMs,
      ...(setCookie ? { setCookie } : {}),
      shareable: res.statusCode === 200 && !setCookie && String(res.headers['content-type'] ?? '').startsWith('text/html'),
    };
  };

  /** One render per key at a time; the result (if shareable) is stored. */
  const refresh = (key: string, path: string, headers: Headers): Promise<Page> => {
    let p = inflight.get(key);
    if (!p) {
      p = render(path, headers)
        .then((page) => {
          if (page.shareable) pages.set(key, page);
          return page;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, p);
    }
    return p;
  };

  const sendPage = (reply: FastifyReply, page: Page, state: string) => {
    void reply.status(page.status).headers(page.headers).header('x-page-cache', page.shareable ? state : 'BYPASS');
    if (page.setCookie) void reply.header('set-cookie', page.setCookie);
    return reply.send(page.body);
  };

  const unavailable = (reply: FastifyReply) =>
    reply.status(502).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SMALL_PAGE_CSP).send(UNAVAILABLE_PAGE);

  const stream = (request: FastifyRequest, reply: FastifyReply) =>
    // The path alone: reply-from takes the query string from the request as it came (unparsed).
    reply.from(request.url.split('?', 1)[0], {
      timeout: opts.timeoutMs,
      retryDelay: () => null,
      rewriteRequestHeaders: () => upstreamHeaders(request),
      rewriteHeaders: (headers) => {
        const out: Headers = copyHeaders(headers);
        const setCookie = cookiesOf(headers);
        if (setCookie) out['set-cookie'] = setCookie;
        return out;
      },
      // reply-from has logged the cause (refused, reset, timed out).
      onError: () => void unavailable(reply),
    });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookies = String(request.headers.cookie ?? '');
    const anonymous = cookies.split(';').every((c) => c.trim() === '' || c.trim().startsWith('lang='));
    if (opts.pageCacheTtlMs <= 0 || request.method !== 'GET' || !anonymous) return stream(request, reply);
    // The same paths reply-from refuses (dot-dot segments) are not rendered from here either.
    if (climbsUp(request.url)) return stream(request, reply);

    const accept = String(request.headers['accept-encoding'] ?? '');
    // q-values honoured: a refused encoding (q=0) is never the key's, nor what the web tier is asked for.
    const encoding = negotiate(accept, ['br', 'gzip']) ?? 'identity';
    const key = `${request.url}|${cookies.trim()}|${String(request.headers['accept-language'] ?? '').slice(0, 2)}|${encoding}`;
    const now = Date.now();
    const cached = pages.get(key);
    // A stale copy served while it refreshes counts as a hit: no visitor waited for a render.
    gatewayCacheRequests.inc({ cache: 'page', result: cached && cached.staleUntil > now ? 'hit' : 'miss' });
    if (cached && cached.freshUntil > now) return sendPage(reply, cached, 'HIT');
    // The shared copy is asked for in exactly the encoding of its key: brotli where the visitor
    // takes it (the web tier sends a page rendered for one visitor as gzip, ADR 037).
    const headers = { ...upstreamHeaders(request), 'accept-encoding': encoding };
    if (cached && cached.staleUntil > now) {
      void refresh(key, request.url, headers).catch((err: unknown) => request.log.warn({ err }, 'background page refresh failed'));
      return sendPage(reply, cached, 'STALE');
    }
    try {
      return sendPage(reply, await refresh(key, request.url, headers), 'MISS');
    } catch (err) {
      request.log.warn({ err }, 'web server unreachable');
      return unavailable(reply);
    }
  };

  // Pages carry the web tier's per-render nonce policy (ADR 015): helmet must not replace it.
  // Pages answer an odd query string themselves (a 4xx page in the visitor's language), never the
  // API's JSON refusal of control characters (issue 22).
  const config = { rawInput: true };
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler, config, ...OWN_CSP });
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/', handler, config, ...OWN_CSP });
}

/** A path with a `..` segment (raw or percent-encoded), which reply-from refuses to forward (400). */
function climbsUp(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  try {
    const decoded = decodeURIComponent(path);
    return decoded === '..' || decoded.includes('/..') || decoded.includes('../');
  } catch {
    return true;
  }
}

const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Brokerwise</title>
<body style="font-family:system-ui,'Noto Sans CJK SC',sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>We'll be right back</h1><p>The site is temporarily unavailable. Please try again in a moment.</p>
<h1 lang="zh-CN">马上回来</h1><p lang="zh-CN">网站暂时无法访问，请稍后再试。</p></body></html>`;
