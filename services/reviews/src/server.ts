// The reviews service as its own process (containers, `node services/reviews/src/server.ts`).
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'reviews' });
const { loadConfigOrExit, processEnv } = await import('@brokerwise/config');
const { ReviewsConfigSchema } = await import('./config.ts');
const { startReviews } = await import('./main.ts');

await startReviews(loadConfigOrExit(ReviewsConfigSchema, processEnv()));
