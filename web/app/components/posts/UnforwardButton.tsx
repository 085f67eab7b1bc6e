import { useState, type ReactNode } from 'react';
import * as ops from '@brokerwise/api-contract/paths';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useApi, useApiErrorText } from '../ApiProvider';
import { useToast } from '../Toasts';

/**
 * Undo forward: takes back the viewer's forward of a post through POST /api/vlog/forward/delete
 * and reports the post's new forward count. No confirmation: forwarding again is one click away.
 * Given the page's form token (`csrf`), it also works without script: it posts `intent=unforward`
 * to the page's own action.
 */
export function UnforwardButton({
  postId,
  csrf,
  onDone,
  className,
  title,
  testId,
  children,
}: {
  postId: string;
  csrf?: string;
  onDone: (forwards: number) => void | Promise<void>;
  className?: string;
  title?: string;
  testId: string;
  children: ReactNode;
}) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function undo() {
    setBusy(true);
    try {
      const r = await api.op(ops.unforwardPost, { id: postId });
      toast('success', r.msg || t('post.unforward.done'));
      await onDone(r.data.forwards);
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  }

  if (csrf === undefined) {
    return (
      <button type="button" className={className} title={title} onClick={undo} disabled={!hydrated || busy} data-testid={testId}>
        {children}
      </button>
    );
  }
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void undo();
      }}
    >
      <input type="hidden" name="intent" value="unforward" />
      <input type="hidden" name="csrf" value={csrf} />
      <button type="submit" className={className} title={title} disabled={busy} data-testid={testId}>
        {children}
      </button>
    </form>
  );
}
