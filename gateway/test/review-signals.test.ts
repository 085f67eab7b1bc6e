import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationItem, Page, PublicReview, UserInfo } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

/** Issue 17, done-when: a burst of near-duplicate reviews from fresh accounts ends in the queue with its reasons. */
describe('automatic review signals through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;

  beforeAll(async () => {
    stack = await startReviewStack('review-signals-test-salt');
    const signed = await stack.call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a burst of near-duplicate reviews with a link from fresh accounts ends in the queue with its reasons', async () => {
    const campaign = `Best broker ${randomUUID().slice(0, 8)} ever!!! Instant payouts, join via www.fx-rich.example.com`;
    const ids: string[] = [];
    // Five fresh accounts, one browser (one client address), minutes apart at most: the default thresholds.
    for (let i = 0; i < 5; i += 1) {
      const author = await stack.signUp();
      const sent = await stack.call<PublicReview>('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 5, content: i % 2 ? `${campaign} 👍` : campaign, check: true } });
      expect(sent.body.code, sent.body.msg).toBe(1);
      ids.push(sent.body.data.id);
    }

    const queue = await stack.call<Page<ModerationItem>>('GET', '/api/admin/moderation/queue', { token: admin.token });
    expect(queue.body.code, queue.body.msg).toBe(1);
    const list = queue.body.data.list;
    const last = list.find((i) => i.targetId === ids[4]);
    expect(last).toMatchObject({ source: 'pending_review', severity: 3, link: '/detail?id=harbour-fx' });
    const byKind = Object.fromEntries(last!.signals.map((s) => [s.kind, s.details]));
    expect(byKind.near_duplicate).toMatchObject({ count: 4, reviewIds: expect.arrayContaining(ids.slice(0, 4)) });
    expect(byKind.company_burst).toMatchObject({ count: 5, minutes: 10 });
    expect(byKind.shared_origin).toMatchObject({ accounts: 5, via: 'address' });
    expect(byKind.new_account_link).toMatchObject({ ageDays: 0 });
    // The first of the campaign has nothing to be a copy of, but is still a fresh account with a link.
    expect(list.find((i) => i.targetId === ids[0])!.signals.map((s) => s.kind)).toEqual(['new_account_link']);
  });
});
