import { Type } from 'typebox';
import { AccountDetailDto, AccountDto, OrderDto, PageQuery, Uuid } from '../dto.ts';

const Str = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** Field rules are the domain's (every field gets its code at once); the schema keeps types and sizes sane. */
export const BindBody = Type.Object(
  {
    userId: Uuid,
    username: Type.String({ minLength: 1, maxLength: 100 }),
    broker: Str(100),
    server: Str(200),
    accountNumber: Str(100),
    password: Str(500),
    nickname: Str(500),
    description: Str(5000),
    strategyType: Str(50),
    visibility: Str(50),
    source: Str(50),
  },
  { additionalProperties: false },
);

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const UserParams = Type.Object({ userId: Uuid });
export const ViewerQuery = Type.Object({ viewer: Type.Optional(Uuid) }, { additionalProperties: false });
export const OrdersQuery = Type.Object({ ...PageQuery, viewer: Type.Optional(Uuid) }, { additionalProperties: false });
export const OwnerBody = Type.Object({ userId: Uuid }, { additionalProperties: false });
export const OwnerQuery = Type.Object({ userId: Uuid }, { additionalProperties: false });
export const VisibilityBody = Type.Object({ userId: Uuid, visibility: Type.String({ maxLength: 50 }) }, { additionalProperties: false });

export const AccountList = Type.Object({ items: Type.Array(AccountDto) });
export const OrdersPage = Type.Object({ items: Type.Array(OrderDto), total: Type.Integer() });
export const StatementResult = Type.Object({ account: AccountDto, added: Type.Integer(), format: Type.String() });
export const Verification = Type.Object({
  verified: Type.Boolean(),
  verifiedAt: Type.Union([Type.String(), Type.Null()]),
  /** The pending code, for the owner only; null when none is pending. */
  code: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});

export { AccountDetailDto, AccountDto };
