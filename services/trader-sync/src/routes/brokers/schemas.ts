import { Type } from 'typebox';
import { AccountDto, ApplicationDto, PageQuery, Uuid } from '../dto.ts';

export const ServersQuery = Type.Object({ query: Type.String({ maxLength: 100, default: '' }), limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }) }, { additionalProperties: false });
export const ServerDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  broker: Type.Object({ companyId: Type.Union([Type.String(), Type.Null()]), slug: Type.Union([Type.String(), Type.Null()]), name: Type.String() }),
});
export const ServerList = Type.Object({ items: Type.Array(ServerDto) });
export const BrokerList = Type.Object({ items: Type.Array(Type.Object({ companyId: Type.String(), slug: Type.String(), name: Type.String(), servers: Type.Integer() })) });

export const RankingQuery = Type.Object(
  {
    ...PageQuery,
    sort: Type.Union(['score', 'gain', 'drawdown', 'trades', 'track'].map((s) => Type.Literal(s)), { default: 'score' }),
    broker: Type.Optional(Type.String({ maxLength: 100 })),
    minDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
    type: Type.Optional(Type.Union([Type.Literal('manual'), Type.Literal('mixed')])),
  },
  { additionalProperties: false },
);
export const RankingPage = Type.Object({ items: Type.Array(Type.Object({ rank: Type.Integer(), account: AccountDto })), total: Type.Integer() });

export const VerifiedBody = Type.Object({ pairs: Type.Array(Type.Object({ userId: Uuid, companyId: Uuid }), { maxItems: 200 }) }, { additionalProperties: false });
export const VerifiedDto = Type.Object({ verified: Type.Array(Type.Object({ userId: Type.String(), companyId: Type.String() })) });

const Str = (max: number) => Type.Optional(Type.String({ maxLength: max }));
export const ApplyBody = Type.Object({ userId: Uuid, brokerName: Str(500), website: Str(1000), server: Str(200), sampleAccount: Str(100), password: Str(500) }, { additionalProperties: false });
export const ApplicationsQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')])), userId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export const ApplicationPage = Type.Object({ items: Type.Array(ApplicationDto), total: Type.Integer() });
export const DecideBody = Type.Object(
  { adminId: Uuid, decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]), reason: Str(5000), broker: Str(100) },
  { additionalProperties: false },
);
export const ApplicationParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export { ApplicationDto };
