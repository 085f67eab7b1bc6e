import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, type ApiClient, type ApiSuccess } from '../../lib/api';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useApiAction } from '../use-api-action';
import { REASON_MAX, TextAreaField, useReasonCheck } from './SanctionParts';
import classes from '../trader/Trader.module.css';

/** One of the two outcomes a second moderator can choose: its button text and test id. */
export interface DecisionButton<D extends string> {
  decision: D;
  label: string;
  testId: string;
}

/**
 * A second moderator decides an appeal with a reason the author reads: against a sanction (lift or
 * uphold) or a removal (restore or uphold). The first button is the primary one; a refused reason
 * shows under the field.
 */
export function AppealDecideForm<D extends string>({
  appealId,
  testId,
  buttons,
  send,
}: {
  appealId: string;
  testId: string;
  buttons: [DecisionButton<D>, DecisionButton<D>];
  send: (api: ApiClient, decision: D, reason: string) => Promise<ApiSuccess<unknown>>;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction<D>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const check = useReasonCheck();

  async function decide(decision: D) {
    const bad = check(reason);
    setError(bad);
    if (bad) return;
    await action.run(decision, (api) => send(api, decision, reason.trim()), {
      failed: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields.reason) setError(fields.reason);
        return Boolean(fields.reason);
      },
    });
  }

  return (
    <form className={classes.form} onSubmit={(e: FormEvent) => e.preventDefault()} noValidate>
      <TextAreaField value={reason} onChange={setReason} error={error} id={`${testId}-error-${appealId}`} testId={`${testId}-reason`} label={t('adminAppeals.decide.reason')} max={REASON_MAX} />
      <div className={classes.actions}>
        {buttons.map((b, i) => (
          <button
            key={b.decision}
            type="button"
            className={i === 0 ? classes.button : classes.buttonSecondary}
            disabled={!hydrated || action.busy !== null}
            onClick={() => void decide(b.decision)}
            data-testid={b.testId}
          >
            {t(b.label)}
          </button>
        ))}
      </div>
    </form>
  );
}
