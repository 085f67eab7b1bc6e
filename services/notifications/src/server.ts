// The notifications service as its own process (containers, `node services/notifications/src/server.ts`).
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'notifications' });
const { ConfigError, processEnv } = await import('@brokerwise/config');
const { parseNotificationsConfig } = await import('./config.ts');
const { startNotifications } = await import('./main.ts');

try {
  await startNotifications(parseNotificationsConfig(processEnv()));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
