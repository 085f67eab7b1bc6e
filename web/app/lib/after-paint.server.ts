/**
 * The server half of lib/after-paint.ts: the rendered document with React Router's module loads
 * made inert until the first paint. Three fixed pieces of markup React and React Router write
 * are rewritten as the bytes pass, nothing else:
 *
 * - in the head, `<link rel="modulepreload"` (the entry's and the route modules' chunks, which
 *   React hoists there) and `<link rel="preload" as="fetch"` (the page's messages, root.tsx);
 * - after it, ` type="module" async="">` (React Router's inline route-modules script, the last of
 *   them; the rest of the document passes untouched).
 *
 * It runs on React's own output, before the stylesheets are inlined (entry.server.tsx), so the
 * head it searches is a few KB of tags rather than ≈ 110 KB with the CSS, and each piece is only
 * searched for where it can be. A piece split between two chunks is found: a chunk's last bytes
 * that begin one are held back until the next chunk.
 */
import { Transform } from 'node:stream';
import { AFTER_PAINT_REL_PREFIX, AFTER_PAINT_SCRIPT_TYPE } from './after-paint';

interface Piece {
  from: Buffer;
  to: Buffer;
  /** Once this piece is passed, the next phase's pieces are searched for instead. */
  ends?: true;
}
const piece = (from: string, to: string, ends?: true): Piece => ({ from: Buffer.from(from), to: Buffer.from(to), ...(ends && { ends }) });

/** What is searched for, phase by phase: the head's preloads until `</head>`, then the script; then nothing. */
const PHASES: Piece[][] = [
  [
    piece('<link rel="modulepreload"', `<link rel="${AFTER_PAINT_REL_PREFIX}modulepreload"`),
    piece('<link rel="preload" as="fetch"', `<link rel="${AFTER_PAINT_REL_PREFIX}preload" as="fetch"`),
    piece('</head>', '</head>', true),
  ],
  [piece(' type="module" async="">', ` type="${AFTER_PAINT_SCRIPT_TYPE}">`, true)],
  [],
];

interface State {
  phase: number;
}

/**
 * `bytes` rewritten from the state's phase on, up to `end`: the whole of it, or up to the start of
 * a piece the last bytes could begin (held back for the next chunk). Each piece is searched for once
 * and again only when passed: the head has ≈ 30 module preloads.
 */
function rewrite(bytes: Buffer, state: State, last: boolean): { out: Buffer; end: number } {
  const parts: Buffer[] = [];
  let at = 0;
  while (PHASES[state.phase]!.length > 0) {
    const pieces = PHASES[state.phase]!;
    const next = pieces.map((p) => bytes.indexOf(p.from, at));
    let changed = false;
    for (;;) {
      let which = -1;
      for (let i = 0; i < pieces.length; i++) {
        if (next[i] !== -1 && next[i]! < at) next[i] = bytes.indexOf(pieces[i]!.from, at);
        if (next[i] !== -1 && (which === -1 || next[i]! < next[which]!)) which = i;
      }
      if (which === -1) break;
      const { from, to, ends } = pieces[which]!;
      parts.push(bytes.subarray(at, next[which]), to);
      at = next[which]! + from.length;
      if (ends) {
        state.phase++;
        changed = true;
        break;
      }
    }
    if (!changed) break;
  }
  const end = last ? bytes.length : heldFrom(bytes, at, PHASES[state.phase]!);
  parts.push(bytes.subarray(at, end));
  return { out: parts.length === 1 ? parts[0]! : Buffer.concat(parts), end };
}

/** Where the bytes from `from` on begin one of `pieces` at their end without completing it (bytes.length: nowhere). */
function heldFrom(bytes: Buffer, from: number, pieces: Piece[]): number {
  const longest = Math.max(0, ...pieces.map((p) => p.from.length));
  for (let i = Math.max(from, bytes.length - longest + 1); i < bytes.length; i++) {
    const tail = bytes.subarray(i);
    if (pieces.some((p) => p.from.subarray(0, tail.length).equals(tail))) return i;
  }
  return bytes.length;
}

/** Markup as a string, rewritten (tests; the stream below is what pages go through). */
export function deferUntilPainted(html: string): string {
  return rewrite(Buffer.from(html), { phase: 0 }, true).out.toString('utf8');
}

export function deferUntilPaintedStream(): Transform {
  const state: State = { phase: 0 };
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (PHASES[state.phase]!.length === 0) return callback(null, chunk);
      const bytes = held.length ? Buffer.concat([held, chunk]) : chunk;
      const { out, end } = rewrite(bytes, state, false);
      held = end < bytes.length ? Buffer.from(bytes.subarray(end)) : Buffer.alloc(0);
      callback(null, out.length ? out : undefined);
    },
    flush(callback) {
      callback(null, held.length ? rewrite(held, state, true).out : undefined);
    },
  });
}
