import { useState, type FormEvent } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import { useIntl } from 'react-intl';
import type { ComplaintCase, ComplaintRules } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useHydrated } from '../components/account/use-form';
import { ComplaintClock } from '../components/complaints/ComplaintClock';
import { CATEGORY_LABEL, STATUS_BADGE, STATUS_LABEL } from '../components/complaints/labels';
import { ErrorNotice } from '../components/ErrorNotice';
import { ReviewDate } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { useApiAction } from '../components/use-api-action';
import { ApiError, failureStatus, fieldErrorsOf, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { useT } from '../lib/use-t';
import type { Route } from './+types/complaints.case';
import classes from '../components/complaints/Complaints.module.css';
import list from '../components/reviews/Reviews.module.css';

/** /complaints/:id: one case, its clock, files (for those who may see them) and public thread (ADR 031). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = params.id ?? '';
  if (!id || id.length > 100) throw data(null, { status: 404 });
  const { api } = pageApi(request, context);
  // The clocks' lengths the texts state (kept by the gateway); without them those texts are left out.
  const [found, rules] = await Promise.all([settle(api.op(ops.complaint, { id })), settle(api.op(ops.complaintRules, {}))]);
  if (!found.ok && found.error.status === 404) throw data(null, { status: 404 });
  return data({ found, rules: rules.ok ? rules.data : null }, { status: failureStatus(found.ok ? undefined : found.error) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const c = loaderData?.found.ok ? loaderData.found.data.complaint : null;
  return pageMeta({
    matches,
    location,
    title: c ? { id: 'complaints.case.metaTitle', values: { name: c.company.name } } : { id: 'complaints.list.title' },
    description: c ? c.content.slice(0, 150) : { id: 'complaints.list.description' },
    noindex: !c || c.publishedAt === null,
  });
};

export default function ComplaintPage() {
  const { found, rules } = useLoaderData<typeof loader>();
  if (!found.ok) {
    return (
      <div className="bw-container">
        <ErrorNotice error={found.error} />
      </div>
    );
  }
  return <CaseView view={found.data} rules={rules} />;
}

function CaseView({ view, rules }: { view: ComplaintCase; rules: ComplaintRules | null }) {
  const t = useT();
  const intl = useIntl();
  const c = view.complaint;
  const due = c.dueAt ? intl.formatDate(new Date(c.dueAt), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }) : '';
  return (
    <div className="bw-container" data-testid="complaint-case" data-status={c.status}>
      <p>
        <Link to={`/complaints?${new URLSearchParams({ company: c.company.id })}`} className={list.link}>
          {t('complaints.case.back', { name: c.company.name })}
        </Link>
      </p>
      <h1>{t('complaints.case.title', { name: c.company.name })}</h1>
      <p className={classes.meta}>
        <span className={list.badge} data-status={STATUS_BADGE[c.status]} data-testid="complaint-case-status">
          {t(STATUS_LABEL[c.status])}
        </span>
        <span>{t(CATEGORY_LABEL[c.category])}</span>
        <span data-testid="complaint-case-amount">{t('complaints.item.amount', { amount: c.amount, currency: c.currency })}</span>
        <span>{t('complaints.case.by', { name: c.author.username })}</span>
        <ReviewDate date={c.publishedAt ?? c.createdAt} />
      </p>
      <ComplaintClock view={view} due={due} rules={rules} />
      {c.rejectReason && <p className={list.note}>{t('complaints.case.rejected', { reason: c.rejectReason })}</p>}
      <p className={list.content} data-testid="complaint-case-content">
        {c.content}
      </p>
      <Evidence view={view} />
      <h2>{t('complaints.thread.title')}</h2>
      {view.messages.length === 0 ? (
        <p className={list.muted}>{t('complaints.thread.empty')}</p>
      ) : (
        <ol className={classes.thread} data-testid="complaint-thread">
          {view.messages.map((m) => (
            <li key={m.id} className={classes.message} data-side={m.side} data-testid="complaint-message">
              <p className={classes.meta}>
                <strong>{m.side === 'company' ? t('complaints.thread.fromCompany', { name: c.company.name }) : t('complaints.thread.fromAuthor', { name: m.author.username })}</strong>
                <ReviewDate date={m.date} />
              </p>
              <p className={list.content}>{m.removed ? <em>{t('complaints.thread.removed')}</em> : m.content}</p>
              {view.can.moderate && !m.removed && <RemoveMessage id={m.id} />}
            </li>
          ))}
        </ol>
      )}
      {view.can.write && <MessageForm id={c.id} />}
      <AuthorActions view={view} />
      {view.can.moderate && c.status === 'pending' && <Moderate id={c.id} />}
    </div>
  );
}

function Evidence({ view }: { view: ComplaintCase }) {
  const t = useT();
  if (view.complaint.evidenceCount === 0) return null;
  if (view.evidence.length === 0) return <p className={list.muted}>{t('complaints.evidence.private', { count: view.complaint.evidenceCount })}</p>;
  return (
    <section>
      <h2>{t('complaints.evidence.title')}</h2>
      <p className={list.muted}>{t('complaints.evidence.privateNote')}</p>
      <ul data-testid="complaint-evidence-list">
        {view.evidence.map((e) => (
          <li key={e.id}>
            <a href={e.url} className={list.link} data-testid="complaint-evidence-link" rel="nofollow">
              {e.name}
            </a>{' '}
            <span className={list.muted}>({Math.max(1, Math.round(e.size / 1024))} KB, SHA-256 {e.sha256.slice(0, 12)}…)</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MessageForm({ id }: { id: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await action.run(true, (api) => api.op(ops.complaintMessage, { id, content: text }), {
      failed: (e) => {
        const fields = fieldErrorsOf(e);
        if (fields.content) setError(fields.content);
        return Boolean(fields.content);
      },
    });
    if (ok) {
      setText('');
      setError('');
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={classes.form}>
      <label htmlFor="complaint-message">{t('complaints.thread.write')}</label>
      <textarea id="complaint-message" rows={4} value={text} onChange={(e) => setText(e.currentTarget.value)} aria-invalid={error ? true : undefined} data-testid="complaint-message-text" />
      {error && (
        <p className={classes.error} role="alert" data-testid="complaint-message-error">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className={list.primaryButton} disabled={!hydrated || action.busy !== null} data-testid="complaint-message-send">
          {t('complaints.thread.send')}
        </button>
      </div>
    </form>
  );
}

function AuthorActions({ view }: { view: ComplaintCase }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction<'confirm' | 'reject' | 'withdraw'>();
  const id = view.complaint.id;
  const close = (kind: 'confirm' | 'reject' | 'withdraw') => void action.run(kind, (api) => api.op(ops.complaintClose, { id, action: kind }));
  if (!view.can.close && !view.can.withdraw) return null;
  return (
    <div className={list.actions}>
      {view.can.close && (
        <>
          <button type="button" className={list.primaryButton} disabled={!hydrated || action.busy !== null} onClick={() => close('confirm')} data-testid="complaint-confirm">
            {t('complaints.actions.confirm')}
          </button>
          <button type="button" className={list.secondaryButton} disabled={!hydrated || action.busy !== null} onClick={() => close('reject')} data-testid="complaint-reject">
            {t('complaints.actions.reject')}
          </button>
        </>
      )}
      {view.can.withdraw && (
        <button type="button" className={list.dangerButton} disabled={!hydrated || action.busy !== null} onClick={() => close('withdraw')} data-testid="complaint-withdraw">
          {t('complaints.actions.withdraw')}
        </button>
      )}
    </div>
  );
}

function Moderate({ id }: { id: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction<'approve' | 'reject'>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const decide = (decision: 'approve' | 'reject') =>
    void action.run(decision, (api) => api.op(ops.adminComplaintDecide, { id, decision, ...(reason.trim() ? { reason: reason.trim() } : {}) }), {
      failed: (e) => {
        const fields = fieldErrorsOf(e);
        if (fields.reason) setError(fields.reason);
        return Boolean(fields.reason) || !(e instanceof ApiError);
      },
    });
  return (
    <section className={classes.form} data-testid="complaint-moderate">
      <h2>{t('complaints.moderate.title')}</h2>
      <label htmlFor="complaint-reason">{t('complaints.moderate.reason')}</label>
      <input id="complaint-reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="complaint-moderate-reason" />
      {error && <p className={classes.error}>{error}</p>}
      <div className={list.actions}>
        <button type="button" className={list.primaryButton} disabled={!hydrated || action.busy !== null} onClick={() => decide('approve')} data-testid="complaint-publish">
          {t('complaints.moderate.publish')}
        </button>
        <button type="button" className={list.dangerButton} disabled={!hydrated || action.busy !== null} onClick={() => decide('reject')} data-testid="complaint-refuse">
          {t('complaints.moderate.refuse')}
        </button>
      </div>
    </section>
  );
}

function RemoveMessage({ id }: { id: string }) {
  const t = useT();
  const action = useApiAction();
  const remove = () => {
    const reason = window.prompt(t('complaints.moderate.removeReason'));
    if (reason?.trim()) void action.run(true, (api) => api.op(ops.adminComplaintMessageRemove, { id, reason: reason.trim() }));
  };
  return (
    <button type="button" className={list.secondaryButton} onClick={remove} data-testid="complaint-message-remove">
      {t('complaints.moderate.remove')}
    </button>
  );
}

export const ErrorBoundary = RouteErrorContent;
