import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, type ErrorKind } from '@brokerwise/errors';
import { SUCCESS_CODE, type Envelope, type ErrorData, type Lang } from '@brokerwise/api-contract';
import { FIELD_MESSAGES, FIELD_SPECIFIC, format, message } from '../i18n/messages.ts';
import { resolveLang } from './lang.ts';
import { answerStatus } from './old-clients.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** Envelope `code` by error kind: 402/409 end the client's session (spec §8); others are 0. */
const ENVELOPE_CODE: Record<ErrorKind, number> = {
  validation: 0,
  not_found: 0,
  gone: 0,
  conflict: 0,
  misdirected: 0,
  too_large: 0,
  unsupported_media_type: 0,
  forbidden: 0,
  unauthenticated: 402,
  session_revoked: 409,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
};

export const now = (): number => Math.floor(Date.now() / 1000);

export function okEnvelope<T>(lang: Lang, data: T): Envelope<T> {
  return { code: SUCCESS_CODE, msg: message('ok', lang), time: now(), data };
}

export function errorEnvelope(err: AppError, lang: Lang, requestId: string): Envelope<ErrorData> {
  const fields = err.fields
    ? Object.fromEntries(Object.entries(err.fields).map(([field, code]) => [field, fieldMessage(field, code, lang, err.params)]))
    : undefined;
  const first = fields ? Object.values(fields)[0] : undefined;
  // For a single bad field the field's own message is the clearest top-level message.
  const msg = (err.code === 'validation_failed' || err.code === 'identity.validation' || err.code === 'notifications.validation' || err.code === 'media.video_invalid' || err.code === 'media.image_invalid' || err.code === 'trader.validation' || err.code === 'trader.statement_invalid') && first ? first : message(err.code, lang, { ...(err.params ?? {}), ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}) });
  return { code: ENVELOPE_CODE[err.kind], msg, time: now(), data: { error: err.code, requestId, ...(fields ? { fields } : {}) } };
}

function fieldMessage(field: string, code: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const specific = FIELD_SPECIFIC[`${field}:${code}`];
  if (specific) return format(specific[lang], { field, ...params });
  const [kind, ...rest] = code.split(':');
  const template = FIELD_MESSAGES[kind ?? 'invalid'] ?? FIELD_MESSAGES.invalid!;
  const extra = Object.fromEntries(rest.map((kv) => kv.split('=') as [string, string]));
  return format(template[lang], { field, ...params, ...extra });
}

/** Converts ajv validation output into field codes with the values the message needs. */
export function fromValidation(err: FastifyError): AppError {
  const fields: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    const p = v.params as Record<string, unknown>;
    let field = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    let code: string;
    switch (v.keyword) {
      case 'required':
        field = String(p.missingProperty);
        code = 'required';
        break;
      case 'additionalProperties':
        field = String(p.additionalProperty);
        code = 'unknown_parameter';
        break;
      case 'type':
        code = p.type === 'integer' ? 'integer' : p.type === 'number' ? 'number' : 'string';
        break;
      case 'minimum':
      case 'maximum': {
        const schema = (v as { parentSchema?: unknown }).parentSchema as { minimum?: number; maximum?: number } | undefined;
        code = `range:min=${schema?.minimum ?? ''}:max=${schema?.maximum ?? ''}`;
        break;
      }
      case 'maxLength':
        code = `too_long:max=${String(p.limit)}`;
        break;
      case 'enum':
        code = `one_of:values=${(p.allowedValues as unknown[]).join(', ')}`;
        break;
      default:
        code = 'invalid';
    }
    if (field && !fields[field]) fields[field] = code;
  }
  return new AppError({ code: 'validation_failed', kind: 'validation', message: err.message, fields });
}

const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

/**
 * Any error to an AppError: Fastify's and the parsers' own (FST_ERR_CTP_* for bodies, validation,
 * multipart) keep their 4xx status with a stable code; anything else is a 500 that says nothing.
 * `bodyLimit` is the route's, named in the 413 message.
 */
export function toAppError(err: unknown, bodyLimit?: number): AppError {
  if (isAppError(err)) return err;
  const e = err as FastifyError;
  if (Array.isArray(e.validation)) return fromValidation(e);
  const status = e.statusCode ?? 500;
  if (status === 413) {
    const params = bodyLimit !== undefined ? { max: bodyLimit, maxMb: megabytes(bodyLimit) } : undefined;
    return new AppError({ code: bodyLimit !== undefined ? 'payload_too_large_limit' : 'payload_too_large', kind: 'too_large', message: 'Payload too large', ...(params ? { params } : {}) });
  }
  if (status === 415) return new AppError({ code: 'unsupported_media_type', kind: 'unsupported_media_type', message: 'Unsupported media type' });
  if (status === 408) return new AppError({ code: 'request_timeout', kind: 'validation', message: 'Request timed out' });
  if (status >= 400 && status < 500) return new AppError({ code: 'bad_request', kind: 'validation', message: e.message });
  return new AppError({ code: 'internal', kind: 'internal', message: 'Internal error' }, { cause: err });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  const appError = toAppError(err, request.routeOptions?.bodyLimit);
  if (appError.status >= 500) request.log.error({ err }, 'request failed');
  if (appError.retryAfter !== undefined) void reply.header('retry-after', String(appError.retryAfter));
  // Sent serialised: a route's response schema describes its success answer, never this one
  // (which is a 200 too for a client that prefers the status in the envelope).
  return reply
    .status(answerStatus(request, reply, appError.status))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorEnvelope(appError, callerLang(request), request.id)));
}

/**
 * The caller's language from its headers, as the /api guard reads it: refusals made before that
 * guard ran (load shedding, Fastify's own errors) speak it too.
 */
function callerLang(request: FastifyRequest): Lang {
  const header = request.headers.lang;
  return resolveLang(Array.isArray(header) ? header[0] : header, request.headers['accept-language']).lang;
}
