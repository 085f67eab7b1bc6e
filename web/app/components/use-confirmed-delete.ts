import { useState } from 'react';
import type * as ops from '@brokerwise/api-contract/paths';
import { usePageApi } from './use-page-api';

/** The operations that delete one of the visitor's own things by its id. */
export type DeleteOperation = typeof ops.deleteComment | typeof ops.deleteReview | typeof ops.deletePost;

/**
 * The state of a "Delete → Yes, delete / Cancel" control: `idle` shows the button, `confirm` the
 * question, `sending` while the POST runs. On success the server's message (or `doneText`) is
 * toasted and the page's data reloaded; on failure the error is toasted and the button returns.
 * Each caller keeps its own markup.
 */
export function useConfirmedDelete(operation: DeleteOperation, id: string, doneText: string) {
  const { api, toast, errorText, hydrated, revalidator } = usePageApi();
  const [phase, setPhase] = useState<'idle' | 'confirm' | 'sending'>('idle');

  async function remove() {
    setPhase('sending');
    try {
      const r = await api.op(operation, { id });
      toast('success', r.msg || doneText);
      await revalidator.revalidate();
    } catch (error) {
      toast('error', errorText(error));
      setPhase('idle');
    }
  }

  return { phase, setPhase, remove, hydrated };
}
