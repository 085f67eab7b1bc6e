import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { errorOf, newCompany, reviewText, startHarness, submit, type Harness } from './harness.ts';

describe('new-account limits (first 24 h): 3 reviews, 120 s apart, no copy-paste', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** An account created `ageMs` ago on the service's clock. */
  const newcomer = (ageMs = 60_000) => {
    const userId = randomUUID();
    return { userId, username: `n_${userId.slice(0, 8)}`, accountCreatedAt: new Date(h.now().getTime() - ageMs).toISOString() };
  };

  it('allows three reviews, then answers 429 with Retry-After until the account is a day old', async () => {
    const user = newcomer(3600_000);
    for (let i = 0; i < 3; i++) {
      const r = await submit(h, newCompany(), user);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      h.advance(121_000);
    }
    // A deleted review still counts.
    const company = newCompany();
    const fourth = await submit(h, company, user);
    expect(fourth.status).toBe(429);
    expect(errorOf(fourth)).toMatchObject({ code: 'reviews.new_account_limit', kind: 'too_many_requests' });
    const retryAfter = fourth.body.error.retryAfter as number;
    const left = (Date.parse(user.accountCreatedAt) + 86_400_000 - h.now().getTime()) / 1000;
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(left));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(left) + 1);
    expect(fourth.headers.get('retry-after')).toBe(String(retryAfter));
    expect(await h.db.selectFrom('review').select('id').where('company_id', '=', company).execute()).toHaveLength(0);

    h.advance(retryAfter * 1000);
    expect((await submit(h, company, user)).status).toBe(200);
  });

  it('counts deleted reviews towards the three', async () => {
    const user = newcomer();
    const first = newCompany();
    await submit(h, first, user);
    h.advance(121_000);
    expect((await h.call('DELETE', `/v1/companies/${first}/reviews/mine?userId=${user.userId}`)).status).toBe(200);
    await submit(h, newCompany(), user);
    h.advance(121_000);
    await submit(h, newCompany(), user);
    h.advance(121_000);
    expect(errorOf(await submit(h, first, user)).code).toBe('reviews.new_account_limit');
  });

  it('spaces submissions 120 s apart, edits included', async () => {
    const user = newcomer();
    const company = newCompany();
    expect((await submit(h, company, user)).status).toBe(200);
    h.advance(30_000);
    const soon = await submit(h, newCompany(), user);
    expect(soon.status).toBe(429);
    expect(errorOf(soon)).toMatchObject({ code: 'reviews.too_soon', kind: 'too_many_requests', retryAfter: 90 });
    expect(soon.headers.get('retry-after')).toBe('90');
    const edit = await submit(h, company, user);
    expect(errorOf(edit)).toMatchObject({ code: 'reviews.too_soon' });
    h.advance(90_000);
    expect((await submit(h, newCompany(), user)).status).toBe(200);
  });

  it('refuses the same text (normalised) as another of the user’s reviews', async () => {
    const user = newcomer();
    const text = reviewText('Best broker ever, withdrawals in one hour');
    const company = newCompany();
    expect((await submit(h, company, user, { text })).status).toBe(200);
    h.advance(121_000);
    const copy = await submit(h, newCompany(), user, { text: `  ${text.toUpperCase().replace(/ /g, '   ')} ` });
    expect(copy.status).toBe(400);
    expect(errorOf(copy)).toMatchObject({ code: 'reviews.duplicate_text', kind: 'validation', fields: { text: 'duplicate' } });
    // Re-submitting the same review with its own text is an edit, not a duplicate.
    expect((await submit(h, company, user, { text, stars: 2 })).status).toBe(200);
  });

  it('does not apply to accounts older than 24 h', async () => {
    const user = newcomer(86_400_000);
    const text = reviewText();
    for (let i = 0; i < 5; i++) expect((await submit(h, newCompany(), user, { text })).status).toBe(200);
  });

  it('applies the form rules before the limits', async () => {
    const user = newcomer();
    await submit(h, newCompany(), user);
    const r = await submit(h, newCompany(), user, { stars: 0 });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'reviews.validation', fields: { stars: 'required' } });
  });
});
