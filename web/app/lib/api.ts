/**
 * Client of the public /api (spec §7, §8), shared by loaders on the server and by the browser.
 * Every call is signed (`timestamp`, `sign`), carries `lang` and the request id, and gives up
 * after 10 seconds.
 */
import { signatureHeaders } from '@brokerwise/api-signature';
import {
  INTERNAL_SECRET_HEADER,
  VISITOR_ADDRESS_HEADER,
  type Envelope,
  type ErrorData,
  type OperationBody,
  type OperationData,
  type OperationId,
  type OperationMethod,
  type OperationQuery,
  type OperationRef,
  type PagePart,
} from '@brokerwise/api-contract';
import type { ApiLang } from './locale';
import { CSRF_HEADER } from './session';

/** Success is code 1; 200 is also accepted (spec §8). */
const SUCCESS_CODES: ReadonlySet<number> = new Set([1, 200]);
/** Codes that end the session: the stored user info is cleared. */
const SESSION_ENDING_CODES: ReadonlySet<number> = new Set([402, 302, 409]);
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * - `business`: the server answered with an envelope whose code is not a success; `msg` is its text.
 * - `network`: an HTTP answer came back but without an envelope (empty body, proxy error page…): "Network error".
 * - `timeout`: no answer at all: timeout, refused or reset connection: "Request timeout".
 */
export type ApiFailureKind = 'business' | 'network' | 'timeout';

/** Plain-data form of a failure, safe to return from a loader. */
export interface ApiFailure {
  kind: ApiFailureKind;
  /** Envelope code of a business failure. */
  code: number | null;
  /** HTTP status when a response arrived. */
  status: number | null;
  /** The server's message of a business failure, in the caller's language. */
  msg: string;
  /** Per-field messages of a refused request (`data.fields`), when the server named fields. */
  fields?: Record<string, string> | undefined;
}

export class ApiError extends Error {
  readonly failure: ApiFailure;
  readonly data: unknown;

  constructor(failure: ApiFailure, data: unknown = null, options?: ErrorOptions) {
    super(failure.msg || failure.kind, options);
    this.name = 'ApiError';
    this.failure = failure;
    this.data = data;
  }
}

export interface ApiSuccess<T> {
  code: number;
  msg: string;
  data: T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiClientConfig {
  /** '' in the browser (same-origin /api), the gateway URL on the server. */
  baseUrl: string;
  salt: string;
  lang: ApiLang;
  requestId?: string | undefined;
  /**
   * Server side: the visitor this call is made for, with the secret the gateway shares with the web
   * tier, so its per-address limits count per visitor and not per web server.
   */
  visitor?: { address: string; secret: string } | undefined;
  /** User token for API clients that don't use the cookie session (the web app never sets it). */
  token?: string | null | undefined;
  /** Loaders: the visitor's `cookie` header, forwarded so the gateway knows the session. */
  cookie?: string | null | undefined;
  /** The CSRF token sent as `x-csrf-token` on every POST (browser: the `bw_csrf` cookie, read per call). */
  csrfToken?: (() => string | null | undefined) | undefined;
  /** Browser: send the session cookies with same-origin calls. */
  credentials?: RequestCredentials | undefined;
  timeoutMs?: number | undefined;
  /** Aborts the call with its caller, e.g. a loader's request.signal when the visitor navigates away. */
  signal?: AbortSignal | undefined;
  /** Called when a response code ends the session. */
  onSessionEnded?: (() => void) | undefined;
  fetch?: typeof fetch | undefined;
  /**
   * Server side: ask for uncompressed answers. The gateway is next door; compressing each answer
   * there and inflating it here cost both processes CPU on every page view for no gain.
   */
  uncompressed?: boolean | undefined;
}

/** The raw calls under the typed client, by path. Only the client and ApiProvider (which counts calls) use them. */
export interface ApiTransport {
  get<T>(path: string, query?: Record<string, QueryValue>): Promise<ApiSuccess<T>>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<ApiSuccess<T>>;
  /** multipart/form-data POST (file uploads). */
  upload<T>(path: string, form: FormData): Promise<ApiSuccess<T>>;
}

export interface CallOptions {
  /** POST: a call known to take longer than usual (e.g. a bind, checked with the broker). */
  timeoutMs?: number | undefined;
  /** GET: a poll that must not be answered from a cache (adds `_=<now>`, which every query allows). */
  fresh?: boolean | undefined;
}

/** A query's optional fields also take null: the URL leaves out null, undefined and ''. */
type Omittable<Q> = { [P in keyof Q]: undefined extends Q[P] ? Q[P] | null : Q[P] };

/** What an operation is called with: its query for a GET, its JSON body for a POST (both from the contract). */
export type OperationInput<K extends OperationId, M extends OperationMethod> = M extends 'GET' ? Omittable<OperationQuery<K>> : OperationBody<K>;
/** An operation's input, optional when it needs none. */
export type OperationArgs<K extends OperationId, M extends OperationMethod> =
  Record<string, never> extends OperationInput<K, M> ? [input?: OperationInput<K, M>, options?: CallOptions] : [input: OperationInput<K, M>, options?: CallOptions];

/**
 * The /api as the contract (@brokerwise/api-contract) describes it: an operation is named by its
 * entry in `@brokerwise/api-contract/paths` (`import * as ops from '@brokerwise/api-contract/paths'`;
 * a bundle carries only the entries it uses, never the schemas), called with the query or body its
 * schemas allow, and answers the data its schema names: a gateway/web mismatch fails to compile.
 */
export interface ApiClient {
  /** e.g. `api.op(ops.brokersList, { page: 2 })`, `api.op(ops.checkIn, body)`. */
  op<K extends OperationId, M extends OperationMethod>(operation: OperationRef<K, M>, ...args: OperationArgs<K, M>): Promise<ApiSuccess<OperationData<K>>>;
  /** A multipart/form-data upload (`ops.uploadImage`, `ops.uploadAvatar`…), with the query the operation takes. */
  upload<K extends OperationId>(operation: OperationRef<K, 'POST'>, form: FormData, query?: OperationQuery<K>): Promise<ApiSuccess<OperationData<K>>>;
}

/** The path of an operation with its query string, for what is not a JSON call (a download link, an upload with progress). */
export function operationUrl<K extends OperationId>(operation: OperationRef<K>, query?: OperationQuery<K>, baseUrl = ''): string {
  return buildUrl(baseUrl, operation.path, query as Record<string, QueryValue> | undefined);
}

/** The typed client over a transport. */
export function typedClient(transport: ApiTransport): ApiClient {
  return {
    op<K extends OperationId, M extends OperationMethod>({ method, path }: OperationRef<K, M>, ...[input, options]: OperationArgs<K, M>) {
      if (method === 'GET') {
        const query = input as Record<string, QueryValue> | undefined;
        return transport.get<OperationData<K>>(path, options?.fresh ? { ...query, _: Date.now() } : query);
      }
      return transport.post<OperationData<K>>(path, input, options);
    },
    upload: (operation, form, query) => transport.upload(operationUrl(operation, query), form),
  };
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  return typedClient(createApiTransport(config));
}

export function createApiTransport(config: ApiClientConfig): ApiTransport {
  const fetchImpl = config.fetch ?? globalThis.fetch;
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, callTimeoutMs = timeoutMs): Promise<ApiSuccess<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      lang: config.lang,
      ...(await signatureHeaders(config.salt)),
    };
    if (config.requestId) headers['x-request-id'] = config.requestId;
    if (config.uncompressed) headers['accept-encoding'] = 'identity';
    if (config.visitor) {
      headers[VISITOR_ADDRESS_HEADER] = config.visitor.address;
      headers[INTERNAL_SECRET_HEADER] = config.visitor.secret;
    }
    if (config.token) headers['token'] = config.token;
    if (config.cookie) headers['cookie'] = config.cookie;
    if (method === 'POST') {
      const csrf = config.csrfToken?.();
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    // A form's content type (with its boundary) is set by fetch itself.
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

    const timeout = AbortSignal.timeout(callTimeoutMs);
    const signal = config.signal ? AbortSignal.any([config.signal, timeout]) : timeout;
    const failure = (kind: ApiFailureKind, status: number | null, cause?: unknown) =>
      new ApiError({ kind, code: null, status, msg: '' }, null, cause === undefined ? undefined : { cause });

    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body: body === undefined ? null : isForm ? (body as FormData) : JSON.stringify(body),
        signal,
        ...(config.credentials ? { credentials: config.credentials } : {}),
      });
    } catch (cause) {
      // Spec §8: no response at all is "Network error"; our own time limit (or the visitor leaving) is a timeout.
      throw failure(signal.aborted ? 'timeout' : 'network', null, cause);
    }

    let payload: unknown;
    try {
      const text = await response.text();
      payload = text ? JSON.parse(text) : null;
    } catch (cause) {
      // The body stopped arriving or is not JSON (a proxy's error page): the request failed in transport,
      // which spec §8 words "Request timeout" like a timeout.
      throw failure('timeout', response.status, cause);
    }
    if (!isEnvelope(payload)) throw failure('timeout', response.status);

    if (SUCCESS_CODES.has(payload.code)) {
      return { code: payload.code, msg: typeof payload.msg === 'string' ? payload.msg : '', data: payload.data as T };
    }
    if (SESSION_ENDING_CODES.has(payload.code)) config.onSessionEnded?.();
    const failureFields = fieldsOf(payload.data);
    throw new ApiError(
      {
        kind: 'business',
        code: payload.code,
        status: response.status,
        msg: typeof payload.msg === 'string' ? payload.msg : '',
        ...(Object.keys(failureFields).length ? { fields: failureFields } : {}),
      },
      payload.data,
    );
  }

  return {
    get: (path, query) => call('GET', buildUrl(config.baseUrl, path, query)),
    post: (path, body, options) => call('POST', buildUrl(config.baseUrl, path), body ?? {}, options?.timeoutMs),
    upload: (path, form) => call('POST', buildUrl(config.baseUrl, path), form),
  };
}

/** Whether a failure ended the session (codes 402, 302, 409). */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.failure.code !== null && SESSION_ENDING_CODES.has(error.failure.code);
}

/** The API path doesn't exist (yet): HTTP 404 with `route_not_found`. */
export function isRouteNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.failure.status === 404 || (error.data as Partial<ErrorData> | null)?.error === 'route_not_found';
}

/** The machine code of a failed call (`data.error`, e.g. `identity.bad_credentials`). */
export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.data as Partial<ErrorData> | null)?.error;
  return typeof code === 'string' ? code : undefined;
}

/** Per-field messages of a failed call (`data.fields`), already in the caller's language. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? fieldsOf(error.data) : {};
}

function fieldsOf(data: unknown): Record<string, string> {
  const fields = (data as Partial<ErrorData> | null)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) if (typeof message === 'string' && message) out[field] = message;
  return out;
}

/** Turns any thrown value into loader-safe failure data; non-API errors are bugs and rethrown. */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  throw error;
}

export type Settled<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

/**
 * Whether a failure means the API could not serve (no answer, no envelope, or a 5xx) rather than
 * refused this request (an envelope with a 4xx: a bad page number, an id that doesn't decrypt…).
 */
export function isOutage(failure: ApiFailure): boolean {
  return failure.kind !== 'business' || failure.status === null || failure.status >= 500;
}

/** The first failed call's failure, if any (a page's status and notice follow it). */
function firstFailure(results: ReadonlyArray<Settled<unknown> | null | undefined>): ApiFailure | undefined {
  return results.find((r): r is { ok: false; error: ApiFailure } => !!r && !r.ok)?.error;
}

/**
 * A page's HTTP status from the calls it made: 503 only for an outage (crawlers and monitors read
 * it as "down, retry later"); a refused request keeps its 4xx, since refreshing cannot help.
 */
export function pageStatus(...results: ReadonlyArray<Settled<unknown> | null | undefined>): number {
  if (results.some((r) => r && !r.ok && isOutage(r.error))) return 503;
  return failureStatus(firstFailure(results));
}

/** The HTTP status of one failure (200 without one): 503 for an outage, else the upstream 4xx. */
export function failureStatus(failure: ApiFailure | undefined): number {
  if (!failure) return 200;
  if (isOutage(failure)) return 503;
  return failure.status !== null && failure.status >= 400 && failure.status < 500 ? failure.status : 400;
}

/** A refused call whose only problem is the named query field (`data.fields`), e.g. an unknown `country`. */
export function refusedField(result: Settled<unknown>, field: string): boolean {
  if (result.ok || isOutage(result.error)) return false;
  return result.error.fields?.[field] !== undefined;
}

/** Lets a page render what it has when one of its calls fails (the shell must never be a blank 500). */
export async function settle<T>(call: Promise<ApiSuccess<T>>): Promise<Settled<T>> {
  try {
    return { ok: true, data: (await call).data };
  } catch (error) {
    return { ok: false, error: toFailure(error) };
  }
}

/**
 * One part of a page's answer (`/api/pages/*`, ADR 036) as if it had been its own call: a part
 * that failed is that call's business failure (with the HTTP status it would have had).
 */
export function fromPart<T>(part: PagePart<T>): Settled<T> {
  if ('status' in part) {
    const fields = fieldsOf(part.data);
    return { ok: false, error: { kind: 'business', code: part.code, status: part.status, msg: part.msg, ...(Object.keys(fields).length ? { fields } : {}) } };
  }
  return { ok: true, data: part.data };
}

/** A part of a page's answer (`pick`), or the page call's own failure when there is no answer. */
export function partOf<P, T>(page: Settled<P>, pick: (data: P) => PagePart<T>): Settled<T> {
  return page.ok ? fromPart(pick(page.data)) : page;
}
