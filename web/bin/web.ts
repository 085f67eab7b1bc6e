/**
 * Runs the web app as its own process (production, docker-compose, Kubernetes), through
 * startService like every other process: its logger, probes, metrics server, signals and graceful
 * shutdown; the pages themselves are served by the plain node:http listener of ../server.ts.
 * Env: WEB_PORT (or PORT), HOST, GATEWAY_URL, SIGNATURE_SALT, INTERNAL_SECRET (shared with the gateway), optional GOOGLE_CLIENT_ID, FACEBOOK_APP_ID and SITE_URL
 * (public address for canonical links and the sitemap; default: each request's own origin). Needs `npm run build -w @brokerwise/web` first.
 */
import '../production-builds.ts';
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing before the server loads: its fetches to the gateway carry the page request's trace.
startTelemetry({ service: 'web' });
const { loadConfigOrExit, exitWithUsageOnHelp } = await import('@brokerwise/config');
const { WebConfigSchema, webEnv } = await import('./config.ts');

exitWithUsageOnHelp(`Usage: npm start -w @brokerwise/web
  The web tier as its own process (needs npm run build first). Settings: WEB_PORT, HOST, GATEWAY_URL,
  SIGNATURE_SALT, INTERNAL_SECRET, PUBLIC_ORIGIN, GOOGLE_CLIENT_ID, FACEBOOK_APP_ID, METRICS_PORT.`);

const config = loadConfigOrExit(WebConfigSchema, webEnv(process.env));

// React picks its production build from NODE_ENV at import time: set it before loading the server.
process.env.NODE_ENV ??= 'production';
const { createPageListener } = await import('../server.ts');
const { startService } = await import('@brokerwise/service-kit');
await startService({
  name: 'web',
  config: { ...config, PORT: config.WEB_PORT },
  plainHttp: true,
  setup: async ({ app, log, plainHttp }) => {
    if (!config.INTERNAL_SECRET) {
      log.warn('INTERNAL_SECRET is not set: the gateway will count every visitor’s page views against this server’s address (ADR 012).');
    }
    // longer than the gateway's idle timeout, so it never reuses a closing socket
    app.server.keepAliveTimeout = 65_000;
    const pages = await createPageListener(
      {
        host: config.HOST,
        gatewayUrl: config.GATEWAY_URL,
        signatureSalt: config.SIGNATURE_SALT,
        internalSecret: config.INTERNAL_SECRET || undefined,
        googleClientId: config.GOOGLE_CLIENT_ID,
        facebookAppId: config.FACEBOOK_APP_ID,
        siteUrl: config.PUBLIC_ORIGIN.split(',')[0]?.trim() || config.SITE_URL || undefined,
        publicOrigins: config.PUBLIC_ORIGIN.split(',').map((o) => o.trim()).filter(Boolean),
        log,
        logRequests: config.LOG_REQUESTS ?? config.APP_MODE === 'production',
      },
      app.server,
    );
    plainHttp(pages.listener);
  },
});
