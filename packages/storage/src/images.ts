import sharp from 'sharp';
import { RESPONSIVE_CONTENT_TYPES, RESPONSIVE_FORMATS, RESPONSIVE_WIDTHS, variantKey, type ResponsiveFormat, type ResponsiveKind } from './responsive.ts';
import type { ObjectStore } from './types.ts';

export interface MadeVariant {
  key: string;
  format: ResponsiveFormat;
  /** The width the key names. */
  width: number;
  /** The pixels it has: never more than the original's (no upscaling). */
  actualWidth: number;
  actualHeight: number;
  bytes: number;
}

/** Our own originals only (already re-encoded at upload, or drawn by us): no flood can reach here, but keep a cap. */
const DECODE = { failOn: 'error', limitInputPixels: 40_000_000, animated: false, pages: 1 } as const;
// AVIF at effort 2: about 0.2 s for 1280 × 720 on one core, a few per cent larger than effort 4 at a fifth of the time.
const ENCODE = { avif: { quality: 50, effort: 2 }, webp: { quality: 75 } } as const;

/**
 * Makes and stores the AVIF and WebP variants of the picture at `originalKey` (ADR 033), at the
 * kind's widths, each at most the original's width. `body` saves reading the original back;
 * `skipExisting` leaves variants already stored alone (seeding on every start). Keys from
 * `variantKey`. Slow-ish (a second or so for a photo): callers run it off the request path.
 */
export async function makeResponsiveVariants(
  objects: ObjectStore,
  originalKey: string,
  kind: ResponsiveKind,
  opts: { body?: Buffer; skipExisting?: boolean } = {},
): Promise<MadeVariant[]> {
  const widths = RESPONSIVE_WIDTHS[kind];
  if (opts.skipExisting) {
    const have = await Promise.all(RESPONSIVE_FORMATS.flatMap((f) => widths.map((w) => objects.head(variantKey(originalKey, w, f)))));
    if (have.every(Boolean)) return [];
  }
  const body = opts.body ?? (await objects.get(originalKey))?.body;
  if (!body) throw new Error(`no original at ${originalKey}`);
  // Decoded once: SVG (demo art) at twice its density so its text stays sharp at the largest width.
  const { data, info } = await sharp(body, { ...DECODE, density: 144 }).rotate().raw().toBuffer({ resolveWithObject: true });
  const meta = await sharp(body, DECODE).metadata();
  const naturalWidth = meta.format === 'svg' ? Math.round(info.width / 2) : info.width;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const made: MadeVariant[] = [];
  for (const width of widths) {
    const target = Math.min(width, naturalWidth);
    for (const format of RESPONSIVE_FORMATS) {
      const key = variantKey(originalKey, width, format);
      const pipeline = sharp(data, raw).resize({ width: target, withoutEnlargement: true });
      const { data: out, info: o } = await (format === 'avif' ? pipeline.avif(ENCODE.avif) : pipeline.webp(ENCODE.webp)).toBuffer({ resolveWithObject: true });
      await objects.put(key, out, RESPONSIVE_CONTENT_TYPES[format]);
      made.push({ key, format, width, actualWidth: o.width, actualHeight: o.height, bytes: out.length });
    }
  }
  return made;
}
