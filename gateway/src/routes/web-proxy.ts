import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  expires: number;
}

/**
 * Every path that isn't /api or /media goes to the SSR web server. Anonymous page views
 * (no cookies besides the language) are reused for `pageCacheTtlMs`: a burst of visitors costs
 * one render per page and language (micro-cache), while signed-in pages are never shared.
 */
export async function webProxyRoutes(app: FastifyInstance, opts: { webUrl: string; pageCacheTtlMs: number; timeoutMs: number }): Promise<void> {
  const target = new URL(opts.webUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const pages = new Map<string, CachedPage>();

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, v] of pages) if (v.expires <= now) pages.delete(k);
  }, 10_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    agent.destroy();
  });

  // Page forms (React Router actions) are forwarded untouched: no body parsing here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const cookies = String(request.headers.cookie ?? '');
    const anonymous = cookies.split(';').every((c) => c.trim() === '' || c.trim().startsWith('lang='));
    const encoding = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) ? 'br' : /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? 'gzip' : 'identity';
    const cacheable = opts.pageCacheTtlMs > 0 && (request.method === 'GET' || request.method === 'HEAD') && anonymous;
    const key = `${request.url}|${cookies.trim()}|${String(request.headers['accept-language'] ?? '').slice(0, 2)}|${encoding}`;
    if (cacheable) {
      const hit = pages.get(key);
      if (hit && hit.expires > Date.now()) {
        return reply.status(hit.status).headers(hit.headers).header('x-page-cache', 'HIT').send(hit.body);
      }
    }

    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
    headers['x-request-id'] = request.id;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-for'] = request.ip;

    return new Promise<FastifyReply>((resolve) => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: request.url, headers, agent, timeout: opts.timeoutMs },
        (res) => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
          const setCookie = res.headers['set-cookie'];
          const storable = cacheable && res.statusCode === 200 && !setCookie && String(res.headers['content-type'] ?? '').startsWith('text/html');
          if (!storable) {
            void reply.status(res.statusCode ?? 502).headers(out);
            if (setCookie) void reply.header('set-cookie', setCookie);
            void reply.send(res);
            resolve(reply);
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            pages.set(key, { status: 200, headers: out, body, expires: Date.now() + opts.pageCacheTtlMs });
            void reply.status(200).headers(out).header('x-page-cache', 'MISS').send(body);
            resolve(reply);
          });
          res.on('error', () => {
            void reply.status(502).send('Bad gateway');
            resolve(reply);
          });
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('web timeout')));
      upstream.on('error', (err) => {
        request.log.warn({ err }, 'web server unreachable');
        if (!reply.sent) void reply.status(502).type('text/html; charset=utf-8').send(UNAVAILABLE_PAGE);
        resolve(reply);
      });
      if (request.method === 'GET' || request.method === 'HEAD') upstream.end();
      else (request.body as NodeJS.ReadableStream).pipe(upstream);
    });
  };

  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler });
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/', handler });
}

const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Brokerwise</title>
<body style="font-family:system-ui,'Noto Sans CJK SC',sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>We'll be right back</h1><p>The site is temporarily unavailable. Please try again in a moment.</p>
<h1 lang="zh-CN">马上回来</h1><p lang="zh-CN">网站暂时无法访问，请稍后再试。</p></body></html>`;
