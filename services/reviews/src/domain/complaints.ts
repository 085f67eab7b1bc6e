/**
 * Complaint cases (issue 19, ADR 031). A signed-in user opens a case against a company (category,
 * amount and currency, what happened, private evidence files); a moderator publishes it (or
 * refuses it), which starts the company's clock: a number of working days (business-day
 * calendar, `working-days.ts`) to answer in the case's public thread. The author and the
 * company's verified representatives (the gateway says which companies the caller represents:
 * identity owns that) write there; the thread is post-moderated (a moderator removes a message).
 * Once the company has answered, the author has a number of working days of their own to write
 * back, confirm the outcome (resolved), reject it (unresolved) or withdraw the case. The sweeper
 * (`sweepComplaintClocks`) closes a case whose company let its clock run out as unresolved, and
 * one whose author let theirs run out as lapsed: answered, with no word from the author either way;
 * a few working days before either deadline it reminds the side whose turn it is, once per clock.
 */
import { randomUUID } from 'node:crypto';
import { complaintEvidenceDeleted } from '@brokerwise/metrics';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { ObjectStore } from '@brokerwise/storage';
import { complaintClosed, complaintMessagePosted, complaintPublished, complaintReminded } from '../events/publish.ts';
import {
  attachEvidence,
  complaintFigures,
  complaintsOpenedSince,
  complaintsOfUser,
  complaintsToRemind,
  deleteLooseEvidence,
  evidenceCounts,
  evidenceOf,
  findComplaint,
  findEvidence,
  findMessageForUpdate,
  insertComplaint,
  insertEvidence,
  insertMessage,
  listPendingComplaints,
  listPublishedComplaints,
  looseEvidence,
  messagesOf,
  overdueComplaints,
  removeMessage,
  startAuthorClocks,
  updateComplaint,
  type ComplaintRow,
  type EvidenceRow,
} from '../store/complaint.store.ts';
import { insertAudit } from '../store/audit.store.ts';
import { lockUser, type Page } from '../store/review.store.ts';
import type { ComplaintCategory, ComplaintStatus, Decision } from '../store/types.ts';
import { nextStatus, type ComplaintAction } from './complaint-states.ts';
import type { RequestMeta, ReviewsContext } from './context.ts';
import { complaintLimit, complaintNotFound, complaintState, evidenceNotFound, invalidInput, notCaseParty } from './errors.ts';
import { UUID } from './reviews.ts';
import { charCount, validateReason } from './rules.ts';
import { addWorkingDays, workingDaysHorizon, workingDaysLeft, type Holidays } from './working-days.ts';

/** How long each side has: working days, and the holidays that do not count. */
export interface ComplaintClock {
  /** The company, to answer a published case or the author's last message. */
  days: number;
  /** The author, once the company has answered: to write back, confirm or reject the outcome. */
  userDays: number;
  /** Working days left on either clock when the side whose turn it is is reminded once; 0: never. */
  reminderDays: number;
  holidays: Holidays;
}

/** The end of the company's time to answer, counted from `at`. */
const companyDue = (clock: ComplaintClock, at: Date) => addWorkingDays(at, clock.days, clock.holidays);
/** The end of the author's time to reply, counted from `at` (the company's latest message). */
const authorDue = (clock: ComplaintClock, at: Date) => addWorkingDays(at, clock.userDays, clock.holidays);

type Ctx = Pick<ReviewsContext, 'db' | 'now'>;
type ClockCtx = Ctx & { complaintClock: ComplaintClock };

export const CATEGORIES: readonly ComplaintCategory[] = ['withdrawal', 'slippage', 'account_blocked', 'fraud', 'fees', 'other'];
export const STATUSES: readonly ComplaintStatus[] = ['pending', 'rejected', 'awaiting_company', 'awaiting_user', 'resolved', 'unresolved', 'lapsed', 'withdrawn'];
export const CURRENCIES: readonly string[] = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'AUD', 'CAD', 'CHF', 'SGD', 'NZD', 'USDT'];
export const COMPLAINT_TEXT_MIN = 30;
export const COMPLAINT_TEXT_MAX = 5000;
export const MESSAGE_MIN = 2;
export const MESSAGE_MAX = 2000;
export const EVIDENCE_MAX_FILES = 5;
export const AMOUNT_MAX = 1_000_000_000;
/** Evidence is stored by the gateway under this prefix, which `/media` never serves. */
export const EVIDENCE_KEY = /^complaint-evidence\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg|webp)$/;
export const EVIDENCE_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];
const DAY_MS = 86_400_000;
/** The figures count the cases published in the last 12 months. */
export const FIGURES_WINDOW_MS = 365 * 24 * 3600_000;

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

export interface OpenComplaintInput {
  userId: string;
  username: string;
  companyId: string;
  category: string;
  amount: string;
  currency: string;
  text: string;
  evidenceIds: readonly string[];
}

/** Opens a case; it waits for a moderator. Every field is checked at once (field codes). */
export async function openComplaint(ctx: Ctx & { complaintsPerDay: number }, input: OpenComplaintInput): Promise<ComplaintRow> {
  const fields: Record<string, string> = {};
  const text = input.text.replace(/\r\n?/g, '\n').trim();
  const amount = input.amount.trim();
  const currency = input.currency.trim().toUpperCase();
  if (!UUID.test(input.companyId)) fields.companyId = 'required';
  if (!CATEGORIES.includes(input.category as ComplaintCategory)) fields.category = 'complaint_category';
  if (!AMOUNT.test(amount) || Number(amount) > AMOUNT_MAX) fields.amount = 'complaint_amount';
  if (!CURRENCIES.includes(currency)) fields.currency = 'complaint_currency';
  const n = charCount(text);
  if (n < COMPLAINT_TEXT_MIN || n > COMPLAINT_TEXT_MAX) fields.text = 'complaint_text_length';
  const evidenceIds = [...new Set(input.evidenceIds.map((id) => id.toLowerCase()))];
  if (evidenceIds.length > EVIDENCE_MAX_FILES) fields.evidence = 'complaint_evidence_count';
  else if (evidenceIds.some((id) => !UUID.test(id))) fields.evidence = 'complaint_evidence_missing';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);

  return ctx.db.transaction().execute(async (trx) => {
    // At most `complaintsPerDay` cases a rolling 24 hours (the user's row lock serialises two at once).
    await lockUser(trx, input.userId);
    const now = ctx.now();
    const recent = await complaintsOpenedSince(trx, input.userId, new Date(now.getTime() - DAY_MS));
    if (recent.count >= ctx.complaintsPerDay) {
      const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + DAY_MS;
      throw complaintLimit(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)), ctx.complaintsPerDay);
    }
    const row = await insertComplaint(trx, {
      id: randomUUID(),
      companyId: input.companyId.toLowerCase(),
      userId: input.userId,
      username: input.username,
      category: input.category as ComplaintCategory,
      amount,
      currency,
      text,
      now,
    });
    // Only the author's own files not attached to another case; anything else refuses the case.
    const attached = await attachEvidence(trx, evidenceIds, input.userId, row.id);
    if (attached !== evidenceIds.length) throw invalidInput({ evidence: 'complaint_evidence_missing' });
    return row;
  });
}

/** Records a file the gateway checked by content and stored privately; loose until a case takes it. */
export async function registerEvidence(
  ctx: Ctx,
  input: { uploaderId: string; key: string; contentType: string; size: number; sha256: string; name: string },
): Promise<EvidenceRow> {
  if (!EVIDENCE_KEY.test(input.key) || !EVIDENCE_TYPES.includes(input.contentType) || !/^[0-9a-f]{64}$/.test(input.sha256)) {
    throw invalidInput({ evidence: 'type' });
  }
  const name = [...input.name].filter((ch) => ch.charCodeAt(0) >= 32 && ch !== '\u007f' && ch !== '/' && ch !== '\\').join('').trim().slice(0, 200) || 'evidence';
  return insertEvidence(ctx.db, { id: randomUUID(), uploaderId: input.uploaderId, key: input.key, contentType: input.contentType, size: input.size, sha256: input.sha256, name, now: ctx.now() });
}

/**
 * Deletes evidence files that were uploaded and never attached to a case once older than
 * `maxAgeMs` (a form abandoned, a page closed): the object, then its row, in batches. Each batch
 * locks its rows (`SKIP LOCKED`: replicas sweep together, each taking other rows) and deletes the
 * objects before its transaction commits, so a case being opened with one of them waits and then
 * finds it gone (`complaint_evidence_missing`) rather than attaching a file that no longer exists.
 * A failed delete rolls the batch back; deleting an object already gone is not an error, so the
 * next sweep simply tries again. Answers how many files went.
 */
export async function collectLooseEvidence(ctx: Ctx & { objects: ObjectStore }, maxAgeMs: number, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await ctx.db.transaction().execute(async (trx) => {
      const rows = await looseEvidence(trx, new Date(ctx.now().getTime() - maxAgeMs), batch);
      for (const row of rows) await ctx.objects.delete(row.object_key);
      return deleteLooseEvidence(
        trx,
        rows.map((r) => r.id),
      );
    });
    complaintEvidenceDeleted.inc(n);
    total += n;
    if (n < batch) return total;
  }
}

const uniqueIds = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))].slice(0, 200);

const move = (row: ComplaintRow, action: ComplaintAction): ComplaintStatus => {
  const to = nextStatus(row.status, action);
  if (!to) throw complaintState(row.status);
  return to;
};

/**
 * A moderator publishes a pending case (the company's clock starts, its representatives are
 * told) or refuses it with a reason (the author sees the reason; the case stays private).
 */
export async function decideComplaint(
  ctx: ClockCtx,
  input: { complaintId: string; moderatorId: string; decision: Decision; reason?: string | undefined; representativeIds: readonly string[] },
  meta: RequestMeta = {},
): Promise<ComplaintRow> {
  const reason = validateReason(input.decision, input.reason);
  if (!UUID.test(input.complaintId)) throw complaintNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findComplaint(trx, input.complaintId, { forUpdate: true });
    if (!row) throw complaintNotFound();
    const status = move(row, input.decision === 'approve' ? 'publish' : 'refuse');
    const now = ctx.now();
    const published = status === 'awaiting_company';
    const updated = await updateComplaint(trx, row.id, {
      status,
      updated_at: now,
      moderated_at: now,
      moderated_by: input.moderatorId,
      reject_reason: published ? null : reason,
      ...(published ? { published_at: now, due_at: companyDue(ctx.complaintClock, now), representative_ids: JSON.stringify(uniqueIds(input.representativeIds)) } : {}),
    });
    // In the moderation log like every other decision (/admin/audit, the transparency report).
    await insertAudit(trx, {
      id: randomUUID(),
      moderatorId: input.moderatorId,
      action: input.decision,
      targetKind: 'complaint',
      targetId: row.id,
      reason,
      before: { status: row.status, companyId: row.company_id, authorId: row.user_id },
      after: { status, ...(updated.due_at ? { dueAt: updated.due_at.toISOString() } : {}) },
      at: now,
    });
    if (published) await enqueueEvent(trx, complaintPublished(updated, input.representativeIds, meta.correlationId));
    return updated;
  });
}

export interface PostMessageInput {
  complaintId: string;
  userId: string;
  /** The companies the writer is a verified representative of (from identity, via the gateway). */
  companyIds: readonly string[];
  text: string;
  /** The company's representatives, told when the author writes (from identity, via the gateway). */
  representativeIds: readonly string[];
}

/**
 * One side writes in the public thread. A company message stops the company's clock (its first
 * one is its response time) and starts the author's (each later one starts it afresh); the author
 * writing back hands the case to the company again with a fresh clock. Shown at once
 * (post-moderation); the other side is told, with the new deadline.
 */
export async function postComplaintMessage(ctx: ClockCtx, input: PostMessageInput, meta: RequestMeta = {}) {
  const text = input.text.replace(/\r\n?/g, '\n').trim();
  const n = charCount(text);
  if (n < MESSAGE_MIN || n > MESSAGE_MAX) throw invalidInput({ text: 'complaint_message_length' });
  if (!UUID.test(input.complaintId)) throw complaintNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findComplaint(trx, input.complaintId, { forUpdate: true });
    if (!row || row.published_at === null) throw complaintNotFound();
    const side: 'user' | 'company' | null =
      row.user_id === input.userId ? 'user' : input.companyIds.some((c) => c.toLowerCase() === row.company_id) ? 'company' : null;
    if (!side) throw notCaseParty();
    const status = move(row, side === 'company' ? 'company_message' : 'user_message');
    const now = ctx.now();
    const message = await insertMessage(trx, { id: randomUUID(), complaintId: row.id, authorId: input.userId, side, text, now });
    const handedBack = side === 'user' && row.status === 'awaiting_user';
    const updated = await updateComplaint(trx, row.id, {
      status,
      updated_at: now,
      // Who represents the company now (identity, via the gateway): whom the sweeper tells if it closes the case.
      representative_ids: JSON.stringify(uniqueIds(input.representativeIds)),
      ...(side === 'company' && row.first_response_at === null ? { first_response_at: now } : {}),
      ...(side === 'company' ? { due_at: authorDue(ctx.complaintClock, now) } : {}),
      ...(handedBack ? { due_at: companyDue(ctx.complaintClock, now) } : {}),
    });
    const recipients = side === 'company' ? [row.user_id] : input.representativeIds.filter((id) => id !== input.userId);
    await enqueueEvent(trx, complaintMessagePosted(updated, message, recipients, meta.correlationId));
    return { complaint: updated, message };
  });
}

export type AuthorAction = 'confirm' | 'reject' | 'withdraw';

/** The author confirms the outcome (resolved), rejects it (unresolved) or withdraws the case. */
export async function closeComplaint(ctx: Ctx, input: { complaintId: string; userId: string; action: AuthorAction }, meta: RequestMeta = {}): Promise<ComplaintRow> {
  if (!UUID.test(input.complaintId)) throw complaintNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findComplaint(trx, input.complaintId, { forUpdate: true });
    if (!row || (row.published_at === null && row.user_id !== input.userId)) throw complaintNotFound();
    if (row.user_id !== input.userId) throw notCaseParty();
    const status = move(row, input.action);
    const now = ctx.now();
    const updated = await updateComplaint(trx, row.id, { status, updated_at: now, closed_at: now, closed_by: 'user', due_at: null });
    if (updated.published_at !== null) await enqueueEvent(trx, complaintClosed(updated, meta.correlationId));
    return updated;
  });
}

/** What one sweep did: cases closed because the company's clock ran out, or the author's; reminders sent. */
export interface SweepResult {
  /** Awaiting the company past its deadline: unresolved, closed by `clock`. */
  expired: number;
  /** Awaiting the author past theirs: lapsed, closed by `no_reply`. */
  lapsed: number;
  /** Open cases whose clock came within `reminderDays` working days: the side whose turn it is reminded. */
  reminded: number;
}

/**
 * The sweeper: every open case past its deadline closes, in batches — awaiting the company:
 * unresolved (closed by `clock`); awaiting the author: lapsed (closed by `no_reply`). Each sends
 * `reviews.complaint.closed`. Replicas may run it at once (rows are skip-locked). Cases that
 * waited for their author before the author had a clock get one counted from now, first; open
 * cases near their deadline are reminded last (`remindNearDeadlines`).
 */
export async function sweepComplaintClocks(ctx: ClockCtx, batch = 100): Promise<SweepResult> {
  const now = ctx.now();
  await startAuthorClocks(ctx.db, authorDue(ctx.complaintClock, now));
  const result: SweepResult = { expired: 0, lapsed: 0, reminded: 0 };
  for (;;) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const at = ctx.now();
      const rows = await overdueComplaints(trx, at, batch);
      let lapsed = 0;
      for (const row of rows) {
        const lapse = row.status === 'awaiting_user';
        const status = move(row, lapse ? 'lapse' : 'expire');
        const updated = await updateComplaint(trx, row.id, { status, updated_at: at, closed_at: at, closed_by: lapse ? 'no_reply' : 'clock', due_at: null });
        await enqueueEvent(trx, complaintClosed(updated, undefined, lapse ? ctx.complaintClock.userDays : ctx.complaintClock.days));
        if (lapse) lapsed += 1;
      }
      return { n: rows.length, lapsed };
    });
    result.lapsed += done.lapsed;
    result.expired += done.n - done.lapsed;
    if (done.n < batch) break;
  }
  result.reminded = await remindNearDeadlines(ctx, batch);
  return result;
}

/**
 * Reminders (ADR 031, amended): every open case whose deadline is at most `reminderDays` working
 * days away and was not reminded about that deadline yet sends `reviews.complaint.reminded` (the
 * author, or the company's representatives, whoever's turn it is), in batches; answers how many.
 * The row keeps the deadline it was reminded about, in the same transaction as the event's outbox
 * row: once per clock start whatever the number of sweeps, replicas (skip-locked) or restarts; a
 * clock that starts afresh has a new deadline and is reminded again. A clock no longer than
 * `reminderDays` (the company's `days`, the author's `userDays`) is never reminded.
 */
async function remindNearDeadlines(ctx: ClockCtx, batch: number): Promise<number> {
  const { days, userDays, reminderDays, holidays } = ctx.complaintClock;
  if (reminderDays < 1) return 0;
  // Only a clock longer than the setting: a shorter one would be within it from its start, so its
  // "reminder" would come at the first sweep, right after the notice that started it.
  const statuses = [...(days > reminderDays ? (['awaiting_company'] as const) : []), ...(userDays > reminderDays ? (['awaiting_user'] as const) : [])];
  if (statuses.length === 0) return 0;
  let total = 0;
  for (;;) {
    const n = await ctx.db.transaction().execute(async (trx) => {
      const at = ctx.now();
      const rows = await complaintsToRemind(trx, at, workingDaysHorizon(at, reminderDays, holidays), batch, statuses);
      for (const row of rows) {
        const due = row.due_at!; // the query takes only rows with a deadline ahead
        await updateComplaint(trx, row.id, { reminded_due_at: due });
        await enqueueEvent(trx, complaintReminded(row, due, workingDaysLeft(at, due, holidays), at));
      }
      return rows.length;
    });
    total += n;
    if (n < batch) return total;
  }
}

/** A moderator takes a message of a thread down (post-moderation); its text is no longer shown. */
export async function removeComplaintMessage(ctx: Ctx, input: { messageId: string; moderatorId: string; reason?: string | undefined }) {
  const reason = validateReason('reject', input.reason);
  if (!UUID.test(input.messageId)) throw complaintNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const message = await findMessageForUpdate(trx, input.messageId);
    if (!message) throw complaintNotFound();
    if (message.removed_at !== null) throw complaintState('removed');
    const now = ctx.now();
    await insertAudit(trx, {
      id: randomUUID(),
      moderatorId: input.moderatorId,
      action: 'remove',
      targetKind: 'complaint_message',
      targetId: message.id,
      reason,
      // Not the text: a message taken down for personal data must not live on in the append-only log.
      before: { complaintId: message.complaint_id, authorId: message.author_id, side: message.side },
      after: { removed: true },
      at: now,
    });
    return removeMessage(trx, message.id, { moderatorId: input.moderatorId, reason, now });
  });
}

/** Who is looking at a case: the signed-in user (if any), what they represent, whether staff. */
export interface Viewer {
  userId?: string | undefined;
  companyIds: readonly string[];
  moderator: boolean;
}

const isRepresentative = (row: ComplaintRow, viewer: Viewer) => viewer.companyIds.some((c) => c.toLowerCase() === row.company_id);

/** What a viewer may do with a case (the gateway shows the buttons; the use cases check again). */
export function rightsOn(row: ComplaintRow, viewer: Viewer) {
  const author = viewer.userId !== undefined && viewer.userId === row.user_id;
  const representative = !author && isRepresentative(row, viewer);
  const open = row.status === 'awaiting_company' || row.status === 'awaiting_user';
  return {
    author,
    representative,
    seeEvidence: author || representative || viewer.moderator,
    write: open && (author || representative),
    close: author && open,
    withdraw: author && nextStatus(row.status, 'withdraw') !== null,
  };
}

/** A case with its thread and files; not published: its author and moderators only. */
export async function complaintView(ctx: Pick<ReviewsContext, 'db'>, id: string, viewer: Viewer) {
  if (!UUID.test(id)) throw complaintNotFound();
  const row = await findComplaint(ctx.db, id.toLowerCase());
  if (!row) throw complaintNotFound();
  const rights = rightsOn(row, viewer);
  if (row.published_at === null && !rights.author && !viewer.moderator) throw complaintNotFound();
  const [messages, evidence] = await Promise.all([messagesOf(ctx.db, row.id), evidenceOf(ctx.db, row.id)]);
  return { complaint: row, messages, evidence, rights };
}

/** One evidence file of a case, for those who may see it (anyone else: not found). */
export async function evidenceFile(ctx: Pick<ReviewsContext, 'db'>, complaintId: string, evidenceId: string, viewer: Viewer): Promise<EvidenceRow> {
  if (!UUID.test(complaintId) || !UUID.test(evidenceId)) throw evidenceNotFound();
  const [row, file] = await Promise.all([findComplaint(ctx.db, complaintId.toLowerCase()), findEvidence(ctx.db, evidenceId.toLowerCase())]);
  if (!row || !file || file.complaint_id !== row.id || !rightsOn(row, viewer).seeEvidence) throw evidenceNotFound();
  return file;
}

export const publishedComplaints = (ctx: Pick<ReviewsContext, 'db'>, f: { companyId?: string | undefined; status?: ComplaintStatus | undefined }, page: Page) =>
  f.companyId !== undefined && !UUID.test(f.companyId)
    ? Promise.resolve({ rows: [], total: 0 })
    : listPublishedComplaints(ctx.db, { ...f, companyId: f.companyId?.toLowerCase() }, page);

export const pendingComplaints = (ctx: Pick<ReviewsContext, 'db'>, page: Page) => listPendingComplaints(ctx.db, page);

export const complaintsOf = (ctx: Pick<ReviewsContext, 'db'>, userId: string) => complaintsOfUser(ctx.db, userId, 100);

/**
 * Cases, response rate, median response time and resolution rate over the last 12 months. A
 * lapsed case (answered, then no word from its author) counts as answered but is left out of the
 * resolution rate: the author's silence is neither a confirmation nor a rejection.
 */
export async function companyComplaintFigures(ctx: Ctx, companyId: string) {
  if (!UUID.test(companyId)) return { cases: 0, answered: 0, responseRate: null, medianResponseHours: null, resolved: 0, unresolved: 0, lapsed: 0, resolutionRate: null };
  const f = await complaintFigures(ctx.db, companyId.toLowerCase(), new Date(ctx.now().getTime() - FIGURES_WINDOW_MS));
  const closed = f.resolved + f.unresolved;
  return {
    cases: f.cases,
    answered: f.answered,
    responseRate: f.answerable > 0 ? f.answered / f.answerable : null,
    medianResponseHours: f.medianSeconds === null ? null : Math.round((f.medianSeconds / 3600) * 10) / 10,
    resolved: f.resolved,
    unresolved: f.unresolved,
    lapsed: f.lapsed,
    resolutionRate: closed > 0 ? f.resolved / closed : null,
  };
}

/** Evidence counts of listed cases (the files themselves are private). */
export const evidenceCountsOf = (ctx: Pick<ReviewsContext, 'db'>, rows: readonly ComplaintRow[]) => evidenceCounts(ctx.db, rows.map((r) => r.id));
