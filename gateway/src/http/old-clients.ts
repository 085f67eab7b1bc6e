import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';

/**
 * What clients written against the seed's API send and expect (ADR 020):
 * - bodies as `application/x-www-form-urlencoded` or multipart text fields, not only JSON. They
 *   reach the same body schema (ajv coerces "1" to 1), so they are validated exactly as JSON is.
 *   No new CSRF exposure: a cookie session still needs the `x-csrf-token` header a cross-site form
 *   cannot send (ADR 009).
 * - with `Prefer: envelope-status` (RFC 7240), HTTP 200 on every answer with the real status only
 *   in the envelope's `code`, for clients that read the envelope on 2xx only.
 */
export async function registerOldClientBodies(api: FastifyInstance): Promise<void> {
  await api.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  // Multipart with text fields only, on a route that takes a body schema (uploads have none and
  // read their file themselves): the fields become the body before validation.
  api.addHook('preValidation', async (request) => {
    if (!request.isMultipart() || request.routeOptions.schema?.body === undefined) return;
    const body: Record<string, string> = {};
    try {
      for await (const part of request.parts({ limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } })) {
        if (part.type === 'file') throw new AppError({ code: 'validation_failed', kind: 'validation', message: 'A file part on a route without files', fields: { [part.fieldname]: 'unknown_parameter' } });
        if (typeof part.value === 'string' && !(part.fieldname in body)) body[part.fieldname] = part.value;
      }
    } catch (err) {
      if (isAppError(err)) throw err;
      throw new AppError({ code: 'bad_request', kind: 'validation', message: 'The multipart body could not be read' }, { cause: err });
    }
    request.body = body;
  });
}

/** The client asked for HTTP 200 with the status in the envelope only (`Prefer: envelope-status`). */
export function wantsEnvelopeStatus(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return /(^|[,\s])envelope-status\s*(;|,|$)/i.test(values);
}

/** The HTTP status to answer with: `status`, or 200 for a client that prefers the envelope's code. */
export function answerStatus(request: FastifyRequest, reply: FastifyReply, status: number): number {
  if (!wantsEnvelopeStatus(request)) return status;
  void reply.header('preference-applied', 'envelope-status');
  return 200;
}
