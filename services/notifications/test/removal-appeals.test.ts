import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloadInit } from '@brokerwise/proto';
import { knownUser, startHarness, ts, waitFor, type Harness } from './harness.ts';

/** reviews.removal_appeal.decided (ADR 026): the author hears the outcome of their appeal, in their language. */
describe('the outcome of an appeal against a removal (real SQL, bus, file mailer)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  type Notice = { kind: string; title: string; text: string; link: string | null };
  const notices = (userId: string, n: number, lang: 'en' | 'zh-cn' = 'en') =>
    waitFor(
      async () => (await h.call<{ items: Notice[]; total: number }>('GET', `/v1/users/${userId}/notices?lang=${lang}&category=notices`)).body,
      (b) => b.items.length >= n,
      `${n} notice(s)`,
    ).then((b) => b.items);
  const sent = (to: string) => waitFor(() => h.mailbox!.list(to), (m) => m.length >= 1, `a mail to ${to}`);
  type Fields = Omit<EventPayloadInit<'reviews.removal_appeal.decided'>, '$typeName' | '$unknown'>;
  const decided = (p: Partial<Fields> & { userId: string }) =>
    h.publish('reviews.removal_appeal.decided', {
      appealId: randomUUID(),
      removalId: randomUUID(),
      targetKind: 'post',
      targetId: randomUUID(),
      decision: 'uphold',
      restored: false,
      moderatorId: randomUUID(),
      reason: 'Still advertising a paid group.',
      rule: 'spam',
      excerpt: 'Join my VIP signals',
      contextId: `image_text:${randomUUID()}`,
      decidedAt: ts(),
      ...p,
    });

  it('kept removed: a notice in both languages linking to the appeals, and a mail in the author’s language, once', async () => {
    const author = await knownUser(h, { locale: 'zh-cn' });
    const { bytes } = await decided({ userId: author.id });
    const [zh] = await notices(author.id, 1, 'zh-cn');
    expect(zh).toMatchObject({
      kind: 'removal_upheld',
      title: '维持删除',
      text: '另一位审核员已复核您的申诉：您的作品“Join my VIP signals”仍维持删除。原因：Still advertising a paid group. 违反规则：垃圾信息或广告。',
      link: '/user/sanctions',
    });
    const [en] = await notices(author.id, 1, 'en');
    expect(en).toMatchObject({
      title: 'Removal upheld',
      text: 'Another moderator reviewed your appeal: your post “Join my VIP signals” stays removed. Reason: Still advertising a paid group. Rule: spam or advertising.',
    });
    const [mail] = await sent(author.email);
    expect(mail!.subject).toBe('您的申诉结果：维持删除');
    expect(mail!.text).toContain('另一位审核员已复核您的申诉：您的作品“Join my VIP signals”仍维持删除。');
    expect(mail!.text).toContain('原因：Still advertising a paid group.');
    expect(mail!.text).toContain('违反规则：垃圾信息或广告');
    expect(mail!.text).toContain('https://brokerwise.test/user/sanctions');
    expect(mail!.html).toContain('<html lang="zh-CN">');

    // A redelivery makes no second notice or mail.
    await h.redeliver('reviews.removal_appeal.decided', bytes);
    const later = await knownUser(h);
    await decided({ userId: later.id, targetKind: 'comment', excerpt: 'Call 555-0100' });
    expect((await notices(later.id, 1))[0]).toMatchObject({ text: expect.stringContaining('your comment “Call 555-0100” stays removed') });
    expect((await sent(later.email))[0]!.subject).toBe('Your appeal: the removal stays');
    expect((await notices(author.id, 1)).length).toBe(1);
    expect(await h.mailbox!.list(author.email)).toHaveLength(1);
  });

  it('a kept review names the company; no mail when non-essential mails are off', async () => {
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'harbour-fx', name: 'Harbour FX', category: 'Brokers', version: 1n });
    const quiet = await knownUser(h);
    await h.call('PUT', `/v1/users/${quiet.id}/email-preferences`, { nonEssential: false });
    await decided({ userId: quiet.id, targetKind: 'review', contextId: companyId, rule: 'fake_review', excerpt: 'Great broker' });
    expect((await notices(quiet.id, 1))[0]).toMatchObject({
      kind: 'removal_upheld',
      text: 'Another moderator reviewed your appeal: your review of Harbour FX stays removed. Reason: Still advertising a paid group. Rule: fake or paid review.',
    });
    // A later mail to someone else went out, so the quiet user's would have by then.
    const other = await knownUser(h);
    await decided({ userId: other.id });
    await sent(other.email);
    expect(await h.mailbox!.list(quiet.email)).toEqual([]);
  });

  it('restored: a notice linking to the post again (a restored review is told by its approval instead)', async () => {
    const author = await knownUser(h);
    const postId = randomUUID();
    await decided({ userId: author.id, targetKind: 'comment', decision: 'restore', restored: true, reason: 'A fair comment.', excerpt: 'Spreads widen at rollover', contextId: `image_text:${postId}` });
    const [n] = await notices(author.id, 1);
    expect(n).toMatchObject({ kind: 'content_restored', title: 'Content restored', text: 'Your appeal was accepted: your comment “Spreads widen at rollover” is shown again. Reason: A fair comment.', link: `/blog/detail?id=${postId}` });
    expect((await notices(author.id, 1, 'zh-cn'))[0]).toMatchObject({ title: '内容已恢复', text: '您的申诉已成立：您的评论“Spreads widen at rollover”已重新显示。原因：A fair comment.' });

    const reviewer = await knownUser(h);
    await decided({ userId: reviewer.id, targetKind: 'review', decision: 'restore', restored: true, contextId: randomUUID() });
    // Handled in publish order: once a later notice exists, the restored review's event was handled (and made none).
    const marker = await knownUser(h);
    await decided({ userId: marker.id });
    await notices(marker.id, 1);
    expect((await h.call('GET', `/v1/users/${reviewer.id}/notices?lang=en&category=notices`)).body.total).toBe(0);
    expect(await h.mailbox!.list(author.email)).toEqual([]);
  });
});
