import sharp from 'sharp';
import { RESPONSIVE_CONTENT_TYPES, RESPONSIVE_FORMATS, RESPONSIVE_WIDTHS, variantKey, variantSizesOf, type ResponsiveFormat, type ResponsiveKind, type VariantSize } from './responsive.ts';
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

/** A picture's pixel size as `makeResponsiveVariants` sees it (orientation applied; an SVG at its own size). */
export async function pictureSize(body: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(body, DECODE).metadata();
  return (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/**
 * The durable job's step (ADR 033): makes whatever sizes of the picture at `originalKey` are
 * missing (all of them, when any is: an interrupted run is simply run again) and answers every
 * size's real width and height, to be recorded with the picture. Idempotent: the same keys, the
 * same pixels. Null when there is no original any more (deleted, or moved away by a moderator).
 */
export async function ensureResponsiveVariants(objects: ObjectStore, originalKey: string, kind: ResponsiveKind): Promise<{ made: number; sizes: VariantSize[] } | null> {
  const original = await objects.get(originalKey);
  if (!original) return null;
  const made = await makeResponsiveVariants(objects, originalKey, kind, { body: original.body, skipExisting: true });
  if (made.length === 0) return { made: 0, sizes: variantSizesOf(kind, await pictureSize(original.body)) };
  const sizes = made.filter((m) => m.format === RESPONSIVE_FORMATS[0]).map((m) => ({ name: m.width, width: m.actualWidth, height: m.actualHeight }));
  return { made: made.length, sizes };
}
