import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStore, createObjectStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { BAD_KEYS, describeObjectStoreConformance } from './conformance.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), `${uniqueName('disk-store')}-`));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeObjectStoreConformance('disk', () => new DiskStore({ dir: join(root, uniqueName('store')) }));

describe('DiskStore', () => {
  it('writes nothing outside its directory for traversal attempts', async () => {
    const outer = join(root, uniqueName('outer'));
    const store = new DiskStore({ dir: join(outer, 'inner') });
    await store.put('ok.txt', Buffer.from('ok'), 'text/plain');
    for (const key of BAD_KEYS) await store.put(key, Buffer.from('x'), 'text/plain').catch(() => undefined);
    expect(await readdir(outer)).toEqual(['inner']);
    expect((await readdir(join(outer, 'inner'))).sort()).toEqual(['.tmp', 'ok.txt', 'ok.txt.meta.json']);
  });

  it('keeps the content type in a sidecar and leaves no temporary files', async () => {
    const dir = join(root, uniqueName('store'));
    const store = new DiskStore({ dir });
    await store.put('a/b.png', Buffer.from('png'), 'image/png');
    await store.put('a/b.png', Buffer.from('png2'), 'image/png');
    expect(JSON.parse(await readFile(join(dir, 'a', 'b.png.meta.json'), 'utf8'))).toMatchObject({
      contentType: 'image/png',
    });
    expect(await readdir(join(dir, '.tmp'))).toEqual([]);
    await store.delete('a/b.png');
    expect(await readdir(join(dir, 'a'))).toEqual([]);
  });

  it('serves a file placed without a sidecar as application/octet-stream', async () => {
    const dir = join(root, uniqueName('store'));
    const store = new DiskStore({ dir });
    await store.ping();
    await writeFile(join(dir, 'manual.bin'), Buffer.from([1, 2]));
    expect(await store.head('manual.bin')).toEqual({ key: 'manual.bin', size: 2, contentType: 'application/octet-stream' });
    expect((await store.list('')).map((i) => i.key)).toEqual(['manual.bin']);
  });

  it('is what createObjectStore returns without S3 settings, under <dataDir>/objects', async () => {
    const dataDir = join(root, uniqueName('data'));
    const store = await createObjectStore({ dataDir });
    expect(store.kind).toBe('disk');
    await store.put('x/y.txt', Buffer.from('hi'), 'text/plain');
    expect(await readFile(join(dataDir, 'objects', 'x', 'y.txt'), 'utf8')).toBe('hi');
  });
});
