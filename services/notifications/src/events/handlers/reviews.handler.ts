import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { NotificationsContext } from '../../domain/context.ts';
import { companyReplyMail, removalUpheldMail, reviewDecisionMail } from '../../domain/mail-templates.ts';
import { queueMail } from '../../domain/mail-queue.ts';
import { recordNotice } from '../../domain/notices.ts';
import { appealedContent, companyName, ruleOf } from '../../domain/render.ts';
import { findCompanies } from '../../store/company.store.ts';
import { setPostRemoved } from '../../store/post.store.ts';
import { nonEssentialAllowed } from '../../store/preference.store.ts';
import type { NotificationsTables } from '../../store/types.ts';
import { findUser } from '../../store/user.store.ts';
import { timestampToDate } from './time.ts';

type Trx = Kysely<NotificationsTables>;
type Decided = EventPayload<'reviews.review.approved'> | EventPayload<'reviews.review.rejected'>;

/**
 * A moderator decided on a review: the author gets a notice and, unless they turned
 * non-essential mails off (or we know no address), a mail in their language. Both in the inbox
 * transaction, keyed by the event: a redelivery makes neither twice.
 */
export const onReviewDecided =
  (decision: 'approved' | 'rejected', deps: Pick<NotificationsContext, 'now' | 'mailDomain' | 'siteUrl'>) =>
  async (p: Decided, ctx: HandlerContext): Promise<void> => {
    const trx = ctx.trx as Trx;
    const reason = p.$typeName === 'brokerwise.reviews.v1.ReviewRejected' ? p.reason : '';
    // Set when the review was removed after a report: the rule of the terms it broke.
    const rule = p.$typeName === 'brokerwise.reviews.v1.ReviewRejected' ? p.rule : '';
    const at = timestampToDate(p.$typeName === 'brokerwise.reviews.v1.ReviewApproved' ? p.approvedAt : p.rejectedAt) ?? ctx.occurredAt ?? deps.now();
    await recordNotice(trx, {
      userId: p.userId,
      kind: decision === 'approved' ? 'review_approved' : 'review_rejected',
      params: { reviewId: p.reviewId, companyId: p.companyId, ...(decision === 'rejected' ? { reason } : {}), ...(rule ? { rule } : {}) },
      sourceEventId: ctx.eventId,
      at,
      correlationId: ctx.correlationId,
    });
    const user = await findUser(trx, p.userId);
    if (!user?.email || !(await nonEssentialAllowed(trx, p.userId))) return;
    const company = (await findCompanies(trx, [p.companyId])).get(p.companyId);
    const link =
      decision === 'approved' && company && !company.removed
        ? `${deps.siteUrl}/detail?id=${encodeURIComponent(company.slug)}`
        : // Removed after a report: where the removal is appealed.
          `${deps.siteUrl}${rule ? '/user/sanctions' : '/user/reviews'}`;
    const name = companyName(company, user.locale === 'zh-cn' ? 'zh-cn' : 'en');
    await queueMail(trx, deps, {
      dedupeKey: `review-decision:${ctx.eventId}`,
      kind: 'review_decision',
      to: user.email,
      locale: user.locale,
      content: reviewDecisionMail({ decision, username: user.username, company: name, reason, link, settingsUrl: `${deps.siteUrl}/user/set` }, user.locale),
      tags: { event: `review_${decision}` },
    });
  };

/**
 * A second moderator decided an appeal against a removal (ADR 026). Kept removed: the author gets
 * a notice and, unless they turned non-essential mails off, a mail in their language. A post or
 * comment restored: a notice linking to it (a restored review is told by `reviews.review.approved`).
 * Keyed by the event: a redelivery makes neither twice.
 */
export const onRemovalAppealDecided =
  (deps: Pick<NotificationsContext, 'now' | 'mailDomain' | 'siteUrl'>) =>
  async (p: EventPayload<'reviews.removal_appeal.decided'>, ctx: HandlerContext): Promise<void> => {
    const trx = ctx.trx as Trx;
    const upheld = p.decision === 'uphold' || !p.restored;
    if (!upheld && p.targetKind === 'review') return;
    // A post shown again: its notices link to it again.
    if (!upheld && p.targetKind === 'post') await setPostRemoved(trx, p.targetId, null);
    const [postKind, postId] = p.contextId.split(':');
    const about: Record<string, string> = p.targetKind === 'review' ? { companyId: p.contextId } : postId ? { postId, postKind: postKind ?? '' } : {};
    await recordNotice(trx, {
      userId: p.userId,
      kind: upheld ? 'removal_upheld' : 'content_restored',
      params: { targetKind: p.targetKind, targetId: p.targetId, appealId: p.appealId, reason: p.reason, rule: p.rule, excerpt: p.excerpt, ...about },
      sourceEventId: ctx.eventId,
      at: timestampToDate(p.decidedAt) ?? ctx.occurredAt ?? deps.now(),
      correlationId: ctx.correlationId,
    });
    if (!upheld) return;
    const user = await findUser(trx, p.userId);
    if (!user?.email || !(await nonEssentialAllowed(trx, p.userId))) return;
    const lang = user.locale === 'zh-cn' ? 'zh-cn' : 'en';
    const company = p.targetKind === 'review' ? (await findCompanies(trx, [p.contextId])).get(p.contextId) : undefined;
    await queueMail(trx, deps, {
      dedupeKey: `removal-upheld:${ctx.eventId}`,
      kind: 'appeal_decision',
      to: user.email,
      locale: user.locale,
      content: removalUpheldMail(
        {
          username: user.username,
          what: appealedContent(lang, { targetKind: p.targetKind, excerpt: p.excerpt, company: companyName(company, lang) }),
          reason: p.reason,
          rule: ruleOf(lang, p.rule),
          link: `${deps.siteUrl}/user/sanctions`,
          settingsUrl: `${deps.siteUrl}/user/set`,
        },
        user.locale,
      ),
      tags: { event: 'removal_upheld' },
    });
  };

/**
 * A moderator removed a reported post or comment: its author gets a notice with the reason and
 * the rule (keyed by the event, so a redelivery makes no second one). A removed post's other
 * notices (likes, comments…) say it was removed and no longer link to it.
 */
export const onContentRemoved = async (p: EventPayload<'reviews.content.removed'>, ctx: HandlerContext): Promise<void> => {
  if (p.targetKind === 'post') await setPostRemoved(ctx.trx as Trx, p.targetId, 'moderation');
  await recordNotice(ctx.trx as Trx, {
    userId: p.authorId,
    kind: 'content_removed',
    params: { targetKind: p.targetKind, targetId: p.targetId, reason: p.reason, rule: p.rule, excerpt: p.excerpt },
    sourceEventId: ctx.eventId,
    at: timestampToDate(p.removedAt) ?? ctx.occurredAt ?? new Date(),
    correlationId: ctx.correlationId,
  });
};

/**
 * A company's verified reply to a review was published: the reviewer gets a notice and, unless
 * they turned non-essential mails off, a mail in their language (keyed by the event).
 */
export const onReplyPublished =
  (deps: Pick<NotificationsContext, 'now' | 'mailDomain' | 'siteUrl'>) =>
  async (p: EventPayload<'reviews.reply.published'>, ctx: HandlerContext): Promise<void> => {
    const trx = ctx.trx as Trx;
    await recordNotice(trx, {
      userId: p.reviewerId,
      kind: 'company_replied',
      params: { reviewId: p.reviewId, replyId: p.replyId, companyId: p.companyId, excerpt: p.excerpt, ...(p.edited ? { edited: '1' } : {}) },
      sourceEventId: ctx.eventId,
      at: timestampToDate(p.publishedAt) ?? ctx.occurredAt ?? deps.now(),
      correlationId: ctx.correlationId,
    });
    const user = await findUser(trx, p.reviewerId);
    if (!user?.email || !(await nonEssentialAllowed(trx, p.reviewerId))) return;
    const company = (await findCompanies(trx, [p.companyId])).get(p.companyId);
    const link = company && !company.removed ? `${deps.siteUrl}/detail?id=${encodeURIComponent(company.slug)}#review-${encodeURIComponent(p.reviewId)}` : `${deps.siteUrl}/user/reviews`;
    await queueMail(trx, deps, {
      dedupeKey: `company-reply:${ctx.eventId}`,
      kind: 'company_reply',
      to: user.email,
      locale: user.locale,
      content: companyReplyMail(
        { username: user.username, company: companyName(company, user.locale === 'zh-cn' ? 'zh-cn' : 'en'), excerpt: p.excerpt, edited: p.edited, link, settingsUrl: `${deps.siteUrl}/user/set` },
        user.locale,
      ),
      tags: { event: 'company_replied' },
    });
  };
