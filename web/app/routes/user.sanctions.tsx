import { useState, type FormEvent } from 'react';
import { data, useLoaderData } from 'react-router';
import type { SanctionAppeal, UserAppealBody, UserSanction } from '@brokerwise/api-contract';
import { AccountLayout } from '../components/account/AccountLayout';
import { useHydrated } from '../components/account/use-form';
import { APPEAL_TEXT, SanctionSummary, TextAreaField } from '../components/admin/SanctionParts';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { useApiAction } from '../components/use-api-action';
import { fieldErrorsOf, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.sanctions';
import classes from '../components/trader/Trader.module.css';

/** Signed-in users only: this loader checks it itself, never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { api } = pageApi(request, context);
  const sanctions = await settle(api.get<UserSanction[]>('/api/user/sanctions'));
  return data({ sanctions }, { status: pageStatus(sanctions), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'sanctions.page.title' }, noindex: true });

/**
 * /user/sanctions: the warnings, restrictions and freezes on my account (spec §6 terms), with the
 * reason and the rule, and an appeal per sanction in force, decided by a second moderator.
 */
export default function MySanctions() {
  const t = useT();
  const { sanctions } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('sanctions.page.title')}>
      <div className={classes.stack}>
        <p className={classes.muted}>{t('sanctions.page.intro')}</p>
        {!sanctions.ok ? (
          <ErrorNotice error={sanctions.error} />
        ) : sanctions.data.length === 0 ? (
          <p className={classes.muted} data-testid="sanctions-empty">
            {t('sanctions.page.empty')}
          </p>
        ) : (
          <ol className={classes.list}>
            {sanctions.data.map((s) => (
              <li key={s.id} className={classes.card} data-testid="sanction-item" data-sanction-id={s.id}>
                <SanctionSummary sanction={s} />
                {s.active && !s.appeal && <AppealForm sanctionId={s.id} />}
              </li>
            ))}
          </ol>
        )}
      </div>
    </AccountLayout>
  );
}

function AppealForm({ sanctionId }: { sanctionId: string }) {
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
    const body: UserAppealBody = { sanctionId, text: text.trim() };
    await action.run(true, (api) => api.post<SanctionAppeal>('/api/user/appeal', body), {
      failed: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields.text) setError(fields.text);
        return Boolean(fields.text);
      },
    });
  }

  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} noValidate data-testid="appeal-form">
      <TextAreaField value={text} onChange={setText} error={error} id={`appeal-error-${sanctionId}`} testId="appeal-text" label={t('appeal.form.label')} max={APPEAL_TEXT.max} rows={4} />
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || action.busy !== null} data-testid="appeal-submit">
          {t('appeal.form.submit')}
        </button>
      </div>
    </form>
  );
}

export const ErrorBoundary = RouteErrorContent;
