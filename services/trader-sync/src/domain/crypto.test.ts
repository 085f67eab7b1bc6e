import { describe, expect, it } from 'vitest';
import { KeyRing } from './crypto.ts';

const key = (id: string, fill: number) => `${id}:${Buffer.alloc(32, fill).toString('base64')}`;

describe('credentials key ring (AES-256-GCM)', () => {
  it('seals with the first key, opens with any key of the ring, and never stores the plaintext', () => {
    const old = new KeyRing(key('k1', 1));
    const sealed = old.seal('investor-pass-123', 'row-1');
    expect(sealed.keyId).toBe('k1');
    expect(Buffer.from(sealed.bytes).includes(Buffer.from('investor-pass-123'))).toBe(false);
    // Random nonce: the same password seals differently every time.
    expect(Buffer.from(old.seal('investor-pass-123', 'row-1').bytes).equals(Buffer.from(sealed.bytes))).toBe(false);
    const rotated = new KeyRing(`${key('k2', 2)},${key('k1', 1)}`);
    expect(rotated.currentId).toBe('k2');
    expect(rotated.open(sealed, 'row-1')).toBe('investor-pass-123');
    expect(rotated.isStale('k1')).toBe(true);
    expect(rotated.seal('x', 'row-1').keyId).toBe('k2');
  });

  it('refuses another row, a tampered ciphertext and an unknown key', () => {
    const ring = new KeyRing(key('k1', 1));
    const sealed = ring.seal('investor-pass-123', 'row-1');
    expect(() => ring.open(sealed, 'row-2')).toThrow();
    const tampered = Buffer.from(sealed.bytes);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => ring.open({ keyId: 'k1', bytes: tampered }, 'row-1')).toThrow();
    expect(() => new KeyRing(key('k9', 9)).open(sealed, 'row-1')).toThrow(/Unknown credentials key/);
  });

  it('refuses malformed key rings', () => {
    expect(() => new KeyRing('')).toThrow();
    expect(() => new KeyRing('k1:c2hvcnQ=')).toThrow(/32 bytes/);
    expect(() => new KeyRing(`${key('k1', 1)},${key('k1', 2)}`)).toThrow(/twice/);
  });
});
