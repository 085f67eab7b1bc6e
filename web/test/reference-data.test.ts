import { beforeEach, describe, expect, it } from 'vitest';
import type { Settled } from '../app/lib/api';
import { forgetReferences, recentReference } from '../app/lib/reference-data.server';

const ok = (data: string): Settled<string> => ({ ok: true, data });
const failed: Settled<string> = { ok: false, error: { kind: 'network', code: null, status: null, msg: '' } };

describe('recentReference', () => {
  beforeEach(() => forgetReferences());

  it('asks once for the pages of the next few seconds, then again', async () => {
    let asked = 0;
    const load = async () => ok(`answer ${++asked}`);
    expect(await recentReference('k', load, 1_000)).toEqual(ok('answer 1'));
    expect(await recentReference('k', load, 5_000)).toEqual(ok('answer 1'));
    expect(await recentReference('other', load, 5_000)).toEqual(ok('answer 2'));
    expect(await recentReference('k', load, 12_000)).toEqual(ok('answer 3'));
  });

  it('keeps no failure: the next page asks again', async () => {
    let asked = 0;
    expect(await recentReference('k', async () => (++asked, failed), 1_000)).toEqual(failed);
    expect(await recentReference('k', async () => ok(`answer ${++asked}`), 1_001)).toEqual(ok('answer 2'));
  });

  it('shares one call between pages rendered at the same time', async () => {
    let asked = 0;
    const load = () => new Promise<Settled<string>>((resolve) => setTimeout(() => resolve(ok(`answer ${++asked}`)), 5));
    const [a, b] = await Promise.all([recentReference('k', load, 1_000), recentReference('k', load, 1_000)]);
    expect([a, b, asked]).toEqual([ok('answer 1'), ok('answer 1'), 1]);
  });
});
