import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownUser, startHarness, ts, waitFor, type Harness } from './harness.ts';

interface Notice { kind: string; title: string; text: string; link: string | null }
interface Page { items: Notice[]; total: number }

describe('company followers and licence register notices (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const follow = (userId: string, companyId: string, following: boolean) => h.call<{ following: boolean; followers: number }>('PUT', `/v1/users/${userId}/company-follows/${companyId}`, { following });
  const notices = (userId: string, lang = 'en') => h.call<Page>('GET', `/v1/users/${userId}/notices?lang=${lang}&category=notices`).then((r) => r.body);
  const change = (companyId: string, over: Record<string, unknown> = {}) =>
    h.publish('catalogue.licence.status_changed', {
      id: randomUUID(),
      companyId,
      companySlug: 'harbour-fx',
      regulator: 'FCA',
      regulatorCountry: 'GB',
      licenceNo: '123456',
      entity: 'Harbour FX Ltd',
      status: 'revoked',
      previousStatus: 'active',
      effectiveOn: '2026-11-20',
      note: 'Cancelled on the register.',
      evidenceSha256: 'ab'.repeat(32),
      recordedAt: ts(),
      ...over,
    });

  it('follows and unfollows a company; the state and the count are what the user set', async () => {
    const user = await knownUser(h);
    const companyId = randomUUID();
    expect((await h.call('GET', `/v1/users/${user.id}/company-follows/${companyId}`)).body).toEqual({ following: false, followers: 0 });
    expect((await follow(user.id, companyId, true)).body).toEqual({ following: true, followers: 1 });
    // Twice is still once.
    expect((await follow(user.id, companyId, true)).body).toEqual({ following: true, followers: 1 });
    expect((await follow(user.id, companyId, false)).body).toEqual({ following: false, followers: 0 });
    expect((await h.call('PUT', `/v1/users/${user.id}/company-follows/not-a-uuid`, { following: true })).status).toBe(400);
  });

  it('tells each follower (and no one else) once when a licence changes status, in both languages', async () => {
    const [fan, other, stranger] = [await knownUser(h), await knownUser(h), await knownUser(h)];
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'harbour-fx', name: 'Harbour FX', nameZh: '海港外汇', category: 'Brokers', version: 1n });
    await follow(fan.id, companyId, true);
    await follow(other.id, companyId, true);
    const { bytes } = await change(companyId);
    const page = await waitFor(() => notices(fan.id), (b) => b.total >= 1, 'a licence notice');
    expect(page.items[0]).toEqual(
      expect.objectContaining({
        kind: 'licence_status_changed',
        title: 'Licence status changed',
        text: "Harbour FX's FCA licence 123456 is revoked as of 2026-11-20. See the evidence on the company page.",
        link: '/detail?id=harbour-fx#licences',
      }),
    );
    await waitFor(() => notices(other.id), (b) => b.total >= 1, 'the second follower’s notice');
    expect((await notices(fan.id, 'zh-cn')).items[0]).toMatchObject({ title: '牌照状态变更', text: '海港外汇 的 FCA 牌照（123456）自 2026-11-20 起状态为“已撤销”。证据请见公司页面。' });

    // A redelivery makes no second notice; a later change does.
    await h.redeliver('catalogue.licence.status_changed', bytes);
    await change(companyId, { status: 'active', previousStatus: 'revoked', effectiveOn: '2026-11-25' });
    const after = await waitFor(() => notices(fan.id), (b) => b.total >= 2, 'the reinstatement notice');
    expect(after.total).toBe(2);
    expect(after.items[0]!.text).toBe("Harbour FX's FCA licence 123456 is active as of 2026-11-25. See the evidence on the company page.");
    expect((await notices(stranger.id)).total).toBe(0);
  });
});
