import { data, Form, Link, useLoaderData } from 'react-router';
import type { ComplaintCard } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ComplaintsIntro } from '../components/complaints/ComplaintClock';
import { ComplaintFigures } from '../components/complaints/ComplaintFigures';
import { ComplaintList } from '../components/complaints/ComplaintList';
import { PUBLIC_STATUSES, STATUS_LABEL } from '../components/complaints/labels';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle, toFailure, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { findCompany } from '../lib/company-lookup.server';
import { pageMeta } from '../lib/meta';
import { reviewPage } from '../lib/reviews';
import { useT } from '../lib/use-t';
import type { Route } from './+types/complaints';
import classes from '../components/complaints/Complaints.module.css';
import list from '../components/reviews/Reviews.module.css';

/** /complaints?company=&status=&page=: published complaint cases, newest first (ADR 031). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const typed = params.get('company')?.trim() ?? '';
  const status = params.get('status') ?? '';
  const page = reviewPage(params.get('page'));
  const { api } = pageApi(request, context);
  // The clocks' lengths the introduction states (kept by the gateway), whatever the list answers.
  const rulesCall = settle(api.op(ops.complaintRules, {})).then((r) => (r.ok ? r.data : null));
  // The company by its id or its name in either language.
  const found: Settled<{ id: string; name: string } | null> = typed
    ? await findCompany(api, typed).then(
        (c) => ({ ok: true as const, data: c }),
        (e: unknown) => ({ ok: false as const, error: toFailure(e) }),
      )
    : { ok: true, data: null };
  if (!found.ok) return data({ cases: found, figures: null, company: '', typed, notFound: false, status, rules: await rulesCall }, { status: pageStatus(found) });
  const company = found.data;
  const query = {
    ...(company ? { company: company.id } : {}),
    ...(PUBLIC_STATUSES.includes(status as ComplaintCard['status']) ? { status: status as (typeof PUBLIC_STATUSES)[number] } : {}),
    page,
  };
  // A name that matches no company lists nothing (and says so), never every company's cases.
  if (typed && !company) return data({ cases: null, figures: null, company: '', typed, notFound: true, status: query.status ?? '', rules: await rulesCall });
  const [cases, figures, rules] = await Promise.all([
    settle(api.op(ops.complaints, query as never)),
    query.company ? settle(api.op(ops.complaintFigures, { id: query.company })) : Promise.resolve(null),
    rulesCall,
  ]);
  return data({ cases, figures, company: query.company ?? '', typed: company?.name ?? typed, notFound: false, status: query.status ?? '', rules }, { status: pageStatus(cases) });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'complaints.list.title' }, description: { id: 'complaints.list.description' }, canonicalParams: ['company', 'status', 'page'] });

export default function Complaints() {
  const t = useT();
  const { cases, figures, company, typed, notFound, status, rules } = useLoaderData<typeof loader>();
  const hrefFor = (p: number) => {
    const q = new URLSearchParams({ ...(company ? { company } : {}), ...(status ? { status } : {}), ...(p > 1 ? { page: String(p) } : {}) });
    return q.size > 0 ? `/complaints?${q}` : '/complaints';
  };
  return (
    <div className="bw-container" data-testid="complaints-page">
      <h1>{figures?.ok ? t('complaints.list.titleOf', { name: figures.data.company.name }) : t('complaints.list.title')}</h1>
      <ComplaintsIntro page="list" rules={rules} />
      {figures?.ok && <ComplaintFigures figures={figures.data.figures} />}
      <Form method="get" className={classes.filters}>
        <label>
          {t('complaints.list.company')}
          <input name="company" type="search" defaultValue={typed} placeholder={t('complaints.list.companyPlaceholder')} data-testid="complaints-filter-company" />
        </label>
        <label>
          {t('complaints.list.status')}
          <select name="status" defaultValue={status} data-testid="complaints-filter-status">
            <option value="">{t('complaints.list.anyStatus')}</option>
            {PUBLIC_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABEL[s])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={list.secondaryButton}>
          {t('complaints.list.filter')}
        </button>
        <Link to={company ? `/complaints/new?${new URLSearchParams({ company })}` : '/complaints/new'} className={list.primaryButton} data-testid="complaints-new">
          {t('complaints.new.link')}
        </Link>
      </Form>
      {notFound || !cases ? (
        <p className={list.muted} role="status" data-testid="complaints-no-company">
          {t('complaints.list.noMatch', { text: typed })}
        </p>
      ) : !cases.ok ? (
        <ErrorNotice error={cases.error} />
      ) : cases.data.list.length === 0 ? (
        <p className={list.muted} data-testid="complaints-empty">
          {t('complaints.list.empty')}
        </p>
      ) : (
        <>
          <ComplaintList items={cases.data.list} />
          <Pagination page={cases.data.page} total={cases.data.total} limit={cases.data.limit} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
