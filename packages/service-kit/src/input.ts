import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@brokerwise/errors';

/**
 * The input rules every route of every process shares, whatever its schema says: text is
 * well-formed UTF-16 (no lone surrogates, which break encodeURIComponent and the databases) and
 * carries no control characters but tab, line feed and carriage return (a NUL breaks Postgres
 * text); every number is finite (`Infinity`, `1e309` once reached BigInt() and SQL). A broken
 * rule is a field error (`control_characters`, `malformed_text`, `number`), never a 500.
 */

// C0 controls except \t \n \r, DEL and the C1 block.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export type TextProblem = 'control_characters' | 'malformed_text';

/** Why a string breaks the shared text rules, or undefined when it is fine. */
export function textProblem(s: string): TextProblem | undefined {
  if (!s.isWellFormed()) return 'malformed_text';
  if (CONTROL.test(s)) return 'control_characters';
  return undefined;
}

const MAX_DEPTH = 32;

/** A field path that is itself safe to print in a message. */
const printable = (path: string) => (textProblem(path) ? path.toWellFormed().replace(new RegExp(CONTROL.source, 'g'), '?') : path);

/** Walks parsed input (query, params, JSON body) and names each field that breaks a rule. */
export function inputProblems(value: unknown, path: string, out: Record<string, string>, checkNumbers: boolean, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem && !out[printable(path)]) out[printable(path) || 'body'] = problem;
    return;
  }
  if (typeof value === 'number') {
    if (checkNumbers && !Number.isFinite(value) && !out[path]) out[path || 'body'] = 'number';
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => inputProblems(v, path ? `${path}.${i}` : String(i), out, checkNumbers, depth + 1));
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    const field = path ? `${path}.${k}` : k;
    const keyProblem = textProblem(k);
    if (keyProblem) out[printable(field)] = keyProblem;
    else inputProblems(v, field, out, checkNumbers, depth + 1);
  }
}

function check(parts: unknown[], checkNumbers: boolean): void {
  const fields: Record<string, string> = {};
  for (const part of parts) inputProblems(part, '', fields, checkNumbers);
  if (Object.keys(fields).length > 0) throw new AppError({ code: 'validation_failed', kind: 'validation', message: 'Input breaks the text or number rules', fields });
}

/**
 * Registers the shared rules on an instance: text before schema validation (so a route without a
 * schema is covered too), numbers after it (the schema's coercion turns `"Infinity"` into a number).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers odd input itself (the gateway's web pages): the input rules skip it. */
    rawInput?: boolean;
  }
}

export function registerInputRules(app: FastifyInstance): void {
  // A whole body parsed as text (a broker's HTML statement) is a document, not a field: not checked.
  const parts = (request: FastifyRequest) => [request.params, request.query, typeof request.body === 'string' ? undefined : request.body];
  // A route with `config: { rawInput: true }` (the gateway's web pages) answers odd input itself.
  const raw = (request: FastifyRequest) => request.routeOptions.config?.rawInput === true;
  app.addHook('preValidation', async (request) => void (raw(request) || check(parts(request), false)));
  app.addHook('preHandler', async (request) => void (raw(request) || check(parts(request), true)));
}
