import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, type ApiClient, type ApiSuccess } from '../../lib/api';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useApiAction } from '../use-api-action';
import { APPEAL_TEXT, TextAreaField } from './SanctionParts';
import classes from '../trader/Trader.module.css';

/**
 * The author's appeal, 10–1000 characters, once: against a sanction (`testId` "appeal") or a
 * removal ("removal-appeal"). `send` makes the call; a refused text shows under the field.
 */
export function AppealTextForm({ id, testId, send }: { id: string; testId: 'appeal' | 'removal-appeal'; send: (api: ApiClient, text: string) => Promise<ApiSuccess<unknown>> }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction();
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const n = [...text.trim()].length;
    if (n < APPEAL_TEXT.min || n > APPEAL_TEXT.max) return setError(t('appeal.form.length'));
    setError('');
    await action.run(true, (api) => send(api, text.trim()), {
      failed: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields.text) setError(fields.text);
        return Boolean(fields.text);
      },
    });
  }

  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} noValidate data-testid={`${testId}-form`}>
      <TextAreaField value={text} onChange={setText} error={error} id={`${testId}-error-${id}`} testId={`${testId}-text`} label={t('appeal.form.label')} max={APPEAL_TEXT.max} rows={4} />
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || action.busy !== null} data-testid={`${testId}-submit`}>
          {t('appeal.form.submit')}
        </button>
      </div>
    </form>
  );
}
