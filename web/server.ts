/**
 * The web app's HTTP server: static files from build/client and server rendering of everything
 * else through the React Router build. Plain node:http: the gateway in front of it does TLS,
 * rate limits and the /api and /media paths.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { SpanKind, withSpanFrom } from '@brokerwise/telemetry';
import type { Logger } from '@brokerwise/logger';
import { createRequestHandler, matchRoutes, type AppLoadContext, type RouteObject, type ServerBuild } from 'react-router';
import { webRenderDuration } from '@brokerwise/metrics';
// Brings in the AppLoadContext augmentation (gatewayUrl, signatureSalt, requestId).
import type {} from './app/context.ts';
import { INTERNAL_SECRET_HEADER } from '@brokerwise/api-contract';
import { gzipPage, PageGzip } from './page-gzip.ts';

export interface WebServerOptions {
  port: number;
  host?: string;
  /** Base URL loaders use to reach the gateway (e.g. http://127.0.0.1:3000). */
  gatewayUrl: string;
  /** Public request-signature salt (spec §7). */
  signatureSalt: string;
  /** Shared with the gateway (INTERNAL_SECRET): API calls for a page then name the visitor's address. */
  internalSecret?: string | undefined;
  /** Public ids of the social sign-in providers (spec §1); empty: the buttons show "not configured". */
  googleClientId?: string | undefined;
  facebookAppId?: string | undefined;
  /** Public origin of the site (PUBLIC_ORIGIN's first) for canonical links and the sitemap; absent (development): each request's own origin. */
  siteUrl?: string | undefined;
  /** PUBLIC_ORIGIN as a list: a request URL is on one of them (the visitor's when listed, else the first). */
  publicOrigins?: readonly string[] | undefined;
  /** The `react-router build` output; defaults to web/build next to this file. */
  buildDir?: string;
  /** Where unexpected errors go; defaults to `log`, else stderr. */
  onError?: (error: unknown, context: string) => void;
  /** The process's logger (pino); with `logRequests`, one line per page request. */
  log?: Pick<Logger, 'info' | 'error'> | undefined;
  logRequests?: boolean | undefined;
  /**
   * Development: Vite in middleware mode (HMR, sources compiled on request) instead of the build,
   * and /api + /media forwarded to the gateway so the page works when opened on this port.
   */
  /** Vite with hot reload; its update socket is on `port`, also for pages shown through the gateway. */
  dev?: boolean;
  /** Let several servers (render threads) listen on the same port; the kernel spreads connections. */
  reusePort?: boolean;
}

export interface WebServer {
  port: number;
  close(): Promise<void>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=3600';
const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip';

/**
 * The encoding to send: the client's highest q-value among ours, ties broken by `preference`
 * (q=0 is a refusal; `*` stands for any).
 */
export function pickEncoding(acceptEncoding: string | undefined, preference: Encoding[] = ['br', 'gzip']): Encoding | null {
  return acceptEncoding ? negotiate(acceptEncoding, preference) : null;
}

/**
 * A rendered page is compressed for each view: gzip, its inlined stylesheets compressed once per
 * process (page-gzip.ts), costs ≈ 0.75 ms a home page against ≈ 2.2 ms for brotli at 5 (≈ 20 %
 * less CPU for the whole render, measured) for 13 % more bytes (32.8 vs 28.5 KB). So
 * pages prefer gzip; brotli only where it is all the client takes — as the gateway's page cache
 * asks for its brotli copy, compressed once and sent to every anonymous visitor (ADR 037).
 */
const PAGE_ENCODINGS: Encoding[] = ['gzip', 'br'];

interface StaticFile {
  path: string;
  type: string;
  size: number;
  etag: string;
  cacheControl: string;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

async function indexStaticFiles(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(root, path).split(sep).join('/')}`;
    const info = await stat(path);
    files.set(urlPath, {
      path,
      type: MIME[extname(path).toLowerCase()] ?? 'application/octet-stream',
      size: info.size,
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      // Vite fingerprints everything under /assets/, so those never change; the rest may.
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT_CACHE,
      compressed: {},
    });
  }
  return files;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Static files are compressed once, at the highest level, and kept in memory. */
function compressedBody(file: StaticFile, encoding: Encoding): Promise<Buffer> {
  let body = file.compressed[encoding];
  if (!body) {
    body = readFile(file.path).then((raw) =>
      encoding === 'br'
        ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gzip(raw, { level: 9 }),
    );
    file.compressed[encoding] = body;
  }
  return body;
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): Promise<void> {
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('ETag', file.etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const compressible = COMPRESSIBLE.test(file.type);
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === file.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = compressible && file.size > 512 ? pickEncoding(req.headers['accept-encoding']) : null;
  const body = encoding ? await compressedBody(file, encoding) : await readFile(file.path);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The visitor's address: X-Forwarded-For when the gateway's proxy vouches for it with the shared
 * secret (any other caller could write any address there), else the socket's.
 */
export function visitorAddress(req: IncomingMessage, secret: string | undefined): string | undefined {
  const given = Buffer.from(headerValue(req.headers[INTERNAL_SECRET_HEADER]) ?? '');
  const expected = Buffer.from(secret ?? '');
  const vouched = expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
  return (vouched ? headerValue(req.headers['x-forwarded-for']) : undefined) ?? req.socket.remoteAddress;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(',')[0]?.trim() || undefined;
}

/**
 * node:http request → Fetch Request. The origin is the one the visitor used (the gateway's
 * forwarding headers) only when it is one of the site's public origins (PUBLIC_ORIGIN, ADR 015),
 * else the first of them, so no page can be rendered for a host a visitor chose. Without a list
 * (development) the gateway has already refused every host but loopback.
 */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse, fallbackHost: string, publicOrigins?: readonly string[]): Request {
  const host = headerValue(req.headers['x-forwarded-host']) ?? req.headers.host ?? fallbackHost;
  const proto = headerValue(req.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  let origin = `${proto}://${host}`.toLowerCase();
  if (publicOrigins && publicOrigins.length > 0 && !publicOrigins.includes(origin)) origin = publicOrigins[0]!;
  // Joined as text: `new URL('//evil.example/x', base)` would move to another host.
  const path = req.url?.startsWith('/') ? req.url : '/';
  let url: URL;
  try {
    url = new URL(`${origin}${path}`);
  } catch {
    url = new URL(`${publicOrigins?.[0] ?? `http://${fallbackHost}`}/`);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

const BROTLI_QUALITY = 5;

function createCompressor(encoding: Encoding): zlib.BrotliCompress | PageGzip {
  // Mid-level settings: pages are compressed on every request, so speed matters as much as size.
  // gzip compresses a page's inlined stylesheets once per process (page-gzip.ts).
  return encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : new PageGzip();
}

/** A whole body compressed at once, with the streams' settings. */
function compressWhole(encoding: Encoding, body: Buffer): Buffer {
  if (encoding === 'gzip') return gzipPage(body);
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

type Read = ReadableStreamReadResult<Uint8Array>;

/**
 * What a body has written by the end of this event-loop turn: all of it (`pending` absent) for a
 * page rendered in one burst — every page whose loaders awaited their data — else the chunks so
 * far and the read still waiting (a page streaming deferred data).
 */
async function firstBurst(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ chunks: Uint8Array[]; pending?: Promise<Read> }> {
  const chunks: Uint8Array[] = [];
  let immediate: NodeJS.Immediate | undefined;
  const turnEnded = new Promise<'turn ended'>((resolve) => {
    immediate = setImmediate(resolve, 'turn ended');
  });
  try {
    for (;;) {
      const pending = reader.read();
      const result = await Promise.race([pending, turnEnded]);
      if (result === 'turn ended') return { chunks, pending };
      if (result.done) return { chunks };
      chunks.push(result.value);
    }
  } finally {
    clearImmediate(immediate);
  }
}

/** The chunks of the first burst, then the rest of the body as it comes. */
async function* restOf(reader: ReadableStreamDefaultReader<Uint8Array>, chunks: Uint8Array[], pending: Promise<Read>): AsyncGenerator<Uint8Array> {
  let ended = false;
  try {
    yield* chunks;
    for (let result = await pending; !result.done; result = await reader.read()) yield result.value;
    ended = true;
  } finally {
    // Left early (the visitor went, the compressor failed): stop the render.
    if (!ended) reader.cancel().catch(() => undefined);
  }
}

/**
 * Writes a Fetch Response to node:http, compressing text bodies. A body that is complete after
 * its first burst is compressed in one synchronous pass and sent with its length; a streamed one
 * goes through a compressor flushed after each burst, so it reaches the browser as it renders.
 */
export async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);

  const type = response.headers.get('content-type') ?? '';
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const encoding = COMPRESSIBLE.test(type) && !response.headers.has('content-encoding') ? pickEncoding(req.headers['accept-encoding'], type.startsWith('text/html') ? PAGE_ENCODINGS : undefined) : null;
  if (!encoding) {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), res);
    return;
  }
  res.setHeader('Content-Encoding', encoding);
  res.removeHeader('Content-Length');
  const vary = res.getHeader('Vary');
  res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');

  const reader = response.body.getReader();
  const { chunks, pending } = await firstBurst(reader);
  if (!pending) {
    // One write, no compressor stream or thread-pool hops: ≈ 1–2 ms less CPU a page (issue 20).
    const body = compressWhole(encoding, Buffer.concat(chunks));
    res.setHeader('Content-Length', body.length);
    const done = finished(res);
    res.end(body);
    await done;
    return;
  }

  const compressor = createCompressor(encoding);
  // compressor → res as pipeline() would (an error or an early close of either ends both), without
  // its AbortController, aborted (a DOMException and its stack) on every page that finishes.
  compressor.on('error', (error) => res.destroy(error));
  res.on('close', () => {
    compressor.destroy();
    // A visitor who leaves ends the read waiting for the next part (the render stops with the request).
    if (!res.writableFinished) reader.cancel().catch(() => undefined);
  });
  compressor.pipe(res);
  const done = finished(res);
  // A visitor who leaves mid-page rejects `done` before we await it: handle it now so the
  // process never sees an unhandled rejection; the await below still reports it.
  done.catch(() => undefined);
  let flushPending = false;
  try {
    for await (const chunk of restOf(reader, chunks, pending)) {
      if (compressor.destroyed) break;
      if (!compressor.write(chunk)) {
        await new Promise((resolve) => {
          compressor.once('drain', resolve);
          compressor.once('close', resolve);
        });
      }
      if (!flushPending) {
        flushPending = true;
        setImmediate(() => {
          flushPending = false;
          if (!compressor.destroyed && !compressor.writableEnded) compressor.flush();
        });
      }
    }
    if (!compressor.destroyed) compressor.end();
  } catch (error) {
    compressor.destroy(error as Error);
  }
  await done;
}

function staticPath(url: string | undefined): string {
  const pathname = (url ?? '/').split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname; // Malformed escapes: no file has such a name; the app answers.
  }
}

function isClientGone(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE' || (error as Error | null)?.name === 'AbortError';
}

/** Development only: the gateway's paths, so a page served by the dev server can call /api. */
function forwardToGateway(req: IncomingMessage, res: ServerResponse, gatewayUrl: string): void {
  const target = new URL(req.url ?? '/', gatewayUrl);
  const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Gateway unreachable');
  });
  req.pipe(upstream);
}

/**
 * `/healthz` (liveness: the process answers) and `/readyz` (it can render: build loaded, not
 * draining), in the services' shape (packages/service-kit health.ts). Other paths: null.
 */
export function healthAnswer(url: string | undefined, draining: boolean): { status: number; body: Record<string, unknown> } | null {
  const pathname = (url ?? '/').split('?')[0];
  if (pathname === '/healthz') return { status: 200, body: { status: 'ok' } };
  if (pathname !== '/readyz') return null;
  return draining ? { status: 503, body: { status: 'not_ready', checks: { render: 'draining' } } } : { status: 200, body: { status: 'ready', checks: { render: 'ok' } } };
}

/** The build's routes as the tree matchRoutes takes (the manifest is flat: parentId links). */
const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();
function routeTree(build: ServerBuild): RouteObject[] {
  let tree = routeTrees.get(build);
  if (tree) return tree;
  const manifest = Object.values(build.routes).filter((r) => r !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true, ...(r.path !== undefined ? { path: r.path } : {}) } : { id: r.id, ...(r.path !== undefined ? { path: r.path } : {}), ...(r.caseSensitive ? { caseSensitive: true } : {}), children: childrenOf(r.id) }));
  tree = childrenOf(undefined);
  routeTrees.set(build, tree);
  return tree;
}

/** The route id a URL renders (`routes/company.$slug`): a label of bounded cardinality for metrics, never the path. */
export function routeIdOf(build: ServerBuild, url: string | undefined): string {
  const pathname = (url ?? '/').split('?')[0] ?? '/';
  // Matching costs more than a lookup, and most page views are of a few addresses: remembered, bounded.
  let known = routeIds.get(build);
  if (!known) routeIds.set(build, (known = new Map()));
  let id = known.get(pathname);
  if (id === undefined) {
    id = matchRoutes(routeTree(build), pathname, build.basename)?.at(-1)?.route.id ?? 'unmatched';
    if (known.size >= 1000) known.clear();
    known.set(pathname, id);
  }
  return id;
}
const routeIds = new WeakMap<ServerBuild, Map<string, string>>();

/** What serves pages on a node:http server: its request listener (probes excluded) and how to stop it. */
export interface PageListener {
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

/**
 * The page listener of `startWebServer`, for a server someone else listens with: the web process
 * (web/bin/web.ts) hands it to startService, which keeps the probes, logging, signals and
 * graceful shutdown. `server` is the one it is attached to (Vite's hot reload shares it in dev).
 */
export async function createPageListener(opts: Omit<WebServerOptions, 'port' | 'reusePort'> & { port?: number }, server: Server): Promise<PageListener> {
  const webDir = dirname(fileURLToPath(import.meta.url));
  const buildDir = opts.buildDir ?? join(webDir, 'build');
  const clientDir = join(buildDir, 'client');
  const onError = opts.onError ?? (opts.log ? (error: unknown, context: string) => opts.log?.error({ err: error, context }, 'render failed') : (error: unknown, context: string) => console.error(`[web] ${context}`, error));
  const gatewayUrl = opts.gatewayUrl.replace(/\/+$/, '');
  const publicOrigins = opts.publicOrigins?.map((o) => new URL(o).origin);
  const port = () => (server.address() as AddressInfo | null)?.port ?? opts.port ?? 0;

  let staticFiles = new Map<string, StaticFile>();
  let getBuild: () => Promise<ServerBuild>;
  let handle: ReturnType<typeof createRequestHandler>;
  let devMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null = null;
  let closeDev = async () => {};
  if (opts.dev) {
    const vite = await import('vite');
    const devServer = await vite.createServer({ root: webDir, appType: 'custom', server: { middlewareMode: true, hmr: { server, ...(opts.port ? { clientPort: opts.port } : {}) } } });
    const ssr = devServer.environments.ssr;
    if (!vite.isRunnableDevEnvironment(ssr)) throw new Error('Vite SSR environment is not runnable');
    getBuild = () => ssr.runner.import('virtual:react-router/server-build') as Promise<ServerBuild>;
    devMiddleware = devServer.middlewares;
    closeDev = () => devServer.close();
    handle = createRequestHandler(getBuild, 'development');
  } else {
    staticFiles = await indexStaticFiles(join(buildDir, 'client'));
    const build = (await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
    getBuild = async () => build;
    // The build itself, not a function returning it: given a function, React Router rebuilds its
    // route table (flattened and ranked routes, a new static handler) on every request, ≈ 4 % of
    // an uncached page's render (issue 20).
    handle = createRequestHandler(build, 'production');
  }

  async function render(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    try {
      const file = req.method === 'GET' || req.method === 'HEAD' ? staticFiles.get(staticPath(req.url)) : undefined;
      if (file) {
        await serveStatic(req, res, file);
        return;
      }
      const context: AppLoadContext = {
        gatewayUrl,
        signatureSalt: opts.signatureSalt,
        requestId: headerValue(req.headers['x-request-id']) ?? randomUUID(),
        internalSecret: opts.internalSecret,
        visitorAddress: visitorAddress(req, opts.internalSecret),
        googleClientId: opts.googleClientId,
        facebookAppId: opts.facebookAppId,
        siteUrl: opts.siteUrl,
        // A fresh nonce per render for the page's scripts and its CSP (ADR 015). Development runs
        // Vite's own inline scripts, so it renders without a policy.
        ...(opts.dev ? {} : { cspNonce: randomBytes(16).toString('base64'), clientDir }),
      };
      const request = toFetchRequest(req, res, `${opts.host ?? 'localhost'}:${port()}`, publicOrigins);
      const response = await handle(request, context);
      if (!response.headers.has('x-content-type-options')) response.headers.set('X-Content-Type-Options', 'nosniff');
      if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
        // React Router sends a bare text/html; say the charset before the parser has to guess.
        response.headers.set('Content-Type', 'text/html; charset=utf-8');
        response.headers.set('X-Frame-Options', 'DENY');
        response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      }
      await sendResponse(req, res, response);
      // Render time until the last byte is handed to the socket, streamed parts included.
      webRenderDuration().observe({ route: routeIdOf(await getBuild(), req.url) }, (performance.now() - started) / 1000);
    } catch (error) {
      if (isClientGone(error)) return;
      onError(error, `${req.method} ${req.url}`);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Internal Server Error');
      } else {
        res.destroy();
      }
    }
  }

  // One server span per page, continuing the gateway's trace: the page's /api fetches join it.
  function traced(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    return withSpanFrom(req.headers, `${req.method ?? 'GET'} page`, SpanKind.SERVER, { 'http.request.method': req.method ?? '', 'url.path': path }, async (span) => {
      const started = performance.now();
      await render(req, res);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (opts.logRequests) {
        opts.log?.info({ reqId: headerValue(req.headers['x-request-id']), method: req.method, url: path, statusCode: res.statusCode, responseTime: Math.round(performance.now() - started) }, 'page served');
      }
    });
  }

  return {
    listener: (req, res) => {
      if (!devMiddleware) {
        void traced(req, res);
        return;
      }
      if (/^\/(api|media)(\/|$)/.test(req.url ?? '')) {
        forwardToGateway(req, res, gatewayUrl);
        return;
      }
      devMiddleware(req, res, () => void traced(req, res));
    },
    close: closeDev,
  };
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const server = createServer();
  const pages = await createPageListener(opts, server);
  // Readiness: the build is loaded (before listening) and we are not draining. Nothing here asks
  // the gateway: a page that needs data answers its own "unavailable" state, so a gateway hiccup
  // must not pull every web pod from the load balancer.
  let draining = false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Probes come before the router (which would answer /404) and never depend on another server.
    const probe = healthAnswer(req.url, draining);
    if (probe) {
      res.writeHead(probe.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(probe.body));
      return;
    }
    pages.listener(req, res);
  });
  server.keepAliveTimeout = 65_000; // longer than the gateway's idle timeout, so it never reuses a closing socket

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host: opts.host, reusePort: opts.reusePort ?? false }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    close: async () => {
      draining = true;
      await pages.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      });
    },
  };
}
