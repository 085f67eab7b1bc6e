import type { ImageSrcset } from '@brokerwise/api-contract';
import { RESPONSIVE_WIDTHS, distinctSizes, hasResponsiveVariants, variantKey, variantSizesOf, type ResponsiveKind, type VariantSize } from '@brokerwise/storage';

type Known = readonly VariantSize[] | { width: number; height: number } | null | undefined;
const isList = (k: Known): k is readonly VariantSize[] => Array.isArray(k);

/** The sizes to describe: as recorded, else from the original's size, else (unknown) as named. */
function sizesFor(kind: ResponsiveKind, known: Known): readonly VariantSize[] {
  if (isList(known) && known.length > 0) return known;
  if (known && !isList(known) && known.width > 0 && known.height > 0) return variantSizesOf(kind, known);
  return RESPONSIVE_WIDTHS[kind].map((name) => ({ name, width: name, height: 0 }));
}

/**
 * The AVIF and WebP sizes of a stored raster picture (ADR 033), as addresses under `mediaBase`,
 * each described by the pixels it has: `known` as its job recorded them or, until then, as they
 * follow from the original's known size (`variantSizesOf`), else the names' widths. A size no
 * wider than a smaller one (the original was narrower than its name) is left out. The keys
 * follow from the original's, so no lookup: one not made yet is answered with the original by
 * /media/. Undefined for no picture or a vector one.
 */
export function srcsetOf(
  mediaBase: string,
  key: string | null | undefined,
  kind: ResponsiveKind = 'photo',
  known?: Known,
): ImageSrcset | undefined {
  if (!key || !hasResponsiveVariants(key)) return undefined;
  const offered = distinctSizes(sizesFor(kind, known));
  const urls = (format: 'avif' | 'webp') => offered.map((s) => ({ width: s.width, url: `${mediaBase}${variantKey(key, s.name, format)}` }));
  return { avif: urls('avif'), webp: urls('webp') };
}
