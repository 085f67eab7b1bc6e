import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImageSrcset } from '@brokerwise/api-contract';
import { Picture, preloadPicture, sizesAttr, srcsetAttr, type Slots } from '../app/components/Picture';

// A 640 × 360 poster as the API describes it: its sizes at the widths they really have (ADR 033).
const poster: ImageSrcset = {
  avif: [
    { width: 320, url: '/media/p.jpg.320w.avif' },
    { width: 640, url: '/media/p.jpg.640w.avif' },
  ],
  webp: [
    { width: 320, url: '/media/p.jpg.320w.webp' },
    { width: 640, url: '/media/p.jpg.640w.webp' },
  ],
};
const SLOTS: Slots = [
  ['(min-width: 1240px)', '876px'],
  [null, 'calc(100vw - 40px)'],
];

/** The page as the server renders it: React hoists preloads into the head. */
const page = (body: () => ReturnType<typeof createElement>) =>
  renderToString(createElement('html', null, createElement('head'), createElement('body', null, createElement(body))));

describe('Picture', () => {
  it('lists AVIF then WebP with the widths the API gives, and keeps the <img> as it was', () => {
    const html = renderToString(createElement(Picture, { sources: poster, sizes: '100vw', src: '/media/p.jpg', alt: 'x', width: 640, height: 360, fetchPriority: 'high' }));
    expect(html).toMatch(/^<picture[^>]*><source type="image\/avif" srcSet="\/media\/p\.jpg\.320w\.avif 320w, \/media\/p\.jpg\.640w\.avif 640w" sizes="100vw"\/>/);
    expect(html).toContain('<source type="image/webp" srcSet="/media/p.jpg.320w.webp 320w, /media/p.jpg.640w.webp 640w" sizes="100vw"/>');
    expect(html).toMatch(/<img src="\/media\/p\.jpg" alt="x" width="640" height="360" fetchPriority="high"\/><\/picture>$/);
  });

  it('is a plain <img> without sizes (a vector picture, or none made)', () => {
    const svg = renderToString(createElement(Picture, { sources: undefined, sizes: '100vw', src: '/media/logo.svg', alt: '' }));
    expect(svg).toContain('<img src="/media/logo.svg" alt=""/>');
    expect(svg).not.toMatch(/<picture|<source/);
    const none = renderToString(createElement(Picture, { sources: { avif: [], webp: [] }, sizes: '100vw', src: '/a.png', alt: '' }));
    expect(none).toContain('<img src="/a.png" alt=""/>');
    expect(none).not.toMatch(/<picture|<source/);
  });

  it('preloads exactly what its AVIF source offers (same srcset and sizes, high priority), or the original without sizes', () => {
    const sizes = sizesAttr(SLOTS);
    const html = page(() => {
      preloadPicture('/media/p.jpg', poster, sizes);
      return createElement(Picture, { sources: poster, sizes, src: '/media/p.jpg', alt: '' });
    });
    const link = /<link rel="preload"[^>]*>/.exec(html)?.[0] ?? '';
    expect(link).toContain(`imageSrcSet="${srcsetAttr(poster.avif)}"`);
    expect(link).toContain(`imageSizes="${sizes}"`);
    expect(link).toContain('type="image/avif"');
    expect(link).toContain('fetchPriority="high"');
    expect(html).toContain(`<source type="image/avif" srcSet="${srcsetAttr(poster.avif)}" sizes="${sizes}"/>`);
    const plain = page(() => {
      preloadPicture('/media/a.png', undefined, sizes);
      return createElement('img', { src: '/media/a.png', alt: '' });
    });
    expect(/<link rel="preload"[^>]*>/.exec(plain)?.[0]).toMatch(/href="\/media\/a\.png"/);
  });
});

describe('sizesAttr', () => {
  it("writes the slots as they are, or scaled to the share of the slot a `contain`ed picture takes", () => {
    expect(sizesAttr(SLOTS)).toBe('(min-width: 1240px) 876px, calc(100vw - 40px)');
    // A portrait video (9:16) in the 16:9 player: drawn at 0.316 of the width.
    expect(sizesAttr(SLOTS, 9 / 16 / (16 / 9))).toBe('(min-width: 1240px) calc(876px * 0.316), calc((100vw - 40px) * 0.316)');
    // Wider than the box: never more than the slot.
    expect(sizesAttr(SLOTS, 2.4)).toBe(sizesAttr(SLOTS));
  });
});
