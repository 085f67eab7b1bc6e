import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ApiClient, ApiSuccess } from '../lib/api';
import { useApi, useApiErrorText } from './ApiProvider';
import { useToast } from './Toasts';

export interface ApiActionOptions<T> {
  /** Instead of toasting the server's message. */
  done?: (result: ApiSuccess<T>) => void;
  /** Handles a failure itself (field messages…) and returns true; otherwise the error is toasted. */
  failed?: (error: unknown) => boolean | void;
  /** Reload the page's data after success (default true); `'background'` does not wait for it. */
  revalidate?: boolean | 'background';
}

/**
 * A page's buttons that each make one API call, one at a time: `busy` names the call running
 * (`K`: which button, for its "…ing" label). Success toasts the server's message (or `done`) and
 * reloads the page's data; a failure is toasted in the visitor's language (or `failed`).
 * Resolves to whether the call succeeded.
 */
export function useApiAction<K extends string | true = true>() {
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<K | null>(null);

  async function run<T>(kind: K, call: (api: ApiClient) => Promise<ApiSuccess<T>>, opts: ApiActionOptions<T> = {}): Promise<boolean> {
    setBusy(kind);
    try {
      const result = await call(api);
      if (opts.done) opts.done(result);
      else toast('success', result.msg);
      if (opts.revalidate === 'background') void revalidator.revalidate();
      else if (opts.revalidate !== false) await revalidator.revalidate();
      return true;
    } catch (error) {
      if (!opts.failed?.(error)) toast('error', errorText(error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { busy, run, toast, errorText, revalidate: () => revalidator.revalidate() };
}
