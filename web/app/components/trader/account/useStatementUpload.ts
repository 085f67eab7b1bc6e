import { useState, type FormEvent } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import type { TraderAccount } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { fieldErrorsOf } from '../../../lib/api';
import { apiLang } from '../../../lib/locale';
import type { RootData } from '../../../lib/root-data';
import { uploadWithProgress } from '../../../lib/upload';
import { useT } from '../../../lib/use-t';
import { useApiErrorText } from '../../ApiProvider';
import { useSession } from '../../SessionProvider';
import { useToast } from '../../Toasts';

/** MT4/MT5 statements are at most 5 MB (gateway). */
const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The statement upload's state: the chosen file, its message, the progress (null when idle) and
 * the submit, which sends the HTML raw (text/html) to /api/trader/statement?id= and reloads the page.
 */
export function useStatementUpload(account: TraderAccount) {
  const t = useT();
  const toast = useToast();
  const errorText = useApiErrorText();
  const revalidator = useRevalidator();
  const { end } = useSession();
  const root = useRouteLoaderData<RootData>('root');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [percent, setPercent] = useState<number | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setError(t('trader.statement.required'));
    if (file.size > STATEMENT_MAX_BYTES) return setError(t('trader.statement.tooLarge'));
    setError('');
    setPercent(0);
    try {
      const result = await uploadWithProgress({
        operation: ops.importStatement,
        query: { id: account.id },
        body: file,
        contentType: 'text/html',
        salt: root?.salt ?? '',
        lang: apiLang(root?.locale ?? 'en'),
        onProgress: setPercent,
        onSessionEnded: end,
      });
      toast('success', t('trader.statement.imported', { added: result.data.added, format: result.data.format.toUpperCase() }));
      setFile(null);
      await revalidator.revalidate();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields.statement ?? errorText(failure));
    } finally {
      setPercent(null);
    }
  }

  const choose = (next: File | null) => {
    setFile(next);
    setError('');
  };
  return { error, percent, choose, submit };
}
