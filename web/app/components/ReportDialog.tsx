import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { REPORT_REASONS, REPORT_TEXT_MAX, REPORT_TEXT_MIN, type ReportBody, type ReportReason, type ReportTargetKind } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { fieldErrorsOf } from '../lib/api';
import { DIALOG_TITLE, REASON_LABEL } from '../lib/reports';
import { useT } from '../lib/use-t';
import { useApi, useApiErrorText } from './ApiProvider';
import { useToast } from './Toasts';
import classes from './ReportButton.module.css';

const charLength = (s: string) => [...s].length;

/** The form's own check, the same rules the server applies: "other" needs 10–500 characters. */
function textError(reason: ReportReason | '', text: string): string | null {
  const n = charLength(text.trim());
  if (reason === 'other' && n === 0) return 'report.dialog.textRequired';
  if (n > REPORT_TEXT_MAX || (reason === 'other' && n < REPORT_TEXT_MIN)) return 'report.dialog.textLength';
  return null;
}

/**
 * ReportButton's dialog, loaded on the first click (most visitors never report, so pages don't
 * ship the form): opens as a modal each time `opened` grows and keeps its answers while closed.
 */
export default function ReportDialog({ kind, targetId, opened }: { kind: ReportTargetKind; targetId: string; opened: number }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened > 0 && !dialog.current?.open) dialog.current?.showModal();
  }, [opened]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rule = textError(reason, text);
    if (!reason || rule) {
      setErrors({ ...(!reason ? { reason: t('report.dialog.reasonRequired') } : {}), ...(rule ? { text: t(rule) } : {}) });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const body: ReportBody = { targetKind: kind, targetId, reason, ...(text.trim() ? { text: text.trim() } : {}) };
      const r = await api.op(ops.report, body);
      toast('success', r.msg || t('report.dialog.sent'));
      setReason('');
      setText('');
      dialog.current?.close();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setErrors({ ...(fields.reason ? { reason: fields.reason } : {}), ...(fields.text ? { text: fields.text } : {}) });
      toast('error', errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className={classes.dialog} aria-labelledby={`${id}-title`} data-testid="report-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className={classes.title}>
          {t(DIALOG_TITLE[kind])}
        </h2>
        <fieldset className={classes.reasons} aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
          <legend>{t('report.dialog.reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r}>
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
                data-testid={`report-reason-${r}`}
              />
              {t(REASON_LABEL[r])}
            </label>
          ))}
          {errors.reason && (
            <span id={`${id}-reason-error`} className={classes.error} role="alert">
              {errors.reason}
            </span>
          )}
        </fieldset>
        <label htmlFor={`${id}-text`}>{t(reason === 'other' ? 'report.dialog.textOther' : 'report.dialog.text')}</label>
        <textarea
          id={`${id}-text`}
          className={classes.textarea}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (errors.text) setErrors((x) => ({ ...x, text: undefined }));
          }}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${id}-help`}
          data-testid="report-text"
        />
        <p id={`${id}-help`} className={classes.help}>
          {errors.text ? (
            <span className={classes.error} role="alert">
              {errors.text}
            </span>
          ) : (
            t('report.dialog.counter', { count: charLength(text.trim()), max: REPORT_TEXT_MAX })
          )}
        </p>
        <div className={classes.buttons}>
          <button type="button" className={classes.secondaryButton} onClick={() => dialog.current?.close()}>
            {t('report.dialog.cancel')}
          </button>
          <button type="submit" className={classes.primaryButton} disabled={busy} data-testid="report-submit">
            {t('report.dialog.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
