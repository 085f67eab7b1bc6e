// The search service as its own process (containers, `node services/search/src/server.ts`).
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'search' });
const { loadConfigOrExit, processEnv } = await import('@brokerwise/config');
const { SearchConfigSchema } = await import('./config.ts');
const { startSearch } = await import('./main.ts');

await startSearch(loadConfigOrExit(SearchConfigSchema, processEnv()));
