import { buildFastify, registerHealth, runServer } from '@brokerwise/service-kit';
import { simulatorApp, type SimulatorState } from './app.ts';
import type { SimulatorConfig } from './config.ts';

export interface SimulatorShared {
  /** The simulator's "now" (ms); tests move it to make new deals appear. */
  now?: () => number;
}

/** Boots the bridge simulator: Fastify with the bridge protocol routes and the /v1/sim controls. */
export async function startBridgeSimulator(config: SimulatorConfig, shared: SimulatorShared = {}): Promise<{ port: number; url: string; state: SimulatorState; connections: () => { open: number; accepted: number }; close: () => Promise<void> }> {
  const app = buildFastify({ service: 'bridge-simulator', logLevel: config.LOG_LEVEL, appMode: config.APP_MODE, logRequests: config.LOG_REQUESTS, trustRequestId: true });
  registerHealth(app, []);
  const state = await simulatorApp(app, { now: shared.now ?? Date.now, hangMs: config.SIM_HANG_MS });
  // Counted so tests can wait for a connection to open or close instead of sleeping.
  const connections = { open: 0, accepted: 0 };
  app.server.on('connection', (socket) => {
    connections.open += 1;
    connections.accepted += 1;
    socket.once('close', () => void (connections.open -= 1));
  });
  const server = await runServer(app, { port: config.PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS, metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST }, closers: [async () => state.release()] });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return { port, url: `http://${config.HOST}:${port}`, state, connections: () => ({ ...connections }), close: server.close };
}
