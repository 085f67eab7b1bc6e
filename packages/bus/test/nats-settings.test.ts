// NATS in production: stream replicas, max age and storage from config, credentials in NATS_URL,
// TLS with the operator's CA. Stream settings are checked on the shared server at NATS_URL (single
// node: replicas > 1 can only be refused there, so the replicas mapping is checked by parsing);
// authentication and TLS on servers of this file's own (startNatsServer).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { parseConfig, commonServiceSettings, Type } from '@brokerwise/config';
import { natsServerBin, startNatsServer, uniqueName, type OwnNatsServer } from '@brokerwise/testing';
import { BusError, NatsBus, busConfig, createBus, destroyBus, parseNatsServers, type EventBus } from '../src/index.ts';

const url = process.env.NATS_URL;
const HOUR = 3600_000;

async function rejection(p: Promise<unknown>): Promise<BusError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'expected a rejection').toBeInstanceOf(BusError);
  return err as BusError;
}

/** Publishes one event and waits until a durable on the same bus receives it. */
async function roundTrip(bus: EventBus): Promise<string> {
  let resolve!: (id: string) => void;
  const got = new Promise<string>((r) => (resolve = r));
  const sub = await bus.subscribe({ durable: uniqueName('rt'), types: ['probe.sent'], handler: async (m) => resolve(m.id) });
  await bus.publish({ id: 'probe-1', type: 'probe.sent', data: new Uint8Array([1]) });
  const id = await got;
  await sub.drain();
  return id;
}

describe('NATS settings from config', () => {
  it('parses credentials and TLS out of NATS_URL, never leaving them in the server list', () => {
    expect(parseNatsServers('nats://bw-svc:p%40ss%3Aword@nats:4222')).toEqual({ servers: ['nats:4222'], user: 'bw-svc', pass: 'p@ss:word', tls: false });
    expect(parseNatsServers('nats://s3cr3t-token@nats-0.nats:4222,nats://s3cr3t-token@nats-1.nats:4222')).toEqual({
      servers: ['nats-0.nats:4222', 'nats-1.nats:4222'],
      token: 's3cr3t-token',
      tls: false,
    });
    expect(parseNatsServers('tls://nats.example.com')).toEqual({ servers: ['nats.example.com:4222'], tls: true });
    expect(parseNatsServers(['127.0.0.1:4222'])).toEqual({ servers: ['127.0.0.1:4222'], tls: false });
    expect(() => parseNatsServers('nats://a:b@n1:4222,nats://a:c@n2:4222')).toThrow(/same credentials/);
    expect(() => parseNatsServers('http://nats:4222')).toThrow(/nats:\/\/ or tls:\/\//);
    expect(() => parseNatsServers(' ')).toThrow(/no NATS server URL/);
  });

  it('maps the NATS_* settings of a parsed config onto the bus options (replicas, hours → ms, storage, TLS)', () => {
    const schema = Type.Object(commonServiceSettings);
    const production = parseConfig(schema, {
      NATS_URL: 'tls://bw:secret@nats:4222',
      NATS_NAMESPACE: 'bw_prod',
      NATS_STREAM_REPLICAS: '3',
      NATS_STREAM_MAX_AGE_HOURS: '336',
      NATS_STORAGE: 'file',
      NATS_TLS_CA: '/etc/nats-tls/ca.crt',
    });
    expect(busConfig(production, 'search')).toEqual({
      natsUrl: 'tls://bw:secret@nats:4222',
      namespace: 'bw_prod',
      name: 'search',
      replicas: 3,
      eventsMaxAgeMs: 336 * HOUR,
      storage: 'file',
      tlsCaFile: '/etc/nats-tls/ca.crt',
    });
    // Unset: nothing is forced on streams that exist (a process not told must not scale them down).
    expect(busConfig(parseConfig(schema, { NATS_URL: 'nats://nats:4222' }))).toEqual({ natsUrl: 'nats://nats:4222', namespace: 'bw' });
    for (const bad of [{ NATS_STREAM_REPLICAS: '0' }, { NATS_STREAM_REPLICAS: '6' }, { NATS_STORAGE: 'disk' }, { NATS_STREAM_MAX_AGE_HOURS: '0' }]) {
      expect(() => parseConfig(schema, bad), JSON.stringify(bad)).toThrow(/NATS_/);
    }
  });

  it('refuses invalid stream options before connecting', async () => {
    expect((await rejection(NatsBus.connect({ servers: 'nats://127.0.0.1:1', replicas: 0 }))).message).toMatch(/replicas/);
    expect((await rejection(NatsBus.connect({ servers: 'nats://127.0.0.1:1', eventsMaxAgeMs: -5 }))).message).toMatch(/max age/);
  });
});

describe.skipIf(!url)('NATS stream settings on the server', () => {
  it('creates the streams with the configured max age and storage; a process not told keeps them; a different storage is refused', async () => {
    const namespace = uniqueName('bwset').toLowerCase();
    const bus = await createBus({ natsUrl: url!, namespace, replicas: 1, eventsMaxAgeMs: 2 * HOUR, storage: 'memory' });
    const nc = await connect({ servers: url! });
    try {
      const jsm = await jetstreamManager(nc);
      const events = (await jsm.streams.info(`${namespace.toUpperCase()}_EVENTS`)).config;
      expect(events).toMatchObject({ num_replicas: 1, max_age: 2 * HOUR * 1e6, storage: 'memory' });
      const dlq = (await jsm.streams.info(`${namespace.toUpperCase()}_DLQ`)).config;
      expect(dlq).toMatchObject({ num_replicas: 1, max_age: 0, storage: 'memory' });

      // A process without the settings (same storage) leaves the max age alone…
      const plain = await createBus({ natsUrl: url!, namespace, storage: 'memory' });
      await plain.close();
      expect((await jsm.streams.info(`${namespace.toUpperCase()}_EVENTS`)).config.max_age).toBe(2 * HOUR * 1e6);
      // …one with another max age converges the stream on it.
      const longer = await createBus({ natsUrl: url!, namespace, storage: 'memory', eventsMaxAgeMs: 48 * HOUR });
      await longer.close();
      expect((await jsm.streams.info(`${namespace.toUpperCase()}_EVENTS`)).config.max_age).toBe(48 * HOUR * 1e6);

      // JetStream can't move a stream between storages: say so instead of silently keeping memory.
      const err = await rejection(createBus({ natsUrl: url!, namespace, storage: 'file' }));
      expect(err.code).toBe('BUS_INVALID_ARGUMENT');
      expect(err.message).toMatch(/memory storage.*asks for file.*NATS_STORAGE=memory/);
    } finally {
      await nc.close();
      await destroyBus(bus);
    }
  });

  it('asks the server for the configured replicas (a single server refuses 3, clearly)', async () => {
    const namespace = uniqueName('bwrep').toLowerCase();
    const err = await rejection(createBus({ natsUrl: url!, namespace, replicas: 3 }));
    expect(err.code).toBe('BUS_UNAVAILABLE');
    expect(err.message).toMatch(/replicas/i);
    // Nothing was left behind by the refused attempt.
    const nc = await connect({ servers: url! });
    const jsm = await jetstreamManager(nc);
    await expect(jsm.streams.info(`${namespace.toUpperCase()}_EVENTS`)).rejects.toThrow(/not found/i);
    await nc.close();
  });
});

describe.skipIf(!natsServerBin)('NATS authentication (credentials in NATS_URL)', () => {
  let server: OwnNatsServer;
  beforeAll(async () => {
    server = await startNatsServer('authorization { user: "bw-svc", password: "r1ght p@ss" }');
  });
  afterAll(() => server?.dispose());

  const withAuth = (userinfo: string) => server.url.replace('nats://', `nats://${userinfo}@`);

  it('connects with the user and password in the URL (percent-encoded) and carries events', async () => {
    const bus = await createBus({ natsUrl: withAuth('bw-svc:r1ght%20p%40ss'), namespace: 'authok' });
    try {
      expect(await roundTrip(bus)).toBe('probe-1');
    } finally {
      await destroyBus(bus);
    }
  });

  it('fails at once with a clear error for a wrong password, and for a URL without credentials', async () => {
    const wrong = await rejection(createBus({ natsUrl: withAuth('bw-svc:wrong'), namespace: 'authbad' }));
    expect(wrong.code).toBe('BUS_UNAVAILABLE');
    expect(wrong.message).toMatch(/refused the credentials in NATS_URL/);
    expect(wrong.message).not.toContain('wrong');
    const none = await rejection(createBus({ natsUrl: server.url, namespace: 'authnone' }));
    expect(none.message).toMatch(/refused the credentials \(NATS_URL has none/);
  });
});

describe.skipIf(!natsServerBin)('NATS over TLS (NATS_TLS_CA)', () => {
  let server: OwnNatsServer;
  let dir: string;
  beforeAll(async () => {
    // A private CA and a server certificate for 127.0.0.1 signed by it, as an operator's cert-manager would issue.
    dir = mkdtempSync(join(tmpdir(), 'bw-nats-tls-'));
    const f = (name: string) => join(dir, name);
    const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
    ssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=bw test CA', '-keyout', f('ca.key'), '-out', f('ca.crt'));
    ssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=nats', '-keyout', f('server.key'), '-out', f('server.csr'));
    writeFileSync(f('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
    ssl('x509', '-req', '-in', f('server.csr'), '-CA', f('ca.crt'), '-CAkey', f('ca.key'), '-CAcreateserial', '-days', '1', '-extfile', f('ext.cnf'), '-out', f('server.crt'));
    server = await startNatsServer(`tls { cert_file: "${f('server.crt')}", key_file: "${f('server.key')}" }\nauthorization { token: "tls-token" }`);
  });
  afterAll(async () => {
    await server?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('connects over TLS when given the CA, with the token from the URL', async () => {
    const natsUrl = server.url.replace('nats://', 'tls://tls-token@');
    const bus = await createBus(busConfig({ NATS_URL: natsUrl, NATS_NAMESPACE: 'tlsok', NATS_TLS_CA: join(dir, 'ca.crt') }, 'tls-test'));
    try {
      expect(await roundTrip(bus)).toBe('probe-1');
    } finally {
      await destroyBus(bus);
    }
  });

  it('refuses a server whose certificate the CA did not sign', async () => {
    // Without NATS_TLS_CA the system CAs don't know the test CA.
    const err = await rejection(createBus({ natsUrl: server.url.replace('nats://', 'tls://tls-token@'), namespace: 'tlsbad' }));
    expect(err.code).toBe('BUS_UNAVAILABLE');
    expect(err.message).toMatch(/certificate/i);
  });
});
