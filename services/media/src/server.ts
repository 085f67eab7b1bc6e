// The media service as its own process (containers, `node services/media/src/server.ts`):
// ROLE=api in production (the worker runs from worker.ts); `all` by default.
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'media' });
const { processEnv } = await import('@brokerwise/config');
const { loadMediaConfigOrExit } = await import('./config.ts');
const { startMedia } = await import('./main.ts');

await startMedia(loadMediaConfigOrExit(processEnv()));
