import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingTrend } from '../src/store/dashboard.store.ts';
import { decideOn, moderator, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

/** `YYYY-MM` of the month `back` months before `now` (UTC). */
const monthOf = (now: Date, back: number) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
/** The middle of the month `back` months before `now` (UTC). */
const midMonth = (now: Date, back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));

describe("a company's dashboard: monthly rating trend, newest reviews with their replies, open cases (real SQL)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A published review of `stars`, moved to `at`. */
  const published = async (companyId: string, stars: number, at: Date) => {
    const r = await submit(h, companyId, veteran(), { stars });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await decideOn(h, r.body.id, 'approve')).status).toBe(200);
    await h.db.updateTable('review').set({ created_at: at }).where('id', '=', r.body.id).execute();
    return r.body.id as string;
  };

  it('lists 12 months oldest first with each month’s average and count; empty months, other companies, unpublished and deleted reviews do not count', async () => {
    const company = newCompany();
    const now = h.now();
    await published(company, 5, midMonth(now, 0));
    await published(company, 2, midMonth(now, 0));
    await published(company, 4, midMonth(now, 3));
    await published(company, 1, midMonth(now, 12)); // 13 months ago: outside the window
    const gone = await published(company, 1, midMonth(now, 3));
    await h.db.updateTable('review').set({ deleted_at: now }).where('id', '=', gone).execute();
    await submit(h, company, veteran(), { stars: 1 }); // pending
    await published(newCompany(), 1, midMonth(now, 0));

    const trend = await ratingTrend(h.db, company, now, 12);
    expect(trend).toHaveLength(12);
    expect(trend[0]!.month).toBe(monthOf(now, 11));
    expect(trend[11]).toEqual({ month: monthOf(now, 0), reviews: 2, average: 3.5 });
    expect(trend[8]).toEqual({ month: monthOf(now, 3), reviews: 1, average: 4 });
    expect(trend[5]).toEqual({ month: monthOf(now, 6), reviews: 0, average: null });
    expect(trend.reduce((n, m) => n + m.reviews, 0)).toBe(3);
  });

  it('answers the trend, the newest reviews (replied or not) and the open cases nearest deadline first', async () => {
    const company = newCompany();
    const rep = randomUUID();
    const now = h.now();
    const old = await published(company, 3, midMonth(now, 1));
    const fresh = await published(company, 2, new Date(now.getTime() - 60_000));
    const reply = await h.call('PUT', `/v1/reviews/${old}/reply`, { userId: rep, companyIds: [company], text: 'Thank you, we have looked into it.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);

    const author = veteran();
    const openCase = async () => {
      const c = await h.call('POST', `/v1/users/${author.userId}/complaints`, {
        username: author.username,
        companyId: company,
        category: 'withdrawal',
        amount: '100.00',
        currency: 'USD',
        text: 'My withdrawal of 100 USD has been pending for three weeks without any answer.',
        evidenceIds: [],
      });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      return c.body.id as string;
    };
    const pending = await openCase();
    const first = await openCase();
    await h.call('POST', `/v1/moderation/complaints/${first}`, { moderatorId: moderator, decision: 'approve', representativeIds: [rep] });
    h.advance(3_600_000);
    const second = await openCase();
    await h.call('POST', `/v1/moderation/complaints/${second}`, { moderatorId: moderator, decision: 'approve', representativeIds: [rep] });
    const closed = await openCase();
    await h.call('POST', `/v1/moderation/complaints/${closed}`, { moderatorId: moderator, decision: 'approve', representativeIds: [rep] });
    await h.call('POST', `/v1/complaints/${closed}/close`, { userId: author.userId, action: 'withdraw' });

    const d = await h.call('GET', `/v1/companies/${company}/dashboard`);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.trend).toHaveLength(12);
    expect(d.body.trend.at(-1)).toMatchObject({ reviews: 1, average: 2 });
    expect(d.body.latest.map((r: { id: string }) => r.id)).toEqual([fresh, old]);
    expect(d.body.latest[0]).toMatchObject({ stars: 2, replyId: null, replyStatus: null });
    expect(d.body.latest[1]).toMatchObject({ replyId: reply.body.id, replyStatus: 'pending' });
    expect(d.body.open.map((c: { id: string }) => c.id)).toEqual([first, second]);
    expect(d.body.open[0]).toMatchObject({ status: 'awaiting_company', workingDaysLeft: expect.any(Number) });
    expect(d.body.open[0].dueAt).not.toBeNull();
    expect(d.body.open.some((c: { id: string }) => c.id === pending)).toBe(false);

    expect((await h.call('GET', '/v1/companies/not-a-company/dashboard')).status).toBe(400);
  });
});
