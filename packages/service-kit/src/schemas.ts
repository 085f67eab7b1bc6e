/** Request schemas every service's routes share (TypeBox, validated by Fastify's Ajv). */
import { Type } from 'typebox';

/** An id we generate (UUID, any version): anything else is a 400 before a query runs. */
export const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });
