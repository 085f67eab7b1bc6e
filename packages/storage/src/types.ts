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

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<ObjectInfo>;
  /** null when the key does not exist. */
  get(key: string): Promise<{ body: Buffer; info: ObjectInfo } | null>;
  /** A readable stream of the object, or null; for large files (video). */
  getStream(key: string): Promise<{ stream: NodeJS.ReadableStream; info: ObjectInfo } | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Throws when the store is unreachable (readiness probe). */
  ping(): Promise<void>;
}
