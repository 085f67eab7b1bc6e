import { createHash } from 'node:crypto';

export function toBuffer(body: Buffer | Uint8Array): Buffer {
  // A view, not a copy: a Uint8Array may be a window into a larger ArrayBuffer.
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Hex MD5, the ETag S3 gives a single-part upload, so both adapters report comparable ETags. */
export function md5Hex(body: Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
