import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { BucketItem } from 'minio';
import { readAll, toBuffer } from './body.ts';
import { mapLimit } from './concurrency.ts';
import { RangeNotSatisfiableError, assertValidKey, assertValidPrefix, assertValidRange } from './keys.ts';
import type { ByteRange, ObjectInfo, ObjectStore, RangedObject } from './types.ts';

export interface S3StoreOptions {
  /** Host name only, e.g. `127.0.0.1` or `s3.eu-central-1.amazonaws.com`. */
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /** `bucket` in the path rather than the host name; default true (MinIO, s3rver, most S3 clones). */
  pathStyle?: boolean;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Objects in one S3 bucket through the minio client. Bodies are Buffers, which minio always
 * sends as one PUT (no multipart upload), so objects stay below S3's 5 GiB single-PUT limit.
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly #client: Client;
  readonly #region: string | undefined;
  #bucketReady: Promise<void> | undefined;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.#region = options.region;
    this.#client = new Client({
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      pathStyle: options.pathStyle ?? true,
      ...(options.region && { region: options.region }),
    });
  }

  /** Creates the bucket when missing. Called once by every operation; cheap after the first. */
  ensureBucket(): Promise<void> {
    this.#bucketReady ??= this.#createBucket().catch((err: unknown) => {
      this.#bucketReady = undefined; // retry on the next call rather than failing forever
      throw err;
    });
    return this.#bucketReady;
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<ObjectInfo> {
    assertValidKey(key);
    await this.ensureBucket();
    const data = toBuffer(body);
    const { etag } = await this.#client.putObject(this.bucket, key, data, data.length, {
      'Content-Type': contentType,
    });
    return { key, size: data.length, contentType, etag };
  }

  async get(key: string): Promise<{ body: Buffer; info: ObjectInfo } | null> {
    const found = await this.getStream(key);
    if (!found) return null;
    return { body: await readAll(found.stream), info: found.info };
  }

  async getStream(key: string): Promise<{ stream: NodeJS.ReadableStream; info: ObjectInfo } | null> {
    assertValidKey(key);
    await this.ensureBucket();
    let stream: Readable;
    try {
      stream = await this.#client.getObject(this.bucket, key);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    // minio hands back the HTTP response itself: reading the metadata from its headers costs no
    // second request and cannot describe a different version than the bytes being streamed.
    const headers = (stream as Readable & { headers?: IncomingHttpHeaders }).headers;
    if (!headers) {
      stream.destroy();
      throw new Error('minio getObject returned a stream without response headers');
    }
    return {
      stream,
      info: {
        key,
        size: Number(headers['content-length'] ?? 0),
        contentType: headers['content-type'] ?? DEFAULT_CONTENT_TYPE,
        ...(typeof headers.etag === 'string' && { etag: headers.etag.replace(/^"|"$/g, '') }),
      },
    };
  }

  async getRange(key: string, range: ByteRange): Promise<RangedObject | null> {
    assertValidRange(range);
    assertValidKey(key);
    await this.ensureBucket();
    let stream: Readable;
    try {
      // One request: S3 answers 206 with `Content-Range: bytes a-b/size`, or 416 InvalidRange.
      // (minio sends no Range header for offset 0 without a length: a 200 with the whole object.)
      const length = range.end === undefined ? 0 : range.end - range.start + 1;
      stream = await this.#client.getPartialObject(this.bucket, key, range.start, length);
    } catch (err) {
      if (isNotFound(err)) return null;
      if ((err as { code?: unknown } | null)?.code === 'InvalidRange') {
        // The error carries no size: ask for it (416 must name the size in Content-Range).
        const info = await this.head(key);
        if (!info) return null;
        throw new RangeNotSatisfiableError(key, info.size);
      }
      throw err;
    }
    const headers = (stream as Readable & { headers?: IncomingHttpHeaders }).headers;
    if (!headers) {
      stream.destroy();
      throw new Error('minio getPartialObject returned a stream without response headers');
    }
    const length = Number(headers['content-length'] ?? 0);
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(headers['content-range'] ?? ''));
    // A 200 (no Content-Range) carries the whole object.
    const start = match ? Number(match[1]) : 0;
    const end = match ? Number(match[2]) : length - 1;
    const size = match ? Number(match[3]) : length;
    if (end < start) {
      // An empty object: S3 has no byte 0 to send.
      stream.destroy();
      throw new RangeNotSatisfiableError(key, size);
    }
    return {
      stream,
      info: {
        key,
        size,
        contentType: headers['content-type'] ?? DEFAULT_CONTENT_TYPE,
        ...(typeof headers.etag === 'string' && { etag: headers.etag.replace(/^"|"$/g, '') }),
      },
      range: { start, end },
    };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    await this.ensureBucket();
    try {
      const st = await this.#client.statObject(this.bucket, key);
      const contentType = st.metaData['content-type'];
      return {
        key,
        size: st.size,
        contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE,
        etag: st.etag,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.ensureBucket();
    await this.#client.removeObject(this.bucket, key);
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    assertValidPrefix(prefix);
    await this.ensureBucket();
    const items: Array<BucketItem & { name: string }> = [];
    for await (const item of this.#client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<BucketItem>) {
      if (item.name !== undefined) items.push(item);
    }
    items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // S3 listings carry no content type: one HEAD per object, a few at a time.
    const infos = await mapLimit(items, 8, (item) => this.head(item.name));
    return infos.filter((info): info is ObjectInfo => info !== null); // deleted while listing
  }

  async ping(): Promise<void> {
    if (!(await this.#client.bucketExists(this.bucket))) {
      throw new Error(`S3 bucket ${this.bucket} does not exist`);
    }
  }

  async #createBucket(): Promise<void> {
    if (await this.#client.bucketExists(this.bucket)) return;
    try {
      await this.#client.makeBucket(this.bucket, this.#region ?? '');
    } catch (err) {
      // Another replica created it between our check and our request.
      const code = (err as { code?: unknown }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
    }
  }
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
}
