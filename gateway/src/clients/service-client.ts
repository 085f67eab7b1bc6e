import { AppError, fromServiceErrorBody } from '@brokerwise/errors';
import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import { actingCaller } from '../http/acting.ts';

type Query = Record<string, string | number | boolean | undefined>;

/**
 * Calls one internal service over HTTP: passes the request id, bounds the wait, and turns the
 * service's error body back into an AppError so its code reaches the caller unchanged.
 */
export class ServiceClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly name: string;
  private readonly tokens: ServiceTokenSigner | undefined;

  /** `tokens`: signs each call for `name` as the acting user (ADR 017); absent in embedded tests. */
  constructor(name: string, baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.name = name;
    this.tokens = tokens;
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.timeoutMs = timeoutMs;
  }

  get<T>(path: string, query: Query, requestId: string): Promise<T> {
    return this.request<T>('GET', path, { query, requestId });
  }

  send<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body: unknown, requestId: string): Promise<T> {
    return this.request<T>(method, path, { body: JSON.stringify(body ?? {}), contentType: 'application/json', requestId });
  }

  /** Raw bytes (uploads) to a service route that accepts application/octet-stream. */
  sendBytes<T>(path: string, bytes: Buffer, requestId: string): Promise<T> {
    return this.request<T>('POST', path, { body: bytes, contentType: 'application/octet-stream', requestId });
  }

  private async request<T>(method: string, path: string, opts: { query?: Query; body?: string | Buffer; contentType?: string; requestId: string }): Promise<T> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
    const url = `${this.baseUrl}${path}${qs.size > 0 ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { 'x-request-id': opts.requestId, accept: 'application/json', ...(await this.authorization()) };
    if (opts.contentType) headers['content-type'] = opts.contentType;
    let res: Response;
    try {
      res = await fetch(url, { method, headers, ...(opts.body !== undefined ? { body: typeof opts.body === 'string' ? opts.body : new Uint8Array(opts.body) } : {}), signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new AppError({ code: 'unavailable', kind: 'unavailable', message: `${this.name} unreachable` }, { cause: err });
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw fromServiceErrorBody(body, res.status);
    return body as T;
  }

  /** The service token for this call, as a header (none when tokens are off). */
  async authorization(): Promise<Record<string, string>> {
    return this.tokens ? { authorization: `Bearer ${await this.tokens.sign(this.name, actingCaller())}` } : {};
  }
}
