import { Type } from 'typebox';
import { Uuid } from '@brokerwise/service-kit';

export { Uuid };

export const Lang = Type.Union([Type.Literal('en'), Type.Literal('zh-cn')]);
export const Category = Type.Union([Type.Literal('notices'), Type.Literal('system')]);
export const UserParams = Type.Object({ userId: Uuid });
export const Localized = (max: number) => Type.Object({ en: Type.String({ maxLength: max }), zh: Type.String({ maxLength: max }) }, { additionalProperties: false });
