import type { FastifyInstance } from 'fastify';
import { SimulatedAccounts } from './domain/accounts.ts';
import { controlRoutes } from './routes/controls.ts';
import { protocolRoutes } from './routes/protocol.ts';

/**
 * The broker bridge protocol (services/trader-sync/docs/bridge-protocol.md) over generated
 * histories (domain/), plus /v1/sim/* controls for tests and the demo. How each login behaves:
 * domain/accounts.ts.
 */
export interface SimulatorState {
  /** Ends hanging requests (shutdown). */
  release(): void;
  /** Calls received per login, for tests. */
  calls: Map<string, number>;
}

export async function simulatorApp(app: FastifyInstance, opts: { now: () => number; hangMs: number }): Promise<SimulatorState> {
  const accounts = new SimulatedAccounts();
  const hanging = new Set<() => void>();
  await protocolRoutes(app, { accounts, now: opts.now, hangMs: opts.hangMs, hanging });
  await controlRoutes(app, { accounts, now: opts.now });
  return { release: () => hanging.forEach((done) => done()), calls: accounts.calls };
}
