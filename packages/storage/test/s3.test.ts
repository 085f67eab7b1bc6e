import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Store, createObjectStore, parseS3Env } from '@brokerwise/storage';
import type { S3StoreOptions } from '@brokerwise/storage';
import { startS3Server, uniqueName, type OwnS3Server } from '@brokerwise/testing';
import { describeObjectStoreConformance } from './conformance.ts';

let dir: string;
let server: OwnS3Server;
let port: number;

/** S3 bucket names allow lower-case letters, digits and '-' only. */
function bucketName(): string {
  return uniqueName('bw-test').replace(/_/g, '-').toLowerCase();
}

function options(bucket: string): S3StoreOptions {
  return { endPoint: '127.0.0.1', port, useSSL: false, accessKey: server.accessKey, secretKey: server.secretKey, bucket };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), `${uniqueName('s3rver')}-`));
  // s3rver behind a Signature V4 check (ADR 016), with a random key pair.
  server = await startS3Server({ dir });
  port = Number(new URL(server.endpoint).port);
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
      S3_ACCESS_KEY: server.accessKey,
      S3_SECRET_KEY: server.secretKey,
      S3_BUCKET: bucket,
    });
    // The bucket does not exist before: ping fails on a store that skipped creation.
    await expect(new S3Store(options(bucket)).ping()).rejects.toThrow(/does not exist/);
    const store = await createObjectStore({ dataDir: join(dir, 'unused'), s3 });
    expect(store.kind).toBe('s3');
    await expect(store.ping()).resolves.toBeUndefined();
    await expect(new S3Store(options(bucket)).ping()).resolves.toBeUndefined();
  });

  it('signs with its credentials: an unknown access key or a wrong secret is refused', async () => {
    const store = new S3Store({ ...options(bucketName()), accessKey: 'NOT-A-KEY' });
    await expect(store.put('a.txt', Buffer.from('a'), 'text/plain')).rejects.toMatchObject({
      code: 'InvalidAccessKeyId',
    });
    await expect(store.ping()).rejects.toThrow();
    const forged = new S3Store({ ...options('brokerwise-media'), secretKey: 'not-the-secret' });
    await expect(forged.put('a.txt', Buffer.from('a'), 'text/plain')).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    await expect(forged.head('a.txt')).rejects.toThrow();
    const anonymous = await fetch(`${server.endpoint}/brokerwise-media/a.txt`);
    expect(anonymous.status).toBe(403);
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
