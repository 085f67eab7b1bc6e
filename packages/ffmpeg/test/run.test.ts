import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegError, mediaTools, parseProgressBlock, runFfmpeg, runFfprobe, type FfmpegProgress, type MediaTools } from '../src/index.ts';

/** Whether a process id is still there, reaped or not (a zombie still answers signal 0). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

const errorOf = async (p: Promise<unknown>): Promise<FfmpegError> => {
  const err = await p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FfmpegError);
  return err as FfmpegError;
};

/** Top-level ISO-BMFF boxes in order. */
const boxes = (mp4: Buffer): string[] => {
  const out: string[] = [];
  for (let at = 0; at + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    out.push(mp4.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return out;
};

// An input that never ends, read at real-time speed: only a kill stops it.
const ENDLESS = ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-f', 'null', '-'];

describe('ffmpeg wrapper against the real binaries', () => {
  let tools: MediaTools;
  let dir: string;

  beforeAll(async () => {
    // The npm builds, whatever PATH holds: they are what a fresh machine runs.
    tools = await mediaTools({ searchPath: '' });
    expect([tools.ffmpeg.source, tools.ffprobe.source]).toEqual(['npm', 'npm']);
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-ffmpeg-test-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('makes a faststart H.264/AAC mp4 from the lavfi test sources and reports progress up to the end', async () => {
    const file = path.join(dir, 'clip.mp4');
    const progress: FfmpegProgress[] = [];
    await runFfmpeg(
      tools.ffmpeg.path,
      [
        '-v', 'error', '-y',
        '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3',
        '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
        '-movflags', '+faststart', '-f', 'mp4', file,
      ],
      { onProgress: (p) => progress.push(p), durationSeconds: 3 },
    );
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ state: 'end', frame: 75, ratio: 1 });
    expect(last.outTimeSeconds).toBeGreaterThan(2.5);
    expect(progress.slice(0, -1).every((p) => p.state === 'continue')).toBe(true);

    const mp4 = await readFile(file);
    const order = boxes(mp4);
    expect(order.indexOf('moov')).toBeGreaterThan(-1);
    expect(order.indexOf('moov')).toBeLessThan(order.indexOf('mdat'));

    const probed = await runFfprobe(tools.ffprobe.path, file, ['-count_packets']);
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(probed.streams[0]).toMatchObject({ width: 320, height: 240, pix_fmt: 'yuv420p', nb_read_packets: '75' });
    expect(probed.format.format_name).toContain('mp4');
    expect(Number(probed.format.duration)).toBeCloseTo(3, 0);
  });

  it.each([
    ['poster.jpg', 'mjpeg', [0xff, 0xd8, 0xff]],
    ['poster.png', 'png', [0x89, 0x50, 0x4e, 0x47]],
  ])('writes a single %s frame (%s)', async (name, codec, magic) => {
    const file = path.join(dir, name);
    await runFfmpeg(tools.ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'smptebars=size=480x270', '-frames:v', '1', '-update', '1', '-c:v', codec, '-f', 'image2', file]);
    expect([...(await readFile(file)).subarray(0, magic.length)]).toEqual(magic);
    expect((await runFfprobe(tools.ffprobe.path, file)).streams[0]).toMatchObject({ width: 480, height: 270 });
  });

  it('kills ffmpeg with SIGKILL at the time limit and leaves no process behind', async () => {
    const err = await errorOf(runFfmpeg(tools.ffmpeg.path, ENDLESS, { timeoutMs: 300 }));
    expect(err).toMatchObject({ code: 'timeout', tool: 'ffmpeg', signal: 'SIGKILL' });
    expect(err.pid).toBeGreaterThan(0);
    expect(alive(err.pid!)).toBe(false);
  });

  it('kills ffmpeg when the signal aborts (after its first progress report) and leaves no process behind', async () => {
    const abort = new AbortController();
    const seen: FfmpegProgress[] = [];
    const err = await errorOf(
      runFfmpeg(tools.ffmpeg.path, ENDLESS, {
        signal: abort.signal,
        timeoutMs: 60_000,
        onProgress: (p) => {
          seen.push(p);
          abort.abort();
        },
      }),
    );
    expect(err).toMatchObject({ code: 'aborted', signal: 'SIGKILL' });
    expect(seen[0]?.state).toBe('continue');
    expect(alive(err.pid!)).toBe(false);
  });

  it('does not start when the signal has already aborted', async () => {
    const err = await errorOf(runFfmpeg(tools.ffmpeg.path, ['-version'], { signal: AbortSignal.abort() }));
    expect(err).toMatchObject({ code: 'aborted', pid: undefined });
  });

  it('rejects a file that is not media with a typed error that carries ffprobe and ffmpeg stderr', async () => {
    const junk = path.join(dir, 'junk.mp4');
    await writeFile(junk, '#!/bin/sh\necho pwned\n'.repeat(50));
    const probeErr = await errorOf(runFfprobe(tools.ffprobe.path, junk, ['-f', 'mov', '-protocol_whitelist', 'file']));
    expect(probeErr).toMatchObject({ code: 'failed', tool: 'ffprobe', signal: null });
    expect(probeErr.exitCode).not.toBe(0);
    expect(probeErr.stderrTail).toMatch(/invalid data|moov atom not found/i);

    const ffmpegErr = await errorOf(runFfmpeg(tools.ffmpeg.path, ['-v', 'error', '-y', '-f', 'mov', '-i', junk, '-f', 'null', '-']));
    expect(ffmpegErr).toMatchObject({ code: 'failed', tool: 'ffmpeg' });
    expect(ffmpegErr.stderrTail).toMatch(/invalid data|moov atom not found/i);
    expect(ffmpegErr.message).toContain(ffmpegErr.stderrTail.split('\n').at(-1));
  });

  it('rejects an unknown option as a failure, not a hang', async () => {
    const err = await errorOf(runFfmpeg(tools.ffmpeg.path, ['-no-such-option', '1'], { timeoutMs: 30_000 }));
    expect(err).toMatchObject({ code: 'failed' });
    expect(err.stderrTail).toMatch(/no-such-option/);
  });

  it('says not_found for a binary that does not exist', async () => {
    const err = await errorOf(runFfmpeg(path.join(dir, 'no-ffmpeg-here'), ['-version']));
    expect(err).toMatchObject({ code: 'not_found', tool: 'ffmpeg' });
  });
});

describe('parseProgressBlock', () => {
  const block = (o: Record<string, string>) => new Map(Object.entries(o));

  it('reads out_time_us (and out_time_ms, which is microseconds too) and speed', () => {
    expect(parseProgressBlock(block({ frame: '50', fps: '25.0', total_size: '1000', out_time_us: '2000000', speed: '1.5x', progress: 'continue' }), 4)).toEqual({
      outTimeSeconds: 2,
      frame: 50,
      fps: 25,
      totalSize: 1000,
      speed: 1.5,
      ratio: 0.5,
      state: 'continue',
    });
    expect(parseProgressBlock(block({ out_time_ms: '1500000', progress: 'continue' })).outTimeSeconds).toBe(1.5);
  });

  it('falls back to out_time, reads N/A as NaN and ends at ratio 1', () => {
    const p = parseProgressBlock(block({ out_time: '00:01:02.500000', speed: 'N/A', progress: 'end' }), 100);
    expect(p).toMatchObject({ outTimeSeconds: 62.5, ratio: 1, state: 'end' });
    expect(p.speed).toBeNaN();
    expect(parseProgressBlock(block({ out_time_us: 'N/A', progress: 'continue' }), 10).ratio).toBeUndefined();
  });
});
