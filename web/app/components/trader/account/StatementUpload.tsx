import type { TraderAccount } from '@brokerwise/api-contract';
import { useT } from '../../../lib/use-t';
import { useHydrated } from '../../account/use-form';
import { useStatementUpload } from './useStatementUpload';
import classes from '../Trader.module.css';

/** The owner's MT4/MT5 HTML statement upload (statement accounts). */
export function StatementUpload({ account }: { account: TraderAccount }) {
  const t = useT();
  const hydrated = useHydrated();
  const { error, percent, choose, submit } = useStatementUpload(account);

  return (
    <form onSubmit={submit} noValidate data-testid="trader-statement-form">
      <h3 className={classes.sectionTitle}>{t('trader.statement.title')}</h3>
      <p className={classes.small}>{t('trader.statement.hint')}</p>
      <label className={classes.field}>
        {t('trader.statement.file')}
        <input
          type="file"
          name="statement"
          accept=".htm,.html,text/html"
          onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'statement-error' : undefined}
          disabled={!hydrated || percent !== null}
        />
      </label>
      {error && (
        <p id="statement-error" className={classes.error} role="alert" data-testid="trader-statement-error">
          {error}
        </p>
      )}
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || percent !== null}>
          {percent === null ? t('trader.statement.upload') : t('trader.statement.uploading', { percent })}
        </button>
      </div>
    </form>
  );
}
