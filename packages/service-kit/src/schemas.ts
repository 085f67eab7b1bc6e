/** Request schemas every service's routes share (TypeBox, validated by Fastify's Ajv). */
import { Type } from 'typebox';

/** An id we generate (UUID, any version): anything else is a 400 before a query runs. */
export const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });

/** A picture's responsive sizes as made (ADR 033): the width its key names, and the pixels it has. Null until its job ran. */
export const ResponsiveSizes = Type.Union([Type.Array(Type.Object({ name: Type.Integer(), width: Type.Integer(), height: Type.Integer() })), Type.Null()]);
