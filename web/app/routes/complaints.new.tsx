import { useState, type FormEvent } from 'react';
import { data, Form, Link, useLoaderData, useNavigate } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { useHydrated } from '../components/account/use-form';
import { CATEGORIES, CATEGORY_LABEL, casePath, CURRENCIES } from '../components/complaints/labels';
import { RouteErrorContent } from '../components/StatusPage';
import { useApiAction } from '../components/use-api-action';
import { fieldErrorsOf } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { findCompany } from '../lib/company-lookup.server';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/complaints.new';
import classes from '../components/complaints/Complaints.module.css';
import list from '../components/reviews/Reviews.module.css';

const MAX_FILES = 5;

/** Signed-in users only (this loader checks it itself): the form to open a case against a company. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const typed = new URL(request.url).searchParams.get('company')?.trim() ?? '';
  const { api } = pageApi(request, context);
  // The company by its id or its name; until there is one, the page asks which.
  const company = typed ? await findCompany(api, typed) : null;
  return data({ typed, company });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'complaints.new.title' }, noindex: true });

export default function NewComplaint() {
  const t = useT();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const action = useApiAction();
  const { typed, company } = useLoaderData<typeof loader>();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const files = form.getAll('evidence').filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length > MAX_FILES) return setErrors({ evidence: t('complaints.new.tooManyFiles', { max: MAX_FILES }) });
    setErrors({});
    await action.run(
      true,
      async (a) => {
        const evidence: string[] = [];
        for (const file of files) {
          const body = new FormData();
          body.append('file', file, file.name);
          evidence.push((await a.upload(ops.complaintEvidenceUpload, body)).data.id);
        }
        return a.op(ops.complaintOpen, {
          company: String(form.get('company') ?? '').trim(),
          category: String(form.get('category') ?? ''),
          amount: String(form.get('amount') ?? '').trim(),
          currency: String(form.get('currency') ?? ''),
          content: String(form.get('content') ?? ''),
          evidence,
        });
      },
      {
        revalidate: false,
        done: (result) => void navigate(casePath(result.data.id)),
        failed: (e) => {
          const fields = fieldErrorsOf(e);
          setErrors(fields);
          return Object.keys(fields).length > 0;
        },
      },
    );
  }

  const field = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `complaint-${name}-error` } : {});
  const error = (name: string) =>
    errors[name] ? (
      <p id={`complaint-${name}-error`} className={classes.error} role="alert" data-testid={`complaint-error-${name}`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="bw-container" data-testid="complaint-new">
      <h1>{company ? t('complaints.new.titleOf', { name: company.name }) : t('complaints.new.title')}</h1>
      <p className={list.muted}>{t('complaints.new.intro')}</p>
      {!company ? (
        <Form method="get" className={classes.form} data-testid="complaint-find-company">
          <label htmlFor="complaint-company">{t('complaints.new.company')}</label>
          <input id="complaint-company" name="company" type="search" required defaultValue={typed} placeholder={t('complaints.list.companyPlaceholder')} data-testid="complaint-company" />
          {typed && (
            <p className={classes.error} role="alert" data-testid="complaint-no-company">
              {t('complaints.list.noMatch', { text: typed })}
            </p>
          )}
          <div>
            <button type="submit" className={list.primaryButton}>
              {t('complaints.new.find')}
            </button>
          </div>
        </Form>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className={classes.form}>
          <input type="hidden" name="company" value={company.id} />
          {error('company')}
          <p className={list.muted}>
            <Link to="/complaints/new">{t('complaints.new.changeCompany')}</Link>
          </p>
          <label htmlFor="complaint-category">{t('complaints.new.category')}</label>
          <select id="complaint-category" name="category" defaultValue="" {...field('category')} data-testid="complaint-category">
            <option value="">{t('complaints.new.choose')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(CATEGORY_LABEL[c])}
              </option>
            ))}
          </select>
          {error('category')}
          <div className={classes.row}>
            <div>
              <label htmlFor="complaint-amount">{t('complaints.new.amount')}</label>
              <input id="complaint-amount" name="amount" inputMode="decimal" {...field('amount')} data-testid="complaint-amount" />
              {error('amount')}
            </div>
            <div>
              <label htmlFor="complaint-currency">{t('complaints.new.currency')}</label>
              <select id="complaint-currency" name="currency" defaultValue="USD" {...field('currency')} data-testid="complaint-currency">
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {error('currency')}
            </div>
          </div>
          <label htmlFor="complaint-content">{t('complaints.new.content')}</label>
          <textarea id="complaint-content" name="content" rows={8} {...field('content')} data-testid="complaint-content" />
          <p className={list.muted}>{t('complaints.new.contentHint')}</p>
          {error('content')}
          <label htmlFor="complaint-evidence">{t('complaints.new.evidence')}</label>
          <input id="complaint-evidence" name="evidence" type="file" multiple accept="application/pdf,image/png,image/jpeg,image/webp" {...field('evidence')} data-testid="complaint-evidence" />
          <p className={list.muted}>{t('complaints.new.evidenceHint')}</p>
          {error('evidence')}
          <div>
            <button type="submit" className={list.primaryButton} disabled={!hydrated || action.busy !== null} data-testid="complaint-submit">
              {action.busy ? t('complaints.new.sending') : t('complaints.new.submit')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
