import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { NotificationsContext } from '../../domain/context.ts';
import { queueMail } from '../../domain/mail-queue.ts';
import { representativeDecisionMail } from '../../domain/mail-templates.ts';
import { recordNotice } from '../../domain/notices.ts';
import { companyName } from '../../domain/render.ts';
import { findCompanies } from '../../store/company.store.ts';
import { nonEssentialAllowed } from '../../store/preference.store.ts';
import type { NotificationsTables } from '../../store/types.ts';
import { findUser } from '../../store/user.store.ts';
import { timestampToDate } from './time.ts';

type Trx = Kysely<NotificationsTables>;
const DECISIONS = ['approved', 'rejected', 'revoked'] as const;

/**
 * An administrator decided a company claim (identity): the account holder gets a notice and,
 * unless they turned non-essential mails off, a mail in their language — approved links to the
 * company dashboard, refused or revoked to their claims with the reason. Keyed by the event.
 */
export const onRepresentativeDecided =
  (deps: Pick<NotificationsContext, 'now' | 'mailDomain' | 'siteUrl'>) =>
  async (p: EventPayload<'identity.representative.decided'>, ctx: HandlerContext): Promise<void> => {
    const decision = DECISIONS.find((d) => d === p.decision);
    if (!decision) return; // a decision this version does not know: nothing to say
    const trx = ctx.trx as Trx;
    await recordNotice(trx, {
      userId: p.userId,
      kind: `representative_${decision}`,
      params: { claimId: p.claimId, companyId: p.companyId, companyName: p.companyName, ...(p.reason ? { reason: p.reason } : {}) },
      sourceEventId: ctx.eventId,
      at: timestampToDate(p.decidedAt) ?? ctx.occurredAt ?? deps.now(),
      correlationId: ctx.correlationId,
    });
    const user = await findUser(trx, p.userId);
    if (!user?.email || !(await nonEssentialAllowed(trx, p.userId))) return;
    const company = (await findCompanies(trx, [p.companyId])).get(p.companyId);
    await queueMail(trx, deps, {
      dedupeKey: `representative-decision:${ctx.eventId}`,
      kind: 'representative_decision',
      to: user.email,
      locale: user.locale,
      content: representativeDecisionMail(
        {
          decision,
          username: user.username,
          company: company ? companyName(company, user.locale === 'zh-cn' ? 'zh-cn' : 'en') : p.companyName,
          reason: p.reason,
          link: `${deps.siteUrl}${decision === 'approved' ? '/user/company/dashboard' : '/user/company'}`,
          settingsUrl: `${deps.siteUrl}/user/set`,
        },
        user.locale,
      ),
      tags: { event: `representative_${decision}` },
    });
  };
