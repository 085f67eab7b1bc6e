import type { ImageSrcset } from '@brokerwise/api-contract';
import { hasResponsiveVariants, variantKeys, type ResponsiveKind } from '@brokerwise/storage';

/**
 * The AVIF and WebP sizes of a stored raster picture (ADR 033), as addresses under `mediaBase`.
 * Their names follow from the original's key, so no lookup: one not made yet is answered with
 * the original by /media/. Undefined for no picture or a vector one.
 */
export function srcsetOf(mediaBase: string, key: string | null | undefined, kind: ResponsiveKind = 'photo'): ImageSrcset | undefined {
  if (!key || !hasResponsiveVariants(key)) return undefined;
  const keys = variantKeys(key, kind);
  const urls = (list: { width: number; key: string }[]) => list.map((v) => ({ width: v.width, url: `${mediaBase}${v.key}` }));
  return { avif: urls(keys.avif), webp: urls(keys.webp) };
}
