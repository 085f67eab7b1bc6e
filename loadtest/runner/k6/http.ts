// Stand-in for `k6/http` in the Node runner. Calls are synchronous, as in k6: the VU thread hands
// the request to the main thread (which sends it with fetch and times it) and blocks until the
// answer is back (Atomics.wait + receiveMessageOnPort).
import { receiveMessageOnPort } from 'node:worker_threads';
import { Interrupted, groupTag, vu } from './state.ts';
import type { BodySpec, HttpReply, HttpRequestSpec } from '../protocol.ts';

interface K6File {
  __k6file: true;
  data: ArrayBuffer | string;
  filename: string;
  content_type: string;
}

interface Params {
  headers?: Record<string, string | number>;
  tags?: Record<string, string>;
  timeout?: string | number;
  responseType?: 'text' | 'binary' | 'none';
}

const isFile = (v: unknown): v is K6File => typeof v === 'object' && v !== null && (v as K6File).__k6file === true;

function toBytes(data: ArrayBuffer | ArrayBufferView | string): ArrayBuffer {
  if (typeof data === 'string') return new TextEncoder().encode(data).buffer as ArrayBuffer;
  if (data instanceof ArrayBuffer) return data;
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

function bodyOf(body: unknown): BodySpec {
  if (body === undefined || body === null) return { kind: 'none' };
  if (typeof body === 'string') return { kind: 'text', text: body };
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return { kind: 'bytes', data: toBytes(body) };
  if (typeof body === 'object') {
    const entries = Object.entries(body as Record<string, unknown>);
    // As k6: an object with a file is multipart/form-data, otherwise a urlencoded form.
    if (entries.some(([, v]) => isFile(v))) {
      return {
        kind: 'multipart',
        fields: entries.map(([name, v]) =>
          isFile(v) ? { name, file: { data: toBytes(v.data), filename: v.filename, contentType: v.content_type } } : { name, value: String(v) },
        ),
      };
    }
    return { kind: 'form', fields: entries.map(([name, v]) => ({ name, value: String(v) })) };
  }
  return { kind: 'text', text: String(body) };
}

/** "60s", "2m", "500ms" or milliseconds. */
function timeoutMs(t: string | number | undefined): number {
  if (t === undefined) return 60_000;
  if (typeof t === 'number') return t;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(t.trim());
  if (!m) return 60_000;
  return Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 60_000);
}

export class Response {
  status: number;
  body: string | ArrayBuffer | null;
  headers: Record<string, string>;
  url: string;
  error: string;
  error_code: number;
  timings: { duration: number };
  request: { method: string; url: string };

  constructor(reply: HttpReply, spec: HttpRequestSpec) {
    this.status = reply.status;
    this.body = reply.body;
    this.headers = reply.headers;
    this.url = reply.url || spec.url;
    this.error = reply.error;
    this.error_code = reply.error ? 1000 : 0;
    this.timings = { duration: reply.durationMs };
    this.request = { method: spec.method, url: spec.url };
  }

  json(selector?: string): unknown {
    if (typeof this.body !== 'string') throw new Error('the response body is not text');
    const value: unknown = JSON.parse(this.body);
    if (!selector) return value;
    return selector.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
  }
}

export function request(method: string, url: string, body?: unknown, params: Params = {}): Response {
  const bridge = vu.bridge;
  if (!bridge) throw new Error('k6/http is only usable inside a VU of the Node runner');
  const spec: HttpRequestSpec = {
    method: method.toUpperCase(),
    url: String(url),
    headers: Object.fromEntries(Object.entries(params.headers ?? {}).map(([k, v]) => [k, String(v)])),
    body: bodyOf(body),
    tags: { ...(params.tags ?? {}), scenario: vu.scenario, group: groupTag() },
    timeoutMs: timeoutMs(params.timeout),
    binary: params.responseType === 'binary',
  };
  Atomics.store(bridge.sync, 0, 0);
  bridge.port.postMessage(spec);
  Atomics.wait(bridge.sync, 0, 0);
  if (Atomics.load(bridge.sync, 0) === 2) throw new Interrupted();
  const reply = receiveMessageOnPort(bridge.port)?.message as HttpReply | undefined;
  if (!reply) throw new Error('k6/http: no answer from the runner');
  return new Response(reply, spec);
}

export const get = (url: string, params?: Params) => request('GET', url, null, params);
export const head = (url: string, params?: Params) => request('HEAD', url, null, params);
export const post = (url: string, body?: unknown, params?: Params) => request('POST', url, body, params);
export const put = (url: string, body?: unknown, params?: Params) => request('PUT', url, body, params);
export const patch = (url: string, body?: unknown, params?: Params) => request('PATCH', url, body, params);
export const del = (url: string, body?: unknown, params?: Params) => request('DELETE', url, body, params);

export function file(data: ArrayBuffer | string, filename = 'file', contentType = 'application/octet-stream'): K6File {
  return { __k6file: true, data, filename, content_type: contentType };
}

export default { request, get, head, post, put, patch, del, file };
