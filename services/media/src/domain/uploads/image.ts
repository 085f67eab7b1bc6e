import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { SharpOptions } from 'sharp';
import type { MediaLimits } from '../context.ts';
import { imageInvalid, megabytes } from '../errors.ts';

/** Sizes every uploaded image is stored in (WebP). */
export const IMAGE_VARIANTS = {
  /** Inline in image-text posts: fits within 1600 × 1600, never enlarged. */
  full: { width: 1600, height: 1600, fit: 'inside' as const },
  /** Post cover: 16:9, cropped around the most interesting part. */
  cover: { width: 1280, height: 720, fit: 'cover' as const },
  /** Cards in lists. */
  thumb: { width: 480, height: 270, fit: 'cover' as const },
};
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export interface ProcessedImage {
  width: number;
  height: number;
  variants: Record<ImageVariant, Buffer>;
}

const FORMATS: Record<string, 'jpeg' | 'png' | 'webp'> = { jpg: 'jpeg', png: 'png', webp: 'webp' };
/** libvips caps a side at this anyway. */
const MAX_SIDE = 16_383;

/**
 * Accepts JPEG, PNG or WebP by content, refuses pixel floods from the header alone, then
 * decodes once and re-encodes every variant: only pixels leave (no EXIF/GPS, XMP, ICC, text
 * chunks). Throws `media.image_invalid` with `fields.image`: `required` · `too_large` · `type` ·
 * `dimensions` (more pixels than allowed) · `corrupt` (the pixels do not decode).
 */
export async function processImage(input: Buffer, limits: Pick<MediaLimits, 'imageMaxBytes' | 'imageMaxPixels'>): Promise<ProcessedImage> {
  if (input.length === 0) throw imageInvalid('required');
  if (input.length > limits.imageMaxBytes) throw imageInvalid('too_large', { max: limits.imageMaxBytes, maxMb: megabytes(limits.imageMaxBytes) });
  const type = await fileTypeFromBuffer(input.subarray(0, 4100));
  const format = type ? FORMATS[type.ext] : undefined;
  if (!format) throw imageInvalid('type');

  const decode: SharpOptions = { failOn: 'warning', limitInputPixels: limits.imageMaxPixels, limitInputChannels: 4, animated: false, pages: 1 };
  let width: number;
  let height: number;
  try {
    // Header only: the pixel limit is lifted here so a flood is reported as `dimensions`.
    const meta = await sharp(input, { ...decode, limitInputPixels: false }).metadata();
    if (meta.format !== format) throw new Error(`decoder saw ${meta.format}`);
    const rotated = (meta.orientation ?? 1) >= 5;
    width = rotated ? meta.height : meta.width;
    height = rotated ? meta.width : meta.height;
  } catch (err) {
    throw imageInvalid('corrupt', {}, err);
  }
  if (!(width >= 1 && height >= 1)) throw imageInvalid('corrupt');
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > limits.imageMaxPixels) throw imageInvalid('dimensions', { max: limits.imageMaxPixels });

  try {
    // Decode once (orientation applied to the pixels, since the tag is dropped), resize thrice.
    const { data, info } = await sharp(input, decode).rotate().raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = async (v: ImageVariant) => {
      const spec = IMAGE_VARIANTS[v];
      return sharp(data, raw)
        .resize({ width: spec.width, height: spec.height, fit: spec.fit, position: sharp.strategy.attention, withoutEnlargement: spec.fit === 'inside' })
        .webp({ quality: v === 'thumb' ? 72 : 80 })
        .toBuffer();
    };
    const [full, cover, thumb] = await Promise.all([encode('full'), encode('cover'), encode('thumb')]);
    return { width: info.width, height: info.height, variants: { full, cover, thumb } };
  } catch (err) {
    throw imageInvalid('corrupt', {}, err);
  }
}
