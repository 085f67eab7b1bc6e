import { Type } from 'typebox';
import { Uuid } from '../dto.ts';

export const FollowParams = Type.Object({ userId: Uuid, companyId: Uuid });
export const FollowBody = Type.Object({ following: Type.Boolean() }, { additionalProperties: false });
export const FollowDto = Type.Object({ following: Type.Boolean(), followers: Type.Integer() });
