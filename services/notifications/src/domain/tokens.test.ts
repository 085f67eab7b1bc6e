import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.ts';

const SECRET = 'a-test-secret-of-enough-length';

describe('newsletter tokens', () => {
  it('round-trips each kind and refuses the other kind', () => {
    const c = signToken(SECRET, { p: 'c', s: 'sub-1', n: 2, e: 1_900_000_000 });
    const u = signToken(SECRET, { p: 'u', s: 'sub-1' });
    expect(verifyToken(SECRET, c, 'c')).toEqual({ p: 'c', s: 'sub-1', n: 2, e: 1_900_000_000 });
    expect(verifyToken(SECRET, u, 'u')).toEqual({ p: 'u', s: 'sub-1' });
    expect(verifyToken(SECRET, c, 'u')).toBeNull();
    expect(verifyToken(SECRET, u, 'c')).toBeNull();
  });

  it('refuses forged, altered and malformed tokens', () => {
    const u = signToken(SECRET, { p: 'u', s: 'sub-1' });
    const [body, sig] = u.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ p: 'u', s: 'sub-2' })).toString('base64url');
    for (const bad of [
      signToken('another-secret-of-enough-length', { p: 'u', s: 'sub-1' }),
      `${other}.${sig}`,
      `${body}.${sig.slice(0, -2)}AA`,
      body,
      `${body}.${sig}.x`,
      '',
      'not a token',
    ]) {
      expect(verifyToken(SECRET, bad, 'u'), bad).toBeNull();
    }
  });
});
