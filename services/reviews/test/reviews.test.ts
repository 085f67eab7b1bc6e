import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideOn, errorOf, moderator, newCompany, reviewText, startHarness, submit, veteran, type Harness } from './harness.ts';

describe('reviews: write, edit, delete and read (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const companyReviews = (companyId: string, query = '') => h.call('GET', `/v1/companies/${companyId}/reviews${query}`);

  it('creates a pending review the author sees and nobody else does, and announces it', async () => {
    const company = newCompany();
    const author = veteran();
    const text = '  Good execution, support answered within an hour.  ';
    const r = await submit(h, company, author, { stars: 5, text });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ companyId: company, userId: author.userId, username: author.username, stars: 5, text: text.trim(), status: 'pending', rejectReason: null, moderatedAt: null, mine: true });

    const asAuthor = await companyReviews(company, `?viewer=${author.userId}`);
    expect(asAuthor.body).toMatchObject({ items: [], total: 0, mine: { id: r.body.id, status: 'pending', mine: true } });
    const asOther = await companyReviews(company, `?viewer=${veteran().userId}`);
    expect(asOther.body).toEqual({ items: [], total: 0, mine: null });
    expect((await companyReviews(company)).body).toEqual({ items: [], total: 0, mine: null });
    expect((await h.call('GET', '/v1/recent?limit=50')).body.items.map((i: { id: string }) => i.id)).not.toContain(r.body.id);

    const event = await h.waitForEvent('reviews.review.submitted', (p) => p.reviewId === r.body.id);
    expect(event.payload).toMatchObject({ companyId: company, userId: author.userId, stars: 5, pending: true, edited: false, wasApproved: false });
    expect(event.envelope.producer).toBe('reviews');
  });

  it('checks stars (never 0), text length 15–1000 after trimming and the confirmation tick', async () => {
    const company = newCompany();
    const author = veteran();
    const fieldsOf = async (extra: Record<string, unknown>) => {
      const r = await submit(h, company, author, extra);
      expect(r.status).toBe(400);
      expect(errorOf(r)).toMatchObject({ code: 'reviews.validation', kind: 'validation' });
      return (r.body as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(await fieldsOf({ stars: 0 })).toEqual({ stars: 'required' });
    expect(await fieldsOf({ stars: undefined })).toEqual({ stars: 'required' });
    expect(await fieldsOf({ stars: 6 })).toEqual({ stars: 'range' });
    expect(await fieldsOf({ text: `   ${'a'.repeat(14)}   ` })).toEqual({ text: 'length' });
    expect(await fieldsOf({ text: 'b'.repeat(1001) })).toEqual({ text: 'length' });
    expect(await fieldsOf({ text: undefined })).toEqual({ text: 'length' });
    expect(await fieldsOf({ confirmed: false })).toEqual({ confirmed: 'required' });
    expect(await fieldsOf({ confirmed: undefined })).toEqual({ confirmed: 'required' });
    expect(await fieldsOf({ stars: 0, text: 'short', confirmed: false })).toEqual({ stars: 'required', text: 'length', confirmed: 'required' });
    const none = await h.db.selectFrom('review').select('id').where('company_id', '=', company).execute();
    expect(none).toHaveLength(0);

    // The limits themselves are accepted: 15 characters, and 1000 characters of Chinese.
    expect((await submit(h, company, author, { text: `  ${'c'.repeat(15)}  ` })).status).toBe(200);
    const other = veteran();
    const chinese = await submit(h, company, other, { text: '服'.repeat(1000), stars: 1 });
    expect(chinese.status).toBe(200);
    expect(chinese.body.text).toHaveLength(1000);
  });

  it('refuses malformed ids and unknown properties at the edge', async () => {
    const author = veteran();
    expect((await submit(h, 'not-a-company', author)).status).toBe(400);
    expect((await submit(h, newCompany(), { ...author, userId: 'nope' })).status).toBe(400);
    expect((await submit(h, newCompany(), author, { admin: true })).status).toBe(400);
    expect((await submit(h, newCompany(), { ...author, accountCreatedAt: 'yesterday' })).status).toBe(400);
  });

  it('keeps one review per user per company: a second submission edits the first and makes it pending again', async () => {
    const company = newCompany();
    const author = veteran();
    const first = await submit(h, company, author, { stars: 2 });
    expect((await decideOn(h, first.body.id, 'reject', 'Please describe your own experience')).status).toBe(200);
    h.advance(5_000);
    const second = await submit(h, company, author, { stars: 3, text: 'Edited: after a month the withdrawals became fast.' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, stars: 3, status: 'pending', rejectReason: null, moderatedAt: null, createdAt: first.body.createdAt });
    expect(Date.parse(second.body.updatedAt)).toBeGreaterThan(Date.parse(first.body.updatedAt));
    const rows = await h.db.selectFrom('review').select('id').where('company_id', '=', company).where('user_id', '=', author.userId).execute();
    expect(rows).toHaveLength(1);
    const event = await h.waitForEvent('reviews.review.submitted', (p) => p.reviewId === first.body.id && p.edited);
    expect(event.payload).toMatchObject({ stars: 3, pending: true, wasApproved: false });
  });

  it('deletes the author’s own review only, frees the slot and says 404 when there is none', async () => {
    const company = newCompany();
    const author = veteran();
    const stranger = veteran();
    const first = await submit(h, company, author);
    const del = (userId: string) => h.call('DELETE', `/v1/companies/${company}/reviews/mine?userId=${userId}`);
    const missing = await del(stranger.userId);
    expect(missing.status).toBe(404);
    expect(errorOf(missing).code).toBe('reviews.review_not_found');

    const ok = await del(author.userId);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ deleted: first.body.id });
    expect((await del(author.userId)).status).toBe(404);
    expect((await companyReviews(company, `?viewer=${author.userId}`)).body.mine).toBeNull();
    expect((await h.call('GET', `/v1/users/${author.userId}/reviews`)).body).toEqual({ items: [], total: 0 });
    const event = await h.waitForEvent('reviews.review.deleted', (p) => p.reviewId === first.body.id);
    expect(event.payload).toMatchObject({ companyId: company, userId: author.userId, wasApproved: false });

    const again = await submit(h, company, author);
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(first.body.id);
    expect((await h.call('DELETE', `/v1/companies/${company}/reviews/mine?userId=bad`)).status).toBe(400);
  });

  it('lists approved reviews newest first with paging, flagging the viewer’s own', async () => {
    const company = newCompany();
    const authors = [veteran(), veteran(), veteran()];
    const ids: string[] = [];
    for (const a of authors) {
      const r = await submit(h, company, a);
      ids.push(r.body.id);
      expect((await decideOn(h, r.body.id, 'approve')).status).toBe(200);
      h.advance(1_000);
    }
    const pending = await submit(h, company, veteran());
    const page1 = await companyReviews(company, `?limit=2&viewer=${authors[2]!.userId}`);
    expect(page1.body.total).toBe(3);
    expect(page1.body.items.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.items.map((i: { mine: boolean }) => i.mine)).toEqual([true, false]);
    expect(page1.body.mine).toMatchObject({ id: ids[2], status: 'approved' });
    const page2 = await companyReviews(company, '?limit=2&page=2');
    expect(page2.body.items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    expect(JSON.stringify([page1.body, page2.body])).not.toContain(pending.body.id);
    expect((await companyReviews(company, '?limit=51')).status).toBe(400);

    const recent = await h.call('GET', '/v1/recent?limit=2');
    expect(recent.body.items.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[1]]);
    expect(recent.body.items.every((i: { status: string }) => i.status === 'approved')).toBe(true);
  });

  it('lists a user’s reviews in every status, with the reject reason', async () => {
    const author = veteran();
    const a = await submit(h, newCompany(), author);
    h.advance(1_000);
    const b = await submit(h, newCompany(), author);
    h.advance(1_000);
    const c = await submit(h, newCompany(), author);
    await decideOn(h, a.body.id, 'approve');
    await decideOn(h, b.body.id, 'reject', 'Contains a referral link');
    const r = await h.call('GET', `/v1/users/${author.userId}/reviews`);
    expect(r.body.total).toBe(3);
    expect(r.body.items.map((i: { id: string; status: string; rejectReason: string | null }) => [i.id, i.status, i.rejectReason])).toEqual([
      [c.body.id, 'pending', null],
      [b.body.id, 'rejected', 'Contains a referral link'],
      [a.body.id, 'approved', null],
    ]);
    expect(r.body.items.every((i: { mine: boolean }) => i.mine)).toBe(true);
  });

  it('answers the moderator id it was given in events', async () => {
    const r = await submit(h, newCompany(), veteran());
    await decideOn(h, r.body.id, 'approve');
    const event = await h.waitForEvent('reviews.review.approved', (p) => p.reviewId === r.body.id);
    expect(event.payload.moderatorId).toBe(moderator);
  });

  it('has the text it was given, not another review’s', async () => {
    const text = reviewText('Slippage on news was acceptable');
    const r = await submit(h, newCompany(), veteran(), { text });
    expect(r.body.text).toBe(text);
  });
});
