import type { ComponentProps } from 'react';
import { preload } from 'react-dom';
import type { ImageSrcset } from '@brokerwise/api-contract';
import classes from './Picture.module.css';

/** `srcset` attribute text: `url 640w, …`. */
export const srcsetAttr = (sources: readonly { width: number; url: string }[]): string => sources.map((s) => `${s.url} ${s.width}w`).join(', ');

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
