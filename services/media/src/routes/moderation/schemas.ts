import { Type } from 'typebox';

export const TargetParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
/** The rule of the terms the moderator cited (a report reason's code), kept with the hidden content. */
export const HideQuery = Type.Object({ rule: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });
/** The post or comment as moderation left it: `removedAt` null once restored. */
export const ModeratedDto = Type.Object({ id: Type.String(), postId: Type.String(), removedAt: Type.Union([Type.String(), Type.Null()]) });
