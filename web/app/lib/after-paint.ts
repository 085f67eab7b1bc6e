/**
 * The page's JavaScript starts loading once the page has painted (issue 20). Pages are complete
 * HTML that work before they hydrate, so on a slow phone the script (≈ 140 KB compressed) should
 * not share the network with the document, its pictures and its first paint: React Router's
 * modulepreload links and the messages preload (in the head, before the ≈ 100 KB of inlined CSS)
 * and its route-modules script (at the end of the body) reach the browser inert
 * (lib/after-paint.server.ts rewrites them), and the small script below — rendered after them by
 * the root — turns them back on when the browser reports its first contentful paint.
 *
 * Both sides share these names; the script is plain JavaScript in a string because it runs inline,
 * before any module, with the page's CSP nonce.
 */

/** An inert link's rel: `x-after-paint-modulepreload` is `modulepreload` waiting for the paint. */
export const AFTER_PAINT_REL_PREFIX = 'x-after-paint-';
/** React Router's route-modules script, inert until the paint (not a type a browser runs). */
export const AFTER_PAINT_SCRIPT_TYPE = 'text/x-after-paint-module';

/**
 * Starts the inert loads once: the links get their rel back (the browser fetches them then, and
 * hydration finds the links React rendered), and the route-modules script runs as a new module
 * script with the same text and nonce. It waits for the first contentful paint (the Paint Timing
 * API, or two frames where that is missing) and for the page's high-priority pictures — its
 * largest paint: the home banner, a post's cover or poster (components/Picture.tsx) — to load and
 * be drawn (two frames), so the script never shares the network with them. A hidden tab (which
 * does not paint) starts at once, and nothing waits more than 3 s.
 */
export const AFTER_PAINT_SCRIPT = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll('link[rel^="${AFTER_PAINT_REL_PREFIX}"]')) link.rel = link.rel.slice(${AFTER_PAINT_REL_PREFIX.length});
    const inert = document.querySelector('script[type="${AFTER_PAINT_SCRIPT_TYPE}"]');
    if (!inert) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    document.head.append(script);
  };
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
  const drawn = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const painted = new Promise((resolve) => {
    if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve(drawn());
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  const pictures = [...document.querySelectorAll('img[fetchpriority="high"]')].map((img) =>
    img.complete ? null : new Promise((resolve) => {
      img.addEventListener('load', resolve, { once: true });
      img.addEventListener('error', resolve, { once: true });
    }),
  );
  Promise.all([painted, ...pictures]).then(() => (pictures.some(Boolean) ? drawn() : null)).then(start);
})();`;
