// The bridge simulator as its own process (demo deployments: `node services/bridge-simulator/src/server.ts`).
import { startTelemetry } from '@brokerwise/telemetry';

// Tracing first: the service's modules load after it, so the libraries they use are instrumented.
startTelemetry({ service: 'bridge-simulator' });
const { loadConfigOrExit, processEnv } = await import('@brokerwise/config');
const { SimulatorConfigSchema } = await import('./config.ts');
const { startBridgeSimulator } = await import('./main.ts');

await startBridgeSimulator(loadConfigOrExit(SimulatorConfigSchema, processEnv()));
