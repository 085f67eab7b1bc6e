import { createHash, randomUUID } from 'node:crypto';
import { decodeEvent } from '@brokerwise/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepComplaintClocks } from '../src/domain/complaints.ts';
import { addWorkingDays, workingDaysLeft } from '../src/domain/working-days.ts';
import { updateComplaint } from '../src/store/complaint.store.ts';
import { errorOf, moderator, newCompany, startHarness, type Harness } from './harness.ts';

const DAY = 86_400_000;
/** The default settings: 15 working days for either side, a reminder at 3 left. */
const CLOCK = { days: 15, userDays: 15, reminderDays: 3, holidays: new Set<string>() };

/** The first moment from `now` (a day's start) at which the clock ending at `due` has at most `n` working days left. */
const firstDayWithin = (now: Date, due: Date, n: number) => {
  let t = Math.floor(now.getTime() / DAY) * DAY;
  while (workingDaysLeft(new Date(t), due) > n) t += DAY;
  return t;
};

describe('complaint cases (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const person = () => {
    const userId = randomUUID();
    return { userId, username: `u_${userId.slice(0, 8)}` };
  };
  const evidence = async (userId: string, contentType = 'application/pdf', ext = 'pdf') => {
    const r = await h.call('POST', `/v1/users/${userId}/complaint-evidence`, {
      key: `complaint-evidence/${randomUUID()}.${ext}`,
      contentType,
      size: 1234,
      sha256: createHash('sha256').update(randomUUID()).digest('hex'),
      name: 'statement.pdf',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { id: string; key: string };
  };
  const open = (author: { userId: string; username: string }, companyId: string, extra: Record<string, unknown> = {}) =>
    h.call('POST', `/v1/users/${author.userId}/complaints`, {
      username: author.username,
      companyId,
      category: 'withdrawal',
      amount: '2500.00',
      currency: 'usd',
      text: 'I asked for a withdrawal of 2,500 USD on 3 November and it was never paid, support stopped answering.',
      evidenceIds: [],
      ...extra,
    });
  const decide = (id: string, decision: 'approve' | 'reject', representativeIds: string[] = [], reason?: string) =>
    h.call('POST', `/v1/moderation/complaints/${id}`, { moderatorId: moderator, decision, representativeIds, ...(reason ? { reason } : {}) });
  const write = (id: string, userId: string, companyIds: string[], text: string, representativeIds: string[] = []) =>
    h.call('POST', `/v1/complaints/${id}/messages`, { userId, companyIds, representativeIds, text });
  const close = (id: string, userId: string, action: 'confirm' | 'reject' | 'withdraw') => h.call('POST', `/v1/complaints/${id}/close`, { userId, action });
  const view = (id: string, q = '') => h.call('GET', `/v1/complaints/${id}${q}`);
  const figures = async (companyId: string) => (await h.call('GET', `/v1/companies/${companyId}/complaint-figures`)).body;

  /** The reminders a case's sweeps sent, earliest deadline first (the outbox, so none is missed or counted before the relay ran). */
  const reminders = async (id: string) =>
    (await h.db.selectFrom('outbox').select('payload').where('type', '=', 'reviews.complaint.reminded').execute())
      .map((r) => decodeEvent(r.payload))
      .flatMap((e) => (e.type === 'reviews.complaint.reminded' && e.payload.complaintId === id ? [e.payload] : []))
      .sort((a, b) => Number((a.dueAt?.seconds ?? 0n) - (b.dueAt?.seconds ?? 0n)));
  const reminderMoment = (due: Date, n = 3) => firstDayWithin(h.now(), due, n);

  /** A published case of a new company, with one representative. */
  const published = async () => {
    const company = newCompany();
    const author = person();
    const rep = randomUUID();
    const c = await open(author, company);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const d = await decide(c.body.id, 'approve', [rep]);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    return { company, author, rep, id: c.body.id as string };
  };

  it('refuses a case field by field', async () => {
    const r = await open(person(), newCompany(), { category: 'bad', amount: '-3', currency: 'XXX', text: 'too short', evidenceIds: ['not-an-id'] });
    expect(r.status).toBe(400);
    expect(errorOf(r).fields).toEqual({
      category: 'complaint_category',
      amount: 'complaint_amount',
      currency: 'complaint_currency',
      text: 'complaint_text_length',
      evidence: 'complaint_evidence_missing',
    });
  });

  it('opens a case with its evidence, private until a moderator publishes it; publishing starts a 15-working-day clock and tells the representatives', async () => {
    const company = newCompany();
    const author = person();
    const file = await evidence(author.userId);
    const c = await open(author, company, { evidenceIds: [file.id] });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body).toMatchObject({ status: 'pending', currency: 'USD', amount: '2500.00', evidenceCount: 1, publishedAt: null });
    const id = c.body.id as string;

    // Someone else's file cannot be attached to another case.
    expect(errorOf(await open(person(), company, { evidenceIds: [file.id] })).fields).toEqual({ evidence: 'complaint_evidence_missing' });

    // Not public yet: the author and staff see it, nobody else.
    expect((await view(id)).status).toBe(404);
    expect((await view(id, `?viewer=${author.userId}`)).body.complaint.status).toBe('pending');
    expect((await view(id, '?staff=true')).status).toBe(200);
    expect((await h.call('GET', `/v1/complaints?companyId=${company}`)).body.total).toBe(0);
    const queue = (await h.call('GET', '/v1/moderation/complaints?limit=50')).body.items as { id: string }[];
    expect(queue.map((q) => q.id)).toContain(id);

    const rep = randomUUID();
    const d = await decide(id, 'approve', [rep]);
    expect(d.status).toBe(200);
    const publishedAt = new Date(d.body.publishedAt as string);
    expect(d.body.status).toBe('awaiting_company');
    expect(d.body.evidenceCount).toBe(1);
    expect(d.body.dueAt).toBe(addWorkingDays(publishedAt, 15).toISOString());
    expect(d.body.workingDaysLeft).toBe(workingDaysLeft(h.now(), new Date(d.body.dueAt as string)));
    expect((await decide(id, 'approve', [rep])).status).toBe(409);

    const e = await h.waitForEvent('reviews.complaint.published', (p) => p.complaintId === id);
    expect(e.payload).toMatchObject({ companyId: company, authorId: author.userId, representativeIds: [rep], category: 'withdrawal' });

    const list = (await h.call('GET', `/v1/complaints?companyId=${company}`)).body;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id, evidenceCount: 1 });

    // Evidence: the author, the company's representatives and moderators; never anyone else.
    const asAuthor = await view(id, `?viewer=${author.userId}`);
    expect(asAuthor.body.evidence).toEqual([expect.objectContaining({ id: file.id, key: file.key, contentType: 'application/pdf' })]);
    expect((await view(id, `?viewer=${rep}&companies=${company}`)).body.evidence).toHaveLength(1);
    expect((await view(id, `?viewer=${randomUUID()}`)).body.evidence).toEqual([]);
    expect((await view(id)).body.evidence).toEqual([]);
    expect((await view(id)).body.complaint.evidenceCount).toBe(1);
    expect((await h.call('GET', `/v1/complaints/${id}/evidence/${file.id}?viewer=${author.userId}`)).body.key).toBe(file.key);
    expect((await h.call('GET', `/v1/complaints/${id}/evidence/${file.id}?viewer=${rep}&companies=${company}`)).status).toBe(200);
    expect((await h.call('GET', `/v1/complaints/${id}/evidence/${file.id}?staff=true`)).status).toBe(200);
    expect((await h.call('GET', `/v1/complaints/${id}/evidence/${file.id}?viewer=${randomUUID()}&companies=${newCompany()}`)).status).toBe(404);
    expect((await h.call('GET', `/v1/complaints/${id}/evidence/${file.id}`)).status).toBe(404);
  });

  it('a refused case stays private with its reason', async () => {
    const author = person();
    const c = await open(author, newCompany());
    expect(errorOf(await decide(c.body.id, 'reject')).fields).toEqual({ reason: 'required' });
    const d = await decide(c.body.id, 'reject', [], 'Names a private person');
    expect(d.body).toMatchObject({ status: 'rejected', rejectReason: 'Names a private person', publishedAt: null });
    expect((await view(c.body.id)).status).toBe(404);
    expect((await view(c.body.id, `?viewer=${author.userId}`)).body.complaint.rejectReason).toBe('Names a private person');
  });

  it('the company answers, the author confirms: resolved, and the figures count it', async () => {
    const { company, author, rep, id } = await published();
    // Only the two sides write.
    expect(errorOf(await write(id, randomUUID(), [newCompany()], 'Same thing happened to me')).code).toBe('reviews.complaint_not_party');
    expect(errorOf(await write(id, rep, [company], 'x')).fields).toEqual({ text: 'complaint_message_length' });
    // Only the author closes it.
    expect(errorOf(await close(id, rep, 'confirm')).code).toBe('reviews.complaint_not_party');

    h.advance(2 * 3600_000);
    const answer = await write(id, rep, [company], 'We processed the withdrawal today, please check your bank account.');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The company's clock stops; the author's starts: 15 working days to write back, confirm or reject.
    const authorDue = addWorkingDays(new Date(answer.body.message.createdAt as string), 15).toISOString();
    expect(answer.body.complaint).toMatchObject({ status: 'awaiting_user', dueAt: authorDue, workingDaysLeft: workingDaysLeft(h.now(), new Date(authorDue)) });
    expect(answer.body.message).toMatchObject({ side: 'company', authorId: rep });
    const told = await h.waitForEvent('reviews.complaint.message_posted', (p) => p.complaintId === id);
    expect(told.payload).toMatchObject({ fromCompany: true, recipientIds: [author.userId], status: 'awaiting_user' });
    expect(told.payload.dueAt?.seconds).toBe(BigInt(Date.parse(authorDue) / 1000));

    const done = await close(id, author.userId, 'confirm');
    expect(done.body).toMatchObject({ status: 'resolved', closedBy: 'user' });
    expect((await h.waitForEvent('reviews.complaint.closed', (p) => p.complaintId === id)).payload).toMatchObject({ status: 'resolved', closedBy: 'user' });
    // Closed: no more writing, no second decision.
    expect((await write(id, author.userId, [], 'One more thing')).status).toBe(409);
    expect((await close(id, author.userId, 'reject')).status).toBe(409);

    const v = await view(id);
    expect(v.body.messages).toEqual([expect.objectContaining({ side: 'company', text: 'We processed the withdrawal today, please check your bank account.' })]);
    expect(await figures(company)).toEqual({ cases: 1, answered: 1, responseRate: 1, medianResponseHours: 2, resolved: 1, unresolved: 0, lapsed: 0, resolutionRate: 1 });
  });

  it('the author writing back hands the case to the company with a fresh clock; rejecting the outcome leaves it unresolved', async () => {
    const { company, author, rep, id } = await published();
    await write(id, rep, [company], 'Please send us your account number.');
    h.advance(DAY);
    const back = await write(id, author.userId, [], 'It is 12345, as in my first message.', [rep]);
    expect(back.body.complaint.status).toBe('awaiting_company');
    expect(back.body.complaint.dueAt).toBe(addWorkingDays(new Date(back.body.message.createdAt as string), 15).toISOString());
    expect((await h.waitForEvent('reviews.complaint.message_posted', (p) => p.complaintId === id && !p.fromCompany)).payload.recipientIds).toEqual([rep]);
    const r = await close(id, author.userId, 'reject');
    expect(r.body).toMatchObject({ status: 'unresolved', closedBy: 'user' });
    expect(await figures(company)).toMatchObject({ cases: 1, answered: 1, resolved: 0, unresolved: 1, resolutionRate: 0 });
  });

  it('the author withdraws a case; the figures leave it out of the rates', async () => {
    const { company, author, id } = await published();
    expect((await close(id, author.userId, 'withdraw')).body).toMatchObject({ status: 'withdrawn' });
    expect(await figures(company)).toEqual({ cases: 1, answered: 0, responseRate: null, medianResponseHours: null, resolved: 0, unresolved: 0, lapsed: 0, resolutionRate: null });
    // A pending case can be withdrawn too, and is never shown.
    const other = person();
    const p = await open(other, company);
    expect((await close(p.body.id, other.userId, 'withdraw')).body.status).toBe('withdrawn');
    expect((await view(p.body.id)).status).toBe(404);
  });

  it('the sweeper turns a case whose clock ran out unresolved, by the clock; an answered case is left alone', async () => {
    const late = await published();
    const answered = await published();
    // Answered a minute before the other case's deadline: the author's own clock has barely started.
    const due = new Date((await view(late.id)).body.complaint.dueAt as string);
    h.advance(due.getTime() - h.now().getTime() - 60_000);
    await write(answered.id, answered.rep, [answered.company], 'We are looking into it.');
    // Just before the deadline nothing happens.
    await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK });
    expect((await view(late.id)).body.complaint.status).toBe('awaiting_company');

    h.advance(2 * 60_000);
    expect((await h.call('POST', '/v1/moderation/complaints/sweep')).body.expired).toBeGreaterThanOrEqual(1);
    const v = (await view(late.id)).body.complaint;
    expect(v).toMatchObject({ status: 'unresolved', closedBy: 'clock', dueAt: null, workingDaysLeft: null });
    expect((await h.waitForEvent('reviews.complaint.closed', (p) => p.complaintId === late.id)).payload).toMatchObject({ status: 'unresolved', closedBy: 'clock', representativeIds: [late.rep] });
    expect((await view(answered.id)).body.complaint.status).toBe('awaiting_user');
    expect(await figures(late.company)).toMatchObject({ cases: 1, answered: 0, responseRate: 0, unresolved: 1, lapsed: 0, resolutionRate: 0 });
  });

  it("the author's clock: once the company answered, an author who neither writes back, confirms nor rejects in time sees the case lapse — not resolved, out of the resolution rate", async () => {
    const { company, author, rep, id } = await published();
    const rep2 = randomUUID();
    h.advance(3 * 3600_000);
    const answer = await write(id, rep, [company], 'We refunded the fee; it should reach you within five days.', [rep, rep2]);
    const firstDue = new Date(answer.body.complaint.dueAt as string);
    // Another message from the company starts the author's time afresh.
    h.advance(2 * DAY);
    const again = await write(id, rep, [company], 'The refund has been sent; reference RF-2291.', [rep, rep2]);
    const due = new Date(again.body.complaint.dueAt as string);
    expect(due.getTime()).toBe(addWorkingDays(new Date(again.body.message.createdAt as string), 15).getTime());
    expect(due.getTime()).toBeGreaterThan(firstDue.getTime());
    expect(again.body.complaint.workingDaysLeft).toBe(workingDaysLeft(h.now(), due));

    // A minute before the deadline: one working day left, still open.
    h.advance(due.getTime() - h.now().getTime() - 60_000);
    expect((await view(id)).body.complaint).toMatchObject({ status: 'awaiting_user', workingDaysLeft: 1 });
    // (Cases of earlier tests may lapse here: the clock is shared.)
    await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK });
    expect((await view(id)).body.complaint.status).toBe('awaiting_user');

    h.advance(2 * 60_000);
    const swept = (await h.call('POST', '/v1/moderation/complaints/sweep')).body;
    expect(swept.lapsed).toBeGreaterThanOrEqual(1);
    const closed = (await view(id)).body.complaint;
    expect(closed).toMatchObject({ status: 'lapsed', closedBy: 'no_reply', dueAt: null, workingDaysLeft: null });
    expect(Date.parse(closed.closedAt as string)).toBeGreaterThan(due.getTime());
    // Both sides are told (the representatives the gateway last named).
    const event = await h.waitForEvent('reviews.complaint.closed', (p) => p.complaintId === id);
    expect(event.payload).toMatchObject({ status: 'lapsed', closedBy: 'no_reply', authorId: author.userId, representativeIds: [rep, rep2] });
    // Closed: the author can no longer confirm (the company is not credited after the fact), nobody writes.
    expect((await close(id, author.userId, 'confirm')).status).toBe(409);
    expect((await write(id, author.userId, [], 'Sorry, I was away.')).status).toBe(409);
    // Answered (response rate), but neither resolved nor unresolved.
    expect(await figures(company)).toEqual({ cases: 1, answered: 1, responseRate: 1, medianResponseHours: 3, resolved: 0, unresolved: 0, lapsed: 1, resolutionRate: null });
    // The public list filters on it.
    const list = (await h.call('GET', `/v1/complaints?companyId=${company}&status=lapsed`)).body;
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([id]);
  });

  it('a case that awaited its author before authors had a clock gets one counted from the first sweep', async () => {
    const { company, rep, id } = await published();
    await write(id, rep, [company], 'Fixed on our side.');
    await updateComplaint(h.db, id, { due_at: null }); // as the migration left such cases
    expect((await view(id)).body.complaint).toMatchObject({ status: 'awaiting_user', dueAt: null, workingDaysLeft: null });
    h.advance(40 * DAY);
    const at = h.now();
    await h.call('POST', '/v1/moderation/complaints/sweep');
    const c = (await view(id)).body.complaint;
    expect(c.status).toBe('awaiting_user');
    expect(Date.parse(c.dueAt as string)).toBe(addWorkingDays(at, 15).getTime());
  });

  it('the author writing back in time stops their clock and starts the company’s', async () => {
    const { company, author, rep, id } = await published();
    await write(id, rep, [company], 'Which account number is it?');
    h.advance(10 * DAY);
    const back = await write(id, author.userId, [], 'It is 12345.', [rep]);
    expect(back.body.complaint).toMatchObject({ status: 'awaiting_company', dueAt: addWorkingDays(new Date(back.body.message.createdAt as string), 15).toISOString() });
    // The author's old deadline passes: nothing lapses (it is the company's turn now).
    h.advance(12 * DAY);
    await h.call('POST', '/v1/moderation/complaints/sweep');
    expect((await view(id)).body.complaint.status).toBe('awaiting_company');
  });

  it("reminds the company once when its clock has 3 working days left; another sweep, a restarted sweeper or two at once send no second one", async () => {
    const { company, author, rep, id } = await published();
    const due = new Date((await view(id)).body.complaint.dueAt as string);
    const at = reminderMoment(due);
    // The day before: 4 working days left, no reminder.
    h.advance(at - 60_000 - h.now().getTime());
    expect(workingDaysLeft(h.now(), due)).toBe(4);
    await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK });
    expect(await reminders(id)).toEqual([]);

    h.advance(2 * 60_000);
    // Two sweepers at once (replicas): the row is skip-locked, then marked; one reminder.
    const [a, b] = await Promise.all([sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK }), sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK })]);
    expect(a.reminded + b.reminded).toBeGreaterThanOrEqual(1);
    const sent = await reminders(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ companyId: company, authorId: author.userId, status: 'awaiting_company', representativeIds: [rep], workingDaysLeft: 3 });
    expect(Number(sent[0]!.dueAt!.seconds) * 1000).toBe(due.getTime());
    expect((await h.waitForEvent('reviews.complaint.reminded', (p) => p.complaintId === id)).payload.status).toBe('awaiting_company');

    // Later the same day, the next day, and from a sweeper started afresh (a restart: a new context on the same database): nothing more.
    await h.call('POST', '/v1/moderation/complaints/sweep');
    h.advance(DAY);
    const restarted = { db: h.db, now: () => h.now(), complaintClock: { ...CLOCK, holidays: new Set<string>() } };
    await sweepComplaintClocks(restarted);
    expect(await reminders(id)).toHaveLength(1);
    expect((await view(id)).body.complaint.status).toBe('awaiting_company');
  });

  it("reminds the author once when their clock has 3 working days left; the company writing again restarts it and allows a new reminder", async () => {
    const { company, author, rep, id } = await published();
    const first = await write(id, rep, [company], 'We sent the money back on Monday; please check.');
    const firstDue = new Date(first.body.complaint.dueAt as string);
    h.advance(reminderMoment(firstDue) + 60_000 - h.now().getTime());
    expect((await h.call('POST', '/v1/moderation/complaints/sweep')).body.reminded).toBeGreaterThanOrEqual(1);
    await h.call('POST', '/v1/moderation/complaints/sweep');
    const once = await reminders(id);
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ status: 'awaiting_user', authorId: author.userId, workingDaysLeft: 3 });
    expect(Number(once[0]!.dueAt!.seconds) * 1000).toBe(firstDue.getTime());

    // The company writes again: the author's clock starts afresh, so a new reminder may come — at its own time.
    const again = await write(id, rep, [company], 'Reference of the transfer: TR-7781.');
    const secondDue = new Date(again.body.complaint.dueAt as string);
    expect(secondDue.getTime()).toBeGreaterThan(firstDue.getTime());
    await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK });
    expect(await reminders(id)).toHaveLength(1);
    h.advance(reminderMoment(secondDue) + 60_000 - h.now().getTime());
    await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK });
    await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK });
    const twice = await reminders(id);
    expect(twice).toHaveLength(2);
    expect(Number(twice[1]!.dueAt!.seconds) * 1000).toBe(secondDue.getTime());
    expect(twice[1]).toMatchObject({ status: 'awaiting_user', workingDaysLeft: 3 });
  });

  it('sends no reminder when the setting is 0, and none for a clock already past its deadline', async () => {
    const { id } = await published();
    const due = new Date((await view(id)).body.complaint.dueAt as string);
    h.advance(reminderMoment(due, 1) + 60_000 - h.now().getTime());
    expect((await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: { ...CLOCK, reminderDays: 0 } })).reminded).toBe(0);
    h.advance(due.getTime() - h.now().getTime() + 60_000);
    await sweepComplaintClocks({ db: h.db, now: h.now, complaintClock: CLOCK });
    expect(await reminders(id)).toEqual([]);
    expect((await view(id)).body.complaint.status).toBe('unresolved');
    expect((await h.waitForEvent('reviews.complaint.closed', (p) => p.complaintId === id)).payload.clockDays).toBe(15);
  });

  it('a moderator removes a message of a thread; its text is no longer shown', async () => {
    const { company, rep, id } = await published();
    const m = await write(id, rep, [company], 'Call our support on +1 555 0100 (a personal number).');
    expect(errorOf(await h.call('POST', `/v1/moderation/complaint-messages/${m.body.message.id}/remove`, { moderatorId: moderator, reason: '' })).fields).toEqual({ reason: 'required' });
    const r = await h.call('POST', `/v1/moderation/complaint-messages/${m.body.message.id}/remove`, { moderatorId: moderator, reason: 'Personal data' });
    expect(r.body).toMatchObject({ removed: true, text: null });
    expect((await view(id)).body.messages).toEqual([expect.objectContaining({ removed: true, text: null })]);
  });

  it("lists a user's own cases, whatever their status", async () => {
    const author = person();
    const a = await open(author, newCompany());
    const b = await open(author, newCompany());
    await decide(b.body.id, 'approve');
    const mine = (await h.call('GET', `/v1/users/${author.userId}/complaints`)).body.items as { id: string; status: string }[];
    expect(mine.map((c) => [c.id, c.status]).sort()).toEqual(
      [
        [a.body.id, 'pending'],
        [b.body.id, 'awaiting_company'],
      ].sort(),
    );
  });
});

describe('the complaint sweeper runs by itself on its timer (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ LOG_LEVEL: 'error', COMPLAINT_SWEEP_INTERVAL_MS: '1000' });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A new case of a new company, published by a moderator: the company's clock starts. */
  const publishedCase = async (text: string, representativeIds: string[] = []) => {
    const c = await h.call('POST', `/v1/users/${randomUUID()}/complaints`, { username: 'timer_case', companyId: newCompany(), category: 'account_blocked', amount: '100', currency: 'EUR', text });
    return (await h.call('POST', `/v1/moderation/complaints/${c.body.id}`, { moderatorId: moderator, decision: 'approve', representativeIds })).body as { id: string; dueAt: string };
  };

  it('closes a case as unresolved once the moved clock passes its deadline, with no call', async () => {
    const c = { body: await publishedCase('My account was blocked after a profitable month and nobody tells me why.') };
    h.advance(30 * DAY);
    const closed = await h.waitForEvent('reviews.complaint.closed', (p) => p.complaintId === c.body.id);
    expect(closed.payload).toMatchObject({ status: 'unresolved', closedBy: 'clock' });
    expect((await h.call('GET', `/v1/complaints/${c.body.id}`)).body.complaint.status).toBe('unresolved');
  });

  it('reminds the company on its own timer once its clock has 3 working days left', async () => {
    const rep = randomUUID();
    const c = await publishedCase('An inactivity fee was charged although I traded every week of the quarter.', [rep]);
    h.advance(firstDayWithin(h.now(), new Date(c.dueAt), 3) + 60_000 - h.now().getTime());
    const reminded = await h.waitForEvent('reviews.complaint.reminded', (p) => p.complaintId === c.id);
    expect(reminded.payload).toMatchObject({ status: 'awaiting_company', representativeIds: [rep], workingDaysLeft: 3 });
  });
});

describe('complaint clocks of other lengths than the defaults (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    // The company's clock (2) is shorter than the reminder setting (3, the default); the author's (10) longer.
    h = await startHarness({ LOG_LEVEL: 'error', COMPLAINT_RESPONSE_DAYS: '2', COMPLAINT_USER_RESPONSE_DAYS: '10' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const reminders = async (id: string) =>
    (await h.db.selectFrom('outbox').select('payload').where('type', '=', 'reviews.complaint.reminded').execute())
      .map((r) => decodeEvent(r.payload))
      .flatMap((e) => (e.type === 'reviews.complaint.reminded' && e.payload.complaintId === id ? [e.payload] : []));
  const sweep = async () => {
    const r = await h.call('POST', '/v1/moderation/complaints/sweep');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { reminded: number };
  };

  it('answers the lengths it is configured with, for the texts that state them', async () => {
    const r = await h.call('GET', '/v1/complaints/rules');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ companyDays: 2, authorDays: 10, reminderDays: 3 });
  });

  it('never reminds about a clock no longer than the reminder setting (not at its first sweep), and still reminds about a longer one', async () => {
    const company = newCompany();
    const author = randomUUID();
    const rep = randomUUID();
    const opened = await h.call('POST', `/v1/users/${author}/complaints`, {
      username: `u_${author.slice(0, 8)}`,
      companyId: company,
      category: 'withdrawal',
      amount: '2500.00',
      currency: 'usd',
      text: 'I asked for a withdrawal of 2,500 USD on 3 November and it was never paid, support stopped answering.',
      evidenceIds: [],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const id = opened.body.id as string;
    const published = await h.call('POST', `/v1/moderation/complaints/${id}`, { moderatorId: moderator, decision: 'approve', representativeIds: [rep] });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const due = new Date(published.body.dueAt as string);
    // The 2-working-day clock is within 3 working days of its deadline from its start.
    expect(workingDaysLeft(h.now(), due)).toBeLessThanOrEqual(3);

    // The first sweep right after publication, and one with a single working day left: no reminder.
    await sweep();
    h.advance(firstDayWithin(h.now(), due, 1) + 60_000 - h.now().getTime());
    expect(workingDaysLeft(h.now(), due)).toBe(1);
    await sweep();
    expect(await reminders(id)).toEqual([]);

    // The company answers: the author's 10-working-day clock is reminded once, at 3 left, not at its start.
    const answered = await h.call('POST', `/v1/complaints/${id}/messages`, { userId: rep, companyIds: [company], representativeIds: [rep], text: 'We sent the money back on Monday; please check.' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const authorDue = new Date(answered.body.complaint.dueAt as string);
    expect(workingDaysLeft(h.now(), authorDue)).toBeGreaterThan(10 - 1);
    await sweep();
    expect(await reminders(id)).toEqual([]);
    h.advance(firstDayWithin(h.now(), authorDue, 3) + 60_000 - h.now().getTime());
    await sweep();
    const sent = await reminders(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ status: 'awaiting_user', workingDaysLeft: 3 });
  });
});
