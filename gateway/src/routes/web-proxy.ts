import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '../contract.ts';
import type { CacheInvalidator } from '../http/invalidation.ts';
import { OWN_CSP, SMALL_PAGE_CSP } from '../http/security-headers.ts';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
/** Only the gateway speaks for the visitor to the web tier: whatever a client sent under these names is dropped. */
const OURS = new Set([INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER]);

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
 * Anonymous page views (no cookie but the language) share a micro-cache: within
 * `pageCacheTtlMs` a page and language render once; concurrent misses wait for that one render
 * instead of stampeding the renderer; after expiry the stale copy is served for a few seconds
 * while a single background render refreshes it. Signed-in pages are never shared.
 */
export async function webProxyRoutes(
  app: FastifyInstance,
  opts: { webUrl: string; pageCacheTtlMs: number; timeoutMs: number; internalSecret?: string | undefined; invalidator?: CacheInvalidator | undefined },
): Promise<void> {
  const target = new URL(opts.webUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
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
    agent.destroy();
  });

  // Page forms (React Router actions) are forwarded untouched: no body parsing here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const upstreamHeaders = (request: FastifyRequest): http.OutgoingHttpHeaders => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(k) && !OURS.has(k) && v !== undefined) headers[k] = v;
    headers['x-request-id'] = request.id;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-for'] = request.ip;
    // Proves to the web server that this X-Forwarded-For is ours (it names the visitor onwards, ADR 012).
    if (opts.internalSecret) headers[INTERNAL_SECRET_HEADER] = opts.internalSecret;
    return headers;
  };

  const copyHeaders = (res: http.IncomingMessage): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(k) && k !== 'set-cookie' && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
    return out;
  };

  /** Renders a page fully into memory. */
  const render = (path: string, headers: http.OutgoingHttpHeaders): Promise<Page> =>
    new Promise((resolve, reject) => {
      const upstream = http.request({ host: target.hostname, port: target.port, method: 'GET', path, headers, agent, timeout: opts.timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'];
          resolve({
            status: res.statusCode ?? 502,
            headers: copyHeaders(res),
            body: Buffer.concat(chunks),
            freshUntil: Date.now() + opts.pageCacheTtlMs,
            staleUntil: Date.now() + opts.pageCacheTtlMs + staleMs,
            ...(setCookie ? { setCookie } : {}),
            shareable: res.statusCode === 200 && !setCookie && String(res.headers['content-type'] ?? '').startsWith('text/html'),
          });
        });
      });
      upstream.on('timeout', () => upstream.destroy(new Error('web timeout')));
      upstream.on('error', reject);
      upstream.end();
    });

  /** One render per key at a time; the result (if shareable) is stored. */
  const refresh = (key: string, path: string, headers: http.OutgoingHttpHeaders): Promise<Page> => {
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

  const stream = (request: FastifyRequest, reply: FastifyReply) =>
    new Promise<FastifyReply>((resolve) => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: upstreamHeaders(request), agent, timeout: opts.timeoutMs },
        (res) => {
          void reply.status(res.statusCode ?? 502).headers(copyHeaders(res));
          if (res.headers['set-cookie']) void reply.header('set-cookie', res.headers['set-cookie']);
          void reply.send(res);
          resolve(reply);
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('web timeout')));
      upstream.on('error', (err) => {
        request.log.warn({ err }, 'web server unreachable');
        if (!reply.sent) void reply.status(502).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SMALL_PAGE_CSP).send(UNAVAILABLE_PAGE);
        resolve(reply);
      });
      if (request.method === 'GET' || request.method === 'HEAD') upstream.end();
      else (request.body as NodeJS.ReadableStream).pipe(upstream);
    });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookies = String(request.headers.cookie ?? '');
    const anonymous = cookies.split(';').every((c) => c.trim() === '' || c.trim().startsWith('lang='));
    if (opts.pageCacheTtlMs <= 0 || request.method !== 'GET' || !anonymous) return stream(request, reply);

    const accept = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
    const key = `${request.url}|${cookies.trim()}|${String(request.headers['accept-language'] ?? '').slice(0, 2)}|${encoding}`;
    const now = Date.now();
    const cached = pages.get(key);
    if (cached && cached.freshUntil > now) return sendPage(reply, cached, 'HIT');
    if (cached && cached.staleUntil > now) {
      void refresh(key, request.url, upstreamHeaders(request)).catch((err: unknown) => request.log.warn({ err }, 'background page refresh failed'));
      return sendPage(reply, cached, 'STALE');
    }
    try {
      return sendPage(reply, await refresh(key, request.url, upstreamHeaders(request)), 'MISS');
    } catch (err) {
      request.log.warn({ err }, 'web server unreachable');
      return reply.status(502).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SMALL_PAGE_CSP).send(UNAVAILABLE_PAGE);
    }
  };

  // Pages carry the web tier's per-render nonce policy (ADR 015): helmet must not replace it.
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler, ...OWN_CSP });
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/', handler, ...OWN_CSP });
}

const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Brokerwise</title>
<body style="font-family:system-ui,'Noto Sans CJK SC',sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>We'll be right back</h1><p>The site is temporarily unavailable. Please try again in a moment.</p>
<h1 lang="zh-CN">马上回来</h1><p lang="zh-CN">网站暂时无法访问，请稍后再试。</p></body></html>`;
