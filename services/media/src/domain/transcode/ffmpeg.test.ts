import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTools, runFfmpeg, type MediaTools } from '@brokerwise/ffmpeg';
import type { FfmpegSettings } from '../context.ts';
import { MediaToolError, probe, targetSize } from './ffmpeg.ts';

describe('targetSize', () => {
  it('fits 720p either way round and never enlarges', () => {
    expect(targetSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(targetSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(targetSize(1440, 1080)).toEqual({ width: 960, height: 720 });
    expect(targetSize(321, 241)).toEqual({ width: 320, height: 240 });
  });

  it('always gives even sides within 1280 × 720 (or 720 × 1280) and scales both sides alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4096 }), fc.integer({ min: 2, max: 4096 }), (w, h) => {
        const t = targetSize(w, h);
        expect(t.width % 2).toBe(0);
        expect(t.height % 2).toBe(0);
        expect(Math.min(t.width, t.height)).toBeLessThanOrEqual(720);
        expect(Math.max(t.width, t.height)).toBeLessThanOrEqual(1280);
        expect(t.width).toBeLessThanOrEqual(Math.max(2, w));
        // Both sides scaled by the same factor, rounded down to even (off by less than 2).
        const scale = Math.min(1, 720 / Math.min(w, h), 1280 / Math.max(w, h));
        expect(Math.abs(w * scale - t.width)).toBeLessThan(2);
        expect(Math.abs(h * scale - t.height)).toBeLessThan(2);
      }),
    );
  });
});

describe('probe (the real ffprobe)', () => {
  let dir: string;
  let settings: FfmpegSettings;
  let tools: MediaTools;

  beforeAll(async () => {
    tools = await mediaTools();
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-media-probe-'));
    settings = { ffmpegPath: tools.ffmpeg.path, ffprobePath: tools.ffprobe.path, timeoutSeconds: 30, maxOutputBytes: 10 * 1024 * 1024, tmpDir: dir };
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports the displayed size of a phone clip stored sideways (rotation in its display matrix)', async () => {
    const upright = path.join(dir, 'upright.mp4');
    const file = path.join(dir, 'sideways.mp4');
    await runFfmpeg(settings.ffmpegPath, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', upright]);
    // The same frames turned by the container only: ffmpeg 6+ sets it with -display_rotation, older ones with the `rotate` tag.
    const turn = (tools.ffmpeg.libavcodec?.[0] ?? 0) >= 60 ? { input: ['-display_rotation', '90'], output: [] } : { input: [], output: ['-metadata:s:v:0', 'rotate=90'] };
    await runFfmpeg(settings.ffmpegPath, ['-v', 'error', '-y', ...turn.input, '-i', upright, '-c', 'copy', ...turn.output, '-f', 'mp4', file]);
    const { result } = await probe(file, settings);
    expect(result).toMatchObject({ width: 240, height: 320, videoCodec: 'h264', hasAudio: false, truncated: false });
    expect(result?.durationSeconds).toBeCloseTo(1, 1);
  });

  it('turns ffprobe refusing a file into MediaToolError probe_failed', async () => {
    const file = path.join(dir, 'junk.mp4');
    await writeFile(file, Buffer.alloc(4096, 7));
    const err = await probe(file, settings).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaToolError);
    expect(err).toMatchObject({ reason: 'probe_failed' });
  });
});
