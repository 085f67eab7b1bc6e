/**
 * Code that arrives later than the page (spec §8: "Chunk load failures use a 120-second timeout"):
 * a lazily loaded component, and the route module of a page reached by a client-side navigation.
 * A chunk that fails or takes longer than 120 s gives the visitor a message with a reload action
 * instead of a page that silently stops working.
 */
import { matchRoutes, type ClientInstrumentation, type RouteObject } from 'react-router';
import { createActivity } from './activity';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A chunk failed to load or did not arrive within the timeout (`cause`: the browser's error, if any). */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/** `load()` (a dynamic import), failing with a ChunkLoadError when it fails or takes longer than `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk not loaded within ${timeoutMs / 1000} s`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(cause instanceof Error ? cause.message : 'chunk failed to load', { cause }));
      },
    );
  });
}

/**
 * Code a page's first render needs that its route modules load themselves (the signed-in header:
 * components/signed-in-header.ts): entry.client.tsx hydrates once these have settled, so nothing
 * suspends while hydrating and the page's "hydrated" mark means every control answers.
 */
const beforeHydration: Promise<unknown>[] = [];
export function loadBeforeHydrating(load: Promise<unknown>): void {
  beforeHydration.push(load);
}
export function beforeHydrating(): Promise<unknown> {
  return Promise.all(beforeHydration);
}

/** Chromium, Firefox and Safari word a failed dynamic import differently; Vite's preloader has its own. */
const BROWSER_CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Whether an error an ErrorBoundary caught is a chunk that could not be loaded (the page needs a reload). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || BROWSER_CHUNK_ERROR.test(error.message);
}

// ------------------------------------------------------------------ route modules
/**
 * The failed client-side navigation, if any: where the visitor was going. Browser only (the
 * instrumentation below runs in entry.client.tsx), so one module-level value is enough.
 */
let failedHref: string | null = null;
/** Route modules being loaded ahead of a navigation (the loading overlay shows meanwhile). */
export const chunkActivity = createActivity();
const listeners = new Set<() => void>();

export const chunkFailure = {
  href: (): string | null => failedHref,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** `null`: a new navigation began, the notice of an earlier one goes. */
  report(href: string | null): void {
    if (href === failedHref) return;
    failedHref = href;
    for (const listener of listeners) listener();
  },
};

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
}
interface RouterGlobals {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  __reactRouterRouteModules?: Record<string, unknown>;
}

/** The route tree the manifest knows so far (routes are discovered as links appear). */
function manifestTree(routes: Record<string, ManifestRoute>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => {
      const children = manifestTree(routes, r.id);
      return r.index
        ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, ...(children.length ? { children } : {}) };
    });
}

/** Route modules a navigation to `to` still has to download. */
export function missingModules(to: string, globals: RouterGlobals): string[] {
  const manifest = globals.__reactRouterManifest;
  if (!manifest) return [];
  const loaded = globals.__reactRouterRouteModules ?? {};
  const matches = matchRoutes(manifestTree(manifest.routes), to) ?? [];
  return matches.flatMap((m) => (m.route.id && !(m.route.id in loaded) ? [manifest.routes[m.route.id]!.module] : []));
}

/**
 * Before a client-side navigation runs, its route modules are loaded here with the 120 s limit.
 * React Router's own loader answers a failed import by reloading the page it is on, so the click
 * looks ignored (and with the network down, the reload shows the browser's error page): when they
 * fail, the navigation is held and the page says so, offering to load the address in full.
 */
let navigations = 0;
/** Never settles: the router waits for it before navigating, so this navigation never happens. */
const held = () => new Promise<never>(() => {});

export const chunkGuard: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      async navigate(navigate, { to }) {
        const id = ++navigations;
        chunkFailure.report(null);
        const modules = typeof to === 'string' && to.startsWith('/') ? missingModules(to, window as RouterGlobals) : [];
        if (modules.length > 0) {
          try {
            await chunkActivity.track(Promise.all(modules.map((url) => loadChunk(() => import(/* @vite-ignore */ url)))));
          } catch {
            if (id === navigations) chunkFailure.report(to as string);
            return held();
          }
          // A later click while this one's code loaded: that one wins, as it would without this wait.
          if (id !== navigations) return held();
        }
        await navigate();
      },
    });
  },
};
