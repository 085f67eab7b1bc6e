/**
 * Development server: Vite with hot reload, rendering through the same server code as production.
 * Start the rest of the site first (`npm start`, gateway on :3000), then `npm run dev -w @brokerwise/web`
 * and open http://localhost:5173: /api and /media are forwarded to the gateway.
 */
import { loadConfigOrExit, Type, exitWithUsageOnHelp } from '@brokerwise/config';
import { startWebServer } from '../server.ts';

exitWithUsageOnHelp(`Usage: npm run dev -w @brokerwise/web
  Vite with hot reload on WEB_DEV_PORT (5173), /api and /media forwarded to GATEWAY_URL (http://127.0.0.1:3000).
  The root's npm run dev starts everything at once.`);

const config = loadConfigOrExit(
  Type.Object({
    WEB_DEV_PORT: Type.Integer({ default: 5173, minimum: 0, maximum: 65535 }),
    GATEWAY_URL: Type.String({ default: 'http://127.0.0.1:3000', pattern: '^https?://' }),
    // The gateway's public development salt; production sets its own.
    SIGNATURE_SALT: Type.String({ default: 'brokerwise-dev-salt', minLength: 8 }),
    GOOGLE_CLIENT_ID: Type.String({ default: '' }),
    FACEBOOK_APP_ID: Type.String({ default: '' }),
  }),
);

const server = await startWebServer({
  dev: true,
  port: config.WEB_DEV_PORT,
  host: '127.0.0.1',
  gatewayUrl: config.GATEWAY_URL,
  signatureSalt: config.SIGNATURE_SALT,
  googleClientId: config.GOOGLE_CLIENT_ID,
  facebookAppId: config.FACEBOOK_APP_ID,
});
console.log(`web (dev) on http://localhost:${server.port}, API from ${config.GATEWAY_URL}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
