/**
 * Company logos from the admin console, checked as avatars are (services/identity avatar): JPEG,
 * PNG or WebP by content (never by name or declared type), size and pixel-flood limits before
 * decoding, then re-encoded so that only pixels are stored (no EXIF, XMP, ICC or text chunks).
 *
 * Errors: AppError `catalogue.logo_invalid` with `fields.logo` one of `required` | `too_large` |
 * `type` | `dimensions`.
 */
import { createHash } from 'node:crypto';
import { AppError } from '@brokerwise/errors';
import sharp, { type SharpOptions } from 'sharp';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 10_000;
/** Logos are shown small (cards, the detail header): this square is plenty. */
const OUTPUT_SIZE = 400;

export type LogoProblem = 'required' | 'too_large' | 'type' | 'dimensions';

export const logoInvalid = (problem: LogoProblem, cause?: unknown): AppError =>
  new AppError(
    { code: 'catalogue.logo_invalid', kind: problem === 'too_large' ? 'too_large' : 'validation', message: `Logo refused: ${problem}`, fields: { logo: problem }, params: { maxMb: LOGO_MAX_BYTES / 1_048_576 } },
    cause === undefined ? undefined : { cause },
  );

type Kind = 'jpeg' | 'png' | 'webp';
const startsWith = (b: Uint8Array, magic: readonly number[], at = 0) => b.length >= at + magic.length && magic.every((x, i) => b[at + i] === x);
/** The format by its signature; null for anything else (SVG, GIF, HTML, text, …). */
function sniff(b: Uint8Array): Kind | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

const DECODE: SharpOptions = { failOn: 'warning', limitInputPixels: MAX_PIXELS, limitInputChannels: 4, animated: false, pages: 1 };

/** The stored logo: a PNG (keeps transparency) under a key named by its content hash (cacheable for good). */
export async function processLogo(input: Buffer): Promise<{ key: string; bytes: Buffer; contentType: 'image/png' }> {
  if (input.length === 0) throw logoInvalid('required');
  if (input.length > LOGO_MAX_BYTES) throw logoInvalid('too_large');
  const kind = sniff(input);
  if (!kind) throw logoInvalid('type');
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { ...DECODE, limitInputPixels: false }).metadata();
    if (meta.format !== kind) throw new Error(`decoder saw ${meta.format}`);
    ({ width, height } = meta);
  } catch (err) {
    throw logoInvalid('type', err);
  }
  if (!(width >= 1 && height >= 1)) throw logoInvalid('type');
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) throw logoInvalid('dimensions');
  let bytes: Buffer;
  try {
    bytes = await sharp(input, DECODE).rotate().resize({ width: OUTPUT_SIZE, height: OUTPUT_SIZE, fit: 'inside', withoutEnlargement: true }).png({ compressionLevel: 9 }).toBuffer();
  } catch (err) {
    throw logoInvalid('type', err);
  }
  return { key: `logos/${createHash('sha256').update(bytes).digest('hex')}.png`, bytes, contentType: 'image/png' };
}
