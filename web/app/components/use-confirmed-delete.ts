import { useState } from 'react';
import { usePageApi } from './use-page-api';

/**
 * The state of a "Delete → Yes, delete / Cancel" control: `idle` shows the button, `confirm` the
 * question, `sending` while the POST runs. On success the server's message (or `doneText`) is
 * toasted and the page's data reloaded; on failure the error is toasted and the button returns.
 * Each caller keeps its own markup.
 */
export function useConfirmedDelete(path: string, body: unknown, doneText: string) {
  const { api, toast, errorText, hydrated, revalidator } = usePageApi();
  const [phase, setPhase] = useState<'idle' | 'confirm' | 'sending'>('idle');

  async function remove() {
    setPhase('sending');
    try {
      const r = await api.post<unknown>(path, body);
      toast('success', r.msg || doneText);
      await revalidator.revalidate();
    } catch (error) {
      toast('error', errorText(error));
      setPhase('idle');
    }
  }

  return { phase, setPhase, remove, hydrated };
}
