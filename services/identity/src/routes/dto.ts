import { Type, type Static } from 'typebox';
import type { SessionRow } from '../store/session.store.ts';
import type { UserRow } from '../store/user.store.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const UserDto = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: NullableString,
  avatarKey: NullableString,
  countryCode: NullableString,
  motto: Type.String(),
  accountType: Type.Union([Type.Literal('personal'), Type.Literal('company')]),
  role: Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')]),
  followers: Type.Integer(),
  following: Type.Integer(),
  likesReceived: Type.Integer(),
  collections: Type.Integer(),
  createdAt: Type.String(),
});

export const SessionDto = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  expiresAt: Type.String(),
  remember: Type.Boolean(),
});

export const SignedInDto = Type.Object({ user: UserDto, session: SessionDto });

export const RevokedDto = Type.Object({ revoked: Type.Array(Type.String()) });

/** Rows never leave the service: only these mappings do. */
export function toUserDto(r: UserRow): Static<typeof UserDto> {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    avatarKey: r.avatar_key,
    countryCode: r.country_code === null ? null : r.country_code.trim(),
    motto: r.motto,
    accountType: r.account_type,
    role: r.role,
    followers: r.followers_count,
    following: r.following_count,
    likesReceived: r.likes_received,
    collections: r.collections_count,
    createdAt: r.created_at.toISOString(),
  };
}

export function toSessionDto(s: SessionRow): Static<typeof SessionDto> {
  return { id: s.id, userId: s.user_id, expiresAt: s.expires_at.toISOString(), remember: s.remember };
}
