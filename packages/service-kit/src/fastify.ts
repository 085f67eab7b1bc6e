import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerFactory } from 'fastify';
import { AppError, isAppError, type ServiceErrorBody } from '@brokerwise/errors';
import { loggerOptions } from '@brokerwise/logger';
import { registerHttpMetrics } from '@brokerwise/metrics';
import { registerInputRules } from './input.ts';
import { withRequestId } from './request-context.ts';
import { registerPressure, type PressureOptions } from './pressure.ts';
import { registerServiceTokenCheck } from './service-token.ts';

export interface BuildFastifyOptions {
  service: string;
  logLevel: string;
  /** Keep a well-formed incoming `x-request-id` (a client's, or the gateway's for a service) instead of minting one. */
  trustRequestId: boolean;
  bodyLimit?: number;
  pretty?: boolean;
  /** `production` keeps JSON logs and logs every request; elsewhere readable lines and no request lines. */
  appMode?: 'embedded' | 'production';
  /** Log each request and response (default: only in production; LOG_REQUESTS). */
  logRequests?: boolean;
  /**
   * Trust X-Forwarded-* from the proxies in front. A list of addresses/ranges (proxy-addr names
   * such as `uniquelocal` work) trusts only those hops, so `request.ip` is the first address from
   * the right that is not one of them: the leftmost entry, which a client can write, is not taken.
   */
  trustProxy?: boolean | string;
  /** Longest time to receive a whole request (Node's requestTimeout; 0 = none). */
  requestTimeoutMs?: number;
  /** A connection silent this long is closed (slow-loris); keep above any stream's heartbeat. */
  idleTimeoutMs?: number;
  /**
   * How an error or an unknown route is answered; default the services' wire form
   * (`ServiceErrorBody`). The gateway answers the public envelope instead, everywhere.
   */
  errorReply?: (request: FastifyRequest, reply: FastifyReply, err: unknown) => unknown;
  /** Load shedding thresholds (default: on, with PressureOptions' defaults); false: off. */
  pressure?: PressureOptions | false;
  /** Only calls with the gateway's signed token for `audience` (ADR 017); absent: not checked (embedded tests). */
  serviceToken?: { audience: string; publicKeyPem: string } | undefined;
  /** Fastify's own `serverFactory` (startService's `plainHttp`). */
  serverFactory?: FastifyServerFactory | undefined;
}

/**
 * The Fastify instance every service starts from: pino with redaction, request ids that
 * follow a call across services, and one error handler mapping AppError codes to statuses.
 * 5xx bodies say nothing internal; the log has the error and the request id.
 */
export function buildFastify(opts: BuildFastifyOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions({ level: opts.logLevel, service: opts.service, ...(opts.pretty !== undefined ? { pretty: opts.pretty } : {}), ...(opts.appMode ? { appMode: opts.appMode } : {}) }),
    logController: new LogController({ disableRequestLogging: !(opts.logRequests ?? opts.appMode === 'production') }),
    bodyLimit: opts.bodyLimit ?? 1_048_576,
    trustProxy: opts.trustProxy ?? false,
    // A caller's request id is kept (echoed, logged on every line, stored with the events the
    // request causes) when it looks like one; anything else gets a fresh id.
    requestIdHeader: false,
    genReqId: (req) => (opts.trustRequestId ? wellFormedRequestId(req.headers['x-request-id']) : undefined) ?? randomUUID(),
    return503OnClosing: true,
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
    ...(opts.requestTimeoutMs !== undefined ? { requestTimeout: opts.requestTimeoutMs } : {}),
    ...(opts.idleTimeoutMs !== undefined ? { connectionTimeout: opts.idleTimeoutMs } : {}),
    forceCloseConnections: 'idle',
    // Errors Fastify raises before routing (a URL that is not valid percent-encoding) take the same path.
    ...(opts.errorReply ? { frameworkErrors: (err: Error, request: FastifyRequest, reply: FastifyReply) => void opts.errorReply?.(request, reply, err) } : {}),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true, verbose: true, strictNumbers: true } },
  });

  // First hook of every request: a busy process refuses work before spending anything on it.
  // Every answer is counted, shed ones (503) included: RED per route template (METRICS_PORT).
  registerHttpMetrics(app, opts.service);
  if (opts.pressure !== false) registerPressure(app, opts.pressure ?? {});
  if (opts.serviceToken) registerServiceTokenCheck(app, opts.serviceToken);
  // The rest of the request runs "inside" its id: events it writes carry it (outbox correlation id).
  app.addHook('onRequest', (request, _reply, done) => withRequestId(request.id, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerInputRules(app);

  if (opts.errorReply) {
    const errorReply = opts.errorReply;
    app.setErrorHandler((err, request, reply) => errorReply(request, reply, err));
    app.setNotFoundHandler((request, reply) => errorReply(request, reply, new AppError({ code: 'route_not_found', kind: 'not_found', message: `No route ${request.method}` })));
    return app;
  }
  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err);
    if (appError.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: appError.code }, 'request refused');
    const body: ServiceErrorBody = { error: { ...appError.toJSON(), requestId: request.id } };
    if (appError.status >= 500) body.error.message = 'Internal error';
    if (appError.retryAfter !== undefined) reply.header('retry-after', String(appError.retryAfter));
    void reply.status(appError.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ServiceErrorBody = {
      error: { code: 'route_not_found', kind: 'not_found', message: `No route ${request.method} ${request.url}`, requestId: request.id },
    };
    void reply.status(404).send(body);
  });

  return app;
}

/** Fastify's own errors (schema validation, body too large, bad JSON) become AppErrors with field codes. */
function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const e = err as { validation?: { instancePath?: string; params?: Record<string, unknown>; keyword?: string }[]; validationContext?: string; statusCode?: number; code?: string; message?: string };
  if (Array.isArray(e.validation)) {
    const fields: Record<string, string> = {};
    for (const v of e.validation) {
      const missing = v.params?.missingProperty as string | undefined;
      const field = missing ?? (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      if (field && !fields[field]) fields[field] = v.keyword ?? 'invalid';
    }
    return new AppError({ code: 'validation_failed', kind: 'validation', message: e.message ?? 'Invalid input', fields });
  }
  const status = e.statusCode ?? 500;
  if (status === 413) return new AppError({ code: 'payload_too_large', kind: 'too_large', message: 'Payload too large' });
  if (status === 415) return new AppError({ code: 'unsupported_media_type', kind: 'unsupported_media_type', message: 'Unsupported media type' });
  if (status === 429) return new AppError({ code: 'too_many_requests', kind: 'too_many_requests', message: 'Too many requests' });
  if (status >= 400 && status < 500) return new AppError({ code: 'bad_request', kind: 'validation', message: e.message ?? 'Bad request' });
  return new AppError({ code: 'internal', kind: 'internal', message: 'Internal error' }, { cause: err });
}

/** Request ids we take from a caller: short, and only characters that are safe in logs and headers. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export function wellFormedRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : undefined;
}
