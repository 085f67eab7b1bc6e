import { beforeEach, describe, expect, it, vi } from 'vitest';

// Proves the cheap guards run *before* any decoder: with sharp replaced by a spy, oversized uploads
// and non-JPEG/PNG content must be refused without sharp ever being called. (The real-decoder
// behaviour is covered in avatar.test.ts.)
const sharpSpy = vi.hoisted(() =>
  vi.fn(() => {
    throw new Error('a decoder was reached');
  }),
);
vi.mock('sharp', () => ({ default: sharpSpy }));

const { AVATAR_MAX_BYTES, processAvatar } = await import('./index.ts');

async function fieldOf(input: Buffer): Promise<string | undefined> {
  try {
    await processAvatar(input);
  } catch (err) {
    return (err as { fields?: Record<string, string> }).fields?.['avatar'];
  }
  return 'accepted';
}

describe('processAvatar guards run before decoding', () => {
  beforeEach(() => {
    sharpSpy.mockClear();
  });

  it.each([
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1')],
    ['WebP', Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['text', Buffer.from('hello')],
  ])('a %s never reaches sharp', async (_label, input) => {
    expect(await fieldOf(input)).toBe('type');
    expect(sharpSpy).not.toHaveBeenCalled();
  });

  it('an oversized upload never reaches sharp, even with a PNG signature', async () => {
    const input = Buffer.alloc(AVATAR_MAX_BYTES + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(input);
    expect(await fieldOf(input)).toBe('too_large');
    expect(sharpSpy).not.toHaveBeenCalled();
  });

  it('a JPEG/PNG signature does reach sharp (the spy is wired)', async () => {
    expect(await fieldOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('type');
    expect(sharpSpy).toHaveBeenCalledTimes(1);
  });
});
