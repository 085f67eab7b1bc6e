import { useState, type FormEvent } from 'react';
import * as ops from '@brokerwise/api-contract/paths';
import { fieldErrorsOf } from '../../lib/api';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useApiAction } from '../use-api-action';
import classes from './Reviews.module.css';

const REPLY_MIN = 2;
const REPLY_MAX = 1000;

/** A company representative's reply to a review (CompanyReplies loads it when the representative opens it). */
export default function ReplyForm({ reviewId, initial, onDone }: { reviewId: string; initial: string; onDone: () => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction();
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const id = `reply-${reviewId}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const n = [...text.trim()].length;
    if (n < REPLY_MIN || n > REPLY_MAX) return setError(t('companyReply.form.length'));
    setError('');
    const ok = await action.run(true, (api) => api.op(ops.writeReply, { reviewId, content: text.trim() }), {
      failed: (e) => {
        const fields = fieldErrorsOf(e);
        if (fields.content) setError(fields.content);
        return Boolean(fields.content);
      },
    });
    if (ok) onDone();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={classes.stack}>
      <label htmlFor={id}>{t('companyReply.form.label')}</label>
      <textarea
        id={id}
        rows={4}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="reply-text"
      />
      {error && (
        <p id={`${id}-error`} className={classes.note} role="alert" data-testid="reply-error">
          {error}
        </p>
      )}
      <div className={classes.actions}>
        <button type="submit" className={classes.primaryButton} disabled={!hydrated || action.busy !== null} data-testid="reply-send">
          {t('companyReply.form.submit')}
        </button>
        <button type="button" className={classes.secondaryButton} onClick={onDone} disabled={action.busy !== null}>
          {t('review.delete.cancel')}
        </button>
      </div>
    </form>
  );
}
