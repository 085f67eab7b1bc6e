import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownUser, noticesOf, startHarness, ts, waitFor, type Harness } from './harness.ts';

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
    // The number of working days is the configured one the event carries.
    await h.publish('reviews.complaint.closed', { complaintId, companyId, authorId: author.id, status: 'unresolved', closedBy: 'clock', closedAt: ts(), clockDays: 10 });
    const closed = await notices(author.id, 'en', 2);
    expect(closed.total).toBe(2);
    expect(closed.items[0]).toMatchObject({ kind: 'complaint_expired', text: 'Harbour FX did not answer your complaint within 10 working days; it is now marked unresolved.' });
    expect((await notices(author.id, 'zh-cn', 2)).items[0].text).toBe('海港外汇 未在 10 个工作日内回应您的投诉，该投诉现已标记为未解决。');
    expect((await notices(repA.id, 'en', 1)).total).toBe(1);
    expect((await notices(repB.id, 'en', 1)).total).toBe(1);
  });

  it("the company's answer gives the author a deadline (notice and mail); a case the author let lapse tells the author and every representative, in their languages", async () => {
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'lantern-fx', name: 'Lantern FX', nameZh: '灯笼外汇', category: 'Brokers', version: 1n });
    const author = await knownUser(h, { locale: 'zh-cn' });
    const [repA, repB] = await Promise.all([knownUser(h), knownUser(h, { locale: 'zh-cn' })]);
    const complaintId = randomUUID();
    const answer = {
      complaintId,
      companyId,
      messageId: randomUUID(),
      writerId: repA.id,
      fromCompany: true,
      recipientIds: [author.id],
      postedAt: ts(),
      excerpt: 'We refunded the fee.',
      status: 'awaiting_user',
      dueAt: { seconds: BigInt(Date.parse('2027-02-02T00:00:00Z') / 1000), nanos: 0 },
    };
    const { bytes } = await h.publish('reviews.complaint.message_posted', answer);
    expect((await notices(author.id, 'en', 1)).items[0]).toMatchObject({
      kind: 'complaint_message',
      text: 'Lantern FX answered your complaint: We refunded the fee. — please reply, confirm or reject the outcome by 2027-02-02 00:00 UTC; after that the case closes as “no reply from the author”.',
    });
    expect((await notices(author.id, 'zh-cn', 1)).items[0].text).toBe('灯笼外汇 回应了您的投诉：We refunded the fee. —— 请在 2027-02-02 00:00 UTC 前回复、确认或拒绝处理结果，逾期该投诉将以“投诉人未回复”关闭。');
    const [answered] = await waitFor(() => h.mailbox!.list(author.email), (m) => m.length >= 1, 'the answer mail');
    expect(answered!.subject).toBe('灯笼外汇 回应了您的投诉');
    expect(answered!.text).toContain('请在 2027-02-02 00:00 UTC 前回复、确认已解决或表示未解决');
    expect(answered!.text).toContain(`https://brokerwise.test/complaints/${complaintId}`);
    await h.redeliver('reviews.complaint.message_posted', bytes);

    const closed = await h.publish('reviews.complaint.closed', {
      complaintId,
      companyId,
      authorId: author.id,
      status: 'lapsed',
      closedBy: 'no_reply',
      closedAt: ts(),
      representativeIds: [repA.id, repB.id, repA.id],
    });
    await h.redeliver('reviews.complaint.closed', closed.bytes);
    const mine = await notices(author.id, 'en', 2);
    expect(mine.items[0]).toMatchObject({
      kind: 'complaint_lapsed',
      title: 'Complaint closed: no reply from the author',
      text: "You did not reply to Lantern FX's answer in time, so your complaint is closed as “no reply from the author”. It counts neither as resolved nor as unresolved.",
      link: `/complaints/${complaintId}`,
    });
    expect((await notices(author.id, 'zh-cn', 2)).items[0]).toMatchObject({ title: '投诉已关闭：投诉人未回复', text: '您未在期限内回复 灯笼外汇 的回应，该投诉已以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。' });
    for (const rep of [repA, repB]) {
      const en = await notices(rep.id, 'en', 1);
      expect(en.total).toBe(1);
      expect(en.items[0].text).toBe('The author of a complaint against Lantern FX did not reply to the answer in time. The case is closed as “no reply from the author”: it counts neither as resolved nor as unresolved.');
      expect((await notices(rep.id, 'zh-cn', 1)).items[0].text).toBe('针对 灯笼外汇 的投诉，投诉人未在期限内回复贵公司的回应。该投诉已以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。');
    }
    // Mails: the author in Chinese, each representative in their own language; one each despite the redelivery.
    const authorMails = await waitFor(() => h.mailbox!.list(author.email), (m) => m.length >= 2, 'the closing mail');
    expect(authorMails.map((m) => m.subject)).toContain('投诉已关闭：投诉人未回复（灯笼外汇）');
    const [a] = await waitFor(() => h.mailbox!.list(repA.email), (m) => m.length >= 1, 'a representative mail');
    expect(a!.subject).toBe('Complaint closed: no reply from the author (Lantern FX)');
    expect(a!.text).toContain("it counts neither as resolved nor as unresolved in Lantern FX's figures");
    const [b] = await waitFor(() => h.mailbox!.list(repB.email), (m) => m.length >= 1, 'a representative mail');
    expect(b!.subject).toBe('投诉已关闭：投诉人未回复（灯笼外汇）');
    expect(await h.mailbox!.list(author.email)).toHaveLength(2);
    expect(await h.mailbox!.list(repA.email)).toHaveLength(1);

    // A way of closing this version does not know tells nobody.
    await h.publish('reviews.complaint.closed', { complaintId: randomUUID(), companyId, authorId: author.id, status: 'archived', closedBy: 'archive', closedAt: ts(), representativeIds: [repA.id] });
    // (then something that does tell repA, published after it: once that is there, the unknown one was handled)
    await h.publish('reviews.complaint.closed', { complaintId, companyId, authorId: author.id, status: 'unresolved', closedBy: 'clock', closedAt: ts(), representativeIds: [repA.id] });
    const after = await notices(repA.id, 'en', 2);
    expect(after.total).toBe(2);
    expect(after.items[0]).toMatchObject({ kind: 'complaint_expired', text: 'A complaint against Lantern FX was not answered by its deadline; it is now marked unresolved.' });
    // An event written before it carried the clock's length: the author's text names no number.
    await h.publish('reviews.complaint.closed', { complaintId, companyId, authorId: author.id, status: 'unresolved', closedBy: 'clock', closedAt: ts() });
    const older = await notices(author.id, 'en', 3);
    expect(older.items[0]!.text).toBe('Lantern FX did not answer your complaint by its deadline; it is now marked unresolved.');
    expect((await notices(author.id, 'zh-cn', 3)).items[0]!.text).toBe('灯笼外汇 未在期限内回应您的投诉，该投诉现已标记为未解决。');
  });

  it('a reminder tells the side whose turn it is, once, in their language (notice and mail), linking to the case', async () => {
    const companyId = randomUUID();
    await h.publish('catalogue.company.upserted', { id: companyId, slug: 'beacon-fx', name: 'Beacon FX', nameZh: '灯塔外汇', category: 'Brokers', version: 1n });
    const author = await knownUser(h);
    const [repA, repB] = await Promise.all([knownUser(h, { locale: 'zh-cn' }), knownUser(h)]);
    const complaintId = randomUUID();
    const dueAt = { seconds: BigInt(Date.parse('2027-03-05T00:00:00Z') / 1000), nanos: 0 };
    const base = { complaintId, companyId, authorId: author.id, representativeIds: [repA.id, repB.id], dueAt, workingDaysLeft: 3, remindedAt: ts() };

    // The company's clock: every representative, not the author.
    const company = await h.publish('reviews.complaint.reminded', { ...base, status: 'awaiting_company' });
    await h.redeliver('reviews.complaint.reminded', company.bytes);
    for (const rep of [repA, repB]) {
      const en = await notices(rep.id, 'en', 1);
      expect(en.total).toBe(1);
      expect(en.items[0]).toMatchObject({
        kind: 'complaint_reminder',
        title: 'Complaint deadline approaching',
        text: '3 working days left to answer the complaint against Beacon FX (until 2027-03-05 00:00 UTC). If it is not answered by then, it is marked unresolved.',
        link: `/complaints/${complaintId}`,
      });
      expect((await notices(rep.id, 'zh-cn', 1)).items[0]).toMatchObject({
        title: '投诉期限临近',
        text: '针对 灯塔外汇 的投诉还剩 3 个工作日可回应（截至 2027-03-05 00:00 UTC），逾期未回应将标记为未解决。',
      });
    }
    const [a] = await waitFor(() => h.mailbox!.list(repA.email), (m) => m.length >= 1, 'the representative reminder mail');
    expect(a!.subject).toBe('还剩 3 个工作日回应针对 灯塔外汇 的投诉');
    expect(a!.text).toContain('还剩 3 个工作日，截至 2027-03-05 00:00 UTC');
    expect(a!.text).toContain(`https://brokerwise.test/complaints/${complaintId}`);
    const [b] = await waitFor(() => h.mailbox!.list(repB.email), (m) => m.length >= 1, 'the representative reminder mail');
    expect(b!.subject).toBe('3 working days left to answer the complaint against Beacon FX');

    // The author's clock (a later one): the author only.
    const mine = await h.publish('reviews.complaint.reminded', { ...base, status: 'awaiting_user', workingDaysLeft: 1 });
    await h.redeliver('reviews.complaint.reminded', mine.bytes);
    const en = await notices(author.id, 'en', 1);
    expect(en.total).toBe(1);
    expect(en.items[0]).toMatchObject({
      kind: 'complaint_reminder',
      text: 'Your complaint against Beacon FX: 1 working day left to reply, confirm or reject (until 2027-03-05 00:00 UTC). After that the case closes as “no reply from the author”.',
      link: `/complaints/${complaintId}`,
    });
    expect((await notices(author.id, 'zh-cn', 1)).items[0]!.text).toBe(
      '您对 灯塔外汇 的投诉：还剩 1 个工作日可回复、确认或拒绝处理结果（截至 2027-03-05 00:00 UTC），逾期该投诉将以“投诉人未回复”关闭。',
    );
    const [m] = await waitFor(() => h.mailbox!.list(author.email), (x) => x.length >= 1, 'the author reminder mail');
    expect(m!.subject).toBe('Your complaint against Beacon FX: 1 working day left to reply, confirm or reject');
    expect(m!.text).toContain('You have 1 working day left, until 2027-03-05 00:00 UTC, to write back, confirm that it is resolved or say that it is not.');

    // A status this version does not know reminds nobody; then one that does, published after it: once it is there, the other was handled.
    await h.publish('reviews.complaint.reminded', { ...base, status: 'escalated' });
    await h.publish('reviews.complaint.reminded', { ...base, status: 'awaiting_company', workingDaysLeft: 2 });
    expect((await notices(repB.id, 'en', 2)).total).toBe(2);
    expect((await notices(author.id, 'en', 1)).total).toBe(1);
    expect(await h.mailbox!.list(author.email)).toHaveLength(1);
    expect(await waitFor(() => h.mailbox!.list(repA.email), (x) => x.length >= 2, 'the second reminder mail')).toHaveLength(2);
  });
});
