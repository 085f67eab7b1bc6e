/**
 * The page's own requests in flight (spec §9 "Loading overlay: closes 500 ms after the last
 * request"): a counter the browser's API client reports to and the loading overlay reads.
 */
export const OVERLAY_CLOSE_DELAY_MS = 500;

export interface Activity {
  /** Counts `call` while it is pending and hands it back unchanged. */
  track<T>(call: Promise<T>): Promise<T>;
  busy(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createActivity(): Activity {
  let pending = 0;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    track(call) {
      pending++;
      emit();
      const settled = () => {
        pending--;
        emit();
      };
      call.then(settled, settled);
      return call;
    },
    busy: () => pending > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
