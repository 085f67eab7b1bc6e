/**
 * Starts `npm run topology` for the smoke journey, on the real PostgreSQL, NATS and Redis named by
 * DATABASE_URL, NATS_URL and REDIS_URL, in a database, NATS namespace and Redis prefix of its own,
 * and removes all three afterwards. The processes reach NATS through a TCP proxy of this file's,
 * so the journey can cut every NATS connection (as a NATS restart does) and bring it back.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createBus, destroyBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { natsServerBin, startNatsServer, uniqueName } from '@brokerwise/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Topology {
  /** The public site (the gateway), e.g. http://127.0.0.1:41234. */
  url: string;
  /** The runner's control port: /processes (pids, restarts) and /mail?to= (the SMTP catcher). */
  control: string;
  signatureSalt: string;
  databaseUrl: string;
  /** NATS_NAMESPACE of every process (streams `<NAMESPACE>_EVENTS`, `_DLQ`). */
  namespace: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string };
  nats: NatsProxy;
  /** Output of the runner so far (for failure messages). */
  output(): string;
  /** Lines `<durable>:<event type>` written here make that handler throw (FAULT_INJECT_FILE, a test hook). */
  faultFile: string;
  /** Each process's log so far (JSON lines), by deployable name. */
  logs(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** The topology's NATS, which the journey takes away mid-way and brings back. */
export interface NatsProxy {
  url: string;
  /** What `cut` does: kill -9 of a NATS server of the journey's own (JetStream on disk), or cutting every connection to the given one. */
  outage: 'NATS killed' | 'connections cut';
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startNatsProxy(target: string): Promise<NatsProxy> {
  const t = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    const s = createServer((client) => {
      const upstream = tcpConnect(Number(t.port || 4222), t.hostname);
      for (const sock of [client, upstream]) {
        sockets.add(sock);
        sock.on('close', () => sockets.delete(sock));
        sock.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    port = (s.address() as { port: number }).port;
    server = s;
  };
  const stopListening = async () => {
    const s = server;
    server = undefined;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise((resolve) => s.close(resolve));
  };
  await listen();
  return { url: `nats://127.0.0.1:${port}`, outage: 'connections cut', cut: stopListening, restore: listen, close: stopListening };
}

/**
 * With nats-server installed (CI has it), a JetStream server of the journey's own, so the journey
 * can kill -9 it and start it again on the same port and store, as a crashed NATS pod restarts.
 * Otherwise the NATS given in NATS_URL, behind a proxy whose connections the journey cuts.
 */
async function startNats(given: string): Promise<NatsProxy & { own: boolean }> {
  if (!natsServerBin) return { ...(await startNatsProxy(given)), own: false };
  const server = await startNatsServer();
  return { url: server.url, outage: 'NATS killed', cut: () => server.kill(), restore: () => server.restart(), close: () => server.dispose(), own: true };
}

export async function startTopology(): Promise<Topology> {
  const { DATABASE_URL, NATS_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !NATS_URL || !REDIS_URL) throw new Error('the smoke journey runs on real servers: set DATABASE_URL, NATS_URL and REDIS_URL');
  const name = uniqueName('smoke').toLowerCase();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-smoke-'));
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(DATABASE_URL);
  dbUrl.pathname = `/${name}`;
  const nats = await startNats(NATS_URL);

  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/topology.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl.toString(), NATS_URL: nats.url, REDIS_URL, NATS_NAMESPACE: name, PORT: '0', TOPOLOGY_DIR: dir, LOG_LEVEL: 'info', S3_ENDPOINT: '', SMTP_URL: '', FAULT_INJECT_FILE: path.join(dir, 'faults'), EVENTS_MAX_DELIVER: '3' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /^TOPOLOGY_READY (.+)$/m.exec(output);
      if (m) resolve(JSON.parse(m[1]!) as Record<string, unknown>);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('close', (code) => reject(new Error(`npm run topology exited (${code}) before it was ready:\n${output}`)));
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await nats.close();
    // What the topology made on the real servers: its streams, its keys, its database.
    if (!nats.own) await destroyBus(await createBus({ natsUrl: NATS_URL, namespace: name }));
    const cache = createCache({ redisUrl: REDIS_URL, keyPrefix: `${name}:` });
    await cache.delPrefix('');
    await cache.close();
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const info = await ready;
    return {
      url: info.url as string,
      control: info.control as string,
      signatureSalt: info.signatureSalt as string,
      databaseUrl: dbUrl.toString(),
      namespace: name,
      s3: info.s3 as Topology['s3'],
      nats,
      output: () => output,
      faultFile: path.join(dir, 'faults'),
      logs: async () => {
        const files = (await readdir(path.join(dir, 'logs'))).filter((f) => f.endsWith('.log'));
        return Object.fromEntries(await Promise.all(files.map(async (f) => [f.slice(0, -'.log'.length), await readFile(path.join(dir, 'logs', f), 'utf8')] as const)));
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `npm run dlq -- …` as an operator runs it against the topology's NATS. */
export function dlqCommand(topology: Topology, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/dlq.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NATS_URL: topology.nats.url, NATS_NAMESPACE: topology.namespace },
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `npm run admin -- …` as an operator runs it against the topology's database. */
export function adminCommand(topology: Topology, args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/admin.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', APP_MODE: 'production', DATABASE_URL: topology.databaseUrl, ADMIN_ACTOR: 'smoke-journey' },
    encoding: 'utf8',
    ...(input !== undefined ? { input } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
