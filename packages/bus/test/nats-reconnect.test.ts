// Server outages need a server this test may stop, so it starts its own nats-server process
// (Debian's package puts it in /usr/sbin) instead of touching the shared one at NATS_URL.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NatsBus } from '../src/index.ts';
import { freePort } from '@brokerwise/testing';

const natsServerBin = [process.env.NATS_SERVER_BIN, 'nats-server', '/usr/sbin/nats-server'].find(
  (bin) => bin !== undefined && spawnSync(bin, ['--version']).status === 0,
);


function startServer(port: number, storeDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(natsServerBin!, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), 10_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server is ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited with ${code}:\n${log}`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // SIGKILL: a crash, not a graceful shutdown that would tell clients first.
    child.kill('SIGKILL');
  });
}

/** Polls until `check` holds: the server is a real process and reconnecting is asynchronous. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

describe.skipIf(!process.env.NATS_URL || !natsServerBin)('NatsBus across a server outage', () => {
  let port: number;
  let storeDir: string;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    port = await freePort();
    storeDir = mkdtempSync(join(tmpdir(), 'bw-nats-'));
    server = await startServer(port, storeDir);
  });

  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(storeDir, { recursive: true, force: true });
  });

  it('rejects publish while the server is down, then reconnects, dedupes the retry and resumes the durable', async () => {
    const bus = await NatsBus.connect({ servers: `nats://127.0.0.1:${port}`, namespace: 'outage', reconnectTimeWaitMs: 100, publishTimeoutMs: 1000 });
    try {
      const got: string[] = [];
      await bus.subscribe({ durable: 'outage', types: ['outage.happened'], backoffMs: [50], handler: async (m) => void got.push(m.id) });
      await bus.publish({ id: 'before', type: 'outage.happened', data: new Uint8Array([1]) });
      await waitFor('the first message', () => got.includes('before'));

      await stopServer(server!);
      await expect(bus.publish({ id: 'during', type: 'outage.happened', data: new Uint8Array([2]) })).rejects.toMatchObject({
        code: 'BUS_UNAVAILABLE',
        message: expect.stringMatching(/NATS/),
      });
      await expect(bus.ping()).rejects.toMatchObject({ code: 'BUS_UNAVAILABLE' });

      // Same port and store: streams and the durable's position survive the restart.
      server = await startServer(port, storeDir);
      await waitFor('the bus to reconnect', () => bus.ping().then(() => true, () => false));
      // What the outbox does with its kept row: publish again with the same id. Should the
      // rejected attempt have reached the server after all, dedupe keeps it to one delivery.
      await bus.publish({ id: 'during', type: 'outage.happened', data: new Uint8Array([2]) });
      await bus.publish({ id: 'after', type: 'outage.happened', data: new Uint8Array([3]) });
      await waitFor('the message published after the restart', () => got.includes('after'));
      expect(got).toEqual(['before', 'during', 'after']);
    } finally {
      await bus.close();
    }
  });
});
