// The catalogue as its own process (containers, `node services/catalogue/src/server.ts`).
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'catalogue' });
const { loadConfigOrExit, processEnv } = await import('@brokerwise/config');
const { CatalogueConfigSchema } = await import('./config.ts');
const { startCatalogue } = await import('./main.ts');

await startCatalogue(loadConfigOrExit(CatalogueConfigSchema, processEnv()));
