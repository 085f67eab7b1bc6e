import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOn, errorOf, moderator, newCompany, startHarness, submit, veteran, type Harness } from './harness.ts';

describe('verified company replies: once per review, edit history, moderation, figures (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const rep = randomUUID();
  const write = (reviewId: string, text: string, companyIds: string[], userId = rep) =>
    h.call('PUT', `/v1/reviews/${reviewId}/reply`, {
      userId,
      companyIds,
      text,
    });
  const decide = (replyId: string, decision: 'approve' | 'reject', reason?: string) =>
    h.call('POST', `/v1/moderation/replies/${replyId}`, {
      moderatorId: moderator,
      decision,
      ...(reason ? { reason } : {}),
    });
  const published = async (companyId: string) => {
    const author = veteran();
    const r = await submit(h, companyId, author);
    await decideOn(h, r.body.id, 'approve');
    return { id: r.body.id as string, author };
  };

  it('a representative replies once to a published review of their company; edits keep the history and wait for a moderator again', async () => {
    const company = newCompany();
    const other = newCompany();
    const review = await published(company);

    // Not a representative of this company (of another one, or of none): refused.
    expect(errorOf(await write(review.id, 'Thank you for the feedback.', [other]))).toMatchObject({ code: 'reviews.reply_not_representative' });
    expect(errorOf(await write(review.id, 'Thank you for the feedback.', []))).toMatchObject({ code: 'reviews.reply_not_representative' });
    expect(errorOf(await write(review.id, ' ', [company]))).toMatchObject({
      fields: { content: 'reply_length' },
    });
    expect(errorOf(await write(randomUUID(), 'Thank you for the feedback.', [company]))).toMatchObject({ code: 'reviews.review_not_found' });
    // Only published reviews are answered.
    const pending = await submit(h, company, veteran());
    expect(errorOf(await write(pending.body.id, 'Thank you for the feedback.', [company]))).toMatchObject({ code: 'reviews.reply_review_unpublished' });

    const first = await write(review.id, 'Thank you, we have fixed the withdrawal delay.', [other, company]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      status: 'pending',
      edited: false,
      reviewId: review.id,
      companyId: company,
      authorId: rep,
    });
    // Pending replies are not public: the gateway filters on status; the queue has it with its review.
    const queue = await h.call('GET', '/v1/moderation/replies?limit=50');
    expect(queue.body.items.find((i: any) => i.reply.id === first.body.id)).toMatchObject({
      review: { id: review.id, username: review.author.username },
    });

    expect(errorOf(await decide(first.body.id, 'reject'))).toMatchObject({
      fields: { reason: 'required' },
    });
    const approved = await decide(first.body.id, 'approve');
    expect(approved.body).toMatchObject({ status: 'approved' });
    expect(approved.body.firstPublishedAt).not.toBeNull();
    const event = await h.waitForEvent('reviews.reply.published', (p) => p.replyId === first.body.id);
    expect(event.payload).toMatchObject({
      reviewId: review.id,
      companyId: company,
      reviewerId: review.author.userId,
      representativeId: rep,
      edited: false,
    });
    expect(errorOf(await decide(first.body.id, 'approve'))).toMatchObject({
      code: 'reviews.already_moderated',
    });

    // Writing again edits the one reply (a second representative may); the history keeps both.
    const rep2 = randomUUID();
    h.advance(60_000);
    const edit = await write(review.id, 'Update: the fix is live for every account.', [company], rep2);
    expect(edit.body).toMatchObject({
      id: first.body.id,
      status: 'pending',
      edited: true,
      authorId: rep2,
    });
    const history = await h.call('GET', `/v1/replies/${first.body.id}/history`);
    expect(history.body.items.map((v: any) => [v.authorId, v.text])).toEqual([
      [rep, 'Thank you, we have fixed the withdrawal delay.'],
      [rep2, 'Update: the fix is live for every account.'],
    ]);
    const list = await h.call('GET', `/v1/replies?reviewIds=${review.id},${pending.body.id},nonsense`);
    expect(list.body.items).toMatchObject([
      {
        id: first.body.id,
        status: 'pending',
        text: 'Update: the fix is live for every account.',
      },
    ]);
    await decide(first.body.id, 'approve');
    const again = await h.waitForEvent('reviews.reply.published', (p) => p.replyId === first.body.id && p.edited);
    expect(again.payload.representativeId).toBe(rep2);
    expect((await h.call('GET', `/v1/replies?reviewIds=${review.id}`)).body.items).toHaveLength(1);
  });

  it('reply rate and median reply time over the last 12 months of published reviews', async () => {
    const company = newCompany();
    expect((await h.call('GET', `/v1/companies/${company}/reply-figures`)).body).toEqual({ reviews: 0, replied: 0, rate: null, medianHours: null });
    const a = await published(company);
    const b = await published(company);
    await published(company);
    await published(company);
    h.advance(2 * 3600_000);
    const ra = await write(a.id, 'Thanks for the review, glad it went well.', [company]);
    h.advance(2 * 3600_000);
    const rb = await write(b.id, 'We are sorry, support will contact you today.', [company]);
    await decide(ra.body.id, 'approve');
    // A reply still pending does not count.
    expect((await h.call('GET', `/v1/companies/${company}/reply-figures`)).body).toMatchObject({ reviews: 4, replied: 1, rate: 0.25, medianHours: 2 });
    await decide(rb.body.id, 'approve');
    expect((await h.call('GET', `/v1/companies/${company}/reply-figures`)).body).toEqual({ reviews: 4, replied: 2, rate: 0.5, medianHours: 3 });
    // A year on, those reviews are out of the window.
    h.advance(366 * 24 * 3600_000);
    expect((await h.call('GET', `/v1/companies/${company}/reply-figures`)).body).toMatchObject({ reviews: 0, rate: null });
  });
});
