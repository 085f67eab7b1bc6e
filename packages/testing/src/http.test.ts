import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, jsonCaller, waitForMatch } from './http.ts';

// Echoes what arrived: method, path, content type and body (as text), or an error with a request id.
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/empty') return void res.writeHead(204).end();
      if (req.url === '/error') return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'bad', requestId: 'r1' } }));
      const body = Buffer.concat(chunks).toString();
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' }).end(JSON.stringify({ method: req.method, url: req.url, type: req.headers['content-type'] ?? null, body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('jsonCaller', () => {
  it('sends each kind of body the way the services expect it', async () => {
    const call = jsonCaller(() => base);
    expect((await call('GET', '/a')).body).toEqual({ method: 'GET', url: '/a', type: null, body: '' });
    expect((await call('POST', '/b', { x: 1 })).body).toEqual({ method: 'POST', url: '/b', type: 'application/json', body: '{"x":1}' });
    expect((await call('POST', '/c', '<p>hi</p>')).body).toMatchObject({ type: 'text/html', body: '<p>hi</p>' });
    expect((await call('POST', '/d', Buffer.from('raw'))).body).toMatchObject({ type: null, body: 'raw' });
    expect((await call('POST', '/e', Buffer.from('raw'), { 'content-type': 'image/png' })).body).toMatchObject({ type: 'image/png', body: 'raw' });
    expect((await call('POST', '/f', { x: 1 }, { 'content-type': 'application/merge-patch+json' })).body).toMatchObject({ type: 'application/merge-patch+json' });
  });

  it('reads status, headers and an empty body', async () => {
    const call = jsonCaller(base);
    const r = await call('GET', '/h');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-echo')).toBe('yes');
    expect(await call('GET', '/empty')).toMatchObject({ status: 204, body: undefined });
    expect(errorOf(await call('GET', '/error'))).toEqual({ code: 'bad' });
  });
});

describe('waitForMatch', () => {
  it('returns the first item that matches once it arrives', async () => {
    const items: number[] = [];
    setTimeout(() => items.push(1, 2, 3), 20);
    expect(await waitForMatch(items, (n) => n > 1, { attempts: 20, intervalMs: 5, message: 'none' })).toBe(2);
  });

  it('fails with the message after the last attempt', async () => {
    await expect(waitForMatch([1], (n) => n > 1, { attempts: 3, intervalMs: 1, message: 'nothing above one' })).rejects.toThrow('nothing above one');
  });
});
