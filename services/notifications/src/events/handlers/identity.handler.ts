import type { EventPayload } from '@brokerwise/proto';
import type { HandlerContext } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { eraseRecipient } from '../../domain/account-deletion.ts';
import type { NotificationsContext } from '../../domain/context.ts';
import { codeMail, type CodePurpose } from '../../domain/mail-templates.ts';
import { queueMail } from '../../domain/mail-queue.ts';
import { recordNotice } from '../../domain/notices.ts';
import type { Locale, NotificationsTables } from '../../store/types.ts';
import { findUser, upsertProfile, upsertRegistered } from '../../store/user.store.ts';
import { timestampToDate } from './time.ts';

type Trx = Kysely<NotificationsTables>;
const localeOf = (l: string): Locale => (l.toLowerCase() === 'zh-cn' ? 'zh-cn' : 'en');
const CODE_PURPOSES = new Set<CodePurpose>(['user_register', 'retrieve_password', 'change_password', 'bind_email', 'company_claim']);
/** Codes from events without an expiry (should not happen) are given identity's 10 minutes. */
const DEFAULT_CODE_TTL_MS = 10 * 60_000;

export const onUserRegistered = async (p: EventPayload<'identity.user.registered'>, ctx: HandlerContext): Promise<void> => {
  await upsertRegistered(ctx.trx as Trx, { userId: p.userId, username: p.username, email: p.email || null, locale: localeOf(p.locale), registeredAt: timestampToDate(p.registeredAt) ?? ctx.occurredAt ?? null });
};

export const onProfileUpdated = async (p: EventPayload<'identity.user.profile_updated'>, ctx: HandlerContext): Promise<void> => {
  await upsertProfile(ctx.trx as Trx, { userId: p.userId, username: p.username, email: p.email || null, version: Number(p.version) });
};

/** An account was deleted: its notices, preferences, newsletter subscription and mail go with it (ADR 019). */
export const onUserDeleted = async (p: EventPayload<'identity.user.deleted'>, ctx: HandlerContext): Promise<void> => {
  const r = await eraseRecipient(ctx.trx as Trx, p.userId, p.email);
  ctx.log.info({ userId: p.userId, ...r }, "deleted account's notices, preferences, subscription and mail deleted");
};

/** Someone followed a user: the followed user is told who. */
export const onUserFollowed = async (p: EventPayload<'identity.user.followed'>, ctx: HandlerContext): Promise<void> => {
  if (!p.followeeId || p.followeeId === p.followerId) return;
  const trx = ctx.trx as Trx;
  const actor = await findUser(trx, p.followerId);
  await recordNotice(trx, {
    userId: p.followeeId,
    kind: 'followed',
    params: { actorId: p.followerId, ...(actor?.username ? { actorName: actor.username } : {}) },
    sourceEventId: ctx.eventId,
    at: timestampToDate(p.followedAt) ?? ctx.occurredAt ?? new Date(),
    correlationId: ctx.correlationId,
  });
};

/**
 * A verification code to mail (essential: sent whatever the preferences). One mail per event
 * (dedupe key = event id), never after the code expired. The code is not logged.
 */
export const onEmailCodeRequested =
  (deps: Pick<NotificationsContext, 'now' | 'mailDomain'>) =>
  async (p: EventPayload<'identity.email_code.requested'>, ctx: HandlerContext): Promise<void> => {
    // Events from before the hand-off carry no code: identity mailed those itself.
    if (!p.code || !p.email) return;
    const purpose = CODE_PURPOSES.has(p.event as CodePurpose) ? (p.event as CodePurpose) : 'user_register';
    const requestedAt = timestampToDate(p.requestedAt) ?? ctx.occurredAt ?? deps.now();
    const expiresAt = timestampToDate(p.expiresAt) ?? new Date(requestedAt.getTime() + DEFAULT_CODE_TTL_MS);
    const locale = localeOf(p.locale);
    const minutes = Math.max(1, Math.round((expiresAt.getTime() - requestedAt.getTime()) / 60_000));
    await queueMail(ctx.trx as Trx, deps, {
      dedupeKey: `code:${ctx.eventId}`,
      kind: 'code',
      to: p.email,
      locale,
      content: codeMail(p.code, purpose, locale, minutes),
      tags: { event: purpose, locale },
      expiresAt,
    });
  };
