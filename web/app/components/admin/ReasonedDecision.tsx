import { useState, type FormEvent } from 'react';
import type { ApiClient, ApiSuccess } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/api';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useApiAction } from '../use-api-action';
import classes from '../trader/Trader.module.css';

const REASON_MAX = 500;

/**
 * A staff decision with an optional "yes" (approve, publish) and a "no" that needs a reason kept
 * in the log (refuse, revoke): `call(decision, reason)` makes the API call; the page reloads after.
 */
export function ReasonedDecision({
  id,
  yes,
  no,
  call,
}: {
  id: string;
  /** Message id of the "yes" button, or null when there is only the reasoned action. */
  yes: string | null;
  no: string;
  call: (api: ApiClient, decision: 'yes' | 'no', reason: string) => Promise<ApiSuccess<unknown>>;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const busy = action.busy !== null;

  async function refuse(event: FormEvent) {
    event.preventDefault();
    const r = reason.trim();
    if (!r) return setError(t('staffDecision.reason.required'));
    if ([...r].length > REASON_MAX) return setError(t('admin.reason.length', { max: REASON_MAX }));
    setError('');
    await action.run(true, (api) => call(api, 'no', r), {
      failed: (e) => {
        const fields = fieldErrorsOf(e);
        if (fields.reason) setError(fields.reason);
        return Boolean(fields.reason);
      },
    });
  }

  return (
    <div className={classes.stack}>
      <div className={classes.actions}>
        {yes && (
          <button type="button" className={classes.button} disabled={!hydrated || busy} onClick={() => void action.run(true, (api) => call(api, 'yes', ''))} data-testid="decision-yes">
            {t(yes)}
          </button>
        )}
        {!open && (
          <button type="button" className={classes.buttonSecondary} disabled={!hydrated || busy} onClick={() => setOpen(true)} data-testid="decision-no">
            {t(no)}
          </button>
        )}
      </div>
      {open && (
        <form className={classes.form} onSubmit={(e) => void refuse(e)} noValidate>
          <label className={classes.field} htmlFor={`reason-${id}`}>
            {t('staffDecision.reason.label')}
          </label>
          <textarea
            id={`reason-${id}`}
            className={classes.input}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `reason-${id}-error` : undefined}
            data-testid="decision-reason"
          />
          {error && (
            <p id={`reason-${id}-error`} className={classes.error} role="alert">
              {error}
            </p>
          )}
          <div className={classes.actions}>
            <button type="submit" className={classes.button} disabled={busy} data-testid="decision-no-confirm">
              {t(no)}
            </button>
            <button type="button" className={classes.buttonSecondary} disabled={busy} onClick={() => setOpen(false)}>
              {t('review.delete.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
