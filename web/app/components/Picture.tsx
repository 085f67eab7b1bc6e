import type { ComponentProps } from 'react';
import { preload } from 'react-dom';
import type { ImageSrcset } from '@brokerwise/api-contract';
import classes from './Picture.module.css';

/** `srcset` attribute text: `url 640w, …`. */
export const srcsetAttr = (sources: readonly { width: number; url: string }[]): string => sources.map((s) => `${s.url} ${s.width}w`).join(', ');

/** Where a picture is drawn, for `sizes`: [media condition, slot width] pairs, the last one's condition null (the default). */
export type Slots = readonly (readonly [string | null, string])[];

/**
 * `sizes` text of `slots`, each width times `share` (0 < share ≤ 1): a picture drawn `contain`ed
 * in its slot at less than its width (a portrait video's poster in the 16:9 player) needs less.
 */
export function sizesAttr(slots: Slots, share = 1): string {
  const f = Math.round(Math.min(1, Math.max(0.01, share)) * 1000) / 1000;
  const scaled = (width: string) => (f === 1 ? width : `calc(${width.startsWith('calc(') ? `(${width.slice(5, -1)})` : width} * ${f})`);
  return slots.map(([media, width]) => (media ? `${media} ${scaled(width)}` : scaled(width))).join(', ');
}

type Props = ComponentProps<'img'> & {
  /** The picture's AVIF and WebP sizes from the API (ADR 033); without them a plain <img>. */
  sources?: ImageSrcset | undefined;
  /** How wide the picture is drawn (`sizes`), so the browser picks the smallest size that is sharp. */
  sizes: string;
};

/**
 * A stored picture as `<picture>`: AVIF, then WebP, each in every size, and the original as the
 * `<img>` (its alt, width and height, loading and priority), for browsers with neither.
 */
export function Picture({ sources, sizes, ...img }: Props) {
  if (!sources || sources.avif.length === 0) return <img {...img} />;
  return (
    <picture className={classes.picture}>
      <source type="image/avif" srcSet={srcsetAttr(sources.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcsetAttr(sources.webp)} sizes={sizes} />
      <img {...img} />
    </picture>
  );
}

/**
 * A page's largest picture fetched with the HTML's first bytes (a `<link rel=preload>` in the
 * head, high priority): the AVIF size the <picture> will pick (same srcset and sizes, so one
 * download); a browser without AVIF skips the link (its `type`) and picks the WebP itself.
 */
export function preloadPicture(src: string, sources: ImageSrcset | undefined, sizes: string): void {
  if (sources && sources.avif.length > 0) preload(src, { as: 'image', fetchPriority: 'high', imageSrcSet: srcsetAttr(sources.avif), imageSizes: sizes, type: 'image/avif' });
  else if (src) preload(src, { as: 'image', fetchPriority: 'high' });
}
