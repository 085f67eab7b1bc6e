/**
 * ffmpeg and ffprobe (through @brokerwise/ffmpeg), used on untrusted files with the same guards
 * every time: the input format is forced (`-f mov`: the ISO-BMFF demuxer, never format guessing),
 * only the `file` protocol may be opened (no http/concat/subfile tricks in playlists or
 * references), every run is killed after a time limit, and outputs are capped in size (`-fs`).
 * Callers work in a per-job temporary directory they remove afterwards.
 */
import { isFfmpegError, runFfmpeg, runFfprobe, type FfmpegProgress, type ProbeData, type ProbeStream } from '@brokerwise/ffmpeg';
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
async function run(
  args: readonly string[],
  failure: MediaToolError['reason'],
  settings: FfmpegSettings,
  progress?: { durationSeconds: number; onProgress: (p: FfmpegProgress) => void },
): Promise<void> {
  try {
    await runFfmpeg(settings.ffmpegPath, ['-v', 'error', '-y', ...args], { timeoutMs: settings.timeoutSeconds * 1000, ...progress });
  } catch (err) {
    throw toolError(err, failure);
  }
}

/** One frame at `atSeconds` of an mp4 (our own, or an upload under SAFE_INPUT), as a JPEG, scaled to `size` when given. */
export async function posterFrame(input: string, output: string, atSeconds: number, settings: FfmpegSettings, size?: { width: number; height: number }): Promise<void> {
  const args = [
    ...SAFE_INPUT, '-ss', String(Math.max(0, atSeconds)), '-i', input,
    ...(size ? ['-vf', `scale=${size.width}:${size.height},setsar=1`] : []),
    '-frames:v', '1', '-update', '1', '-q:v', '3', '-fs', String(Math.min(settings.maxOutputBytes, 10 * 1024 * 1024)),
    '-f', 'image2', output,
  ];
  await run(args, 'poster_failed', settings);
}

/** One HLS rendition: its name (`360p`, `720p`…), size and the bit-rate cap of its video. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Video `-maxrate` in kbit/s (capped CRF: quality first, never above this). */
  maxKbps: number;
}

/** The renditions' short sides, smallest first, with their video bit-rate caps. */
const LADDER = [
  { short: 360, long: 640, maxKbps: 900 },
  { short: 720, long: 1280, maxKbps: 3000 },
] as const;

/**
 * The HLS renditions of a `width`×`height` source: 360p and 720p, never enlarged. A source
 * between the two gets 360p and its own size; one of 360p or smaller gets a single rendition at
 * its own size (nothing smaller is worth a second one).
 */
export function renditionLadder(width: number, height: number): Rendition[] {
  const short = Math.min(width, height);
  const out: Rendition[] = [];
  for (const step of LADDER) {
    const size = targetSize(width, height, step.short, step.long);
    if (out.some((r) => r.width === size.width && r.height === size.height)) continue;
    const own = Math.min(size.width, size.height);
    // Below the step: the source's own size, with a cap in proportion to its pixels.
    const maxKbps = own >= step.short ? step.maxKbps : Math.max(400, Math.round((step.maxKbps * (size.width * size.height)) / (step.short * step.long)));
    out.push({ name: `${Math.min(size.width, size.height)}p`, ...size, maxKbps });
    if (short <= step.short) break;
  }
  return out;
}

/** Segment length in seconds; keyframes every 2 s so every segment starts on one. */
export const HLS_SEGMENT_SECONDS = 4;
const KEYFRAME_SECONDS = 2;
const AUDIO_KBPS = 96;

/**
 * Transcodes to H.264/AAC HLS in `dir` in one ffmpeg run (one decode, one encode per
 * rendition): per rendition `<name>.m3u8`, `<name>_init.mp4` and `<name>_NNN.m4s` (fragmented
 * MP4 segments of about 4 s). The master playlist is written by `masterPlaylist` from the
 * measured segment sizes. `onProgress` gets 0–1 of the source's duration.
 */
export async function transcodeToHls(
  input: string,
  dir: string,
  renditions: readonly Rendition[],
  source: { hasAudio: boolean; durationSeconds: number },
  settings: FfmpegSettings,
  onProgress?: (ratio: number) => void,
): Promise<void> {
  // One decode, split once per rendition: `[0:v:0]split=2[s0][s1];[s0]scale=…[v0];[s1]scale=…[v1]`.
  const many = renditions.length > 1;
  const graph =
    (many ? `[0:v:0]split=${renditions.length}${renditions.map((_, i) => `[s${i}]`).join('')};` : '') +
    renditions.map((r, i) => `${many ? `[s${i}]` : '[0:v:0]'}scale=${r.width}:${r.height},setsar=1[v${i}]`).join(';');
  const args: string[] = [...SAFE_INPUT, '-i', input, '-filter_complex', graph];
  renditions.forEach((r, i) => {
    args.push(
      '-map', `[v${i}]`,
      ...(source.hasAudio ? ['-map', '0:a:0'] : []),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', `${r.maxKbps}k`, '-bufsize', `${2 * r.maxKbps}k`,
      '-profile:v', 'high', '-pix_fmt', 'yuv420p',
      '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, '-sc_threshold', '0',
      ...(source.hasAudio ? ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'] : []),
      '-map_metadata', '-1',
      '-max_muxing_queue_size', '1024',
      '-f', 'hls', '-hls_time', String(HLS_SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
      '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', `${r.name}_init.mp4`,
      '-hls_segment_filename', `${dir}/${r.name}_%03d.m4s`,
      `${dir}/${r.name}.m3u8`,
    );
  });
  await run(args, 'transcode_failed', settings, {
    durationSeconds: source.durationSeconds,
    onProgress: (p) => {
      if (p.ratio !== undefined) onProgress?.(p.ratio);
    },
  });
}

/** A media playlist's segments (URI and length) and its init segment, as ffmpeg wrote them. */
export function parseMediaPlaylist(text: string): { init: string | null; segments: { uri: string; seconds: number }[]; ended: boolean } {
  const lines = text.split('\n').map((l) => l.trim());
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] ?? null;
  const segments: { uri: string; seconds: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    const uri = lines[i + 1];
    if (m && uri && !uri.startsWith('#')) segments.push({ uri, seconds: Number(m[1]) });
  }
  return { init, segments, ended: lines.includes('#EXT-X-ENDLIST') };
}

/**
 * The master playlist: one variant per rendition, best first. BANDWIDTH is the peak bit rate
 * of any segment (what RFC 8216 asks), AVERAGE-BANDWIDTH the whole stream's, both measured
 * from the files written.
 */
export function masterPlaylist(variants: readonly { rendition: Rendition; peakBps: number; averageBps: number; uri: string }[], hasAudio: boolean): string {
  const codecs = `avc1.640028${hasAudio ? ',mp4a.40.2' : ''}`;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of [...variants].sort((a, b) => b.rendition.height * b.rendition.width - a.rendition.height * a.rendition.width)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.ceil(v.peakBps)},AVERAGE-BANDWIDTH=${Math.ceil(v.averageBps)},RESOLUTION=${v.rendition.width}x${v.rendition.height},CODECS="${codecs}"`,
      v.uri,
    );
  }
  return `${lines.join('\n')}\n`;
}
