/**
 * Object-storage port: `DiskStore` (a directory under data/) and `S3Store` (any S3 endpoint via minio).
 * Keys are `/`-separated paths without a leading slash, e.g. `avatars/ab/abcd.png`.
 */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  etag?: string;
}

/** Inclusive byte range of an object, as in HTTP `Range: bytes=start-end`; `end` absent = to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** A ranged read: `info.size` is the whole object's size; `range` the bytes the stream carries. */
export interface RangedObject {
  stream: NodeJS.ReadableStream;
  info: ObjectInfo;
  /** Inclusive; `end` is clamped to the last byte of the object. */
  range: { start: number; end: number };
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<ObjectInfo>;
  /** null when the key does not exist. */
  get(key: string): Promise<{ body: Buffer; info: ObjectInfo } | null>;
  /** A readable stream of the object, or null; for large files (video). */
  getStream(key: string): Promise<{ stream: NodeJS.ReadableStream; info: ObjectInfo } | null>;
  /**
   * Bytes `start..end` (inclusive) of the object, streamed, or null when the key does not exist
   * (video seeking: HTTP Range). Throws `RangeNotSatisfiableError` (code
   * `STORAGE_RANGE_NOT_SATISFIABLE`, with the object's `size`) when `start` is past the last byte.
   */
  getRange(key: string, range: ByteRange): Promise<RangedObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Throws when the store is unreachable (readiness probe). */
  ping(): Promise<void>;
}
