import { AppError, fromServiceErrorBody } from '@brokerwise/errors';

/**
 * Calls one internal service over HTTP: passes the request id, bounds the wait, and turns the
 * service's error body back into an AppError so its code reaches the caller unchanged.
 */
export class ServiceClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly name: string;

  constructor(name: string, baseUrl: string, timeoutMs: number) {
    this.name = name;
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.timeoutMs = timeoutMs;
  }

  async get<T>(path: string, query: Record<string, string | number | boolean | undefined>, requestId: string): Promise<T> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.set(k, String(v));
    const url = `${this.baseUrl}${path}${qs.size > 0 ? `?${qs}` : ''}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { 'x-request-id': requestId, accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new AppError({ code: 'unavailable', kind: 'unavailable', message: `${this.name} unreachable` }, { cause: err });
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw fromServiceErrorBody(body, res.status);
    return body as T;
  }
}
