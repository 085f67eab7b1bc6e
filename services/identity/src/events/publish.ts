import { encodeEvent, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
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
