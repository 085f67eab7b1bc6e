/**
 * Uploads with a progress percentage (fetch cannot report upload progress): the raw file as the
 * request body through XMLHttpRequest, signed and with the CSRF header like every other API call,
 * answered with the same envelope and failures as `api.ts`.
 */
import { signatureHeaders } from '@brokerwise/api-signature';
import type { OperationData, OperationId, OperationQuery, OperationRef } from '@brokerwise/api-contract';
import { ApiError, operationUrl, type ApiSuccess } from './api';
import type { ApiLang } from './locale';
import { CSRF_HEADER, readCsrfToken } from './session';

const SUCCESS_CODES: ReadonlySet<number> = new Set([1, 200]);
const SESSION_ENDING_CODES: ReadonlySet<number> = new Set([402, 302, 409]);
/** A 10 MB file on a slow line: far longer than the 10-second limit of ordinary calls. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UploadOptions<K extends OperationId> {
  /** The contract's operation (`ops.uploadVideo`, `ops.importStatement`) and the query it takes. */
  operation: OperationRef<K, 'POST'>;
  query?: OperationQuery<K>;
  body: Blob;
  contentType: string;
  salt: string;
  lang: ApiLang;
  /** 0…100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  onSessionEnded?: () => void;
  signal?: AbortSignal;
}

/** 512 of 1024 bytes → 50; never more than 100, 0 when the total is unknown. */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

export async function uploadWithProgress<K extends OperationId>(options: UploadOptions<K>): Promise<ApiSuccess<OperationData<K>>> {
  type T = OperationData<K>;
  const headers: Record<string, string> = {
    accept: 'application/json',
    lang: options.lang,
    'content-type': options.contentType,
    ...(await signatureHeaders(options.salt)),
  };
  const csrf = readCsrfToken(document.cookie);
  if (csrf) headers[CSRF_HEADER] = csrf;

  return new Promise<ApiSuccess<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', operationUrl(options.operation, options.query));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const fail = (kind: 'network' | 'timeout', status: number | null) => reject(new ApiError({ kind, code: null, status, msg: '' }));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(percentOf(event.loaded, event.total));
    };
    // As the API client (spec §8): no response is "Network error", a failed or timed-out request "Request timeout".
    xhr.onerror = () => fail('network', null);
    xhr.ontimeout = () => fail('timeout', null);
    xhr.onabort = () => fail('timeout', null);
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        fail('timeout', xhr.status);
        return;
      }
      const envelope = payload as { code?: unknown; msg?: unknown; data?: unknown } | null;
      if (!envelope || typeof envelope.code !== 'number') {
        fail('timeout', xhr.status);
        return;
      }
      const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
      if (SUCCESS_CODES.has(envelope.code)) {
        resolve({ code: envelope.code, msg, data: envelope.data as T });
        return;
      }
      if (SESSION_ENDING_CODES.has(envelope.code)) options.onSessionEnded?.();
      reject(new ApiError({ kind: 'business', code: envelope.code, status: xhr.status, msg }, envelope.data));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}
