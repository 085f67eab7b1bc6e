// HTTP helpers the service test harnesses share: one way to call a service and read its answer.
import { expect } from 'vitest';

/** An answer as a test sees it (body parsed as JSON, undefined when empty); one shape for every harness. */
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Reads a fetch answer into a Reply, for harness helpers that call fetch themselves. */
export async function readReply<T = any>(res: Response): Promise<Reply<T>> {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as T) : (undefined as T), headers: res.headers };
}

/** The error body without its request id (new on every call), so two answers compare equal. */
export const errorOf = (r: Reply) => {
  const { requestId: _requestId, ...rest } = (r.body as { error: Record<string, unknown> }).error;
  return rest;
};

/** A harness's `call`: method, path under the service's base URL, optional body and headers. */
export type JsonCall = <T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<Reply<T>>;

/**
 * The `call` every harness had its own copy of. The body goes as: nothing when undefined; bytes
 * as they are (no content type unless given); a string as text/html (statements); anything else
 * as JSON. Headers the caller gives win. `base` may be a function when the service can restart on
 * another port.
 */
export function jsonCaller(base: string | (() => string)): JsonCall {
  const baseUrl = typeof base === 'string' ? () => base : base;
  return async <T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> => {
    const [data, contentType] = encodeBody(body);
    const res = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
      body: data,
    });
    return readReply<T>(res);
  };
}

function encodeBody(body: unknown): [BodyInit | undefined, string | undefined] {
  if (body === undefined) return [undefined, undefined];
  if (body instanceof Uint8Array) return [new Uint8Array(body), undefined];
  if (typeof body === 'string') return [body, 'text/html'];
  return [JSON.stringify(body), 'application/json'];
}

/**
 * Polls a list something else fills (the events a bus probe collects) until an item matches, and
 * fails the test after `attempts` polls; the relay and the bus are asynchronous.
 */
export async function waitForMatch<T>(items: readonly T[], match: (item: T) => boolean, opts: { attempts: number; intervalMs: number; message: string }): Promise<T> {
  for (let i = 0; i < opts.attempts; i++) {
    const found = items.find(match);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
  return expect.fail(opts.message);
}
