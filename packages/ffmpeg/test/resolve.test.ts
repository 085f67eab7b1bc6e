import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLibavcodec, FfmpegError, parseVersion, REQUIRED_ENCODERS, resolveMediaTools, runFfmpeg } from '../src/index.ts';

const DEBIAN = `ffmpeg version 7.1.1-1+b1 Copyright (c) 2000-2025 the FFmpeg developers
built with gcc 14 (Debian 14.2.0-19)
libavutil      59. 39.100 / 59. 39.100
libavcodec     61. 19.101 / 61. 19.101
`;
const SNAPSHOT = `ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers
libavcodec     58. 40.100 / 58. 40.100
`;

describe('version parsing and comparison', () => {
  it('reads the version and libavcodec of a release and of a git snapshot', () => {
    expect(parseVersion(DEBIAN)).toEqual({ version: '7.1.1-1+b1', libavcodec: [61, 19, 101] });
    expect(parseVersion(SNAPSHOT)).toEqual({ version: 'N-47683-g0e8eb07980-static', libavcodec: [58, 40, 100] });
    expect(parseVersion('garbage')).toEqual({ version: 'unknown', libavcodec: null });
  });

  it('orders by major, minor, micro; an unknown version is the oldest', () => {
    expect(compareLibavcodec([61, 19, 101], [58, 40, 100])).toBeGreaterThan(0);
    expect(compareLibavcodec([58, 40, 100], [58, 40, 101])).toBeLessThan(0);
    expect(compareLibavcodec([58, 40, 100], [58, 40, 100])).toBe(0);
    expect(compareLibavcodec(null, [1, 0, 0])).toBeLessThan(0);
  });
});

/**
 * The choice between a binary on PATH and the npm build. The "system" binaries here are shell
 * scripts that print what a real ffmpeg prints for `-version` and `-encoders`: this machine (and
 * CI) has no system ffmpeg, and the choice is what is under test.
 */
describe('resolveMediaTools', () => {
  let dir: string;

  const fakeTool = async (sub: string, name: string, libavcodec: string, encoders: readonly string[]) => {
    const bin = path.join(dir, sub);
    await mkdir(bin, { recursive: true });
    const lines = encoders.map((e) => ` V..... ${e}                 fake`).join('\n');
    const script = `#!/bin/sh
case "$*" in
  *-encoders*) printf 'Encoders:\\n ------\\n%s\\n' "${lines}" ;;
  *) printf '%s version 99.9-fake\\nlibavcodec     ${libavcodec} / ${libavcodec}\\n' "${name}" ;;
esac
`;
    await writeFile(path.join(bin, name), script);
    await chmod(path.join(bin, name), 0o755);
    return bin;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-ffmpeg-resolve-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uses the npm builds when PATH has no ffmpeg, and they have every encoder and source the pipeline uses', async () => {
    const tools = await resolveMediaTools({ searchPath: path.join(dir, 'empty') });
    expect(tools.ffmpeg).toMatchObject({ source: 'npm', reason: 'no ffmpeg on PATH' });
    expect(tools.ffprobe).toMatchObject({ source: 'npm', reason: 'no ffprobe on PATH' });
    expect(tools.ffmpeg.path).toContain(`@ffmpeg-installer${path.sep}${process.platform}-${process.arch}`);
    expect(tools.ffmpeg.libavcodec?.[0]).toBeGreaterThanOrEqual(58);

    const encoders = (await runFfmpeg(tools.ffmpeg.path, ['-encoders'])).stdout;
    for (const e of REQUIRED_ENCODERS) expect(encoders).toMatch(new RegExp(`^ \\S{6} ${e} `, 'm'));
    const filters = (await runFfmpeg(tools.ffmpeg.path, ['-filters'])).stdout;
    for (const f of ['testsrc2', 'sine', 'smptebars', 'scale', 'setsar']) expect(filters).toMatch(new RegExp(`^ \\S{3} ${f} `, 'm'));
    const muxers = (await runFfmpeg(tools.ffmpeg.path, ['-muxers'])).stdout;
    for (const m of ['mp4', 'mov', 'image2', 'null']) expect(muxers).toMatch(new RegExp(`^ \\s?E\\s+${m} `, 'm'));
  });

  it('prefers a newer ffmpeg on PATH that has the encoders, and says why', async () => {
    const bin = await fakeTool('newer', 'ffmpeg', '99. 1.100', REQUIRED_ENCODERS);
    await fakeTool('newer', 'ffprobe', '99. 1.100', []);
    const tools = await resolveMediaTools({ searchPath: bin });
    expect(tools.ffmpeg).toMatchObject({ source: 'system', path: path.join(bin, 'ffmpeg'), version: '99.9-fake', libavcodec: [99, 1, 100] });
    expect(tools.ffmpeg.reason).toMatch(/^newer than the npm build/);
    expect(tools.ffprobe).toMatchObject({ source: 'system', path: path.join(bin, 'ffprobe') });
  });

  it('keeps the npm build when the one on PATH is older, or newer but without libx264', async () => {
    const older = await fakeTool('older', 'ffmpeg', '50. 1.100', REQUIRED_ENCODERS);
    expect((await resolveMediaTools({ searchPath: older })).ffmpeg).toMatchObject({ source: 'npm', reason: expect.stringMatching(/not newer \(99\.9-fake, libavcodec 50\.1\.100\)/) });
    const noX264 = await fakeTool('no-x264', 'ffmpeg', '99. 1.100', ['aac', 'mjpeg', 'png']);
    expect((await resolveMediaTools({ searchPath: noX264 })).ffmpeg).toMatchObject({ source: 'npm', reason: expect.stringContaining('lacks libx264') });
  });

  it('uses the one on PATH when there is no npm build', async () => {
    const older = await fakeTool('only', 'ffmpeg', '50. 1.100', ['aac']);
    await fakeTool('only', 'ffprobe', '50. 1.100', []);
    expect((await resolveMediaTools({ searchPath: older, npm: false })).ffmpeg).toMatchObject({ source: 'system', reason: expect.stringContaining('no npm build') });
    const err = await resolveMediaTools({ searchPath: path.join(dir, 'empty'), npm: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FfmpegError);
    expect(err).toMatchObject({ code: 'not_found', message: expect.stringMatching(/not on PATH and no npm build.*FF(MPEG|PROBE)_PATH/) });
  });

  it('uses a configured binary as given, and refuses one that does not run', async () => {
    const bin = await fakeTool('configured', 'ffmpeg', '1. 0.0', []);
    const tools = await resolveMediaTools({ ffmpegPath: path.join(bin, 'ffmpeg'), searchPath: path.join(dir, 'empty') });
    expect(tools.ffmpeg).toMatchObject({ source: 'configured', path: path.join(bin, 'ffmpeg'), libavcodec: [1, 0, 0] });
    const err = await resolveMediaTools({ ffprobePath: path.join(dir, 'missing', 'ffprobe') }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'not_found', tool: 'ffprobe' });
  });
});
