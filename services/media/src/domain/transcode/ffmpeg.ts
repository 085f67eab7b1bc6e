/**
 * ffmpeg and ffprobe (through @brokerwise/ffmpeg), used on untrusted files with the same guards
 * every time: the input format is forced (`-f mov`: the ISO-BMFF demuxer, never format guessing),
 * only the `file` protocol may be opened (no http/concat/subfile tricks in playlists or
 * references), every run is killed after a time limit, and outputs are capped in size (`-fs`).
 * Callers work in a per-job temporary directory they remove afterwards.
 */
import { isFfmpegError, runFfmpeg, runFfprobe, type ProbeData, type ProbeStream } from '@brokerwise/ffmpeg';
import type { FfmpegSettings } from '../context.ts';

/** Input options for every run on an uploaded file. */
export const SAFE_INPUT = ['-f', 'mov', '-protocol_whitelist', 'file'] as const;

/** A failure of ffmpeg itself (not of our infrastructure): `reason` is the machine code. */
export class MediaToolError extends Error {
  readonly reason: 'timeout' | 'transcode_failed' | 'poster_failed' | 'output_too_large' | 'probe_failed';
  constructor(reason: MediaToolError['reason'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaToolError';
    this.reason = reason;
  }
}

export interface ProbeResult {
  formatName: string;
  durationSeconds: number;
  /** Displayed size (rotation applied). */
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
  /** Packets in the file fewer than its index promises (a cut-off upload). */
  truncated: boolean;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN);

/** Display rotation: the display matrix (ffprobe 5+) or the older `rotate` tag. */
function rotationOf(stream: ProbeStream): number {
  const matrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const r = num(matrix ?? stream.tags?.rotate);
  return Number.isFinite(r) ? ((Math.round(r) % 360) + 360) % 360 : 0;
}

/**
 * ffmpeg's own failures (it ran, and refused or timed out) become MediaToolError; a binary that
 * cannot start is our infrastructure's failure and stays an FfmpegError (the job is retried).
 */
function toolError(err: unknown, failure: MediaToolError['reason']): unknown {
  if (!isFfmpegError(err) || err.code === 'not_found' || err.code === 'aborted') return err;
  return new MediaToolError(err.code === 'timeout' ? 'timeout' : failure, err.message.slice(0, 1000), { cause: err });
}

/**
 * ffprobe of an uploaded file with packets counted (`-count_packets` demuxes everything, no
 * decoding): a file whose index lists more frames than it holds was cut off. Rejects when
 * ffprobe cannot read the file as ISO-BMFF at all.
 */
export async function probe(file: string, settings: FfmpegSettings, extra: readonly string[] = SAFE_INPUT): Promise<{ data: ProbeData; result: ProbeResult | null }> {
  let data: ProbeData;
  try {
    data = await runFfprobe(settings.ffprobePath, file, ['-count_packets', ...extra], { timeoutMs: settings.timeoutSeconds * 1000 });
  } catch (err) {
    throw toolError(err, 'probe_failed');
  }
  const video = data.streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video) return { data, result: null };
  const rotation = rotationOf(video);
  const w = num(video.width);
  const h = num(video.height);
  const duration = [num(data.format.duration), num(video.duration)].find((d) => Number.isFinite(d) && d > 0) ?? Number.NaN;
  const truncated = data.streams.some((s) => {
    const frames = num(s.nb_frames);
    const read = num(s.nb_read_packets);
    return Number.isFinite(frames) && Number.isFinite(read) && frames > 0 && read < frames;
  });
  return {
    data,
    result: {
      formatName: String(data.format.format_name ?? ''),
      durationSeconds: duration,
      width: rotation === 90 || rotation === 270 ? h : w,
      height: rotation === 90 || rotation === 270 ? w : h,
      videoCodec: String(video.codec_name ?? ''),
      hasAudio: data.streams.some((s) => s.codec_type === 'audio'),
      truncated,
    },
  };
}

/**
 * The playback size: at most 720p — the short side ≤ 720 and the long side ≤ 1280 — keeping
 * the aspect ratio, never enlarged, both sides even (H.264 4:2:0 needs that).
 */
export function targetSize(width: number, height: number, shortMax = 720, longMax = 1280): { width: number; height: number } {
  const scale = Math.min(1, shortMax / Math.min(width, height), longMax / Math.max(width, height));
  const even = (v: number) => Math.max(2, 2 * Math.floor((v * scale) / 2));
  return { width: even(width), height: even(height) };
}

/** Runs ffmpeg under the time limit; its failures become MediaToolError with `failure`. */
async function run(args: readonly string[], failure: MediaToolError['reason'], settings: FfmpegSettings): Promise<void> {
  try {
    await runFfmpeg(settings.ffmpegPath, ['-v', 'error', '-y', ...args], { timeoutMs: settings.timeoutSeconds * 1000 });
  } catch (err) {
    throw toolError(err, failure);
  }
}

/** Transcodes to H.264/AAC mp4 at `size`, index first (`+faststart`) so playback starts at once. */
export async function transcodeToMp4(input: string, output: string, size: { width: number; height: number }, hasAudio: boolean, settings: FfmpegSettings): Promise<void> {
  const args = [
    ...SAFE_INPUT, '-i', input,
    '-map', '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-vf', `scale=${size.width}:${size.height},setsar=1`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    '-movflags', '+faststart',
    '-map_metadata', '-1',
    '-fs', String(settings.maxOutputBytes),
    '-max_muxing_queue_size', '1024',
    '-f', 'mp4', output,
  ];
  await run(args, 'transcode_failed', settings);
}

/** One frame at `atSeconds` of our own (already transcoded) mp4, as a JPEG. */
export async function posterFrame(input: string, output: string, atSeconds: number, settings: FfmpegSettings): Promise<void> {
  const args = [
    ...SAFE_INPUT, '-ss', String(Math.max(0, atSeconds)), '-i', input,
    '-frames:v', '1', '-update', '1', '-q:v', '3', '-fs', String(Math.min(settings.maxOutputBytes, 10 * 1024 * 1024)),
    '-f', 'image2', output,
  ];
  await run(args, 'poster_failed', settings);
}
