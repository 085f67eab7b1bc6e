/**
 * Public reference data every page shows (the footer's countries), kept in the render process for
 * a few seconds: asked of the gateway once per few seconds instead of on every page view (issue 20).
 * The gateway caches the answer too; this saves the call itself (HTTP, signature, JSON) from the
 * render tier. Only answers are kept: a failure is asked again by the next page.
 */
import type { Settled } from './api';

const TTL_MS = 10_000;
const kept = new Map<string, { until: number; value: Promise<Settled<unknown>> }>();

/** `load()`'s answer for `key`, shared by the pages rendered in the next TTL_MS (and by concurrent ones). */
export function recentReference<T>(key: string, load: () => Promise<Settled<T>>, now = Date.now()): Promise<Settled<T>> {
  const known = kept.get(key);
  if (known && known.until > now) return known.value as Promise<Settled<T>>;
  const value = load();
  kept.set(key, { until: now + TTL_MS, value });
  void value.then(
    (settled) => {
      if (!settled.ok && kept.get(key)?.value === value) kept.delete(key);
    },
    () => {
      if (kept.get(key)?.value === value) kept.delete(key);
    },
  );
  return value;
}

/** Tests: forget everything kept. */
export function forgetReferences(): void {
  kept.clear();
}
