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

  /** A post or comment, reported and removed by `moderator` (media hid it; the report carried its snapshot). */
  const removedContent = async (targetKind: 'post' | 'comment', excerpt: string) => {
    const author = randomUUID();
    const targetId = randomUUID();
    const contextId = `image_text:${targetKind === 'post' ? targetId : randomUUID()}`;
    const snapshot = { authorId: author, authorName: 'poster', excerpt, contextId };
    const r = await h.call('POST', '/v1/reports', { userId: randomUUID(), targetKind, targetId, reason: 'spam', snapshot });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind, targetId, action: 'remove', reason: 'Advertising a paid group', rule: 'spam' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    return { author, targetId, contextId, removalId: d.body.audit.id as string };
  };

  it('a removed post is listed for its author, appealed once, and restored by a second moderator (media restores it from the event)', async () => {
    const { author, targetId, contextId, removalId } = await removedContent('post', 'Weekly outlook — EURUSD levels');
    expect(await removals(author)).toEqual([
      { removalId, targetKind: 'post', targetId, contextId, excerpt: 'Weekly outlook — EURUSD levels', reason: 'Advertising a paid group', rule: 'spam', removedAt: expect.any(String), status: 'rejected', appeal: null },
    ]);
    // Only its author (as the removal recorded them) appeals it.
    expect((await appeal(randomUUID(), removalId)).status).toBe(404);
    const a = await appeal(author, removalId);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ removalId, targetKind: 'post', targetId, userId: author, removedBy: moderator, decision: null });
    expect(errorOf(await appeal(author, removalId)).code).toBe('reviews.removal_appeal_exists');

    const open = await h.call('GET', '/v1/moderation/removal-appeals?limit=50');
    expect(open.body.items.find((i: { appeal: { id: string } }) => i.appeal.id === a.body.id)).toMatchObject({
      removal: { action: 'remove', targetKind: 'post', moderatorId: moderator },
      review: null,
      target: { excerpt: 'Weekly outlook — EURUSD levels', contextId, status: 'rejected' },
    });
    expect((await decide(a.body.id, moderator, 'restore')).status).toBe(403);
    const d = await decide(a.body.id, secondModerator, 'restore');
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({
      appeal: { decision: 'restore', decidedBy: secondModerator },
      review: null,
      target: { status: 'approved' },
      audit: { action: 'restore', targetKind: 'post', targetId, rule: 'spam', before: { status: 'removed' }, after: { status: 'restored' } },
    });
    const event = await h.waitForEvent('reviews.removal_appeal.decided', (p) => p.appealId === a.body.id);
    expect(event.payload).toMatchObject({ removalId, targetKind: 'post', targetId, userId: author, decision: 'restore', restored: true, moderatorId: secondModerator, rule: 'spam', excerpt: 'Weekly outlook — EURUSD levels', contextId });
    expect(await removals(author)).toEqual([expect.objectContaining({ removalId, status: 'approved', appeal: expect.objectContaining({ decision: 'restore' }) })]);
    const log = await h.call('GET', `/v1/moderation/audit-log?action=restore&actor=${secondModerator}&targetKind=post`);
    expect(log.body.items).toEqual([expect.objectContaining({ targetId, reason: 'The account statement shows real trading.' })]);
  });

  it('a removed comment kept removed: the author is told through the event; a newer removal of restored content is appealed on its own', async () => {
    const { author, targetId, removalId } = await removedContent('comment', 'Join my VIP signals');
    const a = await appeal(author, removalId);
    const d = await decide(a.body.id, secondModerator, 'uphold', 'Still advertising.');
    expect(d.body).toMatchObject({ appeal: { decision: 'uphold' }, target: { status: 'rejected' }, audit: { action: 'uphold', targetKind: 'comment', after: { status: 'removed' } } });
    const event = await h.waitForEvent('reviews.removal_appeal.decided', (p) => p.appealId === a.body.id);
    expect(event.payload).toMatchObject({ targetKind: 'comment', targetId, userId: author, decision: 'uphold', restored: false, reason: 'Still advertising.', rule: 'spam', excerpt: 'Join my VIP signals' });
    expect(await removals(author)).toEqual([expect.objectContaining({ removalId, targetKind: 'comment', status: 'rejected', appeal: expect.objectContaining({ decision: 'uphold' }) })]);

    // A post restored on appeal, then reported and removed again: the old removal is no longer in force, the new one is.
    const first = await removedContent('post', 'Signals for sale');
    const firstAppeal = await appeal(first.author, first.removalId);
    await decide(firstAppeal.body.id, secondModerator, 'restore');
    await h.call('POST', '/v1/reports', { userId: randomUUID(), targetKind: 'post', targetId: first.targetId, reason: 'spam', snapshot: { authorId: first.author, authorName: 'poster', excerpt: 'Signals for sale', contextId: first.contextId } });
    const again = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: secondModerator, targetKind: 'post', targetId: first.targetId, action: 'remove', reason: 'Back with the same advert', rule: 'spam' });
    expect(again.status).toBe(200);
    const listed = await removals(first.author);
    expect(listed.map((r) => [r.removalId, r.status])).toEqual([
      [again.body.audit.id, 'rejected'],
      [first.removalId, 'rejected'],
    ]);
    const secondAppeal = await appeal(first.author, again.body.audit.id);
    expect(secondAppeal.status).toBe(200);
    expect(errorOf(await decide(secondAppeal.body.id, secondModerator, 'restore')).code).toBe('reviews.removal_appeal_same_moderator');
  });
});
