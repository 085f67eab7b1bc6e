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

/** `identity.email_code.requested`: never carries the code. */
export function emailCodeRequested(email: string, purpose: string, locale: string, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent('identity.email_code.requested', { email, event: purpose, locale, requestedAt: timestampFromDate(at) }, meta(correlationId, at));
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
