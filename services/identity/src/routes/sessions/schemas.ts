import { Type } from 'typebox';
import { SessionDto, UserDto } from '../dto.ts';

// Any string: a malformed id is simply an unknown session (404), like a forged cookie.
export const SessionParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const SessionResponse = Type.Object({
  session: Type.Object({ ...SessionDto.properties, revokedAt: Type.Union([Type.String(), Type.Null()]) }),
  user: UserDto,
  /** The account is frozen now: the gateway confines the session to its sanctions and appeals. */
  frozen: Type.Boolean(),
});

export const RevokeBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 100, default: 'logout' }) }, { additionalProperties: false });
