import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { FfmpegSettings, MediaLimits } from '../context.ts';
import { videoInvalid } from '../errors.ts';
import { MediaToolError, probe, type ProbeResult } from '../transcode/ffmpeg.ts';

/** Containers file-type may name for an ISO-BMFF file; the streams inside are checked next. */
const ISO_BMFF = new Set(['mp4', 'mov', 'm4v', 'm4a']);

async function head(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks an uploaded video by its content, cheapest test first, and returns what ffprobe
 * measured. Throws `media.video_invalid` with `fields.video`:
 * `required` (empty) · `type` (magic bytes are not mp4/mov) · `corrupt` (ffprobe cannot read
 * it, or it was cut off) · `no_video_stream` · `duration` (outside min..max seconds) ·
 * `dimensions` (a side over the limit). (`too_large` is decided while receiving.)
 */
export async function checkVideo(file: string, size: number, limits: MediaLimits, ffmpeg: FfmpegSettings): Promise<ProbeResult> {
  if (size === 0) throw videoInvalid('required');
  // 1. Magic bytes: a PNG, a zip or a script renamed .mp4 never reaches ffprobe.
  const type = await fileTypeFromBuffer(await head(file, 4100));
  if (!type || !ISO_BMFF.has(type.ext)) throw videoInvalid('type');
  // 2. ffprobe, as ISO-BMFF only, local file only.
  let result: ProbeResult | null;
  try {
    result = (await probe(file, ffmpeg)).result;
  } catch (err) {
    if (err instanceof MediaToolError) throw videoInvalid('corrupt', {}, err);
    throw err;
  }
  if (result === null) throw videoInvalid('no_video_stream');
  if (!/\b(mov|mp4)\b/.test(result.formatName)) throw videoInvalid('type');
  if (result.truncated) throw videoInvalid('corrupt');
  const { durationSeconds: d, width, height } = result;
  if (!Number.isFinite(d)) throw videoInvalid('corrupt');
  if (d < limits.videoMinSeconds || d > limits.videoMaxSeconds) throw videoInvalid('duration', { min: limits.videoMinSeconds, max: limits.videoMaxSeconds });
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 2 || height < 2) throw videoInvalid('corrupt');
  if (width > limits.videoMaxSide || height > limits.videoMaxSide) throw videoInvalid('dimensions', { max: limits.videoMaxSide });
  return result;
}
