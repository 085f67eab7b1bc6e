import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_REL_PREFIX, AFTER_PAINT_SCRIPT, AFTER_PAINT_SCRIPT_TYPE } from '../app/lib/after-paint';
import { deferUntilPainted, deferUntilPaintedStream } from '../app/lib/after-paint.server';

// The shape of a page as React and React Router write it (the pieces the rewrite looks for, and others like them).
const page =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="preload" as="image" fetchPriority="high" href="/media/b.jpg"/>' +
  '<link rel="preload" as="fetch" crossorigin="anonymous" href="/i18n/en.json?v=1" id="bw-messages"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n+/="/><link rel="modulepreload" href="/assets/root-B.js" nonce="n+/="/>' +
  '<style data-href="/assets/root-C.css">body{margin:0}</style><link rel="stylesheet" href="/assets/root-C.css" type="text/x-inlined-css"/></head>' +
  '<body><main><p>Text about &lt;link rel=&quot;modulepreload&quot;&gt; stays text.</p></main>' +
  '<script nonce="n+/=">window.__reactRouterContext = {};</script>' +
  '<script nonce="n+/=" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script nonce="n+/=">window.__reactRouterContext.streamController.enqueue("[]");</script><link rel="modulepreload" href="/assets/late-D.js"/></body></html>';

const deferred =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="preload" as="image" fetchPriority="high" href="/media/b.jpg"/>' +
  `<link rel="${AFTER_PAINT_REL_PREFIX}preload" as="fetch" crossorigin="anonymous" href="/i18n/en.json?v=1" id="bw-messages"/>` +
  `<link rel="${AFTER_PAINT_REL_PREFIX}modulepreload" href="/assets/entry.client-A.js" nonce="n+/="/><link rel="${AFTER_PAINT_REL_PREFIX}modulepreload" href="/assets/root-B.js" nonce="n+/="/>` +
  '<style data-href="/assets/root-C.css">body{margin:0}</style><link rel="stylesheet" href="/assets/root-C.css" type="text/x-inlined-css"/></head>' +
  '<body><main><p>Text about &lt;link rel=&quot;modulepreload&quot;&gt; stays text.</p></main>' +
  '<script nonce="n+/=">window.__reactRouterContext = {};</script>' +
  `<script nonce="n+/=" type="${AFTER_PAINT_SCRIPT_TYPE}">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>` +
  '<script nonce="n+/=">window.__reactRouterContext.streamController.enqueue("[]");</script><link rel="modulepreload" href="/assets/late-D.js"/></body></html>';

describe('scripts after the first paint', () => {
  it("makes React Router's module preloads, the messages preload and the route-modules script inert, and nothing else", () => {
    expect(deferUntilPainted(page)).toBe(deferred);
  });

  it('leaves a page without them (development, an error page) as it is', () => {
    const plain = '<html><head><link rel="icon" href="/favicon.svg"/></head><body><script type="module" src="/@vite/client"></script></body></html>';
    expect(deferUntilPainted(plain)).toBe(plain);
  });

  it('finds every piece however the page is cut into chunks, and passes what follows the script untouched', async () => {
    const bytes = Buffer.from(page);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const chunks = at.slice(1).map((end, i) => bytes.subarray(at[i], end));
        expect(await text(Readable.from(chunks).pipe(deferUntilPaintedStream()))).toBe(deferred);
      }),
      { numRuns: 300 },
    );
    // One byte at a time.
    expect(await text(Readable.from([...bytes].map((b) => Buffer.from([b]))).pipe(deferUntilPaintedStream()))).toBe(deferred);
  });

  it('rewrites a head of many module preloads, each piece where it stands, in one pass', () => {
    const links = (rel: string) => Array.from({ length: 30 }, (_, i) => `<link rel="${rel}" href="/assets/c${i}.js"/>`).join('');
    const css = `<style>${'a{color:red}'.repeat(1000)}</style>`;
    const html = `<head>${links('modulepreload')}<link rel="preload" as="fetch" href="/i18n/en.json"/>${css}</head><body><script type="module" async="">x</script> type="module" async=""></body>`;
    expect(deferUntilPainted(html)).toBe(
      `<head>${links(`${AFTER_PAINT_REL_PREFIX}modulepreload`)}<link rel="${AFTER_PAINT_REL_PREFIX}preload" as="fetch" href="/i18n/en.json"/>${css}</head><body><script type="${AFTER_PAINT_SCRIPT_TYPE}">x</script> type="module" async=""></body>`,
    );
  });

  it("names the browser's side by the same inert rel and type", () => {
    expect(AFTER_PAINT_SCRIPT).toContain(`link[rel^="${AFTER_PAINT_REL_PREFIX}"]`);
    expect(AFTER_PAINT_SCRIPT).toContain(`.slice(${AFTER_PAINT_REL_PREFIX.length})`);
    expect(AFTER_PAINT_SCRIPT).toContain(`script[type="${AFTER_PAINT_SCRIPT_TYPE}"]`);
    // Inline in the page: nothing in it may end the <script> early.
    expect(AFTER_PAINT_SCRIPT).not.toMatch(/<\/script/i);
  });
});
