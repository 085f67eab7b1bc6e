import { describe, expect, it } from 'vitest';
import { srcsetOf } from './responsive.ts';

describe('srcsetOf', () => {
  it('describes each size by the pixels its job recorded, leaving out the ones that repeat a smaller size', () => {
    const made = [
      { name: 320, width: 320, height: 240 },
      { name: 640, width: 480, height: 360 },
      { name: 960, width: 480, height: 360 },
      { name: 1280, width: 480, height: 360 },
    ];
    expect(srcsetOf('/media/', 'videos/v/poster.jpg', 'photo', made)).toEqual({
      avif: [
        { width: 320, url: '/media/videos/v/poster.jpg.320w.avif' },
        { width: 480, url: '/media/videos/v/poster.jpg.640w.avif' },
      ],
      webp: [
        { width: 320, url: '/media/videos/v/poster.jpg.320w.webp' },
        { width: 480, url: '/media/videos/v/poster.jpg.640w.webp' },
      ],
    });
  });

  it("until then, derives them from the original's size, else gives none (never the names' widths)", () => {
    expect(srcsetOf('/media/', 'banners/b.jpg', 'photo', { width: 1200, height: 400 })?.avif.map((s) => `${s.url} ${s.width}`)).toEqual([
      '/media/banners/b.jpg.320w.avif 320',
      '/media/banners/b.jpg.640w.avif 640',
      '/media/banners/b.jpg.960w.avif 960',
      '/media/banners/b.jpg.1280w.avif 1200',
    ]);
    expect(srcsetOf('/media/', 'logos/x.png', 'logo', null)).toBeUndefined();
    expect(srcsetOf('/media/', 'logos/x.png', 'logo', [])).toBeUndefined();
    expect(srcsetOf('/media/', 'logos/x.png', 'logo')).toBeUndefined();
  });

  it('gives none for no picture or a vector one', () => {
    expect(srcsetOf('/media/', null)).toBeUndefined();
    expect(srcsetOf('/media/', 'logos/x.svg', 'logo', [{ name: 80, width: 80, height: 80 }])).toBeUndefined();
  });
});
