/**
 * Runs the web app as its own process (production, docker-compose, Kubernetes).
 * Env: WEB_PORT (or PORT), HOST, GATEWAY_URL, SIGNATURE_SALT, INTERNAL_SECRET (shared with the gateway), optional GOOGLE_CLIENT_ID, FACEBOOK_APP_ID and SITE_URL
 * (public address for canonical links and the sitemap; default: each request's own origin). Needs `npm run build -w @brokerwise/web` first.
 */
import '../production-builds.ts';
import { startTelemetry } from '@brokerwise/telemetry';
import { createLogger } from '@brokerwise/logger';
import { loadConfigOrExit, exitWithUsageOnHelp } from '@brokerwise/config';
import { WebConfigSchema, webEnv } from './config.ts';

// Tracing before the server loads: its fetches to the gateway carry the page request's trace.
startTelemetry({ service: 'web' });

exitWithUsageOnHelp(`Usage: npm start -w @brokerwise/web
  The web tier as its own process (needs npm run build first). Settings: WEB_PORT, HOST, GATEWAY_URL,
  SIGNATURE_SALT, INTERNAL_SECRET, PUBLIC_ORIGIN, GOOGLE_CLIENT_ID, FACEBOOK_APP_ID, METRICS_PORT.`);

const config = loadConfigOrExit(WebConfigSchema, webEnv(process.env));
const log = createLogger({ level: config.LOG_LEVEL, service: 'web', appMode: config.APP_MODE });

if (!config.INTERNAL_SECRET) {
  log.warn('INTERNAL_SECRET is not set: the gateway will count every visitor’s page views against this server’s address (ADR 012).');
}

// React picks its production build from NODE_ENV at import time: set it before loading the server.
process.env.NODE_ENV ??= 'production';
const { startWebServer } = await import('../server.ts');
const server = await startWebServer({
  port: config.WEB_PORT,
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
});
log.info({ port: server.port, gateway: config.GATEWAY_URL }, `web listening on http://${config.HOST}:${server.port}`);
// Prometheus metrics (render times, heap, event loop) on a port of their own when METRICS_PORT is set.
const { startMetricsServerIfSet } = await import('@brokerwise/metrics');
const metrics = await startMetricsServerIfSet({ port: config.METRICS_PORT, host: config.METRICS_HOST ?? config.HOST });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all([server.close(), metrics?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  });
}
