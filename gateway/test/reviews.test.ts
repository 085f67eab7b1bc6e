import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDetail, CompanyReviews, ErrorData, Page, PublicReview } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'reviews-test-salt';

describe('reviews through the gateway: pending for the author, approved for everyone, score follows', () => {
  let stack: ReviewStack;
  let reviewsUrl: string;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const signUp = () => stack.signUp();

  beforeAll(async () => {
    stack = await startReviewStack(SALT);
    reviewsUrl = stack.reviewsUrl;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('walks a review from pending to approved, moving the company score', async () => {
    const author = await signUp();
    const bad = await call<ErrorData>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 0, content: 'too short', check: false }, lang: 'zh-cn' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toMatchObject({ score: '请打分。', content: '请输入 15 到 1000 个字符。', check: '请确认该点评基于您的亲身经历。' });
    const anon = await call<ErrorData>('POST', '/api/reviews/submit', { body: { id: 'harbour-fx', score: 5, content: 'x'.repeat(20), check: true } });
    expect(anon.body.code).toBe(402);

    const text = 'Fast withdrawals and honest spreads in my two years with them.';
    const sent = await call<PublicReview>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 5, content: text, check: true } });
    expect(sent.body).toMatchObject({ code: 1, msg: 'Your review is pending', data: { status: 'pending', score: 5, mine: true, company: { id: 'harbour-fx', name: 'Harbour FX' } } });

    const mine = await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx', { token: author.token });
    expect(mine.body.data.mine).toMatchObject({ status: 'pending', content: text });
    expect(mine.body.data.list).toEqual([]);
    const others = await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx');
    expect(others.body.data).toMatchObject({ list: [], mine: null, rating: { count: 0 } });
    // Anonymous pages are cached (the approval below must drop them through its event).
    expect((await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx')).headers.get('x-cache')).toBe('HIT');
    expect(mine.headers.get('x-cache')).toBeNull();
    const myList = await call<Page<PublicReview>>('GET', '/api/user/reviews', { token: author.token, lang: 'zh-cn' });
    expect(myList.body.data.list[0]).toMatchObject({ status: 'pending', company: { name: '海港外汇' } });

    // A moderator approves (the admin screens come later; the reviews service audits the decision).
    const reviewId = sent.body.data.id;
    const moderatorId = crypto.randomUUID();
    const decision = await fetch(`${reviewsUrl}/v1/moderation/${reviewId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await stack.serviceHeaders('reviews', { userId: moderatorId, role: 'admin' })) },
      body: JSON.stringify({ moderatorId, decision: 'approve', reason: '' }),
    });
    expect(decision.status).toBe(200);

    await expect.poll(async () => (await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx')).body.data.list.map((r) => r.content), { timeout: 10_000 }).toEqual([text]);
    const rated = await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx');
    expect(rated.body.data.rating).toMatchObject({ count: 1, distribution: [0, 0, 0, 0, 1] });
    // Bayesian average with the prior (7 × 3.5★) and one fresh 5★: (24.5 + 5) / 8 = 3.6875 → 3.7.
    expect(rated.body.data.rating.score).toBe(3.7);
    // The catalogue takes the new score through reviews.rating.changed; the gateway cache is dropped by the event.
    await expect.poll(async () => (await call<CompanyDetail>('GET', '/api/brokers/detail?id=harbour-fx')).body.data.score, { timeout: 10_000 }).toBe(3.7);
    const recent = await call<PublicReview[]>('GET', '/api/reviews/recent');
    expect(recent.body.data.map((r) => r.content)).toEqual([text]);
    expect((await call<PublicReview[]>('GET', '/api/reviews/recent')).headers.get('x-cache')).toBe('HIT');

    const del = await call('POST', '/api/reviews/delete', { token: author.token, body: { id: 'harbour-fx' } });
    expect(del.body).toMatchObject({ code: 1, msg: 'Your review has been deleted.' });
    await expect.poll(async () => (await call<CompanyReviews>('GET', '/api/reviews/list?id=harbour-fx')).body.data.list.length, { timeout: 10_000 }).toBe(0);
  });

  it('refuses reviews of unknown companies and bad ids without a 500', async () => {
    const user = await signUp();
    const unknown = await call<ErrorData>('POST', '/api/reviews/submit', { token: user.token, body: { id: 'no-such-company', score: 4, content: 'y'.repeat(30), check: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(0);
    const bad = await call<ErrorData>('GET', '/api/reviews/list?id=Bad%20Id');
    expect(bad.status).toBe(400);
  });
});
