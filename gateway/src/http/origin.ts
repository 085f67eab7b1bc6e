import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@brokerwise/errors';
import { sendError } from './envelope.ts';
import { resolveLang } from './lang.ts';
import { SMALL_PAGE_CSP } from './security-headers.ts';

/**
 * The site's public origins (PUBLIC_ORIGIN, ADR 015): the first is canonical (links in pages come
 * from it, never from the Host header); requests naming any other host are refused before they
 * reach a route or the page micro-cache, so `Host: evil.example` can't change what anyone sees.
 */
export interface PublicOrigins {
  /** e.g. https://brokerwise.example (no trailing slash). */
  canonical: string;
  /** Allowed `host[:port]` values, lower case; an entry without a port (loopback in development) allows any port. */
  hosts: { hostname: string; port: string | null }[];
}

/** Development: the loopback names on any port (tests and `npm start` listen on whatever port). */
export function developmentOrigins(port: number): PublicOrigins {
  return {
    canonical: `http://localhost:${port}`,
    hosts: ['localhost', '127.0.0.1', '[::1]'].map((hostname) => ({ hostname, port: null })),
  };
}

/** Problems with a PUBLIC_ORIGIN value (comma-separated http(s) origins without a path), or []. */
export function publicOriginProblems(value: string): string[] {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) return ['PUBLIC_ORIGIN: at least one origin, e.g. https://brokerwise.example'];
  const problems: string[] = [];
  for (const item of items) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== item.replace(/\/$/, '').toLowerCase() || url.username || url.password) {
      problems.push(`PUBLIC_ORIGIN: "${item}" is not an origin like https://brokerwise.example (scheme and host, optional port, no path)`);
    }
  }
  return problems;
}

/** Parses a PUBLIC_ORIGIN that publicOriginProblems accepted. */
export function parsePublicOrigins(value: string): PublicOrigins {
  const urls = value.split(',').map((s) => s.trim()).filter(Boolean).map((s) => new URL(s));
  return { canonical: urls[0]!.origin, hosts: urls.map((u) => ({ hostname: u.hostname.toLowerCase(), port: portOf(u.port) })) };
}

const DEFAULT_PORTS = new Set(['', '80', '443']);
const portOf = (port: string) => (DEFAULT_PORTS.has(port) ? '' : port);

/** Whether a Host header names one of the origins (a missing or malformed one never does). */
export function hostAllowed(origins: PublicOrigins, host: string | undefined): boolean {
  if (!host || host.length > 300) return false;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return false;
  }
  // "a.example/x", "user@a.example": not a host name at all.
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || host.includes('/') || host.includes('@')) return false;
  const hostname = url.hostname.toLowerCase();
  return origins.hosts.some((h) => h.hostname === hostname && (h.port === null || h.port === portOf(url.port)));
}

const MISDIRECTED_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Brokerwise</title>
<body style="font-family:system-ui,'Noto Sans CJK SC',sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Wrong address</h1><p>This server does not answer for that host name.</p>
<h1 lang="zh-CN">地址错误</h1><p lang="zh-CN">此服务器不响应该主机名。</p></body></html>`;

/**
 * Refuses requests for hosts outside PUBLIC_ORIGIN with 421 Misdirected Request: the envelope on
 * /api (in the caller's language), a small page otherwise. Registered on the gateway's routes
 * only: the health probes (`/healthz`, `/readyz`, registered outside) answer any host, since
 * Kubernetes probes use the pod's address. The web tier's own calls (with the shared secret, see
 * client-address.ts) name the gateway by its internal host (GATEWAY_URL) and pass too.
 */
export function registerHostCheck(app: FastifyInstance, origins: PublicOrigins): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.fromWebTier || hostAllowed(origins, request.headers.host)) return;
    if (request.url.startsWith('/api/') || request.url === '/api') {
      const header = request.headers.lang;
      request.lang = resolveLang(Array.isArray(header) ? header[0] : header, request.headers['accept-language']).lang;
      return sendError(request, reply, new AppError({ code: 'host_not_allowed', kind: 'misdirected', message: 'Unknown host' }));
    }
    return reply.status(421).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SMALL_PAGE_CSP).send(MISDIRECTED_PAGE);
  });
}
