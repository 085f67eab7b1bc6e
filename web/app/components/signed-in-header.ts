import { useEffect, useState } from 'react';
import { loadBeforeHydrating, loadChunk } from '../lib/chunk-load';

/**
 * The header's signed-in parts (account menu, notice bell, the mobile menu's account links) load
 * only for signed-in visitors: a signed-out page carries none of their code (docs/performance.md,
 * "JavaScript per page"). On a page the server rendered signed in (the header's `data-account`)
 * they start loading with this module and the page hydrates once they are here
 * (loadBeforeHydrating), so the first render has them as the server had: the page hydrates whole
 * and its "hydrated" mark still means every control answers. No `Suspense` boundary: React's
 * server renderer sends a finished one of more than 500 bytes out of line, which only script
 * reveals (the menu must work without it). After a sign-in on the page they appear a moment after
 * the header changes; if their code can't be had, the header goes on without them.
 */
type Parts = typeof import('./AccountMenu');

let loaded: Parts | null = null;
let loading: Promise<Parts | null> | null = null;

function loadParts(): Promise<Parts | null> {
  loading ??= loadChunk(() => import('./AccountMenu')).then(
    (parts) => (loaded = parts),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

if (typeof document === 'undefined') void loadParts(); // the server renders them from its first request on
else if (document.querySelector('header[data-account]')) loadBeforeHydrating(loadParts());

/** The signed-in parts once their code is here (at once on a page rendered signed in); null until then. */
export function useSignedInHeader(wanted: boolean): Parts | null {
  const [parts, setParts] = useState(loaded);
  useEffect(() => {
    if (!wanted || parts) return;
    let live = true;
    void loadParts().then((p) => live && p && setParts(p));
    return () => {
      live = false;
    };
  }, [wanted, parts]);
  return parts;
}
