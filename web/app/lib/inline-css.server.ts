/**
 * The page's stylesheets inlined into its <head> (issue 20): a phone on a slow network then paints
 * from the HTML alone instead of waiting for up to ten render-blocking CSS files (root, shared
 * components, the route's own). All of a page's CSS is ≈ 14 KB compressed, so it is inlined whole
 * rather than split into critical and deferred parts, which would cost a render-time CSS analysis.
 *
 * Each `<link rel="stylesheet" href="/assets/….css">` React Router renders gets its file's content in
 * a `<style>` before it (adjacent links: their styles, then them) and a `type` no browser styles with (INLINED_TYPE), so it is neither
 * fetched nor applied (`disabled` would not do: Chrome still downloads the file). The link itself
 * stays so hydration finds what it rendered (React matches a head link by rel and href, and skips
 * the extra <style>), and React Router's navigation finds the route's stylesheet already present.
 * A stylesheet a later navigation needs is a normal link.
 */
import { readFileSync } from 'node:fs';
import { Transform } from 'node:stream';

const LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HREF = /\bhref="(\/assets\/[\w.-]+\.css)#?"/;

/** Not text/css: a browser neither fetches nor applies a stylesheet link of this type. */
export const INLINED_TYPE = 'text/x-inlined-css';

export type ReadStylesheet = (href: string) => string | undefined;

/** Inlines every built stylesheet linked in `head` (the document up to `</head>`). */
export function inlineStylesheets(head: string, read: ReadStylesheet): string {
  return inlinedHead(head, read)
    .map((part) => (typeof part === 'string' ? part : part.toString('utf8')))
    .join('');
}

/**
 * The head with its stylesheets inlined, in pieces: the `<style>` elements as the bytes built once
 * per file, the rest as text. The stream below joins them as bytes, so the ≈ 100 KB of CSS is
 * neither copied into a new string nor encoded again on every page (issue 20).
 */
function inlinedHead(head: string, read: ReadStylesheet): (string | Buffer)[] {
  // Adjacent inlined links keep their order, their <style>s go together just before them (the
  // cascade is the same): the styles are then the same bytes on every page of a route, which the
  // page's gzip compresses once (web/page-gzip.ts); the links carry the page's nonce.
  const out: (string | Buffer)[] = [];
  let styles: Buffer[] = [];
  let links = '';
  let last = 0;
  const group = () => {
    out.push(...styles, links);
    styles = [];
    links = '';
  };
  for (const match of head.matchAll(LINK)) {
    const link = match[0];
    if (match.index > last) {
      group();
      out.push(head.slice(last, match.index));
    }
    last = match.index + link.length;
    const href = HREF.exec(link)?.[1];
    const css = href ? read(href) : undefined;
    if (href === undefined || css === undefined) {
      group();
      out.push(link);
      continue;
    }
    styles.push(styleElement(href, css));
    links += link.replace(/\/?>$/, ` type="${INLINED_TYPE}"/>`);
  }
  group();
  out.push(head.slice(last));
  return out;
}

/** Each stylesheet's <style> element, built (and encoded) once per file rather than on every page (≈ 100 KB of CSS a page). */
const styleElements = new Map<string, { css: string; element: Buffer }>();
function styleElement(href: string, css: string): Buffer {
  let known = styleElements.get(href);
  if (known?.css !== css) {
    // `</style` inside the CSS would end the element early.
    known = { css, element: Buffer.from(`<style data-href="${href}">${css.replaceAll('</style', '<\\/style')}</style>`) };
    if (styleElements.size >= 256) styleElements.clear();
    styleElements.set(href, known);
  }
  return known.element;
}

/**
 * The built client's stylesheets, read once per process: `clientDir` is build/client (where the
 * server serves /assets/ from). Unknown or unreadable files (development serves CSS from Vite) are
 * left linked.
 */
export function builtStylesheets(clientDir: string): ReadStylesheet {
  const cache = new Map<string, string | undefined>();
  return (href) => {
    if (!cache.has(href)) {
      let css: string | undefined;
      try {
        css = readFileSync(`${clientDir}${href}`, 'utf8');
      } catch {
        css = undefined;
      }
      cache.set(href, css);
    }
    return cache.get(href);
  };
}

const HEAD_END = Buffer.from('</head>');

/**
 * A stream of the rendered document with its head's stylesheets inlined (sent as one chunk, the
 * head and what came with it); the rest passes through untouched, as the bytes React wrote.
 */
export function inlineStylesheetsStream(read: ReadStylesheet): Transform {
  let head: Buffer = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const searched = Math.max(0, head.length - HEAD_END.length);
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END, searched);
      if (end === -1) return callback();
      done = true;
      // `</head>` starts a character, so the bytes before it decode whole.
      const parts = inlinedHead(head.toString('utf8', 0, end), read).map((part) => (typeof part === 'string' ? Buffer.from(part) : part));
      callback(null, Buffer.concat([...parts, head.subarray(end)]));
    },
    flush(callback) {
      callback(null, done ? undefined : head);
    },
  });
}
