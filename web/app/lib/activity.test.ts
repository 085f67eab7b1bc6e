import { describe, expect, it } from 'vitest';
import { createActivity } from './activity';

describe('createActivity', () => {
  it('is busy while any tracked call is pending, and tells its listeners at each change', async () => {
    const activity = createActivity();
    const seen: boolean[] = [];
    const stop = activity.subscribe(() => seen.push(activity.busy()));
    let finishA!: () => void;
    let failB!: (e: Error) => void;
    const a = activity.track(new Promise<void>((resolve) => (finishA = resolve)));
    const b = activity.track(new Promise<void>((_, reject) => (failB = reject)));
    expect(activity.busy()).toBe(true);
    finishA();
    await a;
    expect(activity.busy()).toBe(true);
    failB(new Error('refused'));
    await expect(b).rejects.toThrow('refused');
    expect(activity.busy()).toBe(false);
    expect(seen).toEqual([true, true, true, false]);
    stop();
    await activity.track(Promise.resolve());
    expect(seen).toHaveLength(4);
  });
});
