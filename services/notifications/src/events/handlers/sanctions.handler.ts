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
 * Sanctions and appeals (identity): the user gets a notice with the reason, the rule and a link
 * to their sanctions page, where they appeal. Keyed by the event: a redelivery makes no second one.
 */
export const onSanctionImposed =
  (deps: Deps) =>
  async (p: EventPayload<'identity.sanction.imposed'>, ctx: HandlerContext): Promise<void> => {
    const endsAt = timestampToDate(p.endsAt);
    await recordNotice(ctx.trx as Trx, {
      userId: p.userId,
      kind: 'sanction_imposed',
      params: { sanctionId: p.sanctionId, sanctionKind: p.kind, rule: p.rule, reason: p.reason, ...(endsAt ? { endsAt: endsAt.toISOString() } : {}) },
      sourceEventId: ctx.eventId,
      at: timestampToDate(p.imposedAt) ?? ctx.occurredAt ?? deps.now(),
      correlationId: ctx.correlationId,
    });
  };

export const onSanctionLifted =
  (deps: Deps) =>
  async (p: EventPayload<'identity.sanction.lifted'>, ctx: HandlerContext): Promise<void> => {
    await recordNotice(ctx.trx as Trx, {
      userId: p.userId,
      kind: 'sanction_lifted',
      params: { sanctionId: p.sanctionId, sanctionKind: p.kind, reason: p.reason, ...(p.appealId ? { appealId: p.appealId } : {}) },
      sourceEventId: ctx.eventId,
      at: timestampToDate(p.liftedAt) ?? ctx.occurredAt ?? deps.now(),
      correlationId: ctx.correlationId,
    });
  };

export const onAppealRejected =
  (deps: Deps) =>
  async (p: EventPayload<'identity.appeal.rejected'>, ctx: HandlerContext): Promise<void> => {
    await recordNotice(ctx.trx as Trx, {
      userId: p.userId,
      kind: 'appeal_rejected',
      params: { sanctionId: p.sanctionId, appealId: p.appealId, reason: p.reason },
      sourceEventId: ctx.eventId,
      at: timestampToDate(p.decidedAt) ?? ctx.occurredAt ?? deps.now(),
      correlationId: ctx.correlationId,
    });
  };
