import { useEffect, useState, useSyncExternalStore } from 'react';
import { useFetchers, useNavigation } from 'react-router';
import { OVERLAY_CLOSE_DELAY_MS } from '../lib/activity';
import { chunkActivity } from '../lib/chunk-load';
import { useT } from '../lib/use-t';
import { useApiBusy } from './ApiProvider';
import classes from './NavigationProgress.module.css';

/**
 * The loading overlay (spec §9): a thin bar at the top, and "Loading…" for screen readers, while
 * the next page's code or data, a form or fetcher, or one of the page's own API calls is in flight. It
 * closes 500 ms after the last of them ends, so a burst of calls shows one bar rather than a
 * flicker. The server renders it closed: a first load never shows it, and without script it stays so.
 */
export function NavigationProgress() {
  const t = useT();
  const navigating = useNavigation().state !== 'idle';
  const fetching = useFetchers().some((f) => f.state !== 'idle');
  const calling = useApiBusy();
  const loadingCode = useSyncExternalStore(chunkActivity.subscribe, chunkActivity.busy, () => false);
  const open = useLingering(navigating || fetching || calling || loadingCode, OVERLAY_CLOSE_DELAY_MS);
  return (
    <div className={classes.overlay} role="status" aria-busy={open} data-busy={open ? '' : undefined} data-testid="loading-overlay">
      <div className={classes.bar} aria-hidden="true" />
      {open && <span className="bw-visually-hidden">{t('app.loading.label')}</span>}
    </div>
  );
}

/** `active`, held true for `holdMs` after it last turned false (a new activity within it keeps it). */
function useLingering(active: boolean, holdMs: number): boolean {
  const [held, setHeld] = useState(active);
  useEffect(() => {
    if (active) {
      setHeld(true);
      return;
    }
    const timer = window.setTimeout(() => setHeld(false), holdMs);
    return () => window.clearTimeout(timer);
  }, [active, holdMs]);
  return active || held;
}
