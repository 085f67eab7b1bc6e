import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { NotificationsContext } from '../../domain/context.ts';
import { recordNotice } from '../../domain/notices.ts';
import type { NotificationsTables } from '../../store/types.ts';
import { timestampToDate } from './time.ts';

type Trx = Kysely<NotificationsTables>;
type Deps = Pick<NotificationsContext, 'now'>;

/**
 * Complaint cases (ADR 031): a published case tells the company's representatives (with the
 * deadline), a message in the thread tells the other side, and a case the clock closed tells its
 * author. Notices only (the bell and its live signal); keyed by the event and the recipient, so a
 * redelivery makes none twice.
 */
export const onComplaintPublished =
  (deps: Deps) =>
  async (p: EventPayload<'reviews.complaint.published'>, ctx: HandlerContext): Promise<void> => {
    const due = timestampToDate(p.dueAt);
    for (const userId of new Set(p.representativeIds)) {
      await recordNotice(ctx.trx as Trx, {
        userId,
        kind: 'complaint_published',
        params: { complaintId: p.complaintId, companyId: p.companyId, category: p.category, due: due ? `${due.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '' },
        sourceEventId: ctx.eventId,
        at: timestampToDate(p.publishedAt) ?? ctx.occurredAt ?? deps.now(),
        correlationId: ctx.correlationId,
      });
    }
  };

export const onComplaintMessagePosted =
  (deps: Deps) =>
  async (p: EventPayload<'reviews.complaint.message_posted'>, ctx: HandlerContext): Promise<void> => {
    for (const userId of new Set(p.recipientIds)) {
      if (userId === p.writerId) continue;
      await recordNotice(ctx.trx as Trx, {
        userId,
        kind: 'complaint_message',
        params: { complaintId: p.complaintId, companyId: p.companyId, excerpt: p.excerpt, ...(p.fromCompany ? { fromCompany: '1' } : {}) },
        sourceEventId: ctx.eventId,
        at: timestampToDate(p.postedAt) ?? ctx.occurredAt ?? deps.now(),
        correlationId: ctx.correlationId,
      });
    }
  };

export const onComplaintClosed =
  (deps: Deps) =>
  async (p: EventPayload<'reviews.complaint.closed'>, ctx: HandlerContext): Promise<void> => {
    if (p.closedBy !== 'clock') return; // the author closed it: nobody else waits for word
    await recordNotice(ctx.trx as Trx, {
      userId: p.authorId,
      kind: 'complaint_expired',
      params: { complaintId: p.complaintId, companyId: p.companyId },
      sourceEventId: ctx.eventId,
      at: timestampToDate(p.closedAt) ?? ctx.occurredAt ?? deps.now(),
      correlationId: ctx.correlationId,
    });
  };
