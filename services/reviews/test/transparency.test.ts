import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOn, errorOf, moderator, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

const HOUR = 3_600_000;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

describe('the transparency report per month (real SQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const published = async () => {
    const r = await submit(h, newCompany(), veteran());
    expect((await decideOn(h, r.body.id, 'approve')).status).toBe(200);
    return r.body.id as string;
  };
  const report = async (targetId: string, reason: string) =>
    expect((await h.call('POST', '/v1/reports', { userId: randomUUID(), targetKind: 'review', targetId, reason })).status).toBe(200);
  const decide = async (targetId: string, action: 'dismiss' | 'remove', rule?: string) =>
    expect((await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'review', targetId, action, reason: 'Breaks the rules', rule })).status).toBe(200);

  it('counts submissions, publications, removals by rule, reports and the median wait over two months', async () => {
    // First month: three reviews, two published, one rejected; one removed after two reports.
    const first = monthOf(h.now());
    const a = await published();
    await published();
    const rejected = await submit(h, newCompany(), veteran());
    expect((await decideOn(h, rejected.body.id, 'reject', 'Not about this company')).status).toBe(200);
    await report(a, 'fake_review');
    h.advance(HOUR);
    await report(a, 'spam');
    h.advance(2 * HOUR);
    await decide(a, 'remove', 'fake_review'); // waited 3 h and 2 h: median 2.5 h
    // Two automatic flags on one review: one review sent to the queue.
    for (const kind of ['near_duplicate', 'company_burst'] as const) {
      await h.db.insertInto('review_flag').values({ id: randomUUID(), review_id: rejected.body.id, kind, severity: 2, details: '{}', created_at: h.now() }).execute();
    }

    // Forty days on (a later month whatever today is): one published, one report dismissed after
    // an hour, one still open.
    h.advance(40 * 24 * HOUR);
    const second = monthOf(h.now());
    const b = await published();
    const c = await published();
    await report(b, 'spam');
    h.advance(HOUR);
    await decide(b, 'dismiss');
    await report(c, 'abuse');

    const res = await h.call('GET', `/v1/transparency?from=${first}&to=${second}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const months = res.body.months as { month: string }[];
    expect(months[0]).toEqual({
      month: first,
      submitted: 3,
      published: 2,
      removed: { total: 2, byRule: { '': 1, fake_review: 1 } },
      reportsReceived: 2,
      reportsHandled: 2,
      medianHoursToHandle: 2.5,
      decisions: { automatic: 0, human: 4 },
      flagged: 1,
      contentAppeals: { received: 0, restored: 0, kept: 0 },
    });
    expect(months.at(-1)).toEqual({
      month: second,
      submitted: 2,
      published: 2,
      removed: { total: 0, byRule: {} },
      reportsReceived: 2,
      reportsHandled: 1,
      medianHoursToHandle: 1,
      decisions: { automatic: 0, human: 3 },
      flagged: 0,
      contentAppeals: { received: 0, restored: 0, kept: 0 },
    });
    // The months between are listed with zeros, not left out.
    for (const m of months.slice(1, -1)) expect(m).toMatchObject({ submitted: 0, reportsReceived: 0, medianHoursToHandle: null });
  });

  it('sums the queue up for the staff dashboard: size, oldest entry, reports of the last 7 days', async () => {
    // Left by the test above: one report still open (the abuse report), filed in the last hour.
    const before = await h.call('GET', '/v1/moderation/summary');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ size: 1, reportsLastWeek: 2 });
    const openSince = before.body.oldest as string;
    h.advance(HOUR);
    await submit(h, newCompany(), veteran()); // a pending review joins the queue, younger than the report
    expect((await h.call('GET', '/v1/moderation/summary')).body).toEqual({ size: 2, oldest: openSince, reportsLastWeek: 2 });
    h.advance(8 * 24 * HOUR);
    expect((await h.call('GET', '/v1/moderation/summary')).body).toEqual({ size: 2, oldest: openSince, reportsLastWeek: 0 });
  });

  it('counts appeals against removals and their outcomes in the month they were filed and decided', async () => {
    h.advance(40 * 24 * HOUR); // a month of its own
    const month = monthOf(h.now());
    const removedReview = async () => {
      const author = veteran();
      const r = await submit(h, newCompany(), author);
      expect((await decideOn(h, r.body.id, 'approve')).status).toBe(200);
      await report(r.body.id, 'spam');
      const d = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'review', targetId: r.body.id, action: 'remove', reason: 'Advertising', rule: 'spam' });
      expect(d.status).toBe(200);
      const a = await h.call('POST', `/v1/users/${author.userId}/removal-appeals`, { removalId: d.body.audit.id, text: 'I wrote this after a year with them.' });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      return a.body.id as string;
    };
    const [restored, kept] = [await removedReview(), await removedReview()];
    await removedReview(); // still open
    const second = randomUUID();
    for (const [id, decision] of [[restored, 'restore'], [kept, 'uphold']] as const) {
      const d = await h.call('POST', `/v1/moderation/removal-appeals/${id}/decide`, { moderatorId: second, decision, reason: 'Read the statement.' });
      expect(d.status, JSON.stringify(d.body)).toBe(200);
    }
    const res = await h.call('GET', `/v1/transparency?from=${month}&to=${month}`);
    expect(res.body.months[0]).toMatchObject({ month, removed: { total: 3, byRule: { spam: 3 } }, contentAppeals: { received: 3, restored: 1, kept: 1 } });
  });

  it('refuses a range that ends before it starts, or a malformed month', async () => {
    const backwards = await h.call('GET', '/v1/transparency?from=2026-05&to=2026-04');
    expect(backwards.status).toBe(400);
    expect(errorOf(backwards).fields).toEqual({ to: 'month_range' });
    expect((await h.call('GET', '/v1/transparency?from=2026-13&to=2026-12')).status).toBe(400);
  });
});
