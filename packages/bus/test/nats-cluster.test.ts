// NATS_STREAM_REPLICAS=3 against a real 3-node JetStream cluster (three nats-server processes of
// this file's own, clustered like k8s/components/nats, with users): the streams the bus creates are
// replicated on all three, and a service that isn't told the replicas doesn't scale them down.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { freePort, natsServerBin, startNatsServer, type OwnNatsServer } from '@brokerwise/testing';
import { BusError, NatsBus, busConfig, createBus, destroyBus, type EventBus } from '../src/index.ts';

const AUTH = 'authorization { users: [ { user: "bw-svc", password: "cluster-pass" } ] }';

describe.skipIf(!natsServerBin)('NATS_STREAM_REPLICAS on a 3-node cluster', () => {
  const servers: OwnNatsServer[] = [];
  let natsUrl = '';

  beforeAll(async () => {
    const routes = await Promise.all([0, 1, 2].map(() => freePort()));
    const routeList = routes.map((p) => `nats://127.0.0.1:${p}`).join(', ');
    for (const [i, port] of routes.entries()) {
      servers.push(await startNatsServer(`server_name: bw-test-${i}\n${AUTH}\ncluster { name: bwtest, listen: "127.0.0.1:${port}", routes: [ ${routeList} ] }`));
    }
    natsUrl = servers.map((s) => s.url.replace('nats://', 'nats://bw-svc:cluster-pass@')).join(',');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
  });

  /** Connects once the cluster has elected its JetStream meta leader (a few seconds after start). */
  async function connectWhenReady(make: () => Promise<EventBus>): Promise<NatsBus> {
    let fatal: unknown;
    const bus = await vi.waitFor(
      async () => {
        try {
          return (await make()) as NatsBus;
        } catch (err) {
          if (err instanceof BusError && err.code === 'BUS_UNAVAILABLE') throw err; // no leader yet: tried again
          fatal = err;
          return undefined;
        }
      },
      { timeout: 45_000, interval: 500 },
    );
    if (bus === undefined) throw fatal;
    return bus;
  }

  it('creates both streams with 3 replicas from NATS_STREAM_REPLICAS, and a process without the setting keeps them at 3', async () => {
    const settings = { NATS_URL: natsUrl, NATS_NAMESPACE: 'bwcluster', NATS_STREAM_REPLICAS: 3, NATS_STREAM_MAX_AGE_HOURS: 24 };
    const bus = await connectWhenReady(() => createBus(busConfig(settings, 'cluster-test')));
    try {
      // What the servers hold, read over a connection of the test's own.
      const stream = async (name: string) => {
        const nc = await connect({ servers: servers.map((s) => `127.0.0.1:${s.port}`), user: 'bw-svc', pass: 'cluster-pass' });
        try {
          return await (await jetstreamManager(nc)).streams.info(name);
        } finally {
          await nc.close();
        }
      };
      for (const name of [bus.eventsStream, bus.deadLetterStream]) {
        const info = await stream(name);
        expect(info.config.num_replicas, name).toBe(3);
        expect(info.cluster?.replicas?.length, `${name}: a leader and two followers`).toBe(2);
      }
      expect((await stream(bus.eventsStream)).config.max_age).toBe(24 * 3600e9);

      // The gateway (or a script) connecting without NATS_STREAM_REPLICAS must not scale them to 1.
      const untold = await connectWhenReady(() => createBus({ natsUrl, namespace: 'bwcluster' }));
      await untold.close();
      expect((await stream(bus.eventsStream)).config.num_replicas).toBe(3);
    } finally {
      await destroyBus(bus);
    }
  }, 90_000);
});
