import { Type } from 'typebox';

export const PreferencesDto = Type.Object({ nonEssential: Type.Boolean() }, { additionalProperties: false });
