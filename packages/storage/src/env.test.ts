import { describe, expect, it } from 'vitest';
import { parseS3Env } from './env.ts';

const complete = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY: 'minio',
  S3_SECRET_KEY: 'minio-secret',
  S3_BUCKET: 'brokerwise',
};

describe('parseS3Env', () => {
  it('is undefined without S3_ENDPOINT, whatever else is set', () => {
    expect(parseS3Env({})).toBeUndefined();
    expect(parseS3Env({ ...complete, S3_ENDPOINT: '' })).toBeUndefined();
  });

  it('reads host, port and scheme from the endpoint URL', () => {
    expect(parseS3Env(complete)).toEqual({
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
      accessKey: 'minio',
      secretKey: 'minio-secret',
      bucket: 'brokerwise',
    });
    expect(parseS3Env({ ...complete, S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com', S3_REGION: 'eu-central-1' }))
      .toMatchObject({ endPoint: 's3.eu-central-1.amazonaws.com', port: 443, useSSL: true, region: 'eu-central-1' });
    expect(parseS3Env({ ...complete, S3_ENDPOINT: 'http://minio' })).toMatchObject({ port: 80, useSSL: false });
    expect(parseS3Env({ ...complete, S3_ENDPOINT: 'http://[::1]:9000' })).toMatchObject({ endPoint: '::1', port: 9000 });
  });

  it('names every missing variable at once', () => {
    expect(() => parseS3Env({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b' })).toThrow(
      /S3_ACCESS_KEY is required.*S3_SECRET_KEY is required/,
    );
  });

  it('rejects an endpoint that is not a bare http(s) origin', () => {
    expect(() => parseS3Env({ ...complete, S3_ENDPOINT: '127.0.0.1:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseS3Env({ ...complete, S3_ENDPOINT: 'ftp://host' })).toThrow(/http\(s\)/);
    expect(() => parseS3Env({ ...complete, S3_ENDPOINT: 'http://host:9000/bucket' })).toThrow(/no path/);
  });
});
