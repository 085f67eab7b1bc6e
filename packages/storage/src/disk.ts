import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { access, lstat, mkdir, open, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { md5Hex, toBuffer } from './body.ts';
import { mapLimit } from './concurrency.ts';
import { META_SUFFIX, TMP_SEGMENT, InvalidKeyError, RangeNotSatisfiableError, assertValidKey, assertValidPrefix, assertValidRange } from './keys.ts';
import type { ByteRange, ObjectInfo, ObjectStore, RangedObject } from './types.ts';

export interface DiskStoreOptions {
  /** Root directory; created on first write. */
  dir: string;
}

interface Meta {
  contentType: string;
  etag?: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Objects as files under one directory (`npm start`, single-machine installs). The content type
 * lives in a `<file>.meta.json` sidecar. Writes go to `<dir>/.tmp/` and are renamed into place,
 * so a reader sees the old object or the new one, never half of one.
 * A key cannot be both an object and a "folder" of others (`a` and `a/b`), unlike on S3.
 */
export class DiskStore implements ObjectStore {
  readonly kind = 'disk' as const;
  readonly dir: string;

  constructor(options: DiskStoreOptions) {
    this.dir = resolve(options.dir);
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<ObjectInfo> {
    const path = this.#path(key);
    const data = toBuffer(body);
    const meta: Meta = { contentType, etag: md5Hex(data) };
    await mkdir(dirname(path), { recursive: true });
    if (await this.head(key)) {
      // Replacing: data first, then its sidecar. A crash in between leaves the new bytes with the
      // old type, never a type describing bytes that were not written.
      await this.#writeAtomic(path, data);
      await this.#writeAtomic(path + META_SUFFIX, JSON.stringify(meta));
    } else {
      // New: the sidecar first, so the object appears with its type (a reader between the two
      // writes would otherwise see it as application/octet-stream); a sidecar alone is no object.
      await this.#writeAtomic(path + META_SUFFIX, JSON.stringify(meta));
      await this.#writeAtomic(path, data);
    }
    return { key, size: data.length, contentType, etag: meta.etag };
  }

  async get(key: string): Promise<{ body: Buffer; info: ObjectInfo } | null> {
    const path = this.#path(key);
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    return { body, info: await this.#info(key, path, body.length) };
  }

  /**
   * Opens a stored file and hands `read` its handle, size and info; null when there is no such
   * object. Size and stream come from the same open file, so a concurrent put (a rename) can't mix
   * them. The handle is closed here if `read` throws, and by its stream otherwise.
   */
  async #readOpen<T>(key: string, read: (handle: FileHandle, size: number, info: ObjectInfo) => T): Promise<T | null> {
    const path = this.#path(key);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) {
        await handle.close();
        return null;
      }
      return read(handle, st.size, await this.#info(key, path, st.size));
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async getStream(key: string): Promise<{ stream: NodeJS.ReadableStream; info: ObjectInfo } | null> {
    return this.#readOpen(key, (handle, _size, info) => ({ stream: handle.createReadStream(), info }));
  }

  async getRange(key: string, range: ByteRange): Promise<RangedObject | null> {
    assertValidRange(range);
    return this.#readOpen(key, (handle, size, info) => {
      if (range.start >= size) throw new RangeNotSatisfiableError(key, size);
      const end = Math.min(range.end ?? size - 1, size - 1);
      return { stream: handle.createReadStream({ start: range.start, end }), info, range: { start: range.start, end } };
    });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const path = this.#path(key);
    try {
      const st = await stat(path);
      if (!st.isFile()) return null;
      return await this.#info(key, path, st.size);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.#path(key);
    try {
      // A directory at this path is a "folder" of other keys, not this object.
      if (!(await lstat(path)).isFile()) return;
      await unlink(path);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    await rm(path + META_SUFFIX, { force: true });
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    assertValidPrefix(prefix);
    // Walk only the deepest directory the prefix names; the rest of the prefix filters names.
    const base = join(this.dir, ...prefix.split('/').slice(0, -1));
    let entries;
    try {
      entries = await readdir(base, { recursive: true, withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
    const tmpDir = join(this.dir, TMP_SEGMENT);
    const keys: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(META_SUFFIX)) continue;
      const full = join(entry.parentPath, entry.name);
      if (full.startsWith(tmpDir + sep)) continue;
      const key = relative(this.dir, full).split(sep).join('/');
      if (key.startsWith(prefix)) keys.push(key);
    }
    keys.sort();
    const infos = await mapLimit(keys, 16, async (key) => {
      try {
        const path = this.#path(key);
        return await this.#info(key, path, (await stat(path)).size);
      } catch (err) {
        if (isMissing(err)) return null; // deleted while listing
        throw err;
      }
    });
    return infos.filter((info): info is ObjectInfo => info !== null);
  }

  async ping(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.R_OK | constants.W_OK);
  }

  #path(key: string): string {
    assertValidKey(key);
    const path = join(this.dir, ...key.split('/'));
    // Belt and braces: validation already rules out every way out of the root.
    if (!path.startsWith(this.dir + sep)) throw new InvalidKeyError(key, 'outside the store');
    return path;
  }

  async #info(key: string, path: string, size: number): Promise<ObjectInfo> {
    let meta: Partial<Meta> = {};
    try {
      meta = JSON.parse(await readFile(path + META_SUFFIX, 'utf8')) as Partial<Meta>;
    } catch (err) {
      // Files copied in by hand have no sidecar.
      if (!isMissing(err)) throw err;
    }
    return {
      key,
      size,
      contentType: typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE,
      ...(typeof meta.etag === 'string' && { etag: meta.etag }),
    };
  }

  async #writeAtomic(path: string, data: Buffer | string): Promise<void> {
    const tmpDir = join(this.dir, TMP_SEGMENT);
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, randomUUID());
    try {
      // flush: fsync before the rename, so after a crash the name points at complete bytes.
      await writeFile(tmp, data, { flush: true });
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a parent in the key is a file; EISDIR: the key names a "folder".
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
