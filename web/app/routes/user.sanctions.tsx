import { useState, type FormEvent } from 'react';
import { data, useLoaderData } from 'react-router';
import type { SanctionAppeal, UserAppealBody, UserRemoval, UserSanction } from '@brokerwise/api-contract';
import { AccountLayout } from '../components/account/AccountLayout';
import { useHydrated } from '../components/account/use-form';
import { RemovalAppealForm, RemovalSummary } from '../components/admin/RemovalParts';
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

/** Signed-in users only, frozen ones included (the one page they reach): this loader checks it itself. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  const { api } = pageApi(request, context);
  const [sanctions, removals] = await Promise.all([settle(api.get<UserSanction[]>('/api/user/sanctions')), settle(api.get<UserRemoval[]>('/api/user/removals'))]);
  return data({ frozen: me.frozen === true, sanctions, removals }, { status: pageStatus(sanctions), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'sanctions.page.title' }, noindex: true });

/**
 * /user/sanctions: the warnings, restrictions and freezes on my account (spec §6 terms), with the
 * reason and the rule, and an appeal per sanction in force, decided by a second moderator; then my
 * removed content, each removal appealable once. A frozen account reaches this page only.
 */
export default function MySanctions() {
  const t = useT();
  const { frozen, sanctions, removals } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('sanctions.page.title')}>
      <div className={classes.stack}>
        {frozen && (
          <p className={classes.error} role="status" data-testid="sanctions-frozen">
            {t('sanctions.frozen.notice')}
          </p>
        )}
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
        <h2>{t('removal.section.title')}</h2>
        <p className={classes.muted}>{t('removal.section.intro')}</p>
        {!removals.ok ? (
          <ErrorNotice error={removals.error} />
        ) : removals.data.length === 0 ? (
          <p className={classes.muted} data-testid="removals-empty">
            {t('removal.section.empty')}
          </p>
        ) : (
          <ol className={classes.list}>
            {removals.data.map((r) => (
              <li key={r.removalId} className={classes.card} data-testid="removal-item" data-removal-id={r.removalId}>
                <RemovalSummary excerpt={r.excerpt} reason={r.reason} rule={r.rule} removedAt={r.removedAt} status={r.status} link={r.status === 'approved' ? r.link : null} appeal={r.appeal} />
                {r.status === 'rejected' && !r.appeal && <RemovalAppealForm removalId={r.removalId} />}
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
