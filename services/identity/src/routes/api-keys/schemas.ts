import { Type } from 'typebox';

export const KeyOwnerParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const KeyParams = Type.Object({ id: Type.String({ maxLength: 100 }), keyId: Type.String({ maxLength: 100 }) });
export const CreateKeyBody = Type.Object({ name: Type.String({ maxLength: 1000 }) }, { additionalProperties: false });
export const VerifyKeyBody = Type.Object({ key: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

const Timestamp = Type.Union([Type.String(), Type.Null()]);
export const ApiKeyDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Timestamp,
  revokedAt: Timestamp,
});
export const ApiKeyList = Type.Object({ items: Type.Array(ApiKeyDto) });
export const CreatedKeyDto = Type.Object({ key: Type.String(), record: ApiKeyDto });
export const RevokedKeyDto = Type.Object({ record: ApiKeyDto, secretHash: Type.String() });
export const VerifiedKeyDto = Type.Object({ valid: Type.Boolean(), id: Type.Optional(Type.String()), userId: Type.Optional(Type.String()) });
