import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownUser, noticesOf, startHarness, ts, type Harness } from './harness.ts';

describe('complaint cases tell the other side: notices in both languages (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const notices = (userId: string, lang: 'en' | 'zh-cn', n: number) => noticesOf(h, userId, lang, n);

  it("tells every representative of a published case, with the deadline; the author of the company's answer; the author when the clock closed it", async () => {
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'harbour-fx', name: 'Harbour FX', nameZh: '海港外汇', category: 'Brokers', version: 1n });
    const [author, repA, repB] = await Promise.all([knownUser(h), knownUser(h), knownUser(h)]);
    const complaintId = randomUUID();
    const { bytes } = await h.publish('reviews.complaint.published', {
      complaintId,
      companyId,
      authorId: author.id,
      representativeIds: [repA.id, repB.id],
      dueAt: { seconds: BigInt(Date.parse('2026-12-18T00:00:00Z') / 1000), nanos: 0 },
      publishedAt: ts(),
      category: 'withdrawal',
    });
    for (const rep of [repA, repB]) {
      const en = await notices(rep.id, 'en', 1);
      expect(en.items[0]).toMatchObject({
        kind: 'complaint_published',
        title: 'New complaint',
        text: 'A complaint against Harbour FX was published (withdrawal refused or delayed). Please answer it on the case page by 2026-12-18 00:00 UTC.',
        link: `/complaints/${complaintId}`,
      });
      const zh = await notices(rep.id, 'zh-cn', 1);
      expect(zh.items[0]).toMatchObject({ title: '新投诉', text: '针对 海港外汇 的一项投诉（拒绝或拖延出金）已公开，请在 2026-12-18 00:00 UTC 前在投诉页面回应。' });
    }
    // Delivered twice: still one notice each.
    await h.redeliver('reviews.complaint.published', bytes);

    await h.publish('reviews.complaint.message_posted', {
      complaintId,
      companyId,
      messageId: randomUUID(),
      writerId: repA.id,
      fromCompany: true,
      recipientIds: [author.id],
      postedAt: ts(),
      excerpt: 'We paid it today.',
      status: 'awaiting_user',
    });
    expect((await notices(author.id, 'en', 1)).items[0]).toMatchObject({ kind: 'complaint_message', text: 'Harbour FX answered your complaint: We paid it today.' });
    expect((await notices(author.id, 'zh-cn', 1)).items[0].text).toBe('海港外汇 回应了您的投诉：We paid it today.');

    // Closed by the author: nobody is told; by the clock: the author is.
    await h.publish('reviews.complaint.closed', { complaintId: randomUUID(), companyId, authorId: author.id, status: 'withdrawn', closedBy: 'user', closedAt: ts() });
    await h.publish('reviews.complaint.closed', { complaintId, companyId, authorId: author.id, status: 'unresolved', closedBy: 'clock', closedAt: ts() });
    const closed = await notices(author.id, 'en', 2);
    expect(closed.total).toBe(2);
    expect(closed.items[0]).toMatchObject({ kind: 'complaint_expired', text: 'Harbour FX did not answer your complaint within 15 working days; it is now marked unresolved.' });
    expect((await notices(repA.id, 'en', 1)).total).toBe(1);
    expect((await notices(repB.id, 'en', 1)).total).toBe(1);
  });
});
