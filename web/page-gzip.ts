/**
 * gzip for rendered pages that compresses the inlined stylesheets once per process instead of on
 * every page view (issue 20). A page's head carries ≈ 90–100 KB of CSS (app/lib/inline-css.server.ts),
 * half the document, and its `<style data-href>` elements (together, before their links) are the
 * same bytes on every page of a route (the links are not: they carry the page's nonce). Compressing them was the largest
 * single cost of an uncached page after React itself.
 *
 * Deflate lets compressed pieces be joined: the page's deflate stream is ended at a byte boundary
 * with a sync flush (no final block); the stylesheets' own deflate blocks (compressed once, at
 * level 9, also ending in a sync flush) follow, with any bytes between two groups of them as
 * stored blocks; a new deflate stream compresses the rest. The gzip trailer's CRC-32 and length cover the
 * whole document, as one stream's would: a browser inflates it to the document byte for byte.
 */
import { Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';

const STYLE_START = Buffer.from('<style data-href="');
const STYLE_END = Buffer.from('</style>');
/**
 * The page's own markup (the stylesheets are compressed once, at 9): level 4 costs ≈ 45 % less CPU
 * than 6 on a home page's ≈ 90 KB of markup for ≈ 3.5 % more bytes (0.86 vs 1.52 ms, 16.1 vs 15.5 KB).
 */
const LEVEL = 4;
/** gzip member header: deflate, no name or time, OS unix (what zlib writes). */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);

/** Adjacent `<style data-href>` elements as deflate blocks, by their addresses (fingerprinted: one content per build). */
const styles = new Map<string, { elements: Buffer; deflated: Buffer }>();
const MAX_STYLES = 256;

function compressedStyles(elements: Buffer): Buffer {
  let key = '';
  for (let at = elements.indexOf(STYLE_START); at !== -1; at = elements.indexOf(STYLE_START, at + 1)) {
    key += `${elements.toString('latin1', at + STYLE_START.length, elements.indexOf('"', at + STYLE_START.length))} `;
  }
  let known = styles.get(key);
  if (!known?.elements.equals(elements)) {
    // Compressed once, as hard as zlib can, ending byte-aligned (sync flush) without a final block.
    known = { elements: Buffer.from(elements), deflated: zlib.deflateRawSync(elements, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
    if (styles.size >= MAX_STYLES) styles.clear();
    styles.set(key, known);
  }
  return known.deflated;
}

/** The inlined `<style data-href>` elements in `chunk`, adjacent ones together, as [start, end) ranges. */
export function inlinedStyles(chunk: Buffer): [number, number][] {
  const found: [number, number][] = [];
  for (let at = chunk.indexOf(STYLE_START); at !== -1; at = chunk.indexOf(STYLE_START, at)) {
    const close = chunk.indexOf(STYLE_END, at);
    if (close === -1) break;
    const previous = found.at(-1);
    if (previous?.[1] === at) previous[1] = close + STYLE_END.length;
    else found.push([at, close + STYLE_END.length]);
    at = close + STYLE_END.length;
  }
  return found;
}

/** Deflate stored (uncompressed) blocks: the few bytes between two stylesheets, byte-aligned. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const part = bytes.subarray(at, at + 0xffff);
    const header = Buffer.from([0, part.length & 0xff, part.length >> 8, ~part.length & 0xff, (~part.length >> 8) & 0xff]);
    out.push(header, part);
  }
  return out;
}

/** The run of inlined stylesheets as deflate blocks: each group compressed once, stored blocks between them. */
function splicedStyles(page: Buffer, found: [number, number][]): Buffer[] {
  return found.flatMap(([start, end], i) => [...(i > 0 ? storedBlocks(page.subarray(found[i - 1]![1], start)) : []), compressedStyles(page.subarray(start, end))]);
}

/** The gzip trailer: CRC-32 and length (mod 2³²) of the whole document. */
function trailer(crc: number, length: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32LE(crc >>> 0, 0);
  out.writeUInt32LE(length % 2 ** 32, 4);
  return out;
}

const HEAD_END = Buffer.from('</head>');

/**
 * A whole page at once (it finished rendering in one burst, as every page without deferred data
 * does): the same bytes a browser inflates as from `PageGzip`, in one synchronous pass — no
 * compressor stream, no thread-pool round trips, no flushes (issue 20).
 */
export function gzipPage(page: Buffer): Buffer {
  const headEnd = page.indexOf(HEAD_END);
  const found = inlinedStyles(headEnd === -1 ? page : page.subarray(0, headEnd));
  const parts: Buffer[] = [HEADER];
  let at = 0;
  if (found.length > 0) {
    parts.push(zlib.deflateRawSync(page.subarray(0, found[0]![0]), { level: LEVEL, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
    parts.push(...splicedStyles(page, found));
    at = found.at(-1)![1];
  }
  parts.push(zlib.deflateRawSync(page.subarray(at), { level: LEVEL }), trailer(zlib.crc32(page), page.length));
  return Buffer.concat(parts);
}

/** A gzip Transform for an HTML page; `flush()` sends what it has so far (a streamed page). */
export class PageGzip extends Transform {
  private deflater: zlib.DeflateRaw;
  private crc = 0;
  private length = 0;
  private spliced = false;
  /** Between the page's sync flush and the new deflater: a flush then would go to the old one. */
  private splicing = false;

  constructor() {
    super();
    this.deflater = this.newDeflater();
    this.push(HEADER);
  }

  private newDeflater(): zlib.DeflateRaw {
    const deflater = zlib.createDeflateRaw({ level: LEVEL });
    deflater.on('data', (out: Buffer) => this.push(out));
    deflater.on('error', (error) => this.destroy(error));
    return deflater;
  }

  override _transform(input: Buffer | Uint8Array, _encoding: BufferEncoding, callback: TransformCallback): void {
    const chunk = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    this.crc = zlib.crc32(chunk, this.crc);
    this.length += chunk.length;
    const found = this.spliced ? [] : inlinedStyles(chunk);
    if (found.length === 0) {
      this.deflater.write(chunk, () => callback());
      return;
    }
    this.spliced = true;
    this.splicing = true;
    const before = this.deflater;
    before.write(chunk.subarray(0, found[0]![0]));
    // The sync flush's callback runs after its output has been pushed: the page so far, byte-aligned.
    before.flush(zlib.constants.Z_SYNC_FLUSH, () => {
      before.removeAllListeners('data');
      before.on('error', () => undefined);
      before.close();
      for (const block of splicedStyles(chunk, found)) this.push(block);
      // The rest starts a new stream: it refers to nothing before (the browser's window has more, which is allowed).
      this.deflater = this.newDeflater();
      this.splicing = false;
      this.deflater.write(chunk.subarray(found.at(-1)![1]), () => callback());
    });
  }

  /** Sends everything written so far (the stream stays open). */
  flush(callback?: () => void): void {
    if (this.splicing || this.deflater.writableEnded) return callback?.();
    this.deflater.flush(zlib.constants.Z_SYNC_FLUSH, () => callback?.());
  }

  override _flush(callback: TransformCallback): void {
    this.deflater.once('end', () => callback(null, trailer(this.crc, this.length)));
    this.deflater.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.deflater.destroy();
    callback(error);
  }
}
