/**
 * Which Chromium the browser tests drive. In order: CHROMIUM_PATH when set; /usr/bin/chromium when
 * installed; otherwise the one @sparticuz/chromium ships inside its npm tarball (a brotli-compressed
 * headless shell plus the NSS libraries it links), so a machine with only Node and npm can run them.
 * E2E_BROWSER=npm skips the first two: CI uses it to prove the fresh-machine path.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface ChromiumBinary {
  executablePath: string;
  source: 'configured' | 'system' | 'npm';
  /** Human-readable, for the test log: which binary and why. */
  label: string;
  /** Extra environment the binary needs (LD_LIBRARY_PATH for the shipped libraries when the system lacks them). */
  env: Record<string, string>;
}

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumBinary> {
  const npmOnly = env.E2E_BROWSER === 'npm';
  if (!npmOnly && env.CHROMIUM_PATH) return { executablePath: env.CHROMIUM_PATH, source: 'configured', label: `CHROMIUM_PATH ${env.CHROMIUM_PATH}`, env: {} };
  if (!npmOnly && existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, source: 'system', label: SYSTEM_CHROMIUM, env: {} };
  return npmChromium();
}

/**
 * Decompresses the packaged Chromium once per package version into node_modules/.cache (a few
 * seconds; later runs reuse it). The package's own executablePath() extracts into a fixed path
 * under /tmp shared by every process, so extraction goes through its `inflate` with TMPDIR pointed
 * at a private directory that is renamed into place when complete: concurrent runs never see a
 * half-written binary.
 */
async function npmChromium(): Promise<ChromiumBinary> {
  const entry = fileURLToPath(import.meta.resolve('@sparticuz/chromium'));
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cacheRoot = path.resolve(fileURLToPath(import.meta.url), '../../node_modules/.cache/sparticuz-chromium');
  const dir = path.join(cacheRoot, version);
  if (!existsSync(path.join(dir, 'chromium'))) {
    const partial = path.join(cacheRoot, `${version}.partial-${process.pid}`);
    await mkdir(partial, { recursive: true });
    const { inflate } = await import('@sparticuz/chromium');
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = partial; // inflate() writes into os.tmpdir()
    try {
      for (const file of ['chromium.br', 'al2023.tar.br']) await inflate(path.join(packageDir, 'bin', file));
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    } finally {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
    }
    try {
      await rename(partial, dir);
    } catch {
      await rm(partial, { recursive: true, force: true }); // another run finished first
    }
  }
  const executablePath = path.join(dir, 'chromium');
  const libDir = path.join(dir, 'al2023', 'lib');
  // Debian/Ubuntu usually have NSS; the packaged copies (built for Amazon Linux) only fill a gap.
  const env: Record<string, string> = {};
  if (!(await linksResolve(executablePath))) env.LD_LIBRARY_PATH = [libDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { executablePath, source: 'npm', label: `@sparticuz/chromium ${version} (${executablePath}${env.LD_LIBRARY_PATH ? ', packaged NSS libraries' : ''})`, env };
}

async function linksResolve(binary: string): Promise<boolean> {
  try {
    const { stdout } = await promisify(execFile)('ldd', [binary]);
    return !stdout.includes('not found');
  } catch {
    return false; // no ldd: use the packaged libraries to be safe
  }
}
