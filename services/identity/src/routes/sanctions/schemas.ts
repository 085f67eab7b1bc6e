import { Uuid } from '@brokerwise/service-kit';
import { Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Kind = Type.Union([Type.Literal('warn'), Type.Literal('restrict'), Type.Literal('freeze')]);
const RoleT = Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')]);
const Page = Type.Integer({ minimum: 1, maximum: 100000, default: 1 });
const Limit = Type.Integer({ minimum: 1, maximum: 100, default: 20 });
// Lengths are the domain's rules (it answers field codes); these only bound the payload.
const Text = (max: number) => Type.String({ maxLength: max });

export const IdParams = Type.Object({ id: Uuid });

export const SanctionDto = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  kind: Kind,
  rule: Type.String(),
  reason: Type.String(),
  imposedBy: Type.String(),
  imposedAt: Type.String(),
  endsAt: Nullable(Type.String()),
  liftedAt: Nullable(Type.String()),
  liftedBy: Nullable(Type.String()),
  liftReason: Nullable(Type.String()),
  /** Still applies now. */
  active: Type.Boolean(),
});

export const AppealDto = Type.Object({
  id: Type.String(),
  sanctionId: Type.String(),
  userId: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  decision: Type.Union([Type.Literal('uphold'), Type.Literal('lift'), Type.Null()]),
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  decisionReason: Nullable(Type.String()),
});

export const RecordDto = Type.Object({ items: Type.Array(Type.Object({ sanction: SanctionDto, appeal: Type.Union([AppealDto, Type.Null()]) })) });

export const StandingDto = Type.Object({ restriction: Type.Union([SanctionDto, Type.Null()]), frozen: Type.Boolean() });

export const SanctionBody = Type.Object(
  {
    kind: Kind,
    days: Type.Optional(Type.Integer({ minimum: -100000, maximum: 100000 })),
    reason: Text(5000),
    rule: Text(100),
    moderatorId: Uuid,
  },
  { additionalProperties: false },
);
export const ImposedDto = Type.Object({ sanction: SanctionDto, revoked: Type.Array(Type.String()) });

export const LiftBody = Type.Object({ reason: Text(5000), moderatorId: Uuid }, { additionalProperties: false });

export const AppealBody = Type.Object({ sanctionId: Uuid, text: Text(10000) }, { additionalProperties: false });

export const AppealsQuery = Type.Object({ status: Type.Union([Type.Literal('open'), Type.Literal('decided')], { default: 'open' }), page: Page, limit: Limit }, { additionalProperties: false });
export const AppealPageDto = Type.Object({
  items: Type.Array(Type.Object({ appeal: AppealDto, username: Type.String(), sanction: SanctionDto })),
  total: Type.Integer(),
});

export const DecideBody = Type.Object(
  { decision: Type.Union([Type.Literal('uphold'), Type.Literal('lift')]), reason: Text(5000), moderatorId: Uuid },
  { additionalProperties: false },
);
export const DecidedDto = Type.Object({ appeal: AppealDto, sanction: SanctionDto });

export const UsersQuery = Type.Object({ keyword: Type.String({ maxLength: 200, default: '' }), page: Page, limit: Limit }, { additionalProperties: false });
export const AdminUserDto = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Nullable(Type.String()),
  role: RoleT,
  frozen: Type.Boolean(),
  deleted: Type.Boolean(),
  createdAt: Type.String(),
});
export const UserPageDto = Type.Object({ items: Type.Array(AdminUserDto), total: Type.Integer() });

export const UserDetailDto = Type.Object({
  user: AdminUserDto,
  liveSessions: Type.Integer(),
  items: RecordDto.properties.items,
});

export const RoleBody = Type.Object({ role: RoleT, adminId: Uuid, reason: Type.Optional(Text(5000)) }, { additionalProperties: false });
export const RoleDto = Type.Object({ user: AdminUserDto, changed: Type.Boolean() });

export const RevokeBody = Type.Object({ moderatorId: Uuid, reason: Type.Optional(Text(5000)) }, { additionalProperties: false });
export const RevokedDto = Type.Object({ revoked: Type.Array(Type.String()) });

export const DeleteBody = Type.Object({ adminId: Uuid, reason: Text(5000) }, { additionalProperties: false });
export const DeletedDto = Type.Object({ user: AdminUserDto, revoked: Type.Array(Type.String()) });

export const AuditQuery = Type.Object({ targetId: Type.Optional(Type.String({ maxLength: 100 })), actorId: Type.Optional(Type.String({ maxLength: 100 })), page: Page, limit: Limit }, { additionalProperties: false });
export const AuditPageDto = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      actorId: Type.String(),
      at: Type.String(),
      action: Type.String(),
      targetUserId: Type.String(),
      before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
      after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
      reason: Type.String(),
    }),
  ),
  total: Type.Integer(),
});
