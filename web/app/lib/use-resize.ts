import { useEffect, useRef } from 'react';

/** Spec §9 "Resize handler delay: 16 ms": about one frame, so a drag-resize costs one run per frame. */
export const RESIZE_DELAY_MS = 16;

type ResizeTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * One `resize` listener for every subscriber: the first event of a burst schedules one call of
 * each subscriber RESIZE_DELAY_MS later, and the events until then join it. So every resize is
 * answered within 16 ms, at most once per 16 ms, with the size it ended at.
 */
export function createResizeHub(target: ResizeTarget, delayMs = RESIZE_DELAY_MS) {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    for (const listener of [...listeners]) listener();
  };
  const onResize = () => {
    timer ??= setTimeout(fire, delayMs);
  };
  return {
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) target.addEventListener('resize', onResize);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        target.removeEventListener('resize', onResize);
        clearTimeout(timer);
        timer = undefined;
      };
    },
  };
}

let windowHub: ReturnType<typeof createResizeHub> | undefined;

/** Calls `onResize` after the window is resized, through the shared 16 ms hub. */
export function useResize(onResize: () => void): void {
  const latest = useRef(onResize);
  latest.current = onResize;
  useEffect(() => {
    windowHub ??= createResizeHub(window);
    return windowHub.subscribe(() => latest.current());
  }, []);
}
