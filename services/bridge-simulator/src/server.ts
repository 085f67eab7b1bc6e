// The bridge simulator as its own process (demo deployments: `node services/bridge-simulator/src/server.ts`).
import { loadConfigOrExit, processEnv } from '@brokerwise/config';
import { SimulatorConfigSchema } from './config.ts';
import { startBridgeSimulator } from './main.ts';

await startBridgeSimulator(loadConfigOrExit(SimulatorConfigSchema, processEnv()));
