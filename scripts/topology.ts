/**
 * `npm run topology`: the production topology on one machine. Every deployable in
 * infra/settings.ts (gateway, web, each service's API and worker roles, the bridge simulator) runs
 * as its own OS process with APP_MODE=production and the environment infra/settings.ts gives it,
 * against the PostgreSQL, NATS and Redis named by DATABASE_URL, NATS_URL and REDIS_URL. Without
 * S3_ENDPOINT it starts an S3 server (s3rver behind a Signature V4 check, ADR 016); without SMTP_URL an
 * SMTP catcher whose mails are listed at `<control>/mail?to=…`.
 *
 * Migrations run first; then every process starts and the runner waits for each /readyz, prints
 * a table and the public URL. A process that dies is started again (as k8s would). Ctrl-C or
 * SIGTERM stops every process. Settings: PORT (public port, default 3000; 0 picks a free one),
 * LOG_LEVEL (default warn), DEMO_SEED (default true: fictional companies and simulator brokers),
 * NATS_NAMESPACE (default bw), TOPOLOGY_DIR (logs, files; default a new temp dir).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile, open } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brokerwise/testing/ports';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { exitWithUsageOnHelp } from '@brokerwise/config';
import { startS3Server } from '@brokerwise/testing/s3-server';
import { DEPLOYABLES, deployable, topologyEnv, type Deployable, type DeployableName, type TopologyContext } from '../infra/settings.ts';

exitWithUsageOnHelp(`Usage: npm run topology
  Starts the production topology on this machine: every deployable (gateway, web, each service's
  API and worker roles, the bridge simulator) as its own process with APP_MODE=production.
  Needs DATABASE_URL, NATS_URL and REDIS_URL (real servers); starts an S3 server unless S3_ENDPOINT
  is set and an SMTP catcher unless SMTP_URL is set.
  PORT (default 3000; 0 picks a free one), LOG_LEVEL (default warn), DEMO_SEED (default true),
  NATS_NAMESPACE (default bw), TOPOLOGY_DIR (logs and files; default a new temp dir).
  Every process serves Prometheus metrics on a port of its own (the table's "metrics" column;
  <control>/processes lists each metricsUrl).
  Passed to every process when set: OTEL_* (traces to a collector), RATE_LIMIT_PER_MINUTE (load
  tests), FAULT_INJECT_FILE and EVENTS_MAX_DELIVER (test hooks: see docs/operations.md, dead letters).
  Ctrl-C stops every process.`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const missing = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'].filter((k) => !env[k]);
if (missing.length > 0) {
  console.log(
    `npm run topology runs every deployable against real servers: set ${missing.join(', ')} first, e.g.\n` +
      '  DATABASE_URL=postgres://root@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 REDIS_URL=redis://127.0.0.1:6379 npm run topology\n' +
      '(docker compose up -d postgres nats redis starts them; S3 and SMTP are optional: see README).',
  );
  process.exit(2);
}

const READY_TIMEOUT_MS = Number(env.TOPOLOGY_READY_TIMEOUT_MS ?? 120_000);
const dir = env.TOPOLOGY_DIR ?? (await mkdtemp(path.join(tmpdir(), 'bw-topology-')));
await mkdir(path.join(dir, 'logs'), { recursive: true });

const closers: (() => Promise<unknown>)[] = [];

// ---------------------------------------------------------------- S3 (unless given)
async function startS3(): Promise<TopologyContext['s3'] & { started: boolean }> {
  const bucket = env.S3_BUCKET ?? 'brokerwise-media';
  const region = env.S3_REGION ?? 'us-east-1';
  if (env.S3_ENDPOINT) return { endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY ?? '', secretKey: env.S3_SECRET_KEY ?? '', bucket, region, started: false };
  // s3rver behind a Signature V4 check with a random key pair (ADR 016).
  const s3 = await startS3Server({ dir: path.join(dir, 's3'), bucket, region });
  closers.push(() => s3.close());
  return { endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket, region, started: true };
}

// ---------------------------------------------------------------- SMTP catcher (unless given)
const mailDir = path.join(dir, 'mail');
async function startSmtp(): Promise<{ url: string; started: boolean }> {
  if (env.SMTP_URL) return { url: env.SMTP_URL, started: false };
  await mkdir(mailDir, { recursive: true });
  let seq = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${Date.now()}-${String(++seq).padStart(6, '0')}.eml`;
        writeFile(path.join(mailDir, name), Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  closers.push(() => new Promise((resolve) => smtp.close(() => resolve(undefined))));
  return { url: `smtp://127.0.0.1:${port}`, started: true };
}

/** Mails caught so far, oldest first; `to` keeps those addressed to it. */
async function caughtMail(to?: string): Promise<{ to: string[]; subject: string; text: string; date: string }[]> {
  const names = existsSync(mailDir) ? (await readdir(mailDir)).sort() : [];
  const mails = await Promise.all(
    names.map(async (name) => {
      const mail = await simpleParser(await readFile(path.join(mailDir, name)));
      const addresses = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? '') ?? []);
      return { to: addresses, subject: mail.subject ?? '', text: mail.text ?? '', date: (mail.date ?? new Date(0)).toISOString() };
    }),
  );
  return to ? mails.filter((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase())) : mails;
}

// ---------------------------------------------------------------- processes
interface Running {
  d: Deployable;
  port: number;
  child?: ChildProcess;
  starts: number;
  readyMs?: number;
}
let stopping = false;
const running = new Map<DeployableName, Running>();

/**
 * What the runner's own environment may add to every process: OTEL_* (send traces to a
 * collector), the rate limit (load tests from one address) and the test hooks (a handler made to
 * fail, fewer deliveries before a dead letter).
 */
function passedThrough(): Record<string, string> {
  const names = ['RATE_LIMIT_PER_MINUTE', 'FAULT_INJECT_FILE', 'EVENTS_MAX_DELIVER', ...Object.keys(env).filter((k) => k.startsWith('OTEL_'))];
  return Object.fromEntries(names.flatMap((k) => (env[k] ? [[k, env[k]]] : [])));
}

function spawnDeployable(r: Running, ctx: TopologyContext): void {
  const base = { PATH: env.PATH, HOME: env.HOME, TMPDIR: env.TMPDIR, LANG: env.LANG, NODE_ENV: 'production', ...passedThrough() };
  const logPath = path.join(dir, 'logs', `${r.d.name}.log`);
  const child = spawn(process.execPath, [path.join(root, r.d.entry)], { cwd: root, env: { ...base, ...topologyEnv(r.d, ctx) }, stdio: ['ignore', 'pipe', 'pipe'] });
  r.child = child;
  r.starts += 1;
  void open(logPath, 'a').then((log) => {
    const out = log.createWriteStream();
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    child.once('close', () => void log.close());
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    // As a Deployment would: start it again (a crash, an OOM kill, a test's kill -9).
    // Back off like a CrashLoopBackOff (0.5 s, 1 s, 2 s… up to 10 s).
    const delay = Math.min(10_000, 500 * 2 ** Math.min(5, r.starts - 1));
    console.log(`${r.d.name} exited (${signal ?? `code ${code}`}); starting it again in ${delay} ms — log: ${logPath}`);
    setTimeout(() => {
      if (!stopping) spawnDeployable(r, ctx);
    }, delay);
  });
}

async function waitReady(r: Running, started: number): Promise<void> {
  const url = `http://127.0.0.1:${r.port}/readyz`;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok) {
        r.readyMs = Date.now() - started;
        return;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() - started > READY_TIMEOUT_MS) {
      const log = await readFile(path.join(dir, 'logs', `${r.d.name}.log`), 'utf8').catch(() => '');
      throw new Error(`${r.d.name} was not ready within ${READY_TIMEOUT_MS} ms (${url}). Last log lines:\n${log.split('\n').slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function run(cmd: string, args: string[], extraEnv: Record<string, string>, cwd = root): Promise<void> {
  const child = spawn(cmd, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`${[cmd, ...args].join(' ')} failed (${code}):\n${out}`);
  process.stdout.write(out);
}

async function stopAll(exitCode: number): Promise<never> {
  stopping = true;
  const children = [...running.values()].flatMap((r) => (r.child && r.child.exitCode === null && r.child.signalCode === null ? [r.child] : []));
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const close of closers.reverse()) await close().catch(() => {});
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll(0));

async function main(): Promise<void> {
  const started = Date.now();
  const web = path.join(root, 'web/build/server/index.js');
  if (!existsSync(web)) {
    console.log('Building the web app…');
    await run(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {}, path.join(root, 'web'));
  }
  const [s3, smtp] = await Promise.all([startS3(), startSmtp()]);
  const publicPort = env.PORT === '0' ? await freePort() : Number(env.PORT ?? 3000);
  const ports = new Map<DeployableName, number>();
  for (const d of DEPLOYABLES) ports.set(d.name, d.name === 'gateway' ? publicPort : await freePort());
  // Each process's own Prometheus port (METRICS_PORT), listed in the table and at <control>/processes.
  const metricsPorts = new Map<DeployableName, number>();
  for (const d of DEPLOYABLES) metricsPorts.set(d.name, await freePort());
  const secrets = new Map<string, string>();
  const ctx: TopologyContext = {
    port: (name) => ports.get(name)!,
    metricsPort: (name) => metricsPorts.get(name)!,
    databaseUrl: env.DATABASE_URL!,
    natsUrl: env.NATS_URL!,
    redisUrl: env.REDIS_URL!,
    natsNamespace: env.NATS_NAMESPACE ?? 'bw',
    s3,
    smtpUrl: smtp.url,
    secret: (name) => secrets.get(name) ?? (secrets.set(name, randomBytes(36).toString('base64url')), secrets.get(name)!),
    dataDir: (name) => path.join(dir, 'data', name),
    logLevel: env.LOG_LEVEL ?? 'warn',
    demo: env.DEMO_SEED !== 'false',
  };

  // Migrations first, one per service (as the k8s Jobs and compose one-shots do).
  const services = [...new Set(DEPLOYABLES.flatMap((d) => (d.service ? [d.service] : [])))];
  await Promise.all(services.map((s) => run(process.execPath, [path.join(root, 'scripts/migrate.ts'), s], { DATABASE_URL: ctx.databaseUrl, APP_MODE: 'production' })));
  // The production processes carry no demo data (ADR 021): a one-shot per seeded service loads its
  // demo data (the catalogue's outbox then announces the companies to the other services).
  if (ctx.demo) {
    for (const name of ['catalogue', 'trader-sync'] as const) await run(process.execPath, [path.join(root, 'demo/seed.ts'), name], topologyEnv(deployable(name), ctx));
  }

  const control = await startControl(ctx);
  for (const d of DEPLOYABLES) {
    const r: Running = { d, port: ports.get(d.name)!, starts: 0 };
    running.set(d.name, r);
    spawnDeployable(r, ctx);
  }
  const since = Date.now();
  await Promise.all([...running.values()].map((r) => waitReady(r, since)));

  const rows = [...running.values()].map((r) => [r.d.name, String(r.child?.pid ?? ''), String(r.port), String(ctx.metricsPort(r.d.name)), `ready in ${((r.readyMs ?? 0) / 1000).toFixed(1)} s`, r.d.entry + (r.d.fixed.ROLE ? ` ROLE=${r.d.fixed.ROLE}` : '')]);
  const header = ['process', 'pid', 'port', 'metrics', 'readiness', 'entry'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}\n`);
  console.log(`S3:   ${s3.endpoint} bucket ${s3.bucket}${s3.started ? ' (s3rver started here)' : ''}`);
  console.log(`SMTP: ${smtp.url}${smtp.started ? ` (catcher started here; mails at ${control}/mail?to=ADDRESS)` : ''}`);
  console.log(`Logs: ${path.join(dir, 'logs')}   control: ${control}/processes`);
  console.log(`\nBrokerwise (production topology, ${running.size} processes, up in ${((Date.now() - started) / 1000).toFixed(1)} s) is at http://localhost:${publicPort}\n`);
  // One machine-readable line for scripts that start the topology (the smoke journey).
  console.log(`TOPOLOGY_READY ${JSON.stringify({ url: `http://127.0.0.1:${publicPort}`, control, dir, signatureSalt: ctx.secret('SIGNATURE_SALT'), s3 })}`);
}

/** The runner's own HTTP port: the processes (pids, ports, restarts) and the caught mail. */
async function startControl(ctx: TopologyContext): Promise<string> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/processes') {
      send([...running.values()].map((r) => ({ name: r.d.name, pid: r.child?.pid, port: r.port, starts: r.starts, consumer: r.d.consumer ?? false, url: `http://127.0.0.1:${ctx.port(r.d.name)}`, metricsPort: ctx.metricsPort(r.d.name), metricsUrl: `http://127.0.0.1:${ctx.metricsPort(r.d.name)}/metrics` })));
    } else if (url.pathname === '/mail') {
      caughtMail(url.searchParams.get('to') ?? undefined).then(send, (err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

try {
  await main();
} catch (err) {
  console.log(err instanceof Error ? err.message : String(err));
  await stopAll(1);
}
