import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk, missingModules } from './chunk-load';

describe('loadChunk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over the module when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('gives up after 120 s with a ChunkLoadError', async () => {
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = pending.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/RichEditor-x.js');
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).cause).toBe(cause);
  });
});

describe('isChunkLoadError', () => {
  it("knows each browser's wording of a failed dynamic import, and nothing else", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('missingModules', () => {
  const manifest = {
    routes: {
      root: { id: 'root', path: '', module: '/assets/root.js' },
      'routes/home': { id: 'routes/home', parentId: 'root', index: true, module: '/assets/home.js' },
      'routes/about': { id: 'routes/about', parentId: 'root', path: 'about', module: '/assets/about.js' },
      'routes/methodology': { id: 'routes/methodology', parentId: 'root', path: 'about/methodology', module: '/assets/methodology.js' },
    },
  };

  it('names the route modules a navigation still has to download', () => {
    const globals = { __reactRouterManifest: manifest, __reactRouterRouteModules: { root: {}, 'routes/home': {} } };
    expect(missingModules('/about?x=1', globals)).toEqual(['/assets/about.js']);
    expect(missingModules('/about/methodology', globals)).toEqual(['/assets/methodology.js']);
    expect(missingModules('/', globals)).toEqual([]);
    expect(missingModules('/not-known-yet', globals)).toEqual([]);
    expect(missingModules('/about', {})).toEqual([]);
  });
});
