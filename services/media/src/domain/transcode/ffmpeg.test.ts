import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { targetSize } from './ffmpeg.ts';

describe('targetSize', () => {
  it('fits 720p either way round and never enlarges', () => {
    expect(targetSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(targetSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(targetSize(1440, 1080)).toEqual({ width: 960, height: 720 });
    expect(targetSize(321, 241)).toEqual({ width: 320, height: 240 });
  });

  it('always gives even sides within 1280 × 720 (or 720 × 1280) and scales both sides alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4096 }), fc.integer({ min: 2, max: 4096 }), (w, h) => {
        const t = targetSize(w, h);
        expect(t.width % 2).toBe(0);
        expect(t.height % 2).toBe(0);
        expect(Math.min(t.width, t.height)).toBeLessThanOrEqual(720);
        expect(Math.max(t.width, t.height)).toBeLessThanOrEqual(1280);
        expect(t.width).toBeLessThanOrEqual(Math.max(2, w));
        // Both sides scaled by the same factor, rounded down to even (off by less than 2).
        const scale = Math.min(1, 720 / Math.min(w, h), 1280 / Math.max(w, h));
        expect(Math.abs(w * scale - t.width)).toBeLessThan(2);
        expect(Math.abs(h * scale - t.height)).toBeLessThan(2);
      }),
    );
  });
});
