import { Type } from 'typebox';
import { Uuid } from '../dto.ts';

/** Raw upload bodies: the bytes as sent, never parsed by Fastify (read as a stream, with a limit). */
export const UPLOAD_CONTENT_TYPES = ['application/octet-stream', 'video/mp4', 'video/quicktime', 'image/jpeg', 'image/png', 'image/webp'];

export const OwnerQuery = Type.Object({ ownerId: Uuid }, { additionalProperties: false });
export const VideoParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
