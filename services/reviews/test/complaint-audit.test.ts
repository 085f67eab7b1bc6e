import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, newCompany, startHarness, veteran, type Harness } from './harness.ts';

describe('moderators’ decisions on complaint cases are in the moderation log (real SQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = async (author: { userId: string; username: string }, companyId: string) => {
    const c = await h.call('POST', `/v1/users/${author.userId}/complaints`, {
      username: author.username,
      companyId,
      category: 'fees',
      amount: '12.50',
      currency: 'EUR',
      text: 'An inactivity fee of 12.50 EUR was charged although I traded last week.',
      evidenceIds: [],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    return c.body.id as string;
  };

  it('publishing, refusing and taking a message down are logged with who, why and before/after; the transparency report counts them as decisions only', async () => {
    const moderator = randomUUID();
    const company = newCompany();
    const author = veteran();
    const month = h.now().toISOString().slice(0, 7);
    const report = async () => (await h.call('GET', `/v1/transparency?from=${month}&to=${month}`)).body.months[0];
    const before = await report();

    const published = await open(author, company);
    const refused = await open(author, company);
    expect((await h.call('POST', `/v1/moderation/complaints/${published}`, { moderatorId: moderator, decision: 'approve', representativeIds: [] })).status).toBe(200);
    expect((await h.call('POST', `/v1/moderation/complaints/${refused}`, { moderatorId: moderator, decision: 'reject', reason: 'Names a private person', representativeIds: [] })).status).toBe(200);
    const said = await h.call('POST', `/v1/complaints/${published}/messages`, { userId: author.userId, companyIds: [], representativeIds: [], text: 'My phone number is +44 20 7946 0000, call me.' });
    expect(said.status, JSON.stringify(said.body)).toBe(200);
    const messageId = said.body.message.id as string;
    expect((await h.call('POST', `/v1/moderation/complaint-messages/${messageId}/remove`, { moderatorId: moderator, reason: 'Personal data' })).status).toBe(200);

    const log = await h.call('GET', `/v1/moderation/audit-log?actor=${moderator}&limit=50`);
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.total).toBe(3);
    const byTarget = new Map(log.body.items.map((e: { targetId: string }) => [e.targetId, e]));
    expect(byTarget.get(published)).toMatchObject({ action: 'approve', targetKind: 'complaint', before: { status: 'pending', companyId: company, authorId: author.userId }, after: { status: 'awaiting_company' } });
    expect((byTarget.get(published) as { after: { dueAt?: string } }).after.dueAt).toEqual(expect.any(String));
    expect(byTarget.get(refused)).toMatchObject({ action: 'reject', targetKind: 'complaint', reason: 'Names a private person', after: { status: 'rejected' } });
    expect(byTarget.get(messageId)).toMatchObject({ action: 'remove', targetKind: 'complaint_message', reason: 'Personal data', before: { complaintId: published, authorId: author.userId, side: 'user' }, after: { removed: true } });
    // The removed text does not live on in the log.
    expect(JSON.stringify(byTarget.get(messageId))).not.toContain('7946');
    const filtered = await h.call('GET', '/v1/moderation/audit-log?targetKind=complaint_message&limit=50');
    expect(filtered.body.items.map((e: { targetId: string }) => e.targetId)).toContain(messageId);

    const after = await report();
    expect(after.decisions.human - before.decisions.human).toBe(3);
    expect(after.published).toBe(before.published);
    expect(after.removed.total).toBe(before.removed.total);

    // Not a removal of the author's content: it cannot be appealed as one.
    const appeal = await h.call('POST', `/v1/users/${author.userId}/removal-appeals`, { removalId: log.body.items[0].id, text: 'Please restore my message, it was important.' });
    expect(appeal.status).toBe(404);
  });
});

describe('complaint cases one user may open a day (COMPLAINTS_PER_DAY)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ COMPLAINTS_PER_DAY: '2' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const open = (userId: string, companyId = newCompany()) =>
    h.call('POST', `/v1/users/${userId}/complaints`, {
      username: `u_${userId.slice(0, 8)}`,
      companyId,
      category: 'withdrawal',
      amount: '50',
      currency: 'USD',
      text: 'My withdrawal of 50 USD was refused without any reason given by support.',
      evidenceIds: [],
    });

  it('refuses the third case within 24 hours with a field error and when to retry; others are not affected; a day later it opens', async () => {
    const user = randomUUID();
    expect((await open(user)).status).toBe(200);
    h.advance(3_600_000);
    const second = await open(user);
    expect(second.status).toBe(200);
    // Withdrawn cases still count (the limit is on opening).
    await h.call('POST', `/v1/complaints/${second.body.id}/close`, { userId: user, action: 'withdraw' });
    const third = await open(user);
    expect(third.status).toBe(429);
    expect(errorOf(third)).toMatchObject({ code: 'reviews.complaint_limit', fields: { text: 'complaint_limit' }, params: { max: 2, hours: 23 } });
    const retryAfter = Number((errorOf(third) as { retryAfter?: number }).retryAfter);
    expect(retryAfter).toBeGreaterThan(22 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(23 * 3600);
    expect((await open(randomUUID())).status).toBe(200);
    // The first one is more than 24 hours old: one more fits.
    h.advance(23 * 3_600_000 + 1000);
    expect((await open(user)).status).toBe(200);
    expect((await open(user)).status).toBe(429);
  });
});
