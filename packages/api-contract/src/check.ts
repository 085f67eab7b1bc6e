/**
 * Checks an /api answer against the contract: a success against its operation's `data` schema,
 * anything else against the error envelope. For tests (gateway integration, browser journeys);
 * a subpath of its own so nothing that only needs types loads the validator.
 */
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { SUCCESS_CODE } from './constants.ts';
import { findOperation } from './operations.ts';
import { Envelope, ErrorData } from './schemas.ts';

const envelopes = new Map<TSchema, TSchema>();
const errorEnvelope: TSchema = Envelope(ErrorData);

/** Why the answer of `method` `path` (query string allowed) breaks the contract, or undefined when it keeps it. Paths outside /api are not checked. */
export function contractViolation(method: string, path: string, body: unknown): string | undefined {
  const bare = path.split('?')[0] ?? '';
  if (!bare.startsWith('/api/')) return undefined;
  const found = findOperation(method, bare);
  const ok = typeof body === 'object' && body !== null && (body as { code?: unknown }).code === SUCCESS_CODE;
  if (ok && !found) return `${method} ${bare} answered successfully but has no entry in the operations table of @brokerwise/api-contract`;
  let schema = errorEnvelope;
  if (ok && found) {
    const data = found[1].data;
    schema = envelopes.get(data) ?? Envelope(data);
    envelopes.set(data, schema);
  }
  if (Value.Check(schema, body)) return undefined;
  const errors = [...Value.Errors(schema, body)].slice(0, 20).map((e) => `  ${e.instancePath || '/'}: ${e.message}`);
  return `${method} ${bare} (${ok ? found![0] : 'error envelope'}) does not match the contract:\n${errors.join('\n')}`;
}
