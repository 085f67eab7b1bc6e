import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Color } from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_INVALID, AVATAR_MAX_BYTES, processAvatar } from './index.ts';

// ---------------------------------------------------------------- helpers

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A hand-made single-colour PNG (1-bit greyscale): 20000×20000 is 400 megapixels but deflates to
 * ~50 KB, the classic decompression bomb. Built with zlib so the test never decodes it either.
 */
function floodPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero bits per row
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Inserts extra chunks right after IHDR (signature 8 bytes + IHDR chunk 25 bytes). */
function withPngChunks(png: Buffer, ...chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

function noise(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
}

function solid(width: number, height: number, background: Color, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background } });
}

async function refusal(input: unknown, problem: 'too_large' | 'type' | 'dimensions'): Promise<void> {
  let caught: unknown;
  try {
    await processAvatar(input as Buffer);
  } catch (err) {
    caught = err;
  }
  expect(caught, 'expected a refusal').toBeDefined();
  const err = caught as { code?: string; kind?: string; fields?: Record<string, string> };
  expect({ code: err.code, kind: err.kind, fields: err.fields }).toEqual({ code: AVATAR_INVALID, kind: problem === 'too_large' ? 'too_large' : 'validation', fields: { avatar: problem } });
}

/** RGBA of one pixel of an encoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 4)];
}

// ---------------------------------------------------------------- accepted images

describe('processAvatar: accepted images', () => {
  it('re-encodes a JPEG, applies its EXIF orientation and strips EXIF (incl. GPS), XMP and ICC', async () => {
    // Stored 800×400: left half red, right half blue. Orientation 6 = display rotated 90° clockwise,
    // so once oriented it is 400×800 with red on top and blue below.
    const stored = await solid(800, 400, '#ff0000')
      .composite([{ input: await solid(400, 400, '#0000ff').png().toBuffer(), left: 400, top: 0 }])
      .jpeg({ quality: 95 })
      .toBuffer();
    const input = await sharp(stored)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Artist: 'BW-TEST-ARTIST', Make: 'PhoneCo', Model: 'Pocket 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2615/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3961/100' },
      })
      .withIccProfile('p3')
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">BW-TEST-XMP</rdf:RDF></x:xmpmeta>')
      .toBuffer();

    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('BW-TEST-ARTIST')).toBe(true);
    expect(before.exif?.includes('PhoneCo')).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const out = await processAvatar(input);
    expect(out).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 256, height: 512 });
    expect([...out.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const after = await sharp(out.bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 256, height: 512 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    for (const marker of ['BW-TEST-ARTIST', 'PhoneCo', 'BW-TEST-XMP', 'Exif']) expect(out.bytes.includes(marker)).toBe(false);

    // Orientation was applied to the pixels: red on top, blue at the bottom.
    const [rTop, , bTop] = await pixel(out.bytes, 128, 40);
    const [rBottom, , bBottom] = await pixel(out.bytes, 128, 470);
    expect(rTop).toBeGreaterThan(200);
    expect(bTop).toBeLessThan(60);
    expect(rBottom).toBeLessThan(60);
    expect(bBottom).toBeGreaterThan(200);
  });

  it('resizes a large PNG to fit within 512×512 and keeps it a PNG', async () => {
    // A smooth gradient, so that 4.5 MP still fits under the 2 MB upload limit.
    const [w, h] = [3000, 1500];
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) raw.set([(x * 255) / w, (y * 255) / h, 128], (y * w + x) * 3);
    }
    const input = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
    expect(input.length).toBeLessThanOrEqual(AVATAR_MAX_BYTES);
    const out = await processAvatar(input);
    expect(out).toMatchObject({ contentType: 'image/png', extension: 'png', width: 512, height: 256 });
    expect(out.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'png', width: 512, height: 256 });
  });

  it('does not enlarge a small image', async () => {
    const out = await processAvatar(await noise(120, 80).jpeg().toBuffer());
    expect(out).toMatchObject({ contentType: 'image/jpeg', width: 120, height: 80 });
  });

  it('keeps PNG transparency', async () => {
    const input = await solid(600, 300, { r: 0, g: 128, b: 255, alpha: 0.5 }, 4).png().toBuffer();
    const out = await processAvatar(input);
    expect(out).toMatchObject({ contentType: 'image/png', width: 512, height: 256 });
    const meta = await sharp(out.bytes).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(meta.channels).toBe(4);
    const [r, g, b, a] = await pixel(out.bytes, 100, 100);
    expect(a).toBeGreaterThanOrEqual(126);
    expect(a).toBeLessThanOrEqual(129);
    expect(r).toBeLessThanOrEqual(1);
    expect(Math.abs(g! - 128)).toBeLessThanOrEqual(1); // premultiplied resize may round by one
    expect(b).toBeGreaterThanOrEqual(254);
  });

  it('drops PNG text chunks and XMP', async () => {
    const base = await noise(64, 64).png().toBuffer();
    const input = withPngChunks(
      base,
      pngChunk('tEXt', Buffer.from('Comment\0BW-SECRET-COMMENT', 'latin1')),
      pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>BW-SECRET-XMP</x:xmpmeta>', 'latin1')),
    );
    const before = await sharp(input).metadata();
    expect(before.comments?.some((c) => c.text === 'BW-SECRET-COMMENT')).toBe(true);

    const out = await processAvatar(input);
    const after = await sharp(out.bytes).metadata();
    expect(after.comments).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(out.bytes.includes('BW-SECRET')).toBe(false);
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const input = await noise(200, 200).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(input).metadata()).space).toBe('cmyk');
    const out = await processAvatar(input);
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'jpeg', space: 'srgb', channels: 3 });
  });

  it('accepts a side of exactly 10000 px', async () => {
    const out = await processAvatar(await solid(10_000, 20, '#336699').png().toBuffer());
    expect(out).toMatchObject({ contentType: 'image/png', width: 512, height: 1 });
  });

  it('accepts a file of exactly AVATAR_MAX_BYTES (the limit is inclusive)', async () => {
    const png = await noise(32, 32).png().toBuffer();
    // Bytes after IEND are ignored by PNG decoders.
    const input = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    expect(input.length).toBe(AVATAR_MAX_BYTES);
    await expect(processAvatar(input)).resolves.toMatchObject({ width: 32, height: 32 });
  });
});

// ---------------------------------------------------------------- refusals

describe('processAvatar: refusals', () => {
  it('refuses AVATAR_MAX_BYTES + 1 bytes as too_large, before looking at the content', async () => {
    const png = await noise(32, 32).png().toBuffer();
    await refusal(Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]), 'too_large');
    // Neither garbage nor a pixel flood gets further than the size check.
    await refusal(Buffer.alloc(AVATAR_MAX_BYTES + 1, 0x41), 'too_large');
    const flood = floodPng(20_000, 20_000);
    await refusal(Buffer.concat([flood, Buffer.alloc(AVATAR_MAX_BYTES + 1 - flood.length)]), 'too_large');
  });

  it.each([
    ['a GIF', () => solid(32, 32, '#00ff00').gif().toBuffer()],
    ['a WebP', () => solid(32, 32, '#00ff00').webp().toBuffer()],
    ['a TIFF', () => solid(32, 32, '#00ff00').tiff().toBuffer()],
    ['an AVIF', () => solid(32, 32, '#00ff00').avif().toBuffer()],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><script>alert(1)</script><rect width="32" height="32"/></svg>')],
    ['an SVG with an XML prolog', async () => Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>')],
    ['an HTML page', async () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
    ['a text file named avatar.png', async () => Buffer.from('this is not an image, whatever its name says\n')],
    ['a BMP', async () => Buffer.concat([Buffer.from('BM'), Buffer.alloc(64)])],
    ['an empty file', async () => Buffer.alloc(0)],
    ['a PNG signature followed by garbage', async () => Buffer.concat([PNG_SIGNATURE, Buffer.from('garbage garbage garbage garbage garbage')])],
    ['a JPEG signature followed by garbage', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('garbage garbage garbage garbage')])],
    ['only the first bytes of a PNG signature', async () => PNG_SIGNATURE.subarray(0, 4)],
    ['a truncated JPEG', async () => {
      const jpeg = await noise(800, 600).jpeg().toBuffer();
      return jpeg.subarray(0, Math.floor(jpeg.length / 2));
    }],
    ['a truncated PNG', async () => {
      const png = await noise(400, 300).png().toBuffer();
      return png.subarray(0, Math.floor(png.length / 2));
    }],
    ['a PNG with a corrupted chunk CRC', async () => {
      const png = Buffer.from(await noise(64, 64).png().toBuffer());
      png[29] = (png[29]! ^ 0xff) & 0xff; // IHDR CRC
      return png;
    }],
    ['a PNG header with no image data', async () => {
      const ihdr = Buffer.alloc(13);
      ihdr.writeUInt32BE(64, 0);
      ihdr.writeUInt32BE(64, 4);
      ihdr[8] = 8;
      ihdr[9] = 2;
      return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]);
    }],
  ] as Array<[string, () => Promise<Buffer>]>)('refuses %s as type', async (_label, make) => {
    await refusal(await make(), 'type');
  });

  it('refuses a non-buffer as type', async () => {
    await refusal('data:image/png;base64,iVBORw0KGgo=', 'type');
    await refusal(undefined, 'type');
  });

  it('refuses a 20000×20000 single-colour PNG (small file) as dimensions without decoding it', async () => {
    const flood = floodPng(20_000, 20_000);
    expect(flood.length).toBeLessThan(200_000);
    await refusal(flood, 'dimensions');
    // The proof that no pixel is decoded (a decoder would take seconds and hundreds of MB): the
    // same header over pixel data that can't be inflated is still refused as dimensions, where a
    // small image with that data fails its decode as a corrupt file.
    const garbage = pngChunk('IDAT', Buffer.from('not deflate data at all'));
    const corrupt = (png: Buffer) => Buffer.concat([png.subarray(0, 33), garbage, pngChunk('IEND', Buffer.alloc(0))]);
    await refusal(corrupt(flood), 'dimensions');
    await refusal(corrupt(floodPng(64, 64)), 'type');
  });

  it('refuses more than 40 megapixels even with both sides under 10000', async () => {
    await refusal(floodPng(7_000, 6_000), 'dimensions'); // 42 MP
  });

  it('refuses a side over 10000 px even with few pixels', async () => {
    await refusal(await solid(10_001, 1, '#000000').png().toBuffer(), 'dimensions');
    await refusal(await solid(1, 10_001, '#000000').png().toBuffer(), 'dimensions');
  });

  it('refuses a JPEG whose header claims 20000×20000', async () => {
    const jpeg = Buffer.from(await solid(16, 16, '#808080').jpeg().toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0])); // baseline SOF0: FFC0 len(2) precision(1) height(2) width(2)
    expect(sof).toBeGreaterThan(0);
    jpeg.writeUInt16BE(20_000, sof + 5);
    jpeg.writeUInt16BE(20_000, sof + 7);
    expect(await sharp(jpeg, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    await refusal(jpeg, 'dimensions');
  });
});
