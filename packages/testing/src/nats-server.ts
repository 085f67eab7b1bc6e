// Tests of server outages and server settings (auth, TLS) need a nats-server they may stop or
// configure, so they start their own process (Debian's package puts it in /usr/sbin) on a free
// port with its own store directory, instead of touching the shared one at NATS_URL.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './ports.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const natsServerBin: string | undefined = [process.env.NATS_SERVER_BIN, 'nats-server', '/usr/sbin/nats-server'].find(
  (bin) => bin !== undefined && spawnSync(bin, ['--version']).status === 0,
);


export interface OwnNatsServer {
  url: string;
  port: number;
  /** SIGKILL: a crash, not a graceful shutdown that would tell clients first. */
  kill(): Promise<void>;
  /** Starts it again on the same port and store (JetStream state survives). */
  restart(): Promise<void>;
  /** Kills it and removes its store. */
  dispose(): Promise<void>;
}

/** Starts a JetStream nats-server on a free port; `config` is nats.conf text (e.g. an authorization block). */
export async function startNatsServer(config = ''): Promise<OwnNatsServer> {
  if (!natsServerBin) throw new Error('nats-server is not installed');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bw-nats-'));
  const confFile = join(dir, 'nats.conf');
  writeFileSync(confFile, `listen: "127.0.0.1:${port}"\njetstream { store_dir: "${join(dir, 'store')}" }\n${config}\n`);
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const c = spawn(natsServerBin!, ['-c', confFile], { stdio: ['ignore', 'ignore', 'pipe'] });
      let log = '';
      const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), 10_000);
      c.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Server is ready')) {
          clearTimeout(timer);
          child = c;
          resolve();
        }
      });
      c.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`nats-server exited with ${code}:\n${log}`));
      });
    });
  const kill = () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    kill,
    restart: start,
    dispose: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
