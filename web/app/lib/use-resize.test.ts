import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResizeHub, RESIZE_DELAY_MS } from './use-resize';

describe('createResizeHub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const resize = (target: EventTarget) => target.dispatchEvent(new Event('resize'));

  it('answers a burst of resize events once, 16 ms after its first event, for every subscriber', () => {
    const target = new EventTarget();
    const hub = createResizeHub(target);
    const a = vi.fn();
    const b = vi.fn();
    hub.subscribe(a);
    hub.subscribe(b);
    resize(target);
    vi.advanceTimersByTime(RESIZE_DELAY_MS - 1);
    resize(target);
    resize(target);
    expect(a).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    // A later event starts a new window.
    resize(target);
    vi.advanceTimersByTime(RESIZE_DELAY_MS);
    expect(a).toHaveBeenCalledTimes(2);
    expect(RESIZE_DELAY_MS).toBe(16);
  });

  it('stops listening when the last subscriber leaves, dropping a pending call', () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, 'addEventListener');
    const remove = vi.spyOn(target, 'removeEventListener');
    const hub = createResizeHub(target);
    const a = vi.fn();
    const stopA = hub.subscribe(a);
    const stopB = hub.subscribe(vi.fn());
    expect(add).toHaveBeenCalledTimes(1);
    resize(target);
    stopA();
    vi.advanceTimersByTime(RESIZE_DELAY_MS);
    expect(a).not.toHaveBeenCalled();
    resize(target);
    stopB();
    expect(remove).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RESIZE_DELAY_MS);
    resize(target);
    vi.advanceTimersByTime(RESIZE_DELAY_MS);
    expect(a).not.toHaveBeenCalled();
  });
});
