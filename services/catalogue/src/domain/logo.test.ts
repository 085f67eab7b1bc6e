import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, processLogo } from './logo.ts';

const fieldOf = async (bytes: Buffer) => {
  try {
    await processLogo(bytes);
    return 'accepted';
  } catch (err) {
    return (err as { fields?: Record<string, string> }).fields?.logo;
  }
};

describe('company logos (checked by content, re-encoded)', () => {
  it('keeps the pixels only: a JPEG with camera EXIF becomes a PNG without it, at most 400 px, named by its hash', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#1d4ed8' } })
      .withExif({ IFD0: { Make: 'Camera', Copyright: 'secret' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const logo = await processLogo(jpeg);
    const meta = await sharp(logo.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(logo.key).toMatch(/^logos\/[0-9a-f]{64}\.png$/);
    expect((await processLogo(jpeg)).key).toBe(logo.key);
  });

  it('keeps transparency and does not enlarge a small logo', async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const meta = await sharp((await processLogo(png)).bytes).metadata();
    expect(meta).toMatchObject({ width: 64, height: 32, hasAlpha: true });
  });

  it('refuses what is not a JPEG, PNG or WebP whatever it claims, and what is empty or too large', async () => {
    expect(await fieldOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe('type');
    expect(await fieldOf(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBe('type');
    expect(await fieldOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]))).toBe('type'); // a PNG signature and garbage
    expect(await fieldOf(Buffer.alloc(0))).toBe('required');
    expect(await fieldOf(Buffer.alloc(LOGO_MAX_BYTES + 1, 0xff))).toBe('too_large');
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).webp().toBuffer();
    expect(await fieldOf(webp)).toBe('accepted');
  });
});
