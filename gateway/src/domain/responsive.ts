import type { ImageSrcset } from '@brokerwise/api-contract';
import { distinctSizes, hasResponsiveVariants, variantKey, variantSizesOf, type ResponsiveKind, type VariantSize } from '@brokerwise/storage';

type Known = readonly VariantSize[] | { width: number; height: number } | null | undefined;
const isList = (k: Known): k is readonly VariantSize[] => Array.isArray(k);

/** The sizes to describe: as recorded, else from the original's size, else none (a width the browser trusts is never guessed). */
function sizesFor(kind: ResponsiveKind, known: Known): readonly VariantSize[] {
  if (isList(known)) return known;
  if (known && known.width > 0 && known.height > 0) return variantSizesOf(kind, known);
  return [];
}

/**
 * The AVIF and WebP sizes of a stored raster picture (ADR 033), as addresses under `mediaBase`,
 * each described by the pixels it has: `known` as its job recorded them or, until then, as they
 * follow from the original's known size (`variantSizesOf`; covers and posters, whose job runs
 * after the answer). A size no wider than a smaller one (the original was narrower than its name)
 * is left out. The keys follow from the original's, so no lookup: one not made yet is answered
 * with the original by /media/. Undefined for no picture, a vector one, or sizes not known
 * (logos and banners before their job ran: the catalogue records only what it made).
 */
export function srcsetOf(
  mediaBase: string,
  key: string | null | undefined,
  kind: ResponsiveKind = 'photo',
  known?: Known,
): ImageSrcset | undefined {
  if (!key || !hasResponsiveVariants(key)) return undefined;
  const offered = distinctSizes(sizesFor(kind, known));
  if (offered.length === 0) return undefined;
  const urls = (format: 'avif' | 'webp') => offered.map((s) => ({ width: s.width, url: `${mediaBase}${variantKey(key, s.name, format)}` }));
  return { avif: urls('avif'), webp: urls('webp') };
}
