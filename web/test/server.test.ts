import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pickEncoding, visitorAddress } from '../server.ts';
import { INTERNAL_SECRET_HEADER } from '../../gateway/src/contract.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
  });

  it('honours refusals and missing headers', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('visitorAddress', () => {
  const req = (headers: Record<string, string>, remoteAddress = '10.0.0.9') => ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
  const secret = 'shared-secret-shared-secret-0123';

  it("takes X-Forwarded-For when the gateway's proxy vouches for it with the shared secret", () => {
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5', [INTERNAL_SECRET_HEADER]: secret }), secret)).toBe('203.0.113.5');
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5, 10.0.0.1', [INTERNAL_SECRET_HEADER]: secret }), secret)).toBe('203.0.113.5');
  });

  it("otherwise the socket's address: any other caller could write any address", () => {
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5' }), secret)).toBe('10.0.0.9');
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5', [INTERNAL_SECRET_HEADER]: 'x'.repeat(secret.length) }), secret)).toBe('10.0.0.9');
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5', [INTERNAL_SECRET_HEADER]: 'short' }), secret)).toBe('10.0.0.9');
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5', [INTERNAL_SECRET_HEADER]: '' }), undefined)).toBe('10.0.0.9');
  });
});
