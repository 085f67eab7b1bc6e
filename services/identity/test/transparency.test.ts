import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../src/store/user.store.ts';
import { errorOf, registerUser, startHarness, type Harness } from './harness.ts';

const DAY = 86_400_000;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

describe('identity: sanctions and appeals per month for the transparency report (real SQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const moderator = async () => {
    const r = await registerUser(h);
    await setRole(h.db, r.user.id, 'moderator', h.now());
    return r.user.id as string;
  };
  const sanction = async (moderatorId: string, kind: 'warn' | 'restrict' | 'freeze') => {
    const { user } = await registerUser(h);
    const r = await h.call('POST', `/v1/admin/users/${user.id}/sanctions`, { kind, ...(kind === 'restrict' ? { days: 3 } : {}), reason: 'Spam in reviews', rule: 'spam', moderatorId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { userId: user.id as string, sanctionId: r.body.sanction.id as string };
  };
  const appeal = async (s: { userId: string; sanctionId: string }) => {
    const r = await h.call('POST', `/v1/users/${s.userId}/appeals`, { sanctionId: s.sanctionId, text: 'Please look at it again, it was a mistake.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  };
  const decide = async (appealId: string, decision: 'uphold' | 'lift', moderatorId: string) =>
    expect((await h.call('POST', `/v1/admin/appeals/${appealId}/decide`, { decision, reason: 'Second look', moderatorId })).status).toBe(200);

  it('counts sanctions by kind, appeals received and their outcomes in the month they happened', async () => {
    const [mod1, mod2] = [await moderator(), await moderator()];
    const first = monthOf(h.now());
    await sanction(mod1, 'warn');
    const restricted = await appeal(await sanction(mod1, 'restrict'));
    const frozen = await appeal(await sanction(mod1, 'freeze'));
    await decide(restricted, 'uphold', mod2);

    h.advance(40 * DAY); // a later month whatever today is
    const second = monthOf(h.now());
    await sanction(mod1, 'warn');
    await decide(frozen, 'lift', mod2);

    const res = await h.call('GET', `/v1/transparency?from=${first}&to=${second}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const months = res.body.months as { month: string }[];
    expect(months[0]).toEqual({ month: first, sanctions: { warn: 1, restrict: 1, freeze: 1 }, appeals: { received: 2, upheld: 1, lifted: 0 } });
    expect(months.at(-1)).toEqual({ month: second, sanctions: { warn: 1, restrict: 0, freeze: 0 }, appeals: { received: 0, upheld: 0, lifted: 1 } });
    expect(errorOf(await h.call('GET', `/v1/transparency?from=${second}&to=${first}`)).fields).toEqual({ to: 'month_range' });
  });
});
