import { startService, type StartedService } from '@brokerwise/service-kit';
import { simulatorApp, type SimulatorState } from './app.ts';
import type { SimulatorConfig } from './config.ts';

export interface SimulatorShared {
  /** The simulator's "now" (ms); tests move it to make new deals appear. */
  now?: () => number;
}

export type StartedSimulator = StartedService<{ url: string; state: SimulatorState; connections: () => { open: number; accepted: number } }>;

/** Boots the bridge simulator: the bridge protocol routes and the /v1/sim controls. No database, no bus. */
export async function startBridgeSimulator(config: SimulatorConfig, shared: SimulatorShared = {}): Promise<StartedSimulator> {
  const started = await startService<unknown, { state: SimulatorState; connections: () => { open: number; accepted: number } }>({
    name: 'bridge-simulator',
    config,
    setup: async ({ app, background }) => {
      const state = await simulatorApp(app, { now: shared.now ?? Date.now, hangMs: config.SIM_HANG_MS });
      // Counted so tests can wait for a connection to open or close instead of sleeping.
      const connections = { open: 0, accepted: 0 };
      app.server.on('connection', (socket) => {
        connections.open += 1;
        connections.accepted += 1;
        socket.once('close', () => void (connections.open -= 1));
      });
      // Hanging requests end at shutdown.
      background({ start: () => {}, stop: async () => state.release() });
      return { state, connections: () => ({ ...connections }) };
    },
  });
  return { ...started, url: `http://${config.HOST}:${started.port}` };
}
