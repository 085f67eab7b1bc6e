// The media worker as its own process (`node services/media/src/worker.ts`): transcodes uploaded
// videos and cleans up storage, and scales separately from the API. Same settings as server.ts
// with ROLE forced to `worker`; it answers /healthz and /readyz on PORT.
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'media-worker' });
const { processEnv } = await import('@brokerwise/config');
const { loadMediaConfigOrExit } = await import('./config.ts');
const { startMedia } = await import('./main.ts');

await startMedia(loadMediaConfigOrExit({ ...processEnv(), ROLE: 'worker' }));
