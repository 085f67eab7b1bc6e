import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decideOn, errorOf, moderator, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

describe('appeals against a content removal (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const secondModerator = randomUUID();
  const rating = async (company: string) => (await h.call('GET', `/v1/companies/${company}/rating`)).body as { approvedCount: number };

  /** A published review, reported and removed by `moderator`. */
  const removed = async () => {
    const company = newCompany();
    const author = veteran();
    const r = await submit(h, company, author, { stars: 5 });
    expect((await decideOn(h, r.body.id, 'approve')).status).toBe(200);
    const reviewId = r.body.id as string;
    await vi.waitFor(async () => expect((await rating(company)).approvedCount).toBe(1), { timeout: 15_000, interval: 25 });
    await h.call('POST', '/v1/reports', { userId: randomUUID(), targetKind: 'review', targetId: reviewId, reason: 'fake_review' });
    const d = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'review', targetId: reviewId, action: 'remove', reason: 'Written by the broker', rule: 'fake_review' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    await vi.waitFor(async () => expect((await rating(company)).approvedCount).toBe(0), { timeout: 15_000, interval: 25 });
    return { company, author, reviewId, removalId: d.body.audit.id as string };
  };
  const removals = async (userId: string) => (await h.call('GET', `/v1/users/${userId}/removals`)).body.items as Record<string, unknown>[];
  const appeal = (userId: string, removalId: string, text = 'I am a real client of this broker since 2021.') =>
    h.call('POST', `/v1/users/${userId}/removal-appeals`, { removalId, text });
  const decide = (appealId: string, moderatorId: string, decision: 'restore' | 'uphold', reason = 'The account statement shows real trading.') =>
    h.call('POST', `/v1/moderation/removal-appeals/${appealId}/decide`, { moderatorId, decision, reason });

  it('the author appeals once; the remover is refused; a second moderator restores it, the rating counts it again, the log records it', async () => {
    const { company, author, reviewId, removalId } = await removed();
    expect(await removals(author.userId)).toEqual([
      expect.objectContaining({ removalId, targetKind: 'review', targetId: reviewId, contextId: company, reason: 'Written by the broker', rule: 'fake_review', status: 'rejected', appeal: null }),
    ]);

    // 10–1000 characters; someone else's removal is not found; once per removal.
    expect(errorOf(await appeal(author.userId, removalId, 'too short')).fields).toEqual({ text: 'appeal_length' });
    const stranger = randomUUID();
    expect((await appeal(stranger, removalId)).status).toBe(404);
    const a = await appeal(author.userId, removalId);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ removalId, targetId: reviewId, removedBy: moderator, decision: null });
    expect(errorOf(await appeal(author.userId, removalId)).code).toBe('reviews.removal_appeal_exists');

    const open = await h.call('GET', '/v1/moderation/removal-appeals?limit=50');
    const listed = open.body.items.find((i: { appeal: { id: string } }) => i.appeal.id === a.body.id);
    expect(listed).toMatchObject({ removal: { action: 'remove', moderatorId: moderator, reason: 'Written by the broker' }, review: { id: reviewId, status: 'rejected' } });

    // The moderator who removed it cannot decide the appeal.
    const own = await decide(a.body.id, moderator, 'restore');
    expect(own.status).toBe(403);
    expect(errorOf(own).code).toBe('reviews.removal_appeal_same_moderator');
    expect(errorOf(await decide(a.body.id, secondModerator, 'restore', ' ')).fields).toEqual({ reason: 'removal_appeal_reason_required' });

    const d = await decide(a.body.id, secondModerator, 'restore');
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({ removal: { id: removalId, action: 'remove', moderatorId: moderator }, appeal: { decision: 'restore', decidedBy: secondModerator }, review: { status: 'approved' }, audit: { action: 'restore', moderatorId: secondModerator, targetId: reviewId, before: { status: 'rejected' }, after: { status: 'approved' } } });
    expect(errorOf(await decide(a.body.id, secondModerator, 'uphold')).code).toBe('reviews.removal_appeal_decided');

    // Published again: listed for the company, counted in the rating (recomputed from the event).
    const approved = await h.waitForEvent('reviews.review.approved', (p) => p.reviewId === reviewId && p.moderatorId === secondModerator);
    expect(approved.payload).toMatchObject({ companyId: company, userId: author.userId });
    await vi.waitFor(async () => expect((await rating(company)).approvedCount).toBe(1), { timeout: 15_000, interval: 25 });
    const listing = await h.call('GET', `/v1/companies/${company}/reviews`);
    expect(listing.body.items.map((r: { id: string }) => r.id)).toContain(reviewId);
    // The author sees the outcome; the review's history and the log show the restore.
    expect(await removals(author.userId)).toEqual([expect.objectContaining({ removalId, status: 'approved', appeal: expect.objectContaining({ decision: 'restore' }) })]);
    const history = await h.call('GET', `/v1/moderation/${reviewId}/audit`);
    expect(history.body.items.map((i: { decision: string }) => i.decision)).toEqual(['approve', 'reject', 'approve']);
    const log = await h.call('GET', `/v1/moderation/audit-log?action=restore&actor=${secondModerator}`);
    expect(log.body.items).toEqual([expect.objectContaining({ targetId: reviewId, reason: 'The account statement shows real trading.' })]);
  });

  it('upholding keeps the content removed; a review no longer removed cannot be appealed', async () => {
    const { company, author, removalId } = await removed();
    const a = await appeal(author.userId, removalId);
    const d = await decide(a.body.id, secondModerator, 'uphold', 'The text copies the broker’s advertising.');
    expect(d.body).toMatchObject({ appeal: { decision: 'uphold' }, review: { status: 'rejected' }, audit: { action: 'uphold', after: { status: 'rejected' } } });
    expect((await rating(company)).approvedCount).toBe(0);
    expect(await removals(author.userId)).toEqual([expect.objectContaining({ status: 'rejected', appeal: expect.objectContaining({ decision: 'uphold' }) })]);

    // A removal overturned by a plain approval is no longer in force.
    const other = await removed();
    expect((await decideOn(h, other.reviewId, 'approve')).status).toBe(200);
    expect(errorOf(await appeal(other.author.userId, other.removalId)).code).toBe('reviews.removal_not_in_force');
    expect((await appeal(author.userId, randomUUID())).status).toBe(404);
  });
});
