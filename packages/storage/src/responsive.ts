/**
 * Responsive image variants (ADR 033): every shown picture is also stored in AVIF and WebP at a
 * few widths, next to its original, under a key derived from the original's:
 * `<original key>.<width>w.<avif|webp>` (`images/<id>/cover.webp.640w.avif`). The names are
 * fixed, so an answer can list them without a lookup; until a variant exists the gateway's
 * /media/ route answers its key with the original (not cached), so a page never shows a hole.
 * Making them (sharp) is `@brokerwise/storage/images`; this module has no image code.
 */
export type ResponsiveFormat = 'avif' | 'webp';
/** In the order a <picture> lists its <source>s: the smallest first. */
export const RESPONSIVE_FORMATS: readonly ResponsiveFormat[] = ['avif', 'webp'];
export const RESPONSIVE_CONTENT_TYPES: Record<ResponsiveFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** Widths per kind of picture. Banners, covers and posters fill a column; logos are small. */
export const RESPONSIVE_WIDTHS = {
  photo: [320, 640, 960, 1280],
  logo: [80, 160, 320],
} as const satisfies Record<string, readonly number[]>;
export type ResponsiveKind = keyof typeof RESPONSIVE_WIDTHS;

export const variantKey = (originalKey: string, width: number, format: ResponsiveFormat): string => `${originalKey}.${width}w.${format}`;

const VARIANT = /^(.+)\.(\d{2,5})w\.(avif|webp)$/;
/** The original a variant key was made from, or null for any other key. */
export function parseVariantKey(key: string): { originalKey: string; width: number; format: ResponsiveFormat } | null {
  const m = VARIANT.exec(key);
  return m ? { originalKey: m[1]!, width: Number(m[2]), format: m[3] as ResponsiveFormat } : null;
}

/** Every variant key of an original, by format, smallest width first. */
export function variantKeys(originalKey: string, kind: ResponsiveKind): Record<ResponsiveFormat, { width: number; key: string }[]> {
  const of = (format: ResponsiveFormat) => RESPONSIVE_WIDTHS[kind].map((width) => ({ width, key: variantKey(originalKey, width, format) }));
  return { avif: of('avif'), webp: of('webp') };
}

/** The flat list of an original's variant keys (to move or delete them with it). */
export const allVariantKeys = (originalKey: string, kind: ResponsiveKind): string[] => {
  const keys = variantKeys(originalKey, kind);
  return [...keys.avif, ...keys.webp].map((v) => v.key);
};

/**
 * One made size as recorded with its picture: `name` is the width its key names, `width` ×
 * `height` the pixels it has — never more than the original's, so a 500 px picture's "640" is
 * 500 × … px. A srcset says `width`, not `name` (the browser trusts the descriptor).
 */
export interface VariantSize {
  name: number;
  width: number;
  height: number;
}

/** The sizes `makeResponsiveVariants` makes of an original of `original.width` × `original.height`. */
export function variantSizesOf(kind: ResponsiveKind, original: { width: number; height: number }): VariantSize[] {
  return RESPONSIVE_WIDTHS[kind].map((name) => {
    const width = Math.min(name, original.width);
    return { name, width, height: Math.max(1, Math.round((width * original.height) / original.width)) };
  });
}

/**
 * The sizes worth offering, smallest first: a size no wider than a smaller-named one is the same
 * picture again (the original was narrower than its name), so it is left out.
 */
export function distinctSizes(sizes: readonly VariantSize[]): VariantSize[] {
  const out: VariantSize[] = [];
  for (const s of [...sizes].sort((a, b) => a.name - b.name)) if (out.length === 0 || s.width > out[out.length - 1]!.width) out.push(s);
  return out;
}

/** Vector originals (SVG) are already sharp at any width and smaller than any raster: no variants. */
export const hasResponsiveVariants = (originalKey: string): boolean => !/\.svg$/i.test(originalKey);
