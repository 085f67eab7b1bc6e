import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pickEncoding, toFetchRequest, visitorAddress } from '../server.ts';
import { INTERNAL_SECRET_HEADER } from '@brokerwise/api-contract';

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

  it("takes the server's preference among what the client accepts (pages: gzip first, ADR 037)", () => {
    expect(pickEncoding('gzip, deflate, br, zstd', ['gzip', 'br'])).toBe('gzip');
    expect(pickEncoding('br', ['gzip', 'br'])).toBe('br');
    expect(pickEncoding('gzip;q=0, br', ['gzip', 'br'])).toBe('br');
    // A preference the client states (q-values) comes first.
    expect(pickEncoding('br;q=1, gzip;q=0.9', ['gzip', 'br'])).toBe('br');
    expect(pickEncoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip');
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

describe('toFetchRequest: the page URL (ADR 015)', () => {
  const req = (headers: Record<string, string>, url = '/detail?id=x') =>
    ({ headers, url, method: 'GET', rawHeaders: Object.entries(headers).flat(), socket: { remoteAddress: '10.0.0.9' } }) as unknown as IncomingMessage;
  const res = new EventEmitter() as unknown as ServerResponse;
  const origins = ['https://brokerwise.example', 'https://www.brokerwise.example'];

  it('keeps the origin the visitor used when it is one of the public origins', () => {
    expect(toFetchRequest(req({ host: 'www.brokerwise.example', 'x-forwarded-proto': 'https' }), res, 'localhost:1', origins).url).toBe('https://www.brokerwise.example/detail?id=x');
    expect(toFetchRequest(req({ host: 'web:3100', 'x-forwarded-host': 'BrokerWise.example', 'x-forwarded-proto': 'https' }), res, 'localhost:1', origins).url).toBe('https://brokerwise.example/detail?id=x');
  });

  it('puts any other host, and a path that names a host, on the canonical origin', () => {
    expect(toFetchRequest(req({ host: 'evil.example', 'x-forwarded-proto': 'https' }), res, 'localhost:1', origins).url).toBe('https://brokerwise.example/detail?id=x');
    expect(toFetchRequest(req({ host: 'brokerwise.example' }), res, 'localhost:1', origins).url).toBe('https://brokerwise.example/detail?id=x'); // http:// is not listed
    expect(new URL(toFetchRequest(req({ host: 'www.brokerwise.example', 'x-forwarded-proto': 'https' }, '//evil.example/x'), res, 'localhost:1', origins).url).host).toBe('www.brokerwise.example');
  });

  it('without a list (development) takes the host the gateway let through', () => {
    expect(toFetchRequest(req({ host: '127.0.0.1:3000' }), res, 'localhost:1').url).toBe('http://127.0.0.1:3000/detail?id=x');
  });
});
