import { Type } from 'typebox';

const Field = (max = 1000) => Type.String({ maxLength: max, default: '' });

// Any string: a malformed id is an unknown user (404).
export const UserParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const PublicQuery = Type.Object({ viewer: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });

export const PublicUserDto = Type.Object({
  id: Type.String(),
  username: Type.String(),
  avatarKey: Type.Union([Type.String(), Type.Null()]),
  motto: Type.String(),
  followers: Type.Integer(),
  following: Type.Integer(),
  followed: Type.Boolean(),
});

export const ProfileBody = Type.Object(
  {
    username: Field(),
    // Null first: Fastify's ajv coerces within anyOf in order, so null must not become "" (and "" becomes null).
    countryCode: Type.Union([Type.Null(), Type.String({ maxLength: 10 })]),
    motto: Field(2000),
    avatarKey: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 300 })])),
  },
  { additionalProperties: false },
);

export const PasswordBody = Type.Object({ oldPassword: Field(), newPassword: Field(), code: Field(100) }, { additionalProperties: false });

export const EmailBody = Type.Object({ email: Field(), code: Field(100) }, { additionalProperties: false });

export const FollowBody = Type.Object({ targetId: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export const FollowResponse = Type.Object({ following: Type.Boolean(), followers: Type.Integer() });

export const AvatarResponse = Type.Object({ key: Type.String() });

/** Avatars are at most 2 MB (spec §9); the margin lets the domain answer `too_large` itself. */
export const AVATAR_BODY_LIMIT = 2 * 1024 * 1024 + 512 * 1024;


/** `ids`: comma-separated user ids (at most 100). */
export const BatchQuery = Type.Object({ ids: Type.String({ maxLength: 4000 }) }, { additionalProperties: false });
export const UserCardsDto = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), username: Type.String(), avatarKey: Type.Union([Type.String(), Type.Null()]) })),
});

/** Followers / following lists: newest first, `limit` at most 50. */
export const FollowListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
    viewer: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export const FollowListDto = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      username: Type.String(),
      avatarKey: Type.Union([Type.String(), Type.Null()]),
      followedAt: Type.String(),
      /** Whether `viewer` follows this user. */
      followed: Type.Boolean(),
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
