import { useState, type FormEvent } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import type { AdminApplicationDecideBody, BrokerApplication } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useHydrated } from '../components/account/use-form';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { ApplicationCard } from '../components/trader/ApplicationCard';
import { useApiAction } from '../components/use-api-action';
import { failureStatus, fieldErrorsOf, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { loadSession } from '../lib/session.server';
import { APPLICATION_STATUS_IDS, pageParam } from '../lib/trader';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.trader-applications';
import classes from '../components/trader/Trader.module.css';
import { AdminNav } from '../components/admin/AdminNav';

type Status = BrokerApplication['status'];
const STATUSES: readonly Status[] = ['pending', 'approved', 'rejected'];
const REASON_MAX = 500;

const listHref = (status: Status, page = 1) => {
  const q = new URLSearchParams();
  if (status !== 'pending') q.set('status', status);
  if (page > 1) q.set('page', String(page));
  const qs = q.toString();
  return `/admin/trader-applications${qs ? `?${qs}` : ''}`;
};

/**
 * /admin/trader-applications?status=&page=: broker applications (spec §1 "apply to add a broker").
 * Admins only: anyone else gets the 404 page; the gateway checks the role again on every call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await loadSession(request, context);
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  if (session.state !== 'signed-in' || !session.profile.isAdmin) throw data(null, { status: 404 });
  const params = new URL(request.url).searchParams;
  const raw = params.get('status') as Status | null;
  const status: Status = raw && STATUSES.includes(raw) ? raw : 'pending';
  const page = pageParam(params.get('page'));
  const { api } = pageApi(request, context);
  const list = await settle(api.op(ops.adminApplications, { status, page }));
  return data({ status, page, list }, { status: pageStatus(list) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'trader.admin.title' }, noindex: true });

export default function AdminTraderApplications() {
  const t = useT();
  const { status, page, list } = useLoaderData<typeof loader>();
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const items = list.ok ? list.data.list.filter((a) => !decided.has(a.id)) : [];
  return (
    <div className={`bw-container ${classes.page}`}>
      <AdminNav />
      <header className={classes.head}>
        <div>
          <h1 className={classes.title}>{t('trader.admin.title')}</h1>
          <p className={classes.muted}>{t('trader.admin.intro')}</p>
        </div>
      </header>
      <nav className={classes.actions} aria-label={t('trader.admin.filter')} style={{ marginBottom: 16 }}>
        {STATUSES.map((s) => (
          <Link key={s} to={listHref(s)} className={s === status ? classes.button : classes.buttonSecondary} aria-current={s === status ? 'page' : undefined} data-testid={`admin-apps-${s}`}>
            {t(APPLICATION_STATUS_IDS[s])}
          </Link>
        ))}
      </nav>
      <noscript>
        <p className={classes.error}>{t('auth.shell.needsScript')}</p>
      </noscript>
      {!list.ok ? (
        <ErrorNotice error={list.error} />
      ) : items.length === 0 ? (
        <p className={classes.empty} data-testid="admin-apps-empty">
          {t('trader.admin.empty')}
        </p>
      ) : (
        <div className={classes.stack}>
          <ul className={classes.list}>
            {items.map((a) => (
              <li key={a.id}>
                <ApplicationCard application={a}>
                  <p className={classes.small}>{t('trader.admin.applicant', { id: a.applicant?.id ?? '—' })}</p>
                  {a.status === 'pending' && <Decide application={a} onDecided={() => setDecided((d) => new Set(d).add(a.id))} />}
                </ApplicationCard>
              </li>
            ))}
          </ul>
          <Pagination page={page} total={list.data.total} limit={list.data.limit || 20} hrefFor={(p) => listHref(status, p)} />
        </div>
      )}
    </div>
  );
}

function Decide({ application, onDecided }: { application: BrokerApplication; onDecided: () => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const [broker, setBroker] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rejecting, setRejecting] = useState(false);
  const action = useApiAction();
  const busy = action.busy !== null;
  const base = `app-${application.id}`;

  // Decided: the card leaves the list at once; the list reloads behind it.
  const decide = (body: AdminApplicationDecideBody) =>
    action.run(true, (api) => api.op(ops.adminApplicationDecide, body), {
      done: (result) => {
        action.toast('success', result.msg);
        onDecided();
      },
      failed: (error) => void setErrors(fieldErrorsOf(error)),
      revalidate: 'background',
    });

  function approve(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void decide({ id: application.id, decision: 'approve', ...(broker.trim() ? { broker: broker.trim() } : {}) });
  }

  function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setErrors({ reason: t('trader.admin.reasonRequired') });
    if ([...text].length > REASON_MAX) return setErrors({ reason: t('trader.admin.reasonLength', { max: REASON_MAX }) });
    setErrors({});
    void decide({ id: application.id, decision: 'reject', reason: text });
  }

  return (
    <div className={classes.stack}>
      <form onSubmit={approve} noValidate className={classes.actions}>
        <label className={classes.field}>
          {t('trader.admin.broker')}
          <input
            className={classes.input}
            value={broker}
            onChange={(e) => setBroker(e.currentTarget.value)}
            placeholder="harbour-fx"
            disabled={busy}
            aria-describedby={errors.broker ? `${base}-broker-error` : undefined}
            data-testid="admin-app-broker"
          />
        </label>
        <button type="submit" className={classes.button} disabled={!hydrated || busy} data-testid="admin-app-approve">
          {t('trader.admin.approve')}
        </button>
        {!rejecting && (
          <button type="button" className={classes.buttonDanger} disabled={!hydrated || busy} onClick={() => setRejecting(true)} data-testid="admin-app-reject">
            {t('trader.admin.reject')}
          </button>
        )}
      </form>
      {errors.broker && (
        <p id={`${base}-broker-error`} className={classes.error}>
          {errors.broker}
        </p>
      )}
      {rejecting && (
        <form onSubmit={reject} noValidate className={classes.form}>
          <label className={classes.field} htmlFor={`${base}-reason`}>
            {t('trader.admin.reason')}
          </label>
          <textarea
            id={`${base}-reason`}
            className={classes.input}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            disabled={busy}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${base}-reason-error` : undefined}
            data-testid="admin-app-reason"
          />
          {errors.reason && (
            <p id={`${base}-reason-error`} className={classes.error}>
              {errors.reason}
            </p>
          )}
          <div className={classes.actions}>
            <button type="submit" className={classes.buttonDanger} disabled={busy} data-testid="admin-app-reject-confirm">
              {t('trader.admin.rejectConfirm')}
            </button>
            <button type="button" className={classes.buttonSecondary} disabled={busy} onClick={() => setRejecting(false)}>
              {t('trader.owner.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
