import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, SegmentedControl, TextInput } from '@mantine/core';
import { EmailField } from '../components/account/EmailField';
import { PasswordField } from '../components/account/PasswordField';
import { useEffect, useState } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import type { CheckInBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useApi } from '../components/ApiProvider';
import { AgreementField } from '../components/account/AgreementField';
import { AuthShell } from '../components/account/AuthShell';
import { Notice } from '../components/Notice';
import { CodeField } from '../components/account/CodeField';
import { SocialButtons } from '../components/account/SocialButtons';
import { useFormFields } from '../components/account/use-form';
import { useFormSubmit } from '../components/account/use-form-submit';
import { useFinishSignIn } from '../components/account/use-sign-in';
import { RouteErrorContent } from '../components/StatusPage';
import { keepRedirect } from '../lib/guard';
import { REDIRECT_PARAM } from '../lib/session';
import { pageMeta } from '../lib/meta';
import type { RootData } from '../lib/root-data';
import { signedOutOnly } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { validateRegister, type RegisterValues } from '../lib/validation';
import type { Route } from './+types/register';
import classes from '../components/account/AuthForm.module.css';

export const loader = (args: Route.LoaderArgs) => signedOutOnly(args);

/** The signed-in check is for arriving only: the revalidation after signing in must not send the page home before its own redirect. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'auth.register.title' }, description: { id: 'auth.register.subtitle' } });

type AccountType = NonNullable<CheckInBody['accountType']>;

export default function Register() {
  const t = useT();
  const api = useApi();
  const finishSignIn = useFinishSignIn();
  // Arriving from the guard's login page: keep where the visitor was going, as the login page does.
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get(REDIRECT_PARAM);
  useEffect(() => {
    keepRedirect(window.sessionStorage, redirectParam);
  }, [redirectParam]);
  const locale = useRouteLoaderData<RootData>('root')?.locale ?? 'en';
  const [accountType, setAccountType] = useState<AccountType>('personal');
  const form = useFormFields<RegisterValues>({ email: '', username: '', password: '', captcha: '', check: false }, validateRegister);
  // A company account then claims its company from /user/company (ADR 030).
  const company = accountType === 'company';
  const { phase, locked, hydrated, onSubmit, finish } = useFormSubmit(form, {
    send: ({ email, username, password, captcha }) => {
      const body: CheckInBody = { tab: 'register', email: email.trim(), username, password, captcha: captcha.trim(), accountType };
      return api.op(ops.checkIn, body);
    },
    done: (result) => finishSignIn(result),
  });

  return (
    <AuthShell locale={locale} title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form className={classes.form} onSubmit={onSubmit} noValidate>
        <SegmentedControl
          className={classes.segments}
          fullWidth
          value={accountType}
          onChange={(value) => setAccountType(value as AccountType)}
          disabled={locked}
          aria-label={t('auth.register.accountType')}
          data={[
            { value: 'personal', label: t('auth.register.individual') },
            { value: 'company', label: t('auth.register.company') },
          ]}
        />
        {company && (
          <Notice tone="blue" className={classes.notice} data-testid="company-account-note">
            {t('auth.register.companyNote')}
          </Notice>
        )}
        <EmailField {...form.text('email')} disabled={locked} />
        <TextInput
          label={t('auth.register.username')}
          name="username"
          autoComplete="username"
          {...form.text('username')}
          disabled={locked}
        />
        <PasswordField label={t('auth.login.password')} name="password" {...form.text('password')} disabled={locked} />
        <CodeField
          event="user_register"
          {...form.code('email', 'captcha')}
          disabled={locked}
          sendDisabled={locked}
        />
        <AgreementField checked={form.values.check} onChange={(v) => form.set('check', v)} error={form.error('check')} disabled={locked} />
        <Button type="submit" size="md" fullWidth loading={phase === 'sending'} disabled={!hydrated || phase === 'done'}>
          {t('auth.register.submit')}
        </Button>
      </form>
      <SocialButtons finish={finish} disabled={locked} />
      <p className={classes.footerText}>
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" className={classes.link}>
          {t('auth.register.signIn')}
        </Link>
      </p>
    </AuthShell>
  );
}

export const ErrorBoundary = RouteErrorContent;
