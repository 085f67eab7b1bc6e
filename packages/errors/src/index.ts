/**
 * Domain errors carry a stable string `code`; one handler per process maps it to an HTTP status
 * and the envelope. Match on `code` (or `isAppError`), never on `instanceof` across packages.
 */
export type ErrorKind =
  | 'validation' // 400: the input is wrong; `fields` says where
  | 'unauthenticated' // 401: sign-in needed or token invalid
  | 'session_revoked' // 401: the session was ended elsewhere
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'gone' // 410: it existed and was removed for good (search engines drop the address)
  | 'conflict' // 409
  | 'misdirected' // 421: a request for a host this site does not serve
  | 'too_large' // 413: a body or file over its limit; `params` names the limit
  | 'unsupported_media_type' // 415
  | 'too_many_requests' // 429
  | 'unavailable' // 503: a dependency is down
  | 'internal'; // 500

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  session_revoked: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  misdirected: 421,
  too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
};

export interface AppErrorShape {
  /** Stable machine code, e.g. `catalogue.invalid_query`, `signature_expired`. */
  code: string;
  kind: ErrorKind;
  /** English developer message; user-facing text comes from the gateway's catalogue by code. */
  message: string;
  /** Field name → stable field error code, e.g. `{ limit: 'too_large' }`. */
  fields?: Record<string, string>;
  /** Values for message placeholders, e.g. `{ max: 100 }`. */
  params?: Record<string, string | number>;
  /** Seconds, for too_many_requests. */
  retryAfter?: number;
}

export class AppError extends Error implements AppErrorShape {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly fields?: Record<string, string>;
  readonly params?: Record<string, string | number>;
  readonly retryAfter?: number;
  readonly isAppError = true;

  constructor(shape: AppErrorShape, options?: { cause?: unknown }) {
    super(shape.message, options);
    this.name = 'AppError';
    this.code = shape.code;
    this.kind = shape.kind;
    if (shape.fields) this.fields = shape.fields;
    if (shape.params) this.params = shape.params;
    if (shape.retryAfter !== undefined) this.retryAfter = shape.retryAfter;
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }

  toJSON(): AppErrorShape {
    return {
      code: this.code,
      kind: this.kind,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.params ? { params: this.params } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
    };
  }
}

export function isAppError(err: unknown): err is AppError {
  return typeof err === 'object' && err !== null && (err as { isAppError?: unknown }).isAppError === true;
}

export const validationError = (code: string, fields: Record<string, string>, message = 'Invalid input') =>
  new AppError({ code, kind: 'validation', message, fields });

export const notFound = (code: string, message = 'Not found') => new AppError({ code, kind: 'not_found', message });

/** Wire form of an error between services (internal HTTP); the gateway rebuilds an AppError from it. */
export interface ServiceErrorBody {
  error: AppErrorShape & { requestId?: string };
}

export function fromServiceErrorBody(body: unknown, status: number): AppError {
  const e = (body as Partial<ServiceErrorBody> | null)?.error;
  if (e && typeof e.code === 'string' && typeof e.kind === 'string' && e.kind in STATUS_BY_KIND) {
    return new AppError(e);
  }
  return new AppError({ code: 'upstream_error', kind: status === 503 ? 'unavailable' : 'internal', message: `Upstream answered ${status}` });
}
