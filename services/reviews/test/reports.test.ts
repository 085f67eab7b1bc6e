import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '@brokerwise/sql';
import { decideOn, errorOf, moderator, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

describe('reports, the moderation queue and the audit log (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ REPORTS_PER_HOUR: '3', LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const published = async (stars = 4) => {
    const company = newCompany();
    const author = veteran();
    const r = await submit(h, company, author, { stars });
    const d = await decideOn(h, r.body.id, 'approve');
    expect(d.status, JSON.stringify([r.body, d.body])).toBe(200);
    return { company, author, reviewId: r.body.id as string };
  };
  const report = (userId: string, body: Record<string, unknown>) => h.call('POST', '/v1/reports', { userId, ...body });
  const snapshot = (authorId: string, excerpt = 'Buy cheap signals at example.com') => ({ authorId, authorName: 'poster', excerpt, contextId: null });
  const work = async () => (await h.call('GET', '/v1/moderation/work?limit=50')).body.items as { targetKind: string; targetId: string; [k: string]: unknown }[];

  it('files a report on a published review; a second open one from the same user is a conflict', async () => {
    const { reviewId, author } = await published();
    const reporter = randomUUID();
    const r = await report(reporter, { targetKind: 'review', targetId: reviewId, reason: 'fake_review' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ targetKind: 'review', targetId: reviewId, reason: 'fake_review', status: 'open', closedAt: null });
    const again = await report(reporter, { targetKind: 'review', targetId: reviewId, reason: 'spam' });
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('reviews.already_reported');
    // The author cannot report their own review; a pending or unknown review is not reportable.
    expect(errorOf(await report(author.userId, { targetKind: 'review', targetId: reviewId, reason: 'spam' })).fields).toEqual({ targetId: 'own_content' });
    const pending = await submit(h, newCompany(), veteran());
    expect((await report(reporter, { targetKind: 'review', targetId: pending.body.id, reason: 'spam' })).status).toBe(404);
    expect((await report(reporter, { targetKind: 'post', targetId: randomUUID(), reason: 'spam' })).status).toBe(404); // no snapshot
    const mine = await h.call('GET', `/v1/users/${reporter}/reports`);
    expect(mine.body.items.map((i: { targetId: string; status: string }) => [i.targetId, i.status])).toEqual([[reviewId, 'open']]);
  });

  it('checks the reason and the text: "other" needs 10–500 characters', async () => {
    const target = { targetKind: 'post', targetId: randomUUID(), snapshot: snapshot(randomUUID()) };
    const u = randomUUID();
    expect(errorOf(await report(u, { ...target, reason: 'boring' })).fields).toEqual({ reason: 'report_reason' });
    expect(errorOf(await report(u, { ...target, reason: 'other' })).fields).toEqual({ text: 'report_text_required' });
    expect(errorOf(await report(u, { ...target, reason: 'other', text: 'too short' })).fields).toEqual({ text: 'report_text_length' });
    expect(errorOf(await report(u, { ...target, reason: 'spam', text: 'x'.repeat(501) })).fields).toEqual({ text: 'report_text_length' });
    expect((await report(u, { ...target, reason: 'other', text: 'It copies my own article word for word' })).status).toBe(200);
  });

  it('limits reports per user and rolling hour', async () => {
    const u = randomUUID();
    for (let i = 0; i < 3; i++) expect((await report(u, { targetKind: 'comment', targetId: randomUUID(), reason: 'spam', snapshot: snapshot(randomUUID()) })).status).toBe(200);
    const over = await report(u, { targetKind: 'comment', targetId: randomUUID(), reason: 'spam', snapshot: snapshot(randomUUID()) });
    expect(over.status).toBe(429);
    expect(errorOf(over).code).toBe('reviews.report_limit');
    h.advance(3_600_001);
    expect((await report(u, { targetKind: 'comment', targetId: randomUUID(), reason: 'spam', snapshot: snapshot(randomUUID()) })).status).toBe(200);
  });

  it('queues reported targets grouped, by severity then age, above pending reviews, with the author record', async () => {
    const poster = randomUUID();
    const spamPost = randomUUID();
    const illegalComment = randomUUID();
    await report(randomUUID(), { targetKind: 'post', targetId: spamPost, reason: 'spam', snapshot: snapshot(poster) });
    await report(randomUUID(), { targetKind: 'post', targetId: spamPost, reason: 'other', text: 'Advertising a paid signal group', snapshot: snapshot(poster) });
    await report(randomUUID(), { targetKind: 'comment', targetId: illegalComment, reason: 'illegal', snapshot: snapshot(poster, 'stolen card numbers') });
    const pending = await submit(h, newCompany(), veteran());
    const items = await work();
    const at = (id: string) => items.findIndex((i) => i.targetId === id);
    expect(at(illegalComment)).toBeGreaterThanOrEqual(0);
    expect(at(illegalComment)).toBeLessThan(at(spamPost));
    expect(at(spamPost)).toBeLessThan(at(pending.body.id));
    expect(items[at(spamPost)]).toMatchObject({ source: 'reports', reports: 2, severity: 2, texts: ['Advertising a paid signal group'], author: { id: poster, name: 'poster' }, record: { removals: 0, reports: 3 } });
    expect([...(items[at(spamPost)]!.reasons as string[])].sort()).toEqual(['other', 'spam']);
    expect(items[at(pending.body.id)]).toMatchObject({ source: 'pending_review', severity: 0, reports: 0, reviewStatus: 'pending' });
  });

  it('removes a reported review: rejected with the rule, rating event, reports actioned, audited; dismiss closes', async () => {
    const { reviewId, company, author } = await published(1);
    const reporter = randomUUID();
    await report(reporter, { targetKind: 'review', targetId: reviewId, reason: 'abuse' });
    const bad = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'review', targetId: reviewId, action: 'remove', rule: 'abuse' });
    expect(errorOf(bad).fields).toEqual({ reason: 'removal_reason_required' });
    const d = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'review', targetId: reviewId, action: 'remove', reason: 'Insults the staff', rule: 'abuse' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({ closed: 1, audit: { action: 'remove', targetKind: 'review', targetId: reviewId, rule: 'abuse', reason: 'Insults the staff', before: { status: 'approved', reports: 1 }, after: { status: 'rejected' } } });
    const rejected = await h.waitForEvent('reviews.review.rejected', (p) => p.reviewId === reviewId);
    expect(rejected.payload).toMatchObject({ userId: author.userId, reason: 'Insults the staff', rule: 'abuse' });
    await vi.waitFor(async () => expect((await h.call('GET', `/v1/companies/${company}/rating`)).body.approvedCount).toBe(0), { timeout: 15_000, interval: 25 });
    const mine = await h.call('GET', `/v1/users/${reporter}/reports`);
    expect(mine.body.items[0]).toMatchObject({ targetId: reviewId, status: 'actioned' });
    // The review's own history shows the removal as a rejection.
    const history = await h.call('GET', `/v1/moderation/${reviewId}/audit`);
    expect(history.body.items.map((i: { decision: string; previousStatus: string }) => [i.decision, i.previousStatus])).toEqual([['approve', 'pending'], ['reject', 'approved']]);
    expect((await work()).some((i) => i.targetId === reviewId)).toBe(false);
    // Deciding again: nothing is open any more.
    expect((await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'review', targetId: reviewId, action: 'dismiss' })).status).toBe(409);

    const post = randomUUID();
    const other = randomUUID();
    await report(other, { targetKind: 'post', targetId: post, reason: 'spam', snapshot: snapshot(randomUUID()) });
    const dismissed = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'post', targetId: post, action: 'dismiss', reason: 'An ordinary post' });
    expect(dismissed.body.audit).toMatchObject({ action: 'dismiss', after: { reports: 'dismissed' } });
    expect((await h.call('GET', `/v1/users/${other}/reports`)).body.items[0].status).toBe('dismissed');
    // A new report on the same target after the decision is allowed (the earlier one is closed).
    expect((await report(other, { targetKind: 'post', targetId: post, reason: 'spam', snapshot: snapshot(randomUUID()) })).status).toBe(200);
  });

  it('removes a reported comment: the author is told by reviews.content.removed; profiles are not removable', async () => {
    const comment = randomUUID();
    const author = randomUUID();
    await report(randomUUID(), { targetKind: 'comment', targetId: comment, reason: 'personal_data', snapshot: snapshot(author, 'His phone is 555-0100') });
    const d = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'comment', targetId: comment, action: 'remove', reason: 'Publishes a phone number', rule: 'personal_data' });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const e = await h.waitForEvent('reviews.content.removed', (p) => p.targetId === comment);
    expect(e.payload).toMatchObject({ targetKind: 'comment', authorId: author, moderatorId: moderator, rule: 'personal_data', excerpt: 'His phone is 555-0100' });
    const profile = randomUUID();
    await report(randomUUID(), { targetKind: 'profile', targetId: profile, reason: 'abuse', snapshot: snapshot(profile) });
    const p = await h.call('POST', '/v1/moderation/reports/decide', { moderatorId: moderator, targetKind: 'profile', targetId: profile, action: 'remove', reason: 'x', rule: 'abuse' });
    expect(errorOf(p).code).toBe('reviews.profile_not_removable');
  });

  it('keeps every action in an append-only log, filterable', async () => {
    const r = await submit(h, newCompany(), veteran());
    const since = h.now().toISOString();
    await decideOn(h, r.body.id, 'reject', 'Not about the company');
    const all = await h.call('GET', `/v1/moderation/audit-log?actor=${moderator}&limit=50`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.items.map((i: { action: string }) => i.action)).toEqual(expect.arrayContaining(['approve', 'reject', 'remove', 'dismiss']));
    const rejects = await h.call('GET', `/v1/moderation/audit-log?action=reject&targetKind=review&from=${encodeURIComponent(since)}`);
    expect(rejects.body.items).toHaveLength(1);
    expect(rejects.body.items[0]).toMatchObject({ targetId: r.body.id, reason: 'Not about the company', before: { status: 'pending' }, after: { status: 'rejected' } });
    expect((await h.call('GET', `/v1/moderation/audit-log?actor=${randomUUID()}`)).body).toEqual({ items: [], total: 0 });
    // The database itself refuses to rewrite or erase history.
    await expect(sql`update moderation_audit set reason = 'edited'`.execute(h.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from moderation_audit`.execute(h.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate moderation_audit`.execute(h.db)).rejects.toThrow(/append-only/);
  });
});
