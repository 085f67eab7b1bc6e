import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brokerwise/testing/ports';

export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts `npm start`'s process on a free port with its own data directory; stops and cleans up on close. */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bw-bench-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const end = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > end || child.exitCode !== null) throw new Error('the stack did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  await untilQuiet();
  return {
    baseUrl,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Busy and total CPU time of the whole machine (Linux /proc/stat), or null elsewhere. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine is quiet: a fresh demo stack keeps working after /readyz (reviews seeded
 * from events, demo videos transcoded by ffmpeg), and measuring during that work understates every
 * figure. Quiet = under 25 % busy for three two-second windows in a row (the work comes in
 * phases); gives up after two minutes.
 */
async function untilQuiet(): Promise<void> {
  const started = Date.now();
  let last = cpuTimes();
  if (!last) return;
  let quiet = 0;
  while (Date.now() - started < 120_000) {
    await new Promise((r) => setTimeout(r, 2000));
    const now = cpuTimes()!;
    const busy = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    last = now;
    quiet = busy < 0.25 ? quiet + 1 : 0;
    if (quiet >= 3) return;
  }
  console.warn('bench: the machine did not quiet down within two minutes; measuring anyway');
}
