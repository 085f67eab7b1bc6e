// trader-sync as its own process (containers): `node services/trader-sync/src/server.ts`, with
// ROLE=api (HTTP + read models) or ROLE=worker (background syncs); ROLE=all runs both.
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'trader-sync' });
const { ConfigError, processEnv } = await import('@brokerwise/config');
const { parseTraderSyncConfig } = await import('./config.ts');
const { startTraderSync } = await import('./main.ts');

try {
  await startTraderSync(parseTraderSyncConfig(processEnv()));
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
