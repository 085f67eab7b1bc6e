// The identity service as its own process (containers, `node services/identity/src/server.ts`).
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'identity' });
const { ConfigError, processEnv } = await import('@brokerwise/config');
const { parseIdentityConfig } = await import('./config.ts');
const { startIdentity } = await import('./main.ts');

try {
  await startIdentity(parseIdentityConfig(processEnv()));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
