import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { data, useActionData, useLoaderData, useRevalidator } from 'react-router';
import type { BrokerApplicationBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { useFormFields, useHydrated } from '../components/account/use-form';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { ApplicationCard } from '../components/trader/ApplicationCard';
import { ApiError, fieldErrorsOf, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { readCsrfToken } from '../lib/session';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/trader.apply';
import classes from '../components/trader/Trader.module.css';

type ApplyValues = Record<keyof BrokerApplicationBody, string>;
const EMPTY: ApplyValues = { broker: '', website: '', server: '', account: '', readonlyPassword: '' };
/** The server checks every rule and answers per field in the page's language. */
const noRules = () => ({});
const bodyOf = (v: ApplyValues): BrokerApplicationBody => ({
  broker: v.broker.trim(),
  website: v.website.trim(),
  server: v.server.trim(),
  account: v.account.trim(),
  readonlyPassword: v.readonlyPassword,
});

/** /trader/apply (spec §1, §3 Broker application): signed-in users only, checked here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { api } = pageApi(request, context);
  const applications = await settle(api.op(ops.myApplications, { page: 1 }));
  return { applications, csrf: readCsrfToken(request.headers.get('cookie')) ?? '' };
}

interface ActionResult {
  values: ApplyValues;
  errors: Record<string, string>;
  msg: string;
  ok: boolean;
}

/** The same form without script. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const csrf = readCsrfToken(request.headers.get('cookie'));
  if (!csrf || form.get('csrf') !== csrf) throw data(null, { status: 403 });
  const values = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, String(form.get(k) ?? '')])) as ApplyValues;
  const { api } = pageApi(request, context);
  try {
    const sent = await api.op(ops.applyBroker, bodyOf(values));
    return data<ActionResult>({ values: EMPTY, errors: {}, msg: sent.msg, ok: true });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionResult>({ values: { ...values, readonlyPassword: '' }, errors: fieldErrorsOf(error), msg: error.failure.msg, ok: false }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'trader.apply.title' }, noindex: true });

export default function ApplyBroker() {
  const t = useT();
  const { applications, csrf } = useLoaderData<typeof loader>();
  const fallback = useActionData<typeof action>() ?? null;
  return (
    <AccountLayout title={t('trader.apply.title')}>
      <div className={classes.stack}>
        <p className={classes.muted}>{t('trader.apply.intro')}</p>
        <ApplyForm csrf={csrf} fallback={fallback} />
        <section aria-labelledby="applications-title">
          <h2 id="applications-title" className={classes.sectionTitle}>
            {t('trader.apply.mine')}
          </h2>
          {!applications.ok ? (
            <ErrorNotice error={applications.error} />
          ) : applications.data.list.length === 0 ? (
            <p className={classes.muted} data-testid="applications-empty">
              {t('trader.apply.none')}
            </p>
          ) : (
            <ul className={classes.list}>
              {applications.data.list.map((a) => (
                <li key={a.id}>
                  <ApplicationCard application={a} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AccountLayout>
  );
}

function ApplyForm({ csrf, fallback }: { csrf: string; fallback: ActionResult | null }) {
  const t = useT();
  const api = useApi();
  const errorText = useApiErrorText();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const form = useFormFields<ApplyValues>(fallback?.values ?? EMPTY, noRules);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(fallback && !fallback.ok ? fallback.msg : '');
  const [success, setSuccess] = useState(fallback?.ok ? fallback.msg : '');
  const v = form.values;
  const errorOf = (field: keyof ApplyValues) => form.error(field) ?? (hydrated ? undefined : fallback?.errors[field]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    setSuccess('');
    setBusy(true);
    try {
      const result = await api.op(ops.applyBroker, bodyOf(form.values));
      form.prefill(EMPTY);
      setSuccess(result.msg || t('trader.apply.sentMessage'));
      await revalidator.revalidate();
    } catch (error) {
      form.showServerErrors(error);
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  const input = (field: keyof ApplyValues, label: string, extra: Record<string, string> = {}) => (
    <TextInput
      label={label}
      name={field}
      value={v[field]}
      onChange={(e) => form.set(field, e.currentTarget.value)}
      error={errorOf(field)}
      disabled={busy}
      autoComplete="off"
      data-testid={`apply-${field}`}
      {...extra}
    />
  );

  return (
    <form method="post" className={classes.form} onSubmit={onSubmit} noValidate data-ready={hydrated ? '' : undefined} data-testid="apply-form">
      <input type="hidden" name="csrf" value={csrf} />
      {input('broker', t('trader.apply.broker'))}
      {input('website', t('trader.apply.website'), { placeholder: 'https://' })}
      {input('server', t('trader.apply.server'), { placeholder: 'Broker-Live01' })}
      {input('account', t('trader.apply.account'), { inputMode: 'numeric' })}
      {input('readonlyPassword', t('trader.apply.password'), { type: 'password', description: t('trader.apply.passwordHint'), 'data-lpignore': 'true' })}
      {failure && (
        <p className={classes.error} role="alert" data-testid="apply-failure">
          {failure}
        </p>
      )}
      {success && (
        <p className={classes.syncState} data-state="ok" role="status" data-testid="apply-success">
          {success}
        </p>
      )}
      <div className={classes.actions}>
        <Button type="submit" size="md" loading={busy} data-testid="apply-submit">
          {t('trader.apply.submit')}
        </Button>
      </div>
    </form>
  );
}

export const ErrorBoundary = RouteErrorContent;
