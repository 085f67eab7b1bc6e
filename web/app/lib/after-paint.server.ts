/**
 * The server half of lib/after-paint.ts: the rendered document with React Router's module loads
 * made inert until the first paint. Three fixed pieces of markup React and React Router write
 * are rewritten as the bytes pass, nothing else:
 *
 * - `<link rel="modulepreload"` (the entry's and the route modules' chunks, hoisted into the head),
 * - `<link rel="preload" as="fetch"` (the page's messages, root.tsx),
 * - ` type="module" async="">` (React Router's inline route-modules script, the last of them; the
 *   rest of the document passes untouched).
 *
 * A piece split between two chunks is found: the last bytes of a chunk that could start one are
 * held back until the next.
 */
import { Transform } from 'node:stream';
import { AFTER_PAINT_REL_PREFIX, AFTER_PAINT_SCRIPT_TYPE } from './after-paint';

const REWRITES: [Buffer, Buffer][] = [
  ['<link rel="modulepreload"', `<link rel="${AFTER_PAINT_REL_PREFIX}modulepreload"`],
  ['<link rel="preload" as="fetch"', `<link rel="${AFTER_PAINT_REL_PREFIX}preload" as="fetch"`],
  [' type="module" async="">', ` type="${AFTER_PAINT_SCRIPT_TYPE}">`],
].map(([from, to]) => [Buffer.from(from!), Buffer.from(to!)]);
const LAST = REWRITES.length - 1;
const LONGEST = Math.max(...REWRITES.map(([from]) => from.length));

/**
 * `bytes` with every piece that starts before `limit` rewritten, up to `end` (`limit`, or past the
 * last piece rewritten when that ends later); `done` once the route-modules script was rewritten,
 * the rest of `bytes` then comes with it.
 */
function rewrite(bytes: Buffer, limit = bytes.length): { out: Buffer; end: number; done: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  // Where each piece occurs next (-1: nowhere further), searched again only once passed: the head
  // arrives as one ≈ 110 KB chunk with ≈ 30 module preloads, and searching every piece from each
  // one scanned it ≈ 30 times (≈ 10 % of a page's render thread, issue 20).
  const found = REWRITES.map(([from]) => bytes.indexOf(from));
  for (;;) {
    let next = -1;
    let which = -1;
    for (let i = 0; i < REWRITES.length; i++) {
      if (found[i] !== -1 && found[i]! < at) found[i] = bytes.indexOf(REWRITES[i]![0], at);
      const f = found[i]!;
      if (f !== -1 && f < limit && (next === -1 || f < next)) [next, which] = [f, i];
    }
    if (next === -1) break;
    parts.push(bytes.subarray(at, next), REWRITES[which]![1]);
    at = next + REWRITES[which]![0].length;
    if (which === LAST) {
      parts.push(bytes.subarray(at));
      return { out: Buffer.concat(parts), end: bytes.length, done: true };
    }
  }
  const end = Math.max(at, limit);
  parts.push(bytes.subarray(at, end));
  return { out: parts.length === 1 ? parts[0]! : Buffer.concat(parts), end, done: false };
}

/** Markup as a string, rewritten (tests; the stream below is what pages go through). */
export function deferUntilPainted(html: string): string {
  return rewrite(Buffer.from(html)).out.toString('utf8');
}

/**
 * Where a piece that starts in `bytes` but does not end in it could begin: every piece starts
 * with `<` or a space and is at most LONGEST bytes long, so only the last LONGEST - 1 bytes can
 * hold such a start.
 */
function incompleteFrom(bytes: Buffer): number {
  for (let i = Math.max(0, bytes.length - LONGEST + 1); i < bytes.length; i++) if (bytes[i] === 0x3c || bytes[i] === 0x20) return i;
  return bytes.length;
}

export function deferUntilPaintedStream(): Transform {
  let held: Buffer = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const bytes = held.length ? Buffer.concat([held, chunk]) : chunk;
      const { out, end, done: last } = rewrite(bytes, incompleteFrom(bytes));
      done = last;
      held = end < bytes.length ? Buffer.from(bytes.subarray(end)) : Buffer.alloc(0);
      callback(null, out.length ? out : undefined);
    },
    flush(callback) {
      callback(null, held.length ? rewrite(held).out : undefined);
    },
  });
}
