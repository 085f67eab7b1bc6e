import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** Thrown when a body passes its byte limit; the caller turns it into a field error. */
export class TooLarge extends Error {
  constructor(max: number) {
    super(`body larger than ${max} bytes`);
    this.name = 'TooLarge';
  }
}

/** A per-job scratch directory under `parent`, removed (with everything in it) by `remove`. */
export async function scratchDir(parent: string, prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(parent, `bw-media-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Reads `body` chunk by chunk into `sink`, at most `max` bytes. Past the limit the rest is read
 * and thrown away (up to 4 × max, then the stream is destroyed), so a well-behaved client that
 * is still sending gets our answer instead of a reset connection; then TooLarge is thrown.
 */
async function consume(body: Readable, max: number, sink: (chunk: Buffer) => Promise<void> | void): Promise<number> {
  const it = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let seen = 0;
  let over = false;
  for (;;) {
    const { value, done } = await it.next();
    if (done) break;
    const chunk = typeof value === 'string' ? Buffer.from(value) : value;
    seen += chunk.length;
    if (over) {
      if (seen > 4 * max) {
        body.destroy();
        break;
      }
      continue;
    }
    if (seen > max) {
      over = true;
      continue;
    }
    await sink(chunk);
  }
  if (over) throw new TooLarge(max);
  return seen;
}

/** Streams `body` into a new `file`, at most `max` bytes (TooLarge past that). Returns the size. */
export async function receiveToFile(body: Readable, file: string, max: number): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx' });
  // A client that goes away (or a body over the limit) destroys `out` while a write may still be
  // in flight; that write then fails on its own. Without a listener that error killed the process.
  out.on('error', () => {});
  try {
    const size = await consume(body, max, async (chunk) => {
      if (!out.write(chunk)) await once(out, 'drain');
    });
    out.end();
    await finished(out);
    return size;
  } catch (err) {
    out.destroy();
    await finished(out).catch(() => {});
    throw err;
  }
}

/** Reads `body` into memory, at most `max` bytes (TooLarge past that). */
export async function receiveToBuffer(body: Readable | Buffer, max: number): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > max) throw new TooLarge(max);
    return body;
  }
  const chunks: Buffer[] = [];
  await consume(body, max, (chunk) => void chunks.push(chunk));
  return Buffer.concat(chunks);
}
