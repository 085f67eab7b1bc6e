import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, destroyBus } from '@brokerwise/bus';
import { createTestDatabase, type TestDatabase } from '@brokerwise/sql';
import { uniqueName } from '@brokerwise/testing';
import { parseSimulatorConfig } from '../../bridge-simulator/src/config.ts';
import { startBridgeSimulator } from '../../bridge-simulator/src/main.ts';

const SERVER_TS = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/**
 * trader-sync as its own process (as in production) logging at trace level: binding and
 * syncing accounts never writes a read-only password to its output.
 */
describe('trader-sync process: passwords never reach the logs', () => {
  let child: ChildProcess;
  let output = '';
  let base = '';
  let dir: string;
  let database: TestDatabase | undefined;
  let sim: Awaited<ReturnType<typeof startBridgeSimulator>>;
  const namespace = uniqueName('trdproc').toLowerCase();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-trader-proc-'));
    sim = await startBridgeSimulator(parseSimulatorConfig({ PORT: '0', LOG_LEVEL: 'silent' }));
    if (process.env.DATABASE_URL) database = await createTestDatabase('trader', process.env.DATABASE_URL);
    child = spawn(process.execPath, [SERVER_TS], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        LOG_LEVEL: 'trace',
        LOG_REQUESTS: 'true',
        DATA_DIR: dir,
        BRIDGE_URL: sim.url,
        SYNC_TICK_MS: '100',
        NATS_NAMESPACE: namespace,
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
        ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Ready when it logs its address; an exit before that fails at once (else the hook's time limit).
    base = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m) resolve(m[1]!);
      };
      child.stdout!.on('data', collect);
      child.stderr!.on('data', collect);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`trader-sync exited (${code}) before listening:\n${output}`)));
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await sim?.close();
    if (process.env.NATS_URL) await destroyBus(await createBus({ natsUrl: process.env.NATS_URL, namespace }));
    await database?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('binds, syncs and refuses without logging the read-only password', async () => {
    const userId = crypto.randomUUID();
    const admin = crypto.randomUUID();
    // A server becomes bindable through an approved application (its sample password is sealed too).
    const app = await post('/v1/applications', { userId, brokerName: 'Logline FX', website: 'logline.example', server: 'LoglineFX-Live01', sampleAccount: '4455667', password: 'sample-SECRET-pw' });
    expect(app.status).toBe(200);
    expect((await post(`/v1/applications/${app.body.id}/decision`, { adminId: admin, decision: 'approve' })).status).toBe(200);
    const number = '31415927';
    const password = `ro-${number}`;
    const bound = await post('/v1/accounts', { userId, username: 'logline', server: 'LoglineFX-Live01', accountNumber: number, password, nickname: 'Log Test', strategyType: 'manual' });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    // Refused binds are logged too: one by the form rules, one by the bridge (the wrong password went to it).
    expect((await post('/v1/accounts', { userId, username: 'logline', server: 'LoglineFX-Live01', accountNumber: '27182827', password: 'wrong-SECRET-pw', nickname: 'x' })).status).toBe(400);
    const wrong = await post('/v1/accounts', { userId, username: 'logline', server: 'LoglineFX-Live01', accountNumber: '27182827', password: 'wrong-SECRET-pw', nickname: 'Wrong one', strategyType: 'mixed' });
    expect(wrong.body.error).toMatchObject({ code: 'trader.validation', fields: { password: 'refused' } });
    // The sync must have run (where a password would most likely be logged).
    const state = async () => ((await fetch(`${base}/v1/accounts/${bound.body.id}`).then((r) => r.json())) as any).account.sync.state;
    await expect.poll(state, { timeout: 20_000, interval: 25 }).toBe('ok');
    expect(output).toContain('/v1/accounts');
    for (const secret of [password, 'wrong-SECRET-pw', 'sample-SECRET-pw', Buffer.from(`${number}:${password}`).toString('base64')]) expect(output).not.toContain(secret);
  });
});
