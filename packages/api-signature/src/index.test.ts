import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSign, signatureHeaders, verifySignature } from './index.ts';

describe('api signature', () => {
  it('is the lowercase hex SHA-256 of timestamp + salt', async () => {
    const expected = createHash('sha256').update('1700000000salt').digest('hex');
    expect(await computeSign('1700000000', 'salt')).toBe(expected);
    // Remembered for the second: the same answer again, and another salt or second differs.
    expect(await computeSign('1700000000', 'salt')).toBe(expected);
    expect(await computeSign('1700000000', 'salt2')).toBe(createHash('sha256').update('1700000000salt2').digest('hex'));
    expect(await computeSign('1700000001', 'salt')).toBe(createHash('sha256').update('1700000001salt').digest('hex'));
  });

  it('accepts a fresh signature and refuses stale, forged and missing ones', async () => {
    const now = 1_700_000_000_000;
    const h = await signatureHeaders('s', now);
    expect(await verifySignature(h, 's', now)).toEqual({ ok: true });
    expect(await verifySignature({ ...h, sign: h.sign.toUpperCase() }, 's', now)).toEqual({ ok: true });
    expect(await verifySignature(h, 's', now + 301_000)).toEqual({ ok: false, error: 'signature_expired' });
    expect(await verifySignature(h, 's', now - 301_000)).toEqual({ ok: false, error: 'signature_expired' });
    expect(await verifySignature(h, 'other', now)).toEqual({ ok: false, error: 'signature_invalid' });
    expect(await verifySignature({ timestamp: h.timestamp }, 's', now)).toEqual({ ok: false, error: 'signature_missing' });
    expect(await verifySignature({ timestamp: 'abc', sign: h.sign }, 's', now)).toEqual({ ok: false, error: 'signature_invalid' });
  });
});
