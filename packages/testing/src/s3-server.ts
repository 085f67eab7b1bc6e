/**
 * An S3 server for the production topology on one machine and for tests (ADR 016): s3rver keeps
 * the objects on disk and speaks the S3 API; in front of it this file checks every request's AWS
 * Signature Version 4 (s3rver only checks version 2) against one random key pair, so a client with
 * the wrong secret, or none, is refused as real S3 refuses it (403).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import S3rver from 's3rver';

export interface OwnS3Server {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  close(): Promise<void>;
}

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, '%20'));
  } catch {
    return s;
  }
};
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

interface SignedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Why a request is refused, or null when its `Authorization: AWS4-HMAC-SHA256 …` header is valid
 * for `accessKey`/`secretKey`. The payload hash is taken from `x-amz-content-sha256` as signed.
 */
export function sigV4Problem(req: SignedRequest, accessKey: string, secretKey: string): string | null {
  const auth = String(req.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return 'AccessDenied';
  const [, key, date, region, service, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string, string];
  if (key !== accessKey) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return 'SignatureDoesNotMatch';
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const query = (q < 0 ? '' : req.url.slice(q + 1))
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return [encode(decode(i < 0 ? pair : pair.slice(0, i))), encode(decode(i < 0 ? '' : pair.slice(i + 1)))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'AccessDenied';
  const canonicalHeaders = names.map((n) => `${n}:${[req.headers[n] ?? ''].flat().join(',').trim().replace(/\s+/g, ' ')}\n`).join('');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  const canonicalRequest = [req.method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'SignatureDoesNotMatch';
}

/** s3rver's own account registry, to swap its public dummy key pair for a random one. */
interface S3rverAccount {
  createKeyPair(id: string, secret: string): void;
  revokeAccessKey(id: string): void;
}

export async function startS3Server(opts: { dir: string; bucket?: string; region?: string; port?: number }): Promise<OwnS3Server> {
  const bucket = opts.bucket ?? 'brokerwise-media';
  const region = opts.region ?? 'us-east-1';
  const accessKey = `BW${randomBytes(9).toString('hex').toUpperCase()}`;
  const secretKey = randomBytes(30).toString('base64url');
  const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: S3rverAccount };
  DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
  DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);

  const s3 = new S3rver({ port: opts.port ?? 0, address: '127.0.0.1', silent: true, directory: opts.dir, configureBuckets: [{ name: bucket, configs: [] }] });
  // First in s3rver's (Koa) middleware chain: nothing unsigned or wrongly signed reaches a bucket.
  const koa = s3 as unknown as { middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[] };
  koa.middleware.unshift(async (ctx, next) => {
    const problem = sigV4Problem({ method: ctx.method, url: ctx.url, headers: ctx.headers }, accessKey, secretKey);
    if (problem) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${problem}</Code><Message>Request refused: ${problem}</Message></Error>`;
      return;
    }
    await next();
  });
  const { port } = (await s3.run()) as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, accessKey, secretKey, bucket, region, close: () => s3.close() as unknown as Promise<void> };
}

interface KoaContext {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
