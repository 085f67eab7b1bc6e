import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownUser, noticesOf, startHarness, ts, waitFor, type Harness } from './harness.ts';

describe('a published company reply tells the reviewer: a notice in both languages, a mail per their preferences (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const notices = (userId: string, lang: 'en' | 'zh-cn', n: number) => noticesOf(h, userId, lang, n);
  const reply = (reviewerId: string, companyId: string, edited = false) =>
    h.publish('reviews.reply.published', {
      replyId: randomUUID(),
      reviewId: randomUUID(),
      companyId,
      reviewerId,
      representativeId: randomUUID(),
      edited,
      publishedAt: ts(),
      excerpt: 'Thank you, the withdrawal was sent today.',
    });

  it('names the company, quotes the reply, links to the review on the company page; mails unless turned off', async () => {
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'harbour-fx', name: 'Harbour FX', nameZh: '海港外汇', category: 'Brokers', version: 1n });
    const reviewer = await knownUser(h, { locale: 'zh-cn' });
    const { bytes } = await reply(reviewer.id, companyId);
    const en = await notices(reviewer.id, 'en', 1);
    expect(en.items[0]).toMatchObject({ kind: 'company_replied', title: 'Reply from the company', text: 'Harbour FX replied to your review: Thank you, the withdrawal was sent today.' });
    expect(en.items[0].link).toMatch(/^\/detail\?id=harbour-fx#review-/);
    const zh = await notices(reviewer.id, 'zh-cn', 1);
    expect(zh.items[0]).toMatchObject({ title: '公司回复', text: '海港外汇回复了您的点评：Thank you, the withdrawal was sent today.' });
    const [mail] = await waitFor(() => h.mailbox!.list(reviewer.email), (m) => m.length >= 1, 'the reply mail');
    expect(mail!.subject).toBe('海港外汇回复了您的点评');
    expect(mail!.text).toContain('https://brokerwise.test/detail?id=harbour-fx#review-');
    // Delivered twice: still one notice, one mail.
    await h.redeliver('reviews.reply.published', bytes);
    await reply(reviewer.id, companyId, true);
    const both = await notices(reviewer.id, 'en', 2);
    expect(both.total).toBe(2);
    expect(both.items[0].text).toBe('Harbour FX edited its verified reply to your review: Thank you, the withdrawal was sent today.');

    const quiet = await knownUser(h);
    await h.call('PUT', `/v1/users/${quiet.id}/email-preferences`, { nonEssential: false });
    await reply(quiet.id, companyId);
    await notices(quiet.id, 'en', 1);
    expect(await h.db.selectFrom('mail').select('id').where('to_address', '=', quiet.email).execute()).toEqual([]);
    expect(await h.mailbox!.list(reviewer.email)).toHaveLength(2);
  });
});
