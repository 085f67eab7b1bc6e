// The gateway as its own process (containers, `node gateway/src/server.ts`).
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'gateway' });
const { ConfigError, processEnv } = await import('@brokerwise/config');
const { parseGatewayConfig } = await import('./config.ts');
const { startGateway } = await import('./main.ts');

try {
  await startGateway(parseGatewayConfig(processEnv()));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
