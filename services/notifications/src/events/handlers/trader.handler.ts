import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { NotificationsContext } from '../../domain/context.ts';
import { applicationDecisionMail } from '../../domain/mail-templates.ts';
import { queueMail } from '../../domain/mail-queue.ts';
import { recordNotice } from '../../domain/notices.ts';
import { nonEssentialAllowed } from '../../store/preference.store.ts';
import type { NotificationsTables } from '../../store/types.ts';
import { findUser } from '../../store/user.store.ts';
import { timestampToDate } from './time.ts';

type Trx = Kysely<NotificationsTables>;
type Decided = EventPayload<'trader.broker_application.approved'> | EventPayload<'trader.broker_application.rejected'>;

/** Where an applicant follows their broker applications. */
const APPLY_PATH = '/trader/apply';

/**
 * An admin decided on a trader's application to add a broker: the applicant gets a notice and,
 * unless they turned non-essential mails off (or we know no address), a mail in their language.
 * Both in the inbox transaction, keyed by the event: a redelivery makes neither twice.
 */
export const onBrokerApplicationDecided =
  (decision: 'approved' | 'rejected', deps: Pick<NotificationsContext, 'now' | 'mailDomain' | 'siteUrl'>) =>
  async (p: Decided, ctx: HandlerContext): Promise<void> => {
    const trx = ctx.trx as Trx;
    const reason = p.$typeName === 'brokerwise.trader.v1.BrokerApplicationRejected' ? p.reason : '';
    const at = timestampToDate(p.$typeName === 'brokerwise.trader.v1.BrokerApplicationApproved' ? p.approvedAt : p.rejectedAt) ?? ctx.occurredAt ?? deps.now();
    await recordNotice(trx, {
      userId: p.userId,
      kind: decision === 'approved' ? 'broker_application_approved' : 'broker_application_rejected',
      params: { applicationId: p.applicationId, brokerName: p.brokerName, server: p.server, ...(decision === 'rejected' ? { reason } : {}) },
      sourceEventId: ctx.eventId,
      at,
      correlationId: ctx.correlationId,
    });
    const user = await findUser(trx, p.userId);
    if (!user?.email || !(await nonEssentialAllowed(trx, p.userId))) return;
    await queueMail(trx, deps, {
      dedupeKey: `application-decision:${ctx.eventId}`,
      kind: 'application_decision',
      to: user.email,
      locale: user.locale,
      content: applicationDecisionMail(
        { decision, username: user.username, broker: p.brokerName, server: p.server, reason, link: `${deps.siteUrl}${APPLY_PATH}`, settingsUrl: `${deps.siteUrl}/user/set` },
        user.locale,
      ),
      tags: { event: `broker_application_${decision}` },
    });
  };
