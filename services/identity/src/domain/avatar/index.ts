/**
 * Avatar uploads: accept JPEG or PNG by content (never by name or declared type), refuse
 * oversized files and pixel floods before decoding, then re-encode so that only pixels leave:
 * EXIF (GPS, camera serials), XMP, IPTC, ICC and PNG text chunks are all dropped.
 *
 * Errors: AppError `identity.avatar_invalid` (validation) with `fields.avatar` one of
 * `too_large` | `type` | `dimensions`.
 */
import { AppError } from '@brokerwise/errors';
import sharp from 'sharp';
import type { SharpOptions } from 'sharp';

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Decoded size limits: 40 MP is ~160 MB of RGBA, and no real photo has a side over 10000 px. */
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_MAX_SIDE = 10_000;
/** Output fits within this square; smaller images are not enlarged. */
export const AVATAR_OUTPUT_SIZE = 512;

export const AVATAR_INVALID = 'identity.avatar_invalid';
export type AvatarProblem = 'too_large' | 'type' | 'dimensions';

type Kind = 'jpeg' | 'png';

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const MESSAGES: Record<AvatarProblem, string> = {
  too_large: `Avatar must be at most ${AVATAR_MAX_BYTES} bytes`,
  type: 'Avatar must be a JPEG or PNG image',
  dimensions: `Avatar must be at most ${AVATAR_MAX_SIDE} pixels per side and ${AVATAR_MAX_PIXELS} pixels in total`,
};

function avatarInvalid(problem: AvatarProblem, cause?: unknown): AppError {
  return new AppError(
    { code: AVATAR_INVALID, kind: problem === 'too_large' ? 'too_large' : 'validation', message: MESSAGES[problem], fields: { avatar: problem } },
    cause === undefined ? undefined : { cause },
  );
}

function startsWith(input: Uint8Array, magic: readonly number[]): boolean {
  return input.length >= magic.length && magic.every((byte, i) => input[i] === byte);
}

/** The format by magic bytes; null for anything else (GIF, WebP, SVG, HTML, text, …). */
function sniff(input: Uint8Array): Kind | null {
  if (startsWith(input, PNG_MAGIC)) return 'png';
  if (startsWith(input, JPEG_MAGIC)) return 'jpeg';
  return null;
}

/** Shared decoder settings for untrusted input. */
const DECODE: SharpOptions = {
  failOn: 'warning', // sharp's advice for untrusted input: refuse truncated or corrupt data
  limitInputPixels: AVATAR_MAX_PIXELS,
  limitInputChannels: 4,
  animated: false,
  pages: 1,
};

export async function processAvatar(input: Buffer): Promise<ProcessedImage> {
  if (!(input instanceof Uint8Array)) throw avatarInvalid('type');
  // 1. Size first: nothing is parsed beyond this point for an oversized upload.
  if (input.length > AVATAR_MAX_BYTES) throw avatarInvalid('too_large');

  // 2. Content sniffing: only the JPEG and PNG signatures get to a decoder.
  const kind = sniff(input);
  if (kind === null) throw avatarInvalid('type');

  // 3. Header-only read (no pixel data is decoded) to refuse pixel floods with our own limits.
  //    The pixel limit is lifted for this call only, since metadata() enforces it as a generic
  //    error and we want to report `dimensions`; decoding below runs with the limit in place.
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { ...DECODE, limitInputPixels: false }).metadata();
    if (meta.format !== kind) throw new Error(`decoder saw ${meta.format}`);
    width = meta.width;
    height = meta.height;
  } catch (err) {
    throw avatarInvalid('type', err);
  }
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw avatarInvalid('type');
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE || width * height > AVATAR_MAX_PIXELS) {
    throw avatarInvalid('dimensions');
  }

  // 4. Decode and re-encode. Without withMetadata()/keep*() sharp writes no EXIF, XMP, IPTC or ICC.
  const pipeline = sharp(input, DECODE)
    .rotate() // apply EXIF orientation to the pixels, since the tag itself is dropped
    .resize({ width: AVATAR_OUTPUT_SIZE, height: AVATAR_OUTPUT_SIZE, fit: 'inside', withoutEnlargement: true });
  if (kind === 'jpeg') pipeline.jpeg({ quality: 85, mozjpeg: true });
  else pipeline.png({ compressionLevel: 9 }); // keeps the alpha channel

  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return kind === 'jpeg'
      ? { bytes: data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height }
      : { bytes: data, contentType: 'image/png', extension: 'png', width: info.width, height: info.height };
  } catch (err) {
    // Truncated or corrupt pixel data (the header was fine).
    throw avatarInvalid('type', err);
  }
}
