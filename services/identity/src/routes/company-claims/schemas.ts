import { Uuid } from '@brokerwise/service-kit';
import { Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Status = Type.Union([Type.Literal('awaiting_code'), Type.Literal('awaiting_approval'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('revoked')]);

export const UserParams = Type.Object({ id: Uuid });
export const ClaimParams = Type.Object({ id: Uuid, claimId: Uuid });
export const IdParams = Type.Object({ id: Uuid });

export const ClaimDto = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.Optional(Type.String()),
  companyId: Type.String(),
  companyName: Type.String(),
  companyHost: Type.String(),
  email: Type.String(),
  status: Status,
  createdAt: Type.String(),
  verifiedAt: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  decisionReason: Type.String(),
  revokedAt: Nullable(Type.String()),
});

// Lengths and shapes are the domain's rules (it answers field codes); these only bound the payload.
export const StartBody = Type.Object(
  {
    companyId: Type.String({ maxLength: 100 }),
    companyName: Type.String({ maxLength: 300 }),
    companyWebsite: Type.String({ maxLength: 2000 }),
    email: Type.String({ maxLength: 1000 }),
    locale: Type.Union([Type.Literal('en'), Type.Literal('zh-cn')], { default: 'en' }),
  },
  { additionalProperties: false },
);
export const StartDto = Type.Object({ claim: ClaimDto, resendAfter: Type.Integer() });
export const VerifyBody = Type.Object({ code: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export const ClaimListDto = Type.Object({ items: Type.Array(ClaimDto) });

export const QueueQuery = Type.Object(
  {
    status: Type.Union([Type.Literal('awaiting_approval'), Type.Literal('approved'), Type.Literal('closed')], { default: 'awaiting_approval' }),
    page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);
export const QueueDto = Type.Object({ items: Type.Array(ClaimDto), total: Type.Integer() });
export const DecideBody = Type.Object(
  { adminId: Uuid, decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]), reason: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export const RevokeBody = Type.Object({ adminId: Uuid, reason: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });

// Any string: a malformed id has no representatives.
export const CompanyParams = Type.Object({ companyId: Type.String({ maxLength: 100 }) });
export const RepresentativesDto = Type.Object({ userIds: Type.Array(Type.String()) });
