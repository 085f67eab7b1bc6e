import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { NotificationsContext } from '../../domain/context.ts';
import { queueMail } from '../../domain/mail-queue.ts';
import { complaintAnsweredMail, complaintClosedMail, complaintReminderMail, type MailContent } from '../../domain/mail-templates.ts';
import { recordNotice } from '../../domain/notices.ts';
import { companyName } from '../../domain/render.ts';
import { findCompanies } from '../../store/company.store.ts';
import { nonEssentialAllowed } from '../../store/preference.store.ts';
import type { NotificationsTables } from '../../store/types.ts';
import { findUser } from '../../store/user.store.ts';
import { timestampToDate } from './time.ts';

type Trx = Kysely<NotificationsTables>;
type Deps = Pick<NotificationsContext, 'now'>;
type MailDeps = Pick<NotificationsContext, 'now' | 'mailDomain' | 'siteUrl'>;

/** A deadline as notices and mails print it, in UTC (they are read anywhere). */
const utcText = (d: Date | undefined) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '');

/** Mails one user about a case in their language, unless they turned non-essential mails off. */
async function mailAbout(
  trx: Trx,
  deps: MailDeps,
  m: { userId: string; companyId: string; complaintId: string; dedupeKey: string; event: string },
  content: (user: { username: string; locale: 'en' | 'zh-cn' }, company: string, link: string, settingsUrl: string) => MailContent,
): Promise<void> {
  const user = await findUser(trx, m.userId);
  if (!user?.email || !(await nonEssentialAllowed(trx, m.userId))) return;
  const locale = user.locale === 'zh-cn' ? 'zh-cn' : 'en';
  const company = (await findCompanies(trx, [m.companyId])).get(m.companyId);
  await queueMail(trx, deps, {
    dedupeKey: m.dedupeKey,
    kind: 'complaint',
    to: user.email,
    locale: user.locale,
    content: content({ username: user.username, locale }, companyName(company, locale), `${deps.siteUrl}/complaints/${encodeURIComponent(m.complaintId)}`, `${deps.siteUrl}/user/set`),
    tags: { event: m.event },
  });
}

/**
 * Complaint cases (ADR 031): a published case tells the company's representatives (with the
 * deadline), a message in the thread tells the other side (with the deadline it starts; when the
 * company answered, the author also gets a mail: their own clock runs from there), and a case a
 * clock closed tells its author and the company's representatives (notice and mail); a clock with a
 * few working days left reminds the side whose turn it is (notice and mail). Keyed by the event and
 * the recipient, so a redelivery makes none twice.
 */
export const onComplaintPublished =
  (deps: Deps) =>
  async (p: EventPayload<'reviews.complaint.published'>, ctx: HandlerContext): Promise<void> => {
    const due = timestampToDate(p.dueAt);
    for (const userId of new Set(p.representativeIds)) {
      await recordNotice(ctx.trx as Trx, {
        userId,
        kind: 'complaint_published',
        params: { complaintId: p.complaintId, companyId: p.companyId, category: p.category, due: utcText(due) },
        sourceEventId: ctx.eventId,
        at: timestampToDate(p.publishedAt) ?? ctx.occurredAt ?? deps.now(),
        correlationId: ctx.correlationId,
      });
    }
  };

export const onComplaintMessagePosted =
  (deps: MailDeps) =>
  async (p: EventPayload<'reviews.complaint.message_posted'>, ctx: HandlerContext): Promise<void> => {
    const trx = ctx.trx as Trx;
    const due = utcText(timestampToDate(p.dueAt));
    for (const userId of new Set(p.recipientIds)) {
      if (userId === p.writerId) continue;
      await recordNotice(trx, {
        userId,
        kind: 'complaint_message',
        params: { complaintId: p.complaintId, companyId: p.companyId, excerpt: p.excerpt, ...(p.fromCompany ? { fromCompany: '1' } : {}), ...(due ? { due } : {}) },
        sourceEventId: ctx.eventId,
        at: timestampToDate(p.postedAt) ?? ctx.occurredAt ?? deps.now(),
        correlationId: ctx.correlationId,
      });
      // The author's clock started: a bell they may not look at is not enough before a case closes without them.
      if (p.fromCompany && p.status === 'awaiting_user' && due) {
        await mailAbout(trx, deps, { userId, companyId: p.companyId, complaintId: p.complaintId, dedupeKey: `complaint-answered:${ctx.eventId}:${userId}`, event: 'complaint_answered' }, (u, company, link, settingsUrl) =>
          complaintAnsweredMail({ username: u.username, company, excerpt: p.excerpt, due, link, settingsUrl }, u.locale),
        );
      }
    }
  };

/** Closed by a clock: the company's (`clock`: unresolved) or the author's (`no_reply`: lapsed). */
const CLOSED_BY_CLOCK = { clock: { kind: 'complaint_expired', why: 'expired' }, no_reply: { kind: 'complaint_lapsed', why: 'lapsed' } } as const;

export const onComplaintClosed =
  (deps: MailDeps) =>
  async (p: EventPayload<'reviews.complaint.closed'>, ctx: HandlerContext): Promise<void> => {
    // The author closed it (nobody else waits for word), or a way of closing this version does not know.
    const how = p.closedBy === 'clock' || p.closedBy === 'no_reply' ? CLOSED_BY_CLOCK[p.closedBy] : undefined;
    if (!how) return;
    const trx = ctx.trx as Trx;
    const at = timestampToDate(p.closedAt) ?? ctx.occurredAt ?? deps.now();
    const told = [{ userId: p.authorId, forCompany: false }, ...[...new Set(p.representativeIds)].filter((id) => id !== p.authorId).map((userId) => ({ userId, forCompany: true }))];
    for (const { userId, forCompany } of told) {
      await recordNotice(trx, {
        userId,
        kind: how.kind,
        // The length of the clock that ran out, as configured when it did (absent in older events: the text names no number).
        params: { complaintId: p.complaintId, companyId: p.companyId, ...(forCompany ? { forCompany: '1' } : {}), ...(p.clockDays > 0 ? { days: String(p.clockDays) } : {}) },
        sourceEventId: ctx.eventId,
        at,
        correlationId: ctx.correlationId,
      });
      await mailAbout(trx, deps, { userId, companyId: p.companyId, complaintId: p.complaintId, dedupeKey: `complaint-closed:${ctx.eventId}:${userId}`, event: how.kind }, (u, company, link, settingsUrl) =>
        complaintClosedMail({ why: how.why, forCompany, username: u.username, company, link, settingsUrl }, u.locale),
      );
    }
  };

/** Whose turn a reminder is about: the author's clock, or the company's. */
const REMINDED = { awaiting_user: false, awaiting_company: true } as const;

export const onComplaintReminded =
  (deps: MailDeps) =>
  async (p: EventPayload<'reviews.complaint.reminded'>, ctx: HandlerContext): Promise<void> => {
    // A status this version does not know reminds nobody.
    const forCompany = p.status === 'awaiting_user' || p.status === 'awaiting_company' ? REMINDED[p.status] : undefined;
    if (forCompany === undefined) return;
    const trx = ctx.trx as Trx;
    const due = utcText(timestampToDate(p.dueAt));
    const days = p.workingDaysLeft;
    const told = forCompany ? [...new Set(p.representativeIds)].filter((id) => id !== p.authorId) : [p.authorId];
    for (const userId of told) {
      await recordNotice(trx, {
        userId,
        kind: 'complaint_reminder',
        params: { complaintId: p.complaintId, companyId: p.companyId, days: String(days), due, ...(forCompany ? { forCompany: '1' } : {}) },
        sourceEventId: ctx.eventId,
        at: timestampToDate(p.remindedAt) ?? ctx.occurredAt ?? deps.now(),
        correlationId: ctx.correlationId,
      });
      await mailAbout(trx, deps, { userId, companyId: p.companyId, complaintId: p.complaintId, dedupeKey: `complaint-reminder:${ctx.eventId}:${userId}`, event: 'complaint_reminder' }, (u, company, link, settingsUrl) =>
        complaintReminderMail({ forCompany, username: u.username, company, days, due, link, settingsUrl }, u.locale),
      );
    }
  };
