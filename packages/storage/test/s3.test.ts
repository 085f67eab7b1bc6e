import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Store, createObjectStore, parseS3Env } from '@brokerwise/storage';
import type { S3StoreOptions } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { describeObjectStoreConformance } from './conformance.ts';

// s3rver checks request signatures against these fixed credentials.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

let dir: string;
let server: S3rver;
let port: number;

/** S3 bucket names allow lower-case letters, digits and '-' only. */
function bucketName(): string {
  return uniqueName('bw-test').replace(/_/g, '-').toLowerCase();
}

function options(bucket: string): S3StoreOptions {
  return { endPoint: '127.0.0.1', port, useSSL: false, accessKey: ACCESS_KEY, secretKey: SECRET_KEY, bucket };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), `${uniqueName('s3rver')}-`));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  ({ port } = await server.run());
});

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

// A fresh bucket per test, created the way services create theirs.
describeObjectStoreConformance('s3', () => createObjectStore({ dataDir: dir, s3: options(bucketName()) }));

describe('S3Store', () => {
  it('createObjectStore creates the bucket from S3_* settings', async () => {
    const bucket = bucketName();
    const s3 = parseS3Env({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: ACCESS_KEY,
      S3_SECRET_KEY: SECRET_KEY,
      S3_BUCKET: bucket,
    });
    // The bucket does not exist before: ping fails on a store that skipped creation.
    await expect(new S3Store(options(bucket)).ping()).rejects.toThrow(/does not exist/);
    const store = await createObjectStore({ dataDir: join(dir, 'unused'), s3 });
    expect(store.kind).toBe('s3');
    await expect(store.ping()).resolves.toBeUndefined();
    await expect(new S3Store(options(bucket)).ping()).resolves.toBeUndefined();
  });

  // s3rver checks the access key id but does not verify V4 signatures, so a wrong secret would pass.
  it('sends its credentials: an unknown access key is refused', async () => {
    const store = new S3Store({ ...options(bucketName()), accessKey: 'NOT-A-KEY' });
    await expect(store.put('a.txt', Buffer.from('a'), 'text/plain')).rejects.toMatchObject({
      code: 'InvalidAccessKeyId',
    });
    await expect(store.ping()).rejects.toThrow();
  });

  it('rejects ping when nothing listens', { timeout: 10_000 }, async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const store = new S3Store({ ...options(bucketName()), port: address.port });
    await expect(store.ping()).rejects.toThrow();
  });
});
