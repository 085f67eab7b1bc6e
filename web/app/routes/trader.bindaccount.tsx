import { Button, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { data, Link, redirect, useActionData, useLoaderData, useNavigate } from 'react-router';
import type { TraderBindBody, TraderBroker } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { useFormFields, useHydrated } from '../components/account/use-form';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { ServerField } from '../components/trader/ServerField';
import { ApiError, fieldErrorsOf, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { readCsrfToken } from '../lib/session';
import { requireUser } from '../lib/session.server';
import { traderAccountHref, TYPE_IDS, VISIBILITY_IDS } from '../lib/trader';
import { useT } from '../lib/use-t';
import type { Route } from './+types/trader.bindaccount';
import classes from '../components/trader/Trader.module.css';

interface BindValues {
  broker: string;
  server: string;
  account: string;
  readonlyPassword: string;
  nickname: string;
  description: string;
  type: string;
  visibility: string;
  source: string;
}

/**
 * Binding waits for the broker to accept the read-only password: trader-sync gives its bridge 15 s
 * and the gateway answers within 20 s (what the form tells the user); the call may take a little longer.
 */
const BIND_CHECK_SECONDS = 20;
const BIND_TIMEOUT_MS = 25_000;

const EMPTY: BindValues = { broker: '', server: '', account: '', readonlyPassword: '', nickname: '', description: '', type: 'manual', visibility: 'public', source: 'bridge' };
/** The server checks every rule and answers per field in the page's language. */
const noRules = () => ({});

function bodyOf(v: BindValues): TraderBindBody {
  return {
    ...(v.broker ? { broker: v.broker } : {}),
    server: v.server.trim(),
    account: v.account.trim(),
    ...(v.source === 'statement' ? {} : { readonlyPassword: v.readonlyPassword }),
    nickname: v.nickname.trim(),
    ...(v.description.trim() ? { description: v.description.trim() } : {}),
    type: v.type === 'mixed' ? 'mixed' : 'manual',
    visibility: v.visibility === 'hidden' ? 'hidden' : 'public',
    source: v.source === 'statement' ? 'statement' : 'bridge',
  };
}

/** /trader/bindaccount (spec §2, §3 Trader account): signed-in users only, checked here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { api } = pageApi(request, context);
  const brokers = await settle(api.op(ops.traderBrokers));
  const broker = new URL(request.url).searchParams.get('broker') ?? '';
  return { brokers: brokers.ok ? brokers.data : [], broker, csrf: readCsrfToken(request.headers.get('cookie')) ?? '' };
}

interface ActionResult {
  /** Everything but the password, which is never sent back. */
  values: BindValues;
  errors: Record<string, string>;
  msg: string;
}

/** The same form without script: sent with the visitor's session, then to the new account's page. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const csrf = readCsrfToken(request.headers.get('cookie'));
  if (!csrf || form.get('csrf') !== csrf) throw data(null, { status: 403 });
  const values = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, String(form.get(k) ?? '')])) as unknown as BindValues;
  const { api } = pageApi(request, context);
  try {
    const bound = await api.op(ops.bindAccount, bodyOf(values), { timeoutMs: BIND_TIMEOUT_MS });
    throw redirect(traderAccountHref(bound.data.id));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionResult>({ values: { ...values, readonlyPassword: '' }, errors: fieldErrorsOf(error), msg: error.failure.msg }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'trader.bind.title' }, noindex: true });

export default function BindAccount() {
  const t = useT();
  const { brokers, broker, csrf } = useLoaderData<typeof loader>();
  const fallback = useActionData<typeof action>() ?? null;
  return (
    <AccountLayout title={t('trader.bind.title')}>
      <div className={classes.stack}>
        <p className={classes.muted}>{t('trader.bind.intro')}</p>
        <BindForm brokers={brokers} csrf={csrf} initial={fallback?.values ?? { ...EMPTY, broker: brokers.some((b) => b.id === broker) ? broker : '' }} fallback={fallback} />
        <p className={classes.small}>
          {t('trader.bind.missing')}{' '}
          <Link to="/trader/apply" className={classes.link}>
            {t('trader.bind.apply')}
          </Link>
        </p>
      </div>
    </AccountLayout>
  );
}

function BindForm({ brokers, csrf, initial, fallback }: { brokers: TraderBroker[]; csrf: string; initial: BindValues; fallback: ActionResult | null }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const form = useFormFields<BindValues>(initial, noRules);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(fallback?.msg ?? '');
  const v = form.values;

  const errorOf = (field: keyof BindValues) => form.error(field) ?? (hydrated ? undefined : fallback?.errors[field]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    setBusy(true);
    try {
      const result = await api.op(ops.bindAccount, bodyOf(form.values), { timeoutMs: BIND_TIMEOUT_MS });
      // The password leaves the page's memory with the form.
      form.prefill({ readonlyPassword: '' });
      toast('success', result.msg);
      navigate(traderAccountHref(result.data.id));
    } catch (error) {
      const shown = form.showServerErrors(error);
      const text = errorText(error);
      // Field messages sit under their fields (a refused password at the password); said once.
      setFailure(shown ? t('trader.bind.checkFields') : text);
      if (!shown) toast('error', text);
      setBusy(false);
    }
  }

  const statement = v.source === 'statement';
  return (
    <form method="post" className={classes.form} onSubmit={onSubmit} noValidate data-ready={hydrated ? '' : undefined} data-testid="bind-form">
      <input type="hidden" name="csrf" value={csrf} />
      <NativeSelect
        label={t('trader.bind.broker')}
        name="broker"
        value={v.broker}
        onChange={(e) => form.set('broker', e.currentTarget.value)}
        error={errorOf('broker')}
        disabled={busy}
        data-testid="bind-broker"
      >
        <option value="">{t('trader.bind.brokerAny')}</option>
        {brokers.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </NativeSelect>
      <ServerField
        value={v.server}
        broker={v.broker}
        error={errorOf('server')}
        disabled={busy}
        onChange={(value) => form.set('server', value)}
        onPick={(server) => {
          form.set('server', server.name);
          if (server.broker.id) form.set('broker', server.broker.id);
        }}
      />
      <TextInput
        label={t('trader.bind.account')}
        name="account"
        inputMode="numeric"
        autoComplete="off"
        value={v.account}
        onChange={(e) => form.set('account', e.currentTarget.value)}
        error={errorOf('account')}
        disabled={busy}
        data-testid="bind-account"
      />
      <NativeSelect
        label={t('trader.bind.source')}
        name="source"
        value={v.source}
        onChange={(e) => form.set('source', e.currentTarget.value)}
        error={errorOf('source')}
        disabled={busy}
        data-testid="bind-source"
      >
        <option value="bridge">{t('trader.bind.sourceBridge')}</option>
        <option value="statement">{t('trader.bind.sourceStatement')}</option>
      </NativeSelect>
      {!statement && (
        <TextInput
          type="password"
          label={t('trader.bind.password')}
          description={t('trader.bind.passwordHint')}
          name="readonlyPassword"
          autoComplete="off"
          data-lpignore="true"
          data-1p-ignore=""
          value={v.readonlyPassword}
          onChange={(e) => form.set('readonlyPassword', e.currentTarget.value)}
          error={errorOf('readonlyPassword')}
          disabled={busy}
          data-testid="bind-password"
        />
      )}
      <TextInput
        label={t('trader.bind.nickname')}
        name="nickname"
        value={v.nickname}
        onChange={(e) => form.set('nickname', e.currentTarget.value)}
        error={errorOf('nickname')}
        disabled={busy}
        data-testid="bind-nickname"
      />
      <Textarea
        label={t('trader.bind.description')}
        name="description"
        value={v.description}
        onChange={(e) => form.set('description', e.currentTarget.value)}
        error={errorOf('description')}
        disabled={busy}
        autosize
        minRows={3}
        maxRows={8}
      />
      <NativeSelect label={t('trader.bind.type')} name="type" value={v.type} onChange={(e) => form.set('type', e.currentTarget.value)} error={errorOf('type')} disabled={busy}>
        <option value="manual">{t(TYPE_IDS.manual)}</option>
        <option value="mixed">{t(TYPE_IDS.mixed)}</option>
      </NativeSelect>
      <NativeSelect
        label={t('trader.bind.visibility')}
        name="visibility"
        value={v.visibility}
        onChange={(e) => form.set('visibility', e.currentTarget.value)}
        error={errorOf('visibility')}
        disabled={busy}
        data-testid="bind-visibility"
      >
        <option value="public">{t(VISIBILITY_IDS.public)}</option>
        <option value="hidden">{t(VISIBILITY_IDS.hidden)}</option>
      </NativeSelect>
      {failure && (
        <p className={classes.error} role="alert" data-testid="bind-failure">
          {failure}
        </p>
      )}
      <div className={classes.actions}>
        <Button type="submit" size="md" loading={busy} data-testid="bind-submit">
          {t('trader.bind.submit')}
        </Button>
      </div>
      {!statement && (
        // Announced while the check runs; the button shows a spinner meanwhile.
        <p className={classes.small} role="status" data-testid="bind-check" data-busy={busy ? '' : undefined}>
          {busy ? t('trader.bind.checking') : t('trader.bind.checkHint', { seconds: BIND_CHECK_SECONDS })}
        </p>
      )}
    </form>
  );
}

export const ErrorBoundary = RouteErrorContent;
