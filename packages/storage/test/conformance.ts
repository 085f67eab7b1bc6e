import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStore } from '@brokerwise/storage';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Keys no adapter may accept: each escapes the store or is ambiguous as a path. */
export const BAD_KEYS = ['', '../secret', 'a/../../secret', 'a/..', '..', '/etc/passwd', 'a//b', 'a/./b', 'a\\..\\b', 'a/b/', 'nul\u0000byte'];

/**
 * One behaviour for every ObjectStore adapter. `make` returns an empty store of its own
 * (a fresh directory or bucket); each test deletes what it wrote.
 */
export function describeObjectStoreConformance(name: string, make: () => ObjectStore | Promise<ObjectStore>): void {
  describe(`ObjectStore conformance: ${name}`, () => {
    let store: ObjectStore;

    beforeEach(async () => {
      store = await make();
    });

    afterEach(async () => {
      for (const info of await store.list('')) await store.delete(info.key);
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('puts an object and reads it back with get, head and getStream', async () => {
      const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
      const put = await store.put('logos/ig/logo.svg', body, 'image/svg+xml');
      expect(put).toMatchObject({ key: 'logos/ig/logo.svg', size: body.length, contentType: 'image/svg+xml' });

      const got = await store.get('logos/ig/logo.svg');
      expect(got?.body.equals(body)).toBe(true);
      expect(got?.info).toMatchObject({ key: 'logos/ig/logo.svg', size: body.length, contentType: 'image/svg+xml' });

      const head = await store.head('logos/ig/logo.svg');
      expect(head).toMatchObject({ key: 'logos/ig/logo.svg', size: body.length, contentType: 'image/svg+xml' });
      if (put.etag !== undefined) expect(head?.etag).toBe(put.etag);

      const streamed = await store.getStream('logos/ig/logo.svg');
      expect(streamed?.info).toMatchObject({ size: body.length, contentType: 'image/svg+xml' });
      expect((await readAll(streamed!.stream)).equals(body)).toBe(true);
    });

    it('returns null for a missing key and ignores deleting one', async () => {
      expect(await store.get('nope/missing.png')).toBeNull();
      expect(await store.head('nope/missing.png')).toBeNull();
      expect(await store.getStream('nope/missing.png')).toBeNull();
      await expect(store.delete('nope/missing.png')).resolves.toBeUndefined();
    });

    it('treats a "folder" of other keys as a missing object', async () => {
      await store.put('folder/inside.txt', Buffer.from('x'), 'text/plain');
      expect(await store.get('folder')).toBeNull();
      expect(await store.head('folder')).toBeNull();
      expect(await store.getStream('folder')).toBeNull();
      await store.delete('folder');
      expect(await store.head('folder/inside.txt')).not.toBeNull();
    });

    it('round-trips every byte value, a Uint8Array view and an empty object', async () => {
      const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const random = randomBytes(200_000);
      await store.put('bin/all.bin', all, 'application/octet-stream');
      await store.put('bin/random.bin', random, 'application/octet-stream');
      // A view into the middle of a larger buffer: only the viewed bytes may be stored.
      const backing = new Uint8Array([9, 9, 1, 2, 3, 9, 9]);
      await store.put('bin/view.bin', backing.subarray(2, 5), 'application/octet-stream');
      await store.put('bin/empty.bin', Buffer.alloc(0), 'application/octet-stream');

      expect((await store.get('bin/all.bin'))?.body.equals(all)).toBe(true);
      expect((await store.get('bin/random.bin'))?.body.equals(random)).toBe(true);
      expect([...((await store.get('bin/view.bin'))?.body ?? [])]).toEqual([1, 2, 3]);
      const empty = await store.get('bin/empty.bin');
      expect(empty?.body.length).toBe(0);
      expect(empty?.info.size).toBe(0);
      const streamed = await store.getStream('bin/random.bin');
      expect((await readAll(streamed!.stream)).equals(random)).toBe(true);
    });

    it('reads byte ranges: first bytes, middle, open-ended, clamped end, last byte', async () => {
      const body = randomBytes(100_000);
      await store.put('videos/v/playback.mp4', body, 'video/mp4');
      const read = async (range: { start: number; end?: number }) => {
        const got = await store.getRange('videos/v/playback.mp4', range);
        expect(got).not.toBeNull();
        return { bytes: await readAll(got!.stream), info: got!.info, range: got!.range };
      };

      const first = await read({ start: 0, end: 1 });
      expect(first.bytes.equals(body.subarray(0, 2))).toBe(true);
      expect(first.range).toEqual({ start: 0, end: 1 });
      expect(first.info).toMatchObject({ key: 'videos/v/playback.mp4', size: body.length, contentType: 'video/mp4' });

      const middle = await read({ start: 40_000, end: 59_999 });
      expect(middle.bytes.equals(body.subarray(40_000, 60_000))).toBe(true);
      expect(middle.range).toEqual({ start: 40_000, end: 59_999 });

      const open = await read({ start: 99_000 });
      expect(open.bytes.equals(body.subarray(99_000))).toBe(true);
      expect(open.range).toEqual({ start: 99_000, end: 99_999 });

      const whole = await read({ start: 0 });
      expect(whole.bytes.equals(body)).toBe(true);
      expect(whole.range).toEqual({ start: 0, end: 99_999 });

      const clamped = await read({ start: 99_990, end: 1_000_000 });
      expect(clamped.bytes.equals(body.subarray(99_990))).toBe(true);
      expect(clamped.range).toEqual({ start: 99_990, end: 99_999 });

      const last = await read({ start: 99_999, end: 99_999 });
      expect([...last.bytes]).toEqual([body[99_999]]);
    });

    it('refuses a range past the end with the object size, and null for a missing key', async () => {
      await store.put('videos/w/playback.mp4', Buffer.from('0123456789'), 'video/mp4');
      await expect(store.getRange('videos/w/playback.mp4', { start: 10 })).rejects.toMatchObject({ code: 'STORAGE_RANGE_NOT_SATISFIABLE', size: 10 });
      await expect(store.getRange('videos/w/playback.mp4', { start: 50, end: 60 })).rejects.toMatchObject({ code: 'STORAGE_RANGE_NOT_SATISFIABLE', size: 10 });
      await store.put('videos/w/empty.mp4', Buffer.alloc(0), 'video/mp4');
      await expect(store.getRange('videos/w/empty.mp4', { start: 0 })).rejects.toMatchObject({ code: 'STORAGE_RANGE_NOT_SATISFIABLE', size: 0 });
      expect(await store.getRange('videos/none/playback.mp4', { start: 0, end: 1 })).toBeNull();
      await expect(store.getRange('videos/w/playback.mp4', { start: 5, end: 2 })).rejects.toThrow(RangeError);
      await expect(store.getRange('../x', { start: 0 })).rejects.toMatchObject({ code: 'STORAGE_INVALID_KEY' });
    });

    it('keeps the content type, and replaces body and type on overwrite', async () => {
      await store.put('docs/readme', Buffer.from('# 你好'), 'text/markdown; charset=utf-8');
      expect((await store.head('docs/readme'))?.contentType).toBe('text/markdown; charset=utf-8');

      await store.put('docs/readme', Buffer.from('{"ok":true}'), 'application/json');
      const got = await store.get('docs/readme');
      expect(got?.body.toString()).toBe('{"ok":true}');
      expect(got?.info.contentType).toBe('application/json');
      expect(got?.info.size).toBe(11);
    });

    it('stores keys with Chinese characters and spaces', async () => {
      const key = 'reviews/嘉盛 外汇/截图 1.png';
      await store.put(key, Buffer.from('png'), 'image/png');
      expect((await store.get(key))?.body.toString()).toBe('png');
      expect((await store.list('reviews/')).map((i) => i.key)).toEqual([key]);
    });

    it('delete removes the object from get, head and list', async () => {
      await store.put('tmp/a.txt', Buffer.from('a'), 'text/plain');
      await store.put('tmp/b.txt', Buffer.from('b'), 'text/plain');
      await store.delete('tmp/a.txt');
      expect(await store.get('tmp/a.txt')).toBeNull();
      expect(await store.head('tmp/a.txt')).toBeNull();
      expect((await store.list('tmp/')).map((i) => i.key)).toEqual(['tmp/b.txt']);
    });

    it('lists recursively by string prefix, sorted, with size and content type', async () => {
      await store.put('avatars/cd/3.png', Buffer.from('333'), 'image/png');
      await store.put('avatars/ab/1.png', Buffer.from('1'), 'image/png');
      await store.put('avatars/ab/2.webp', Buffer.from('22'), 'image/webp');
      await store.put('avatarsx/4.png', Buffer.from('4444'), 'image/png');
      await store.put('videos/5.mp4', Buffer.from('55555'), 'video/mp4');

      expect(await store.list('avatars/')).toEqual([
        expect.objectContaining({ key: 'avatars/ab/1.png', size: 1, contentType: 'image/png' }),
        expect.objectContaining({ key: 'avatars/ab/2.webp', size: 2, contentType: 'image/webp' }),
        expect.objectContaining({ key: 'avatars/cd/3.png', size: 3, contentType: 'image/png' }),
      ]);
      expect((await store.list('avatars/ab/')).map((i) => i.key)).toEqual(['avatars/ab/1.png', 'avatars/ab/2.webp']);
      expect((await store.list('avatars/ab/2')).map((i) => i.key)).toEqual(['avatars/ab/2.webp']);
      expect((await store.list('ava')).map((i) => i.key)).toEqual([
        'avatars/ab/1.png',
        'avatars/ab/2.webp',
        'avatars/cd/3.png',
        'avatarsx/4.png',
      ]);
      expect((await store.list('')).map((i) => i.key)).toHaveLength(5);
      expect(await store.list('nothing/')).toEqual([]);
    });

    it('rejects keys that are absolute, traverse upwards or are malformed', async () => {
      for (const key of BAD_KEYS) {
        await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toMatchObject({
          code: 'STORAGE_INVALID_KEY',
        });
        await expect(store.get(key), key).rejects.toMatchObject({ code: 'STORAGE_INVALID_KEY' });
        await expect(store.getStream(key), key).rejects.toMatchObject({ code: 'STORAGE_INVALID_KEY' });
        await expect(store.head(key), key).rejects.toMatchObject({ code: 'STORAGE_INVALID_KEY' });
        await expect(store.delete(key), key).rejects.toMatchObject({ code: 'STORAGE_INVALID_KEY' });
      }
      for (const prefix of ['../', '/abs/', 'a/../', '..\\x']) {
        await expect(store.list(prefix), prefix).rejects.toMatchObject({ code: 'STORAGE_INVALID_KEY' });
      }
      expect(await store.list('')).toEqual([]);
    });

    it('rejects the names reserved for bookkeeping', async () => {
      await expect(store.put('x.meta.json', Buffer.from('{}'), 'application/json')).rejects.toMatchObject({
        code: 'STORAGE_INVALID_KEY',
      });
      await expect(store.put('.tmp/x', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
        code: 'STORAGE_INVALID_KEY',
      });
    });
  });
}
