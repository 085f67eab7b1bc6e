import { useState, type FormEvent } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import type { CompanyClaim } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { useHydrated } from '../components/account/use-form';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { useApiAction } from '../components/use-api-action';
import { fieldErrorsOf, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { CLAIM_STATUS_LABEL } from '../components/reviews/CompanyReplies';
import type { Route } from './+types/user.company';
import classes from '../components/trader/Trader.module.css';

/** Signed-in users only: this loader checks it itself. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { api } = pageApi(request, context);
  const claims = await settle(api.op(ops.companyClaims));
  const company = new URL(request.url).searchParams.get('company')?.trim().slice(0, 80) ?? '';
  return data({ claims, company, accountType: user.accountType }, { status: pageStatus(claims), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'companyClaim.page.title' }, noindex: true });

/**
 * /user/company (issue 19, ADR 030): a company account claims a company. It names the company
 * (its page address or slug) and a mailbox at the company's own web domain, enters the code mailed
 * there, then an administrator approves: the account is a verified representative and replies to
 * the company's reviews from its page.
 */
export default function UserCompany() {
  const t = useT();
  const { claims, company, accountType } = useLoaderData<typeof loader>();
  const waiting = claims.ok ? claims.data.filter((c) => c.status === 'awaiting_code') : [];
  return (
    <AccountLayout title={t('companyClaim.page.title')}>
      <div className={classes.stack}>
        <section className={classes.card} aria-labelledby="claim-about">
          <h2 id="claim-about" className={classes.sectionTitle}>
            {t('companyClaim.page.aboutTitle')}
          </h2>
          <p>{t('companyClaim.page.about')}</p>
        </section>
        {accountType !== 'company' ? (
          <p className={classes.card} data-testid="claim-company-only">
            {t('companyClaim.page.companyOnly')}
          </p>
        ) : (
          <ClaimForm initialCompany={company} />
        )}
        {waiting.map((claim) => (
          <CodeForm key={claim.id} claim={claim} />
        ))}
        {!claims.ok ? <ErrorNotice error={claims.error} /> : <ClaimList claims={claims.data} />}
      </div>
    </AccountLayout>
  );
}

/** A company page address (…/detail?id=slug) or the slug itself → the slug. */
function slugOf(input: string): string {
  const s = input.trim();
  const m = /[?&]id=([^&#]+)/.exec(s);
  return (m ? decodeURIComponent(m[1]!) : s).trim().toLowerCase();
}

function ClaimForm({ initialCompany }: { initialCompany: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction();
  const [company, setCompany] = useState(initialCompany);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!slugOf(company)) next.company = t('companyClaim.form.companyRequired');
    if (!email.trim()) next.email = t('companyClaim.form.emailRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await action.run(true, (api) => api.op(ops.companyClaim, { company: slugOf(company), email: email.trim() }), {
      failed: (error) => {
        const fields = fieldErrorsOf(error);
        // The company's slug is checked by its pattern (`id`-like) or not found: shown under the company.
        const mine = { ...(fields.email ? { email: fields.email } : {}), ...(fields.company ? { company: fields.company } : {}), ...(fields.accountType ? { email: fields.accountType } : {}) };
        setErrors(mine);
        return Object.keys(mine).length > 0;
      },
    });
  }

  const field = (name: 'company' | 'email', label: string, value: string, set: (v: string) => void, extra: { type?: string; placeholder?: string }) => (
    <>
      <label className={classes.field}>
        {label}
        <input
          className={classes.input}
          name={name}
          value={value}
          type={extra.type ?? 'text'}
          placeholder={extra.placeholder}
          onChange={(e) => set(e.target.value)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `claim-${name}-error` : undefined}
          data-testid={`claim-${name}`}
        />
      </label>
      {errors[name] && (
        <p id={`claim-${name}-error`} className={classes.error} role="alert" data-testid={`claim-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </>
  );

  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={(e) => void submit(e)} aria-labelledby="claim-new" noValidate>
      <h2 id="claim-new" className={classes.sectionTitle}>
        {t('companyClaim.form.title')}
      </h2>
      {field('company', t('companyClaim.form.company'), company, setCompany, { placeholder: t('companyClaim.form.companyPlaceholder') })}
      {field('email', t('companyClaim.form.email'), email, setEmail, { type: 'email', placeholder: t('companyClaim.form.emailPlaceholder') })}
      <p className={classes.small}>{t('companyClaim.form.emailHint')}</p>
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || action.busy !== null} data-testid="claim-send">
          {t('companyClaim.form.send')}
        </button>
      </div>
    </form>
  );
}

function CodeForm({ claim }: { claim: CompanyClaim }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('companyClaim.code.required'));
    setError('');
    await action.run(true, (api) => api.op(ops.companyClaimVerify, { claimId: claim.id, code: code.trim() }), {
      failed: (e) => {
        const fields = fieldErrorsOf(e);
        if (fields.code) setError(fields.code);
        return Boolean(fields.code);
      },
    });
  }

  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={(e) => void submit(e)} aria-labelledby={`claim-code-${claim.id}`} noValidate data-testid="claim-code-form">
      <h2 id={`claim-code-${claim.id}`} className={classes.sectionTitle}>
        {t('companyClaim.code.title', { company: claim.company.name })}
      </h2>
      <p>{t('companyClaim.code.sentTo', { email: claim.email })}</p>
      <label className={classes.field}>
        {t('companyClaim.code.label')}
        <input
          className={classes.input}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `claim-code-error-${claim.id}` : undefined}
          data-testid="claim-code"
        />
      </label>
      {error && (
        <p id={`claim-code-error-${claim.id}`} className={classes.error} role="alert" data-testid="claim-code-error">
          {error}
        </p>
      )}
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || action.busy !== null} data-testid="claim-verify">
          {t('companyClaim.code.submit')}
        </button>
      </div>
    </form>
  );
}

function ClaimList({ claims }: { claims: CompanyClaim[] }) {
  const t = useT();
  if (claims.length === 0) return null;
  return (
    <section className={classes.card} aria-labelledby="claim-list">
      <h2 id="claim-list" className={classes.sectionTitle}>
        {t('companyClaim.list.title')}
      </h2>
      <ul className={classes.stack}>
        {claims.map((c) => (
          <li key={c.id} data-testid="claim-item" data-status={c.status}>
            {c.company.id ? (
              <Link to={`/detail?id=${encodeURIComponent(c.company.id)}`} className={classes.link}>
                {c.company.name}
              </Link>
            ) : (
              <span>{c.company.name}</span>
            )}{' '}
            — {c.email} — <strong data-testid="claim-status">{t(CLAIM_STATUS_LABEL[c.status])}</strong>
            {c.status === 'rejected' && c.decisionReason && <span> ({c.decisionReason})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
