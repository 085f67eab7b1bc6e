import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DiskStore } from './disk.ts';
import { S3Store } from './s3.ts';
import type { S3StoreOptions } from './s3.ts';
import type { ObjectStore } from './types.ts';

export type { ByteRange, ObjectInfo, ObjectStore, RangedObject } from './types.ts';
export { DiskStore, type DiskStoreOptions } from './disk.ts';
export { S3Store, type S3StoreOptions } from './s3.ts';
export { InvalidKeyError, RangeNotSatisfiableError, assertValidKey, assertValidPrefix } from './keys.ts';
export { parseS3Env } from './env.ts';
export { documentKind, type DocumentKind } from './document.ts';
export {
  RESPONSIVE_CONTENT_TYPES,
  RESPONSIVE_FORMATS,
  RESPONSIVE_WIDTHS,
  allVariantKeys,
  distinctSizes,
  hasResponsiveVariants,
  parseVariantKey,
  variantKey,
  variantKeys,
  variantSizesOf,
  type ResponsiveFormat,
  type ResponsiveKind,
  type VariantSize,
} from './responsive.ts';

export interface ObjectStoreConfig {
  /** The process's data directory; the disk store uses `<dataDir>/objects`. */
  dataDir: string;
  /** Set in production (see `parseS3Env`); without it objects live on disk. */
  s3?: S3StoreOptions;
}

/** The configured store, ready to use: the bucket exists, or the directory does. */
export async function createObjectStore(config: ObjectStoreConfig): Promise<ObjectStore> {
  if (config.s3) {
    const store = new S3Store(config.s3);
    await store.ensureBucket();
    return store;
  }
  const dir = join(config.dataDir, 'objects');
  await mkdir(dir, { recursive: true });
  return new DiskStore({ dir });
}
