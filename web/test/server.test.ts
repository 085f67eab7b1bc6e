import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pickEncoding, visitorAddress } from '../server.ts';

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
  it("takes the gateway's X-Forwarded-For, else the socket's address", () => {
    const req = (headers: Record<string, string>, remoteAddress = '10.0.0.9') => ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5' }))).toBe('203.0.113.5');
    expect(visitorAddress(req({ 'x-forwarded-for': '203.0.113.5, 10.0.0.1' }))).toBe('203.0.113.5');
    expect(visitorAddress(req({}))).toBe('10.0.0.9');
  });
});
