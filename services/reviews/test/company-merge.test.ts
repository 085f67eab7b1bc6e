import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeEvent, timestampFromDate } from '@brokerwise/proto';
import { decideOn, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

/** A merged company's reviews follow it to the survivor, driven by the catalogue's real event on the bus. */
describe('company merges (catalogue.company.removed naming the survivor)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const removed = (id: string, mergedIntoId: string) => {
    const e = encodeEvent('catalogue.company.removed', { id, slug: `dup-${id.slice(0, 8)}`, removedAt: timestampFromDate(new Date()), version: 7n, mergedIntoId }, { producer: 'catalogue' });
    return h.bus.publish({ id: e.id, type: e.type, data: e.bytes });
  };
  const approved = async (company: string, author: ReturnType<typeof veteran>, stars: number) => {
    const r = await submit(h, company, author, { stars });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await decideOn(h, r.body.id, 'approve')).status).toBe(200);
    return r.body.id as string;
  };
  const rating = async (company: string) => (await h.call('GET', `/v1/companies/${company}/rating`)).body;
  const reviewIds = async (company: string) => ((await h.call('GET', `/v1/companies/${company}/reviews?page=1&limit=50`)).body.items as { id: string }[]).map((r) => r.id).sort();

  it('moves the duplicate reviews to the survivor and rates it from all of them; an author on both keeps the newer', async () => {
    const dup = newCompany();
    const into = newCompany();
    const both = veteran();
    const a1 = await approved(dup, veteran(), 1);
    const a2 = await approved(dup, veteran(), 2);
    const oldOnInto = await approved(into, both, 5);
    h.advance(60_000);
    const newerOnDup = await approved(dup, both, 3);
    await vi.waitFor(async () => expect((await rating(into)).approvedCount).toBe(1), { timeout: 15_000, interval: 25 });

    await removed(dup, into);
    const changed = await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === into && p.approvedCount === 3);
    expect(changed.payload.distribution).toEqual([1, 1, 1, 0, 0]);
    expect(await reviewIds(into)).toEqual([a1, a2, newerOnDup].sort());
    expect(await reviewIds(dup)).toEqual([]);
    expect(await reviewIds(into)).not.toContain(oldOnInto);
    await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === dup && p.approvedCount === 0);
    expect((await rating(into)).approvedCount).toBe(3);

    // The same merge again (the duplicate's re-announcement after its new rating) changes nothing more.
    const version = (await rating(into)).version;
    await removed(dup, into);
    // Handled in publish order: once a later merge has moved, the repeat was handled before it.
    const [later, laterInto] = [newCompany(), newCompany()];
    await approved(later, veteran(), 4);
    await removed(later, laterInto);
    await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === laterInto && p.approvedCount === 1);
    expect((await rating(into)).version).toBe(version);
    expect(await reviewIds(into)).toEqual([a1, a2, newerOnDup].sort());
  });

  it('a company only hidden keeps its reviews', async () => {
    const company = newCompany();
    const id = await approved(company, veteran(), 4);
    const e = encodeEvent('catalogue.company.removed', { id: company, slug: 'hidden-one', removedAt: timestampFromDate(new Date()), version: 3n }, { producer: 'catalogue' });
    await h.bus.publish({ id: e.id, type: e.type, data: e.bytes });
    // Followed by a merge of another company into it: once that has moved, the hide was handled before it.
    const other = newCompany();
    const moved = await approved(other, veteran(), 2);
    await removed(other, company);
    await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === company && p.approvedCount === 2);
    expect(await reviewIds(company)).toEqual([id, moved].sort());
  });
});
