import { Button, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import type { CheckInBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useApi } from '../components/ApiProvider';
import { AgreementField } from '../components/account/AgreementField';
import { AuthShell } from '../components/account/AuthShell';
import { PasswordField } from '../components/account/PasswordField';
import { CheckField } from '../components/NativeField';
import { SocialButtons } from '../components/account/SocialButtons';
import { useFormFields } from '../components/account/use-form';
import { useFormSubmit } from '../components/account/use-form-submit';
import { useFinishSignIn } from '../components/account/use-sign-in';
import { RouteErrorContent } from '../components/StatusPage';
import { keepRedirect } from '../lib/guard';
import { pageMeta } from '../lib/meta';
import type { RootData } from '../lib/root-data';
import { REDIRECT_PARAM, REMEMBER_EMAIL_KEY } from '../lib/session';
import { signedOutOnly } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { validateLogin, type LoginValues } from '../lib/validation';
import type { Route } from './+types/login';
import classes from '../components/account/AuthForm.module.css';

export const loader = (args: Route.LoaderArgs) => signedOutOnly(args);

/** The signed-in check is for arriving only: the revalidation after signing in must not send the page home before its own redirect. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'auth.login.title' }, description: { id: 'auth.login.subtitle' } });

export default function Login() {
  const t = useT();
  const api = useApi();
  const finishSignIn = useFinishSignIn();
  const locale = useRouteLoaderData<RootData>('root')?.locale ?? 'en';
  const [searchParams] = useSearchParams();
  const form = useFormFields<LoginValues>({ email: '', password: '', rememberpwd: false, check: false }, validateLogin);
  const { prefill } = form;
  const { phase, locked, hydrated, onSubmit, finish } = useFormSubmit(form, {
    send: ({ email, password, rememberpwd }) => {
      const body: CheckInBody = { tab: 'login', email: email.trim(), password, rememberpwd };
      return api.op(ops.checkIn, body);
    },
    done: (result, { email, rememberpwd }) => {
      rememberAccount(rememberpwd ? email.trim() : null);
      finishSignIn(result);
    },
    // A refused password shows at the password field (announced with it), not as a toast.
    codeFields: { 'identity.bad_credentials': 'password' },
  });

  const redirectParam = searchParams.get(REDIRECT_PARAM);
  useEffect(() => {
    keepRedirect(window.sessionStorage, redirectParam);
  }, [redirectParam]);

  useEffect(() => {
    try {
      const remembered = window.localStorage.getItem(REMEMBER_EMAIL_KEY);
      if (remembered) prefill({ email: remembered, rememberpwd: true });
    } catch {
      // Storage disabled: nothing remembered.
    }
  }, [prefill]);

  return (
    <AuthShell locale={locale} title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form className={classes.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label={t('auth.login.account')}
          name="email"
          autoComplete="username"
          {...form.text('email')}
          disabled={locked}
        />
        <PasswordField label={t('auth.login.password')} name="password" autoComplete="current-password" {...form.text('password')} disabled={locked} />
        <div className={classes.options}>
          <CheckField
            label={t('auth.login.remember')}
            name="rememberpwd"
            checked={form.values.rememberpwd}
            onChange={(e) => form.set('rememberpwd', e.currentTarget.checked)}
            disabled={locked}
          />
          <Link to="/retrievePassword" className={classes.link}>
            {t('auth.login.forgot')}
          </Link>
        </div>
        <AgreementField checked={form.values.check} onChange={(v) => form.set('check', v)} error={form.error('check')} disabled={locked} />
        <Button type="submit" size="md" fullWidth loading={phase === 'sending'} disabled={!hydrated || phase === 'done'}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <SocialButtons finish={finish} disabled={locked} />
      <p className={classes.footerText}>
        {t('auth.login.noAccount')}{' '}
        <Link to={redirectParam ? `/register?${new URLSearchParams({ [REDIRECT_PARAM]: redirectParam })}` : '/register'} className={classes.link}>
          {t('auth.login.register')}
        </Link>
      </p>
    </AuthShell>
  );
}

/** Remember password (ADR: deliberate deviation from spec §3): only the email or user name is kept. */
function rememberAccount(account: string | null): void {
  try {
    if (account) window.localStorage.setItem(REMEMBER_EMAIL_KEY, account);
    else window.localStorage.removeItem(REMEMBER_EMAIL_KEY);
  } catch {
    // Storage disabled: nothing to remember.
  }
}

export const ErrorBoundary = RouteErrorContent;
