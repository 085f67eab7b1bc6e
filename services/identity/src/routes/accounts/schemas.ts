import { Type } from 'typebox';
import { SessionDto, UserDto } from '../dto.ts';
import { Locale } from '../codes/schemas.ts';

const Field = (max = 1000) => Type.String({ maxLength: max, default: '' });
const Client = { ip: Type.String({ maxLength: 100, default: '' }), userAgent: Type.String({ maxLength: 2000, default: '' }) };

export const RegisterBody = Type.Object(
  {
    email: Field(),
    username: Field(),
    password: Field(),
    code: Field(100),
    accountType: Type.Union([Type.Literal('personal'), Type.Literal('company')], { default: 'personal' }),
    locale: Locale,
    ...Client,
  },
  { additionalProperties: false },
);

export const LoginBody = Type.Object(
  {
    login: Field(),
    password: Field(),
    remember: Type.Boolean({ default: false }),
    device: Type.Optional(Type.String({ maxLength: 200 })),
    /** The caller confines a frozen account to its sanctions and appeals: sign it in (answering `frozen`) instead of refusing. */
    frozenAccess: Type.Optional(Type.Boolean()),
    ...Client,
  },
  { additionalProperties: false },
);

export const SocialBody = Type.Object(
  {
    provider: Type.Union([Type.Literal('google'), Type.Literal('facebook')]),
    credential: Type.String({ minLength: 1, maxLength: 8192 }),
    /** Optional: language of a new account (default en) and a 30-day session (default false). */
    locale: Locale,
    remember: Type.Boolean({ default: false }),
    /** As for password sign-in: a frozen account signs in to a confined session (answering `frozen`) instead of being refused. */
    frozenAccess: Type.Optional(Type.Boolean()),
    ...Client,
  },
  { additionalProperties: false },
);

export const ResetBody = Type.Object({ email: Field(), newPassword: Field(), code: Field(100) }, { additionalProperties: false });

export const SocialResponse = Type.Object({ user: UserDto, session: SessionDto, created: Type.Boolean(), frozen: Type.Boolean() });

/** A password sign-in also hands back the device cookie to keep (ADR 013). */
export const LoginResponse = Type.Object({ user: UserDto, session: SessionDto, device: Type.String(), frozen: Type.Boolean() });
