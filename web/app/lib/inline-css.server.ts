/**
 * The page's stylesheets inlined into its <head> (issue 20): a phone on a slow network then paints
 * from the HTML alone instead of waiting for up to ten render-blocking CSS files (root, shared
 * components, the route's own). All of a page's CSS is ≈ 14 KB compressed, so it is inlined whole
 * rather than split into critical and deferred parts, which would cost a render-time CSS analysis.
 *
 * Each `<link rel="stylesheet" href="/assets/….css">` React Router renders gets its file's content in
 * a `<style>` just before it and a `type` no browser styles with (INLINED_TYPE), so it is neither
 * fetched nor applied (`disabled` would not do: Chrome still downloads the file). The link itself
 * stays so hydration finds what it rendered (React matches a head link by rel and href, and skips
 * the extra <style>), and React Router's navigation finds the route's stylesheet already present.
 * A stylesheet a later navigation needs is a normal link.
 */
import { readFileSync } from 'node:fs';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HREF = /\bhref="(\/assets\/[\w.-]+\.css)#?"/;

/** Not text/css: a browser neither fetches nor applies a stylesheet link of this type. */
export const INLINED_TYPE = 'text/x-inlined-css';

export type ReadStylesheet = (href: string) => string | undefined;

/** Inlines every built stylesheet linked in `head` (the document up to `</head>`). */
export function inlineStylesheets(head: string, read: ReadStylesheet): string {
  return head.replace(LINK, (link) => {
    const href = HREF.exec(link)?.[1];
    const css = href ? read(href) : undefined;
    if (css === undefined) return link;
    // `</style` inside the CSS would end the element early.
    return `<style data-href="${href}">${css.replaceAll('</style', '<\\/style')}</style>${link.replace(/\/?>$/, ` type="${INLINED_TYPE}"/>`)}`;
  });
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

/** A stream of the rendered document with its head's stylesheets inlined; the rest passes through untouched. */
export function inlineStylesheetsStream(read: ReadStylesheet): Transform {
  const decoder = new StringDecoder('utf8');
  let head = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Decoded throughout: a character split across chunks stays whole.
      if (done) return callback(null, decoder.write(chunk));
      head += decoder.write(chunk);
      const end = head.indexOf('</head>');
      if (end === -1) return callback();
      done = true;
      callback(null, inlineStylesheets(head.slice(0, end), read) + head.slice(end));
    },
    flush(callback) {
      callback(null, (done ? '' : head) + decoder.end());
    },
  });
}
