import { rm } from 'node:fs/promises';
import { signatureHeaders } from '@brokerwise/api-signature';
import { destroyBus, type EventBus } from '@brokerwise/bus';
import type { Cache } from '@brokerwise/cache';
import type { TestDatabase } from '@brokerwise/sql';
import type { Envelope } from '@brokerwise/api-contract';
import { expectContract } from './api-contract.ts';

/** One request to a test stack's gateway: `body` goes as JSON, `html` as text/html, `raw` as `contentType` (uploads). */
export interface CallOptions {
  token?: string;
  body?: unknown;
  html?: string;
  raw?: Buffer;
  contentType?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export type StackCall = <T>(method: 'GET' | 'POST', p: string, opts?: CallOptions) => Promise<{ status: number; headers: Headers; body: Envelope<T> }>;

/** Signed calls to the gateway at `base`; every reply is checked against the API contract. */
export function stackCall(base: string, salt: string): StackCall {
  return async <T>(method: 'GET' | 'POST', p: string, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...(await signatureHeaders(salt)), lang: o.lang ?? 'en', ...(o.headers ?? {}) };
    if (o.token) headers.token = o.token;
    let body: BodyInit | undefined;
    if (o.raw !== undefined) {
      headers['content-type'] = o.contentType ?? 'application/octet-stream';
      body = new Uint8Array(o.raw);
    } else if (o.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.body);
    } else if (o.html !== undefined) {
      headers['content-type'] = 'text/html';
      body = o.html;
    }
    const res = await fetch(`${base}${p}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const json: unknown = await res.json();
    expectContract(method, p, json);
    return { status: res.status, headers: res.headers, body: json as Envelope<T> };
  };
}

/** Stops a stack's services (last started first), then empties its cache and drops its bus, databases and files. */
export async function closeStack(s: { stops: (() => Promise<void>)[]; cache: Cache; bus: EventBus; dbs: TestDatabase[]; dir: string }): Promise<void> {
  for (const stop of s.stops.reverse()) await stop();
  await s.cache.delPrefix('');
  await s.cache.close();
  await destroyBus(s.bus);
  for (const d of s.dbs) await d.destroy();
  await rm(s.dir, { recursive: true, force: true });
}

/** A multipart body with one file part `file`, as a browser's FormData sends it (for `call`'s `raw`). */
export async function multipartFile(bytes: Buffer, name: string): Promise<{ raw: Buffer; contentType: string }> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { raw: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}
