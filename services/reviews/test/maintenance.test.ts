import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, encodeEvent, LocalizedTextSchema, timestampFromDate } from '@brokerwise/proto';
import { recomputeAllRatings } from '../src/domain/maintenance.ts';
import { seedDemoReviews } from '../../../demo/reviews/demo-reviews.ts';
import { startHarness, type Harness } from './harness.ts';

const DAY = 86_400_000;

function announce(h: Harness, id: string, score: number, version = 1) {
  const e = encodeEvent(
    'catalogue.company.upserted',
    {
      id,
      slug: `demo-${id.slice(0, 8)}`,
      name: 'Demo Broker',
      category: 'Brokers',
      countryCode: 'GB',
      shortDescription: create(LocalizedTextSchema, { en: 'A demo broker.', zhCn: '演示经纪商' }),
      score,
      version: BigInt(version),
      updatedAt: timestampFromDate(h.now()),
    },
    { producer: 'catalogue' },
  );
  return h.bus.publish({ id: e.id, type: e.type, data: e.bytes });
}

describe('demo reviews (demo/reviews, as npm start passes them)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, { onCompanyAnnounced: seedDemoReviews });
  });
  afterAll(() => h.close());

  it('seeds approved reviews for a company the catalogue announces, and its rating comes from the formula', async () => {
    const id = randomUUID();
    await announce(h, id, 4.4);
    const changed = await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === id);
    expect(changed.payload.approvedCount).toBeGreaterThan(0);
    expect(changed.payload.score).toBeGreaterThan(3.8);
    const rating = await h.call('GET', `/v1/companies/${id}/rating`);
    expect(rating.body).toMatchObject({ approvedCount: changed.payload.approvedCount, displayScore: changed.payload.displayScore });
    const page = await h.call('GET', `/v1/companies/${id}/reviews?page=1&limit=5`);
    expect(page.body.total).toBe(changed.payload.approvedCount);
    expect(page.body.items.every((r: { status: string }) => r.status === 'approved')).toBe(true);

    // The catalogue re-announces the company with its new score: nothing is seeded twice.
    await announce(h, id, changed.payload.displayScore, 2);
    const other = randomUUID();
    await announce(h, other, 2.0);
    await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === other);
    expect(h.events.filter((e) => e.type === 'reviews.rating.changed' && e.payload.companyId === id)).toHaveLength(1);
    const count = await h.db.selectFrom('review').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(changed.payload.approvedCount);
  });

  it('leaves a company that already has reviews alone', async () => {
    const id = randomUUID();
    const user = randomUUID();
    const mine = await h.call('PUT', `/v1/companies/${id}/reviews/mine`, {
      userId: user,
      username: 'realuser',
      stars: 4,
      text: 'A real review written before the demo seed saw this company.',
      confirmed: true,
      accountCreatedAt: new Date(h.now().getTime() - 30 * DAY).toISOString(),
    });
    expect(mine.status).toBe(200);
    await announce(h, id, 4.5);
    const marker = randomUUID();
    await announce(h, marker, 3.0);
    await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === marker);
    const rows = await h.db.selectFrom('review').select('user_id').where('company_id', '=', id).execute();
    expect(rows.map((r) => r.user_id)).toEqual([user]);
  });
});

describe('scheduled recomputation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, { onCompanyAnnounced: seedDemoReviews });
  });
  afterAll(() => h.close());

  it('ages every rating once per period, whichever replica claims it', async () => {
    const id = randomUUID();
    await announce(h, id, 4.6);
    const first = await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === id);
    h.advance(400 * DAY);
    const [a, b] = await Promise.all([recomputeAllRatings(h.db, h.now, DAY), recomputeAllRatings(h.db, h.now, DAY)]);
    // One of the two "replicas" did the work, the other found the period claimed.
    expect([a, b].filter((n) => n === null)).toHaveLength(1);
    expect([a, b].find((n) => n !== null)).toBeGreaterThanOrEqual(1);
    const aged = await h.waitForEvent('reviews.rating.changed', (p) => p.companyId === id && p.version > first.payload.version);
    // A year on, the same reviews weigh less: the score moves back towards the prior (3.5).
    expect(aged.payload.score).toBeLessThan(first.payload.score);
    expect(aged.payload.score).toBeGreaterThan(3.5);
    expect(aged.payload.approvedCount).toBe(first.payload.approvedCount);
    expect(await recomputeAllRatings(h.db, h.now, DAY)).toBeNull();
  });
});
