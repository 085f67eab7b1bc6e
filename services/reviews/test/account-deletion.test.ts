import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEvent, timestampFromDate } from '@brokerwise/proto';
import { decideOn, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

/** identity.user.deleted, published on the bus as identity does: the user's reviews go with the account. */
describe('a deleted account takes its reviews with it', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('deletes every live review of the user, announces each, re-rates the companies and forgets the name', async () => {
    const [c1, c2] = [newCompany(), newCompany()];
    const gone = veteran();
    const stays = veteran();
    const r1 = await submit(h, c1, gone, { stars: 1 });
    await decideOn(h, r1.body.id, 'approve');
    const r2 = await submit(h, c2, gone, { stars: 2 }); // still pending
    const kept = await submit(h, c1, stays, { stars: 5 });
    await decideOn(h, kept.body.id, 'approve');
    await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === c1 && p.approvedCount === 2);

    const e = encodeEvent('identity.user.deleted', { userId: gone.userId, deletedAt: timestampFromDate(new Date()) }, { producer: 'identity' });
    await h.bus.publish({ id: e.id, type: e.type, data: e.bytes });

    await h.waitForEvent('reviews.review.deleted', (p) => p.reviewId === r1.body.id && p.wasApproved);
    await h.waitForEvent('reviews.review.deleted', (p) => p.reviewId === r2.body.id && !p.wasApproved);
    await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === c1 && p.approvedCount === 1);
    const list = await h.call('GET', `/v1/companies/${c1}/reviews?page=1&limit=50`);
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([kept.body.id]);
    const mine = await h.call('GET', `/v1/users/${gone.userId}/reviews?page=1&limit=50`);
    expect(mine.body.total ?? mine.body.items?.length ?? 0).toBe(0);
    const names = await h.db.selectFrom('review').select('username').where('user_id', '=', gone.userId).execute();
    expect(names.map((n) => n.username)).toEqual(['', '']);
  });
});
