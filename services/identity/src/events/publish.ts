import { encodeEvent, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import type { ClaimRow } from '../store/company-claim.store.ts';
import type { AppealRow, SanctionRow } from '../store/sanction.store.ts';
import type { UserRow } from '../store/user.store.ts';

const PRODUCER = 'identity';

const meta = (correlationId: string | undefined, occurredAt: Date) => ({ producer: PRODUCER, occurredAt, ...(correlationId ? { correlationId } : {}) });

/** `identity.user.registered` (password or social sign-in). */
export function userRegistered(row: UserRow, locale: string, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'identity.user.registered',
    { userId: row.id, username: row.username, email: row.email ?? '', locale, registeredAt: timestampFromDate(row.created_at) },
    meta(correlationId, row.created_at),
  );
}

/**
 * `identity.email_code.requested`: carries the code for the notifications service to mail
 * (docs/adr/010): short-lived, single-use, only its HMAC stored here; event payloads are never logged.
 */
export function emailCodeRequested(
  c: { email: string; purpose: string; locale: string; code: string; at: Date; expiresAt: Date },
  correlationId: string | undefined,
): EncodedEvent {
  return encodeEvent(
    'identity.email_code.requested',
    { email: c.email, event: c.purpose, locale: c.locale, code: c.code, requestedAt: timestampFromDate(c.at), expiresAt: timestampFromDate(c.expiresAt) },
    meta(correlationId, c.at),
  );
}

/** `identity.user.profile_updated` from the row as committed (version included). */
export function profileUpdated(row: UserRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'identity.user.profile_updated',
    {
      userId: row.id,
      username: row.username,
      avatarKey: row.avatar_key ?? '',
      countryCode: row.country_code ?? '',
      motto: row.motto,
      email: row.email ?? '',
      updatedAt: timestampFromDate(row.updated_at),
      version: BigInt(row.version),
    },
    meta(correlationId, row.updated_at),
  );
}

export function userFollowed(followerId: string, followeeId: string, followers: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent('identity.user.followed', { followerId, followeeId, followers: BigInt(followers), followedAt: timestampFromDate(at) }, meta(correlationId, at));
}

export function userUnfollowed(followerId: string, followeeId: string, followers: number, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent('identity.user.unfollowed', { followerId, followeeId, followers: BigInt(followers), unfollowedAt: timestampFromDate(at) }, meta(correlationId, at));
}

/** `identity.sanction.imposed`: the user's notice (reason, rule, link to appeal) comes from it. */
export function sanctionImposed(s: SanctionRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'identity.sanction.imposed',
    {
      sanctionId: s.id,
      userId: s.user_id,
      kind: s.kind,
      rule: s.rule,
      reason: s.reason,
      ...(s.ends_at ? { endsAt: timestampFromDate(s.ends_at) } : {}),
      imposedAt: timestampFromDate(s.imposed_at),
    },
    meta(correlationId, s.imposed_at),
  );
}

/** `identity.sanction.lifted` by a moderator or an appeal (`appealId`). */
export function sanctionLifted(s: SanctionRow, appealId: string | null, correlationId: string | undefined): EncodedEvent {
  const at = s.lifted_at ?? new Date();
  return encodeEvent(
    'identity.sanction.lifted',
    { sanctionId: s.id, userId: s.user_id, kind: s.kind, reason: s.lift_reason ?? '', appealId: appealId ?? '', liftedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

/** `identity.appeal.rejected`: the sanction stays; the user is told why. */
export function appealRejected(a: AppealRow, correlationId: string | undefined): EncodedEvent {
  const at = a.decided_at ?? new Date();
  return encodeEvent(
    'identity.appeal.rejected',
    { appealId: a.id, sanctionId: a.sanction_id, userId: a.user_id, reason: a.decision_reason ?? '', decidedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}

/**
 * `identity.user.deleted`: the other services delete or anonymise what they hold about the user;
 * `email`, the address the account had, for those holding something for that mailbox (ADR 019).
 */
export function userDeleted(userId: string, email: string | null, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent('identity.user.deleted', { userId, email: email ?? '', deletedAt: timestampFromDate(at) }, meta(correlationId, at));
}

/** `identity.representative.decided`: a claim approved or refused, or a representative revoked; the account holder is told. */
export function representativeDecided(c: ClaimRow, decision: 'approved' | 'rejected' | 'revoked', reason: string, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'identity.representative.decided',
    { claimId: c.id, userId: c.user_id, companyId: c.company_id, companyName: c.company_name, decision, reason, decidedAt: timestampFromDate(at) },
    meta(correlationId, at),
  );
}
