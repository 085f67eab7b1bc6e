/**
 * React Router's Node entry (its default, plus the CSP nonce, ADR 015): the web server puts a
 * fresh nonce in the load context for every document render; it goes to React's and React
 * Router's inline scripts, to ours through NonceContext, and into this response's
 * Content-Security-Policy header. Development (Vite's own inline scripts) renders without one.
 */
import { finished, PassThrough, type Readable, type Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { contentSecurityPolicy } from './lib/csp';
import { deferUntilPaintedStream } from './lib/after-paint.server';
import { builtStylesheets, inlineStylesheetsStream, type ReadStylesheet } from './lib/inline-css.server';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/** The production build's stylesheets, inlined into each page's head (lib/inline-css.server.ts). */
const stylesheets = new Map<string, ReadStylesheet>();
function stylesheetsIn(clientDir: string): ReadStylesheet {
  let read = stylesheets.get(clientDir);
  if (!read) stylesheets.set(clientDir, (read = builtStylesheets(clientDir)));
  return read;
}

/**
 * `first` piped through `transforms`, as `pipeline()` does (an error or an early close of any of
 * them destroys them all: a visitor who leaves ends the render, an aborted render fails the
 * response), without what `pipeline()` costs on every page: it aborts an AbortController when it
 * finishes, which builds a DOMException and its stack (≈ 1–2 % of a render thread, issue 20).
 */
function chain(first: Readable, ...transforms: Transform[]): Readable {
  const streams = [first, ...transforms];
  const destroyAll = (error: Error) => {
    for (const stream of streams) if (!stream.destroyed) stream.destroy(error);
  };
  // finished() reports an error, or a close before the end, of each (and handles their 'error').
  for (const stream of streams) finished(stream, (error) => error && destroyAll(error));
  return transforms.reduce<Readable>((from, to) => from.pipe(to), first);
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  if (nonce) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers wait for the whole page.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          // Chained: an aborted render ends the inlining stream too (the error reaches the response).
          // Development (no client build: Vite serves the CSS) keeps the links.
          // The page's scripts wait for its first paint (lib/after-paint.ts): rewritten before the CSS is inlined, in a few KB of head.
          const page = loadContext.clientDir ? chain(body, deferUntilPaintedStream(), inlineStylesheetsStream(stylesheetsIn(loadContext.clientDir))) : body;
          resolve(new Response(createReadableStreamFromReadable(page), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
