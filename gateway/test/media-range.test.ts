import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStore, createObjectStore, type ObjectStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { IMMUTABLE, mediaRoutes, parseRange } from '../src/routes/media.ts';

const VIDEO_KEY = 'videos/2f1e0c7a-5b6d-4e8f-9a0b-1c2d3e4f5a6b/playback.mp4';
const body = randomBytes(300_000);

let dir: string;
let s3: S3rver;
let s3Port: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), `${uniqueName('media-range')}-`));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 's3') });
  ({ port: s3Port } = await s3.run());
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('parseRange', () => {
  it('reads one bytes range, ignores other units and multiple ranges, flags malformed ones', () => {
    expect(parseRange(undefined)).toBe('none');
    expect(parseRange('bytes=0-1')).toEqual({ start: 0, end: 1 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRange('items=0-1')).toBe('none');
    expect(parseRange('bytes=0-1,5-6')).toBe('none');
    expect(parseRange('bytes=5-2')).toBe('invalid');
    expect(parseRange('bytes=-')).toBe('invalid');
    expect(parseRange('bytes=abc')).toBe('invalid');
  });
});

const adapters: [string, () => Promise<ObjectStore>][] = [
  ['disk', async () => new DiskStore({ dir: join(dir, uniqueName('disk')) })],
  [
    's3',
    async () =>
      createObjectStore({
        dataDir: dir,
        s3: { endPoint: '127.0.0.1', port: s3Port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: uniqueName('bw-range').replace(/_/g, '-').toLowerCase() },
      }),
  ],
];

describe.each(adapters)('/media/* with HTTP Range on the %s store', (_name, make) => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const objects = await make();
    await objects.put(VIDEO_KEY, body, 'video/mp4');
    await objects.put('logos/acme.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    await objects.put('videos/empty/x.mp4', Buffer.alloc(0), 'video/mp4');
    // Keep-alive sockets of the test's fetch must not hold close() up.
    app = Fastify({ forceCloseConnections: true });
    await app.register(async (m) => mediaRoutes(m, { objects }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (path: string, range?: string) => {
    const res = await fetch(`${base}${path}`, { headers: range ? { range } : {} });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('answers the whole file with Accept-Ranges and an immutable cache for generated names', async () => {
    const r = await get(`/media/${VIDEO_KEY}`);
    expect(r.status).toBe(200);
    expect(r.bytes.equals(body)).toBe(true);
    expect(r.headers.get('accept-ranges')).toBe('bytes');
    expect(r.headers.get('content-length')).toBe(String(body.length));
    expect(r.headers.get('content-type')).toBe('video/mp4');
    expect(r.headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await get('/media/logos/acme.svg')).headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('answers ranges with 206 and Content-Range, as a browser seeking asks', async () => {
    const first = await get(`/media/${VIDEO_KEY}`, 'bytes=0-1');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-1/${body.length}`);
    expect(first.headers.get('content-length')).toBe('2');
    expect(first.bytes.equals(body.subarray(0, 2))).toBe(true);

    // Chromium's first request for a <video>, then a seek.
    const open = await get(`/media/${VIDEO_KEY}`, 'bytes=0-');
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 0-${body.length - 1}/${body.length}`);
    expect(open.bytes.equals(body)).toBe(true);
    const seek = await get(`/media/${VIDEO_KEY}`, 'bytes=150000-');
    expect(seek.headers.get('content-range')).toBe(`bytes 150000-${body.length - 1}/${body.length}`);
    expect(seek.bytes.equals(body.subarray(150_000))).toBe(true);

    const suffix = await get(`/media/${VIDEO_KEY}`, 'bytes=-1000');
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${body.length - 1000}-${body.length - 1}/${body.length}`);
    expect(suffix.bytes.equals(body.subarray(body.length - 1000))).toBe(true);

    const clamped = await get(`/media/${VIDEO_KEY}`, `bytes=${body.length - 10}-${body.length + 500}`);
    expect(clamped.status).toBe(206);
    expect(clamped.bytes.equals(body.subarray(body.length - 10))).toBe(true);
    expect(clamped.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('answers 416 with the size for a range past the end or a malformed one', async () => {
    for (const range of [`bytes=${body.length}-`, `bytes=${body.length + 10}-${body.length + 20}`, 'bytes=9-3', 'bytes=-0']) {
      const r = await get(`/media/${VIDEO_KEY}`, range);
      expect({ range, status: r.status, contentRange: r.headers.get('content-range') }).toEqual({ range, status: 416, contentRange: `bytes */${body.length}` });
    }
    expect((await get('/media/videos/empty/x.mp4', 'bytes=0-')).status).toBe(416);
    expect((await get('/media/videos/none/playback.mp4', 'bytes=0-1')).status).toBe(404);
    // Several ranges: the whole file (allowed by RFC 9110).
    expect((await get(`/media/${VIDEO_KEY}`, 'bytes=0-1,4-5')).status).toBe(200);
  });

  it('answers a responsive size not made yet with its original, revalidated, and the made one for good (ADR 033)', async () => {
    const objects = await make();
    const cover = 'images/2f1e0c7a-5b6d-4e8f-9a0b-1c2d3e4f5a6b/cover.webp';
    const webp = Buffer.from('RIFF\0\0\0\0WEBPVP8 original');
    const local = Fastify({ forceCloseConnections: true });
    await local.register(async (m) => mediaRoutes(m, { objects }));
    await objects.put(cover, webp, 'image/webp');
    const early = await local.inject({ url: `/media/${cover}.640w.avif` });
    expect([early.statusCode, early.headers['content-type'], early.headers['cache-control'], early.rawPayload.equals(webp)]).toEqual([200, 'image/webp', 'no-cache', true]);
    await objects.put(`${cover}.640w.avif`, Buffer.from('avif bytes'), 'image/avif');
    const made = await local.inject({ url: `/media/${cover}.640w.avif` });
    expect([made.statusCode, made.headers['content-type'], made.headers['cache-control'], made.body]).toEqual([200, 'image/avif', IMMUTABLE, 'avif bytes']);
    // No original, or not a variant name: nothing.
    expect((await local.inject({ url: '/media/images/none/cover.webp.640w.avif' })).statusCode).toBe(404);
    expect((await local.inject({ url: `/media/${cover}.640.avif` })).statusCode).toBe(404);
    await local.close();
  });
});
