import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DiskStore } from '@brokerwise/storage';
import { ensureResponsiveVariants, makeResponsiveVariants } from '@brokerwise/storage/images';
import { RESPONSIVE_WIDTHS, distinctSizes, parseVariantKey, variantKey, variantKeys, variantSizesOf } from '@brokerwise/storage';

let root: string;
let objects: DiskStore;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'responsive-'));
  objects = new DiskStore({ dir: root });
});
afterAll(() => rm(root, { recursive: true, force: true }));

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .composite([{ input: { create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: '#c33' } }, top: 5, left: 5 }])
    .webp()
    .toBuffer();

describe('variant keys', () => {
  it('name the original, the width and the format, and read back', () => {
    expect(variantKey('images/a/cover.webp', 640, 'avif')).toBe('images/a/cover.webp.640w.avif');
    expect(parseVariantKey('images/a/cover.webp.640w.avif')).toEqual({ originalKey: 'images/a/cover.webp', width: 640, format: 'avif' });
    expect(parseVariantKey('images/a/cover.webp')).toBeNull();
    expect(variantKeys('logos/x.png', 'logo').webp.map((v) => v.width)).toEqual([80, 160, 320]);
  });

  it('say each size\'s real pixels, and offer a size only when it is wider than the smaller ones', () => {
    const banner = variantSizesOf('photo', { width: 1200, height: 400 });
    expect(banner).toEqual([
      { name: 320, width: 320, height: 107 },
      { name: 640, width: 640, height: 213 },
      { name: 960, width: 960, height: 320 },
      { name: 1280, width: 1200, height: 400 },
    ]);
    expect(distinctSizes(banner)).toEqual(banner);
    // A 500 px picture: its "960" and "1280" are its "640" again.
    expect(distinctSizes(variantSizesOf('photo', { width: 500, height: 250 })).map((s) => [s.name, s.width])).toEqual([
      [320, 320],
      [640, 500],
    ]);
    expect(distinctSizes(variantSizesOf('logo', { width: 60, height: 60 }))).toEqual([{ name: 80, width: 60, height: 60 }]);
  });
});

describe('makeResponsiveVariants', () => {
  it('stores AVIF and WebP at every photo width, with their content types, from the stored original', async () => {
    await objects.put('images/p/cover.webp', await photo(1280, 720), 'image/webp');
    const made = await makeResponsiveVariants(objects, 'images/p/cover.webp', 'photo');
    expect(made.map((m) => `${m.width}:${m.format}`)).toEqual(RESPONSIVE_WIDTHS.photo.flatMap((w) => [`${w}:avif`, `${w}:webp`]));
    for (const m of made) {
      const stored = await objects.get(m.key);
      expect(stored?.info.contentType).toBe(m.format === 'avif' ? 'image/avif' : 'image/webp');
      const meta = await sharp(stored!.body).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(m.format);
      expect([meta.width, meta.height]).toEqual([m.width, Math.round((m.width * 720) / 1280)]);
    }
    // Smaller than the original at a phone's width.
    const original = (await objects.head('images/p/cover.webp'))!.size;
    expect(made.find((m) => m.width === 640 && m.format === 'avif')!.bytes).toBeLessThan(original);
  });

  it('never enlarges: a 500 px picture stays 500 px under the wider names', async () => {
    const made = await makeResponsiveVariants(objects, 'x/small.webp', 'photo', { body: await photo(500, 250) });
    expect(made.filter((m) => m.width >= 640).every((m) => m.actualWidth === 500 && m.actualHeight === 250)).toBe(true);
    expect(made.filter((m) => m.width === 320).every((m) => m.actualWidth === 320)).toBe(true);
  });

  it('draws an SVG at its own size and skips work already done', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="1200" height="400" fill="#246"/></svg>');
    await objects.put('banners/b.svg', svg, 'image/svg+xml');
    const made = await makeResponsiveVariants(objects, 'banners/b.svg', 'photo');
    expect(made.find((m) => m.width === 1280)!.actualWidth).toBe(1200);
    expect(made.find((m) => m.width === 640)!.actualHeight).toBe(213);
    expect(await makeResponsiveVariants(objects, 'banners/b.svg', 'photo', { skipExisting: true })).toEqual([]);
  });
});

describe('ensureResponsiveVariants (the durable job\'s step)', () => {
  it('makes the missing sizes and answers their real pixels; run again, it makes nothing and answers the same', async () => {
    await objects.put('images/e/cover.webp', await photo(700, 350), 'image/webp');
    const first = await ensureResponsiveVariants(objects, 'images/e/cover.webp', 'photo');
    expect(first?.made).toBe(8);
    expect(first?.sizes.map((s) => [s.name, s.width, s.height])).toEqual([
      [320, 320, 160],
      [640, 640, 320],
      [960, 700, 350],
      [1280, 700, 350],
    ]);
    const again = await ensureResponsiveVariants(objects, 'images/e/cover.webp', 'photo');
    expect(again).toEqual({ made: 0, sizes: first!.sizes });
  });

  it('remakes every size when one is missing (a run that stopped half way), and answers null without an original', async () => {
    await objects.put('images/f/cover.webp', await photo(1280, 720), 'image/webp');
    await makeResponsiveVariants(objects, 'images/f/cover.webp', 'photo');
    await objects.delete(variantKey('images/f/cover.webp', 960, 'webp'));
    expect((await ensureResponsiveVariants(objects, 'images/f/cover.webp', 'photo'))?.made).toBe(8);
    expect(await objects.head(variantKey('images/f/cover.webp', 960, 'webp'))).not.toBeNull();
    expect(await ensureResponsiveVariants(objects, 'images/gone/cover.webp', 'photo')).toBeNull();
  });
});
