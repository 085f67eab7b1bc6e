import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

/**
 * Browser features no page of the site uses, refused for the page and anything it embeds: a
 * script that slips through (stored XSS, a third-party widget) can't ask for them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
].join(', ');

/** What answers that are not pages get: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none';frame-ancestors 'none'"; // as helmet writes it

/** The gateway's own small HTML pages (host refused, web down, dev mailbox): inline styles only. */
export const SMALL_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Route options for paths whose Content-Security-Policy is set per answer: pages (the web tier's
 * nonce policy, ADR 015) and /media (a policy of its own). Helmet's strict one would replace it.
 */
export const OWN_CSP: Pick<RouteShorthandOptions, 'helmet'> = { helmet: { contentSecurityPolicy: false } };

/**
 * Security headers on every answer of the gateway (ADR 015): nosniff, Referrer-Policy,
 * `X-Frame-Options: DENY`, Permissions-Policy, HSTS in production only (over plain-HTTP
 * development a browser would pin localhost to HTTPS), and `API_CSP` except where `OWN_CSP`.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { production: boolean }): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    hsts: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google sign-in opens a popup that must reach back to the page (same-origin would cut it off).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images and video may be shown by the site's other subdomains; never by other sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    // Raw, like helmet's own, so hijacked answers (notice streams) carry it too.
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
  });
}
