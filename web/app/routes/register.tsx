import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Alert, Button, PasswordInput, SegmentedControl, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import type { CheckInBody, UserInfo } from '../../../gateway/src/contract.ts';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { AgreementField } from '../components/account/AgreementField';
import { AuthShell } from '../components/account/AuthShell';
import { CodeField } from '../components/account/CodeField';
import { SocialButtons } from '../components/account/SocialButtons';
import { useFormFields, useHydrated } from '../components/account/use-form';
import { useFinishSignIn } from '../components/account/use-sign-in';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { keepRedirect } from '../lib/guard';
import { REDIRECT_PARAM } from '../lib/session';
import { pageMeta } from '../lib/meta';
import type { RootData } from '../lib/root-data';
import { redirectIfSignedIn } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { validateRegister, type RegisterValues } from '../lib/validation';
import type { Route } from './+types/register';
import classes from '../components/account/AuthForm.module.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'auth.register.title' }, description: { id: 'auth.register.subtitle' } });

type AccountType = NonNullable<CheckInBody['accountType']>;
type Phase = 'idle' | 'sending' | 'done';

export default function Register() {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const finishSignIn = useFinishSignIn();
  const hydrated = useHydrated();
  // Arriving from the guard's login page: keep where the visitor was going, as the login page does.
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get(REDIRECT_PARAM);
  useEffect(() => {
    keepRedirect(window.sessionStorage, redirectParam);
  }, [redirectParam]);
  const locale = useRouteLoaderData<RootData>('root')?.locale ?? 'en';
  const [accountType, setAccountType] = useState<AccountType>('personal');
  const form = useFormFields<RegisterValues>({ email: '', username: '', password: '', captcha: '', check: false }, validateRegister);
  const [phase, setPhase] = useState<Phase>('idle');
  const locked = !hydrated || phase !== 'idle';
  // Spec §1: company accounts are "coming soon"; the form cannot be sent for one.
  const company = accountType === 'company';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked || company || !form.validateAll()) return;
    const { email, username, password, captcha } = form.values;
    setPhase('sending');
    try {
      const body: CheckInBody = { tab: 'register', email: email.trim(), username, password, captcha: captcha.trim(), accountType: 'personal' };
      const result = await api.post<{ userInfo: UserInfo }>('/api/user/checkIn', body);
      setPhase('done');
      finishSignIn(result);
    } catch (error) {
      // One message per error: at its field when it has one, else as a toast.
      if (!form.showServerErrors(error)) toast('error', errorText(error));
      setPhase('idle');
    }
  }

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
          <Alert color="yellow" className={classes.notice} data-testid="company-coming-soon">
            {t('auth.register.companySoon')}
          </Alert>
        )}
        <TextInput
          label={t('auth.register.email')}
          name="email"
          type="email"
          autoComplete="email"
          {...form.text('email')}
          disabled={locked}
        />
        <TextInput
          label={t('auth.register.username')}
          name="username"
          autoComplete="username"
          {...form.text('username')}
          disabled={locked}
        />
        <PasswordInput
          label={t('auth.login.password')}
          name="password"
          autoComplete="new-password"
          {...form.text('password')}
          disabled={locked}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
        />
        <CodeField
          event="user_register"
          email={() => (form.validateFields(['email']) ? form.values.email.trim() : null)}
          value={form.values.captcha}
          onChange={(v) => form.set('captcha', v)}
          error={form.error('captcha')}
          disabled={locked}
          sendDisabled={locked || company}
        />
        <AgreementField checked={form.values.check} onChange={(v) => form.set('check', v)} error={form.error('check')} disabled={locked} />
        <Button type="submit" size="md" fullWidth loading={phase === 'sending'} disabled={!hydrated || company || phase === 'done'}>
          {t('auth.register.submit')}
        </Button>
      </form>
      <SocialButtons
        onSignedIn={(result) => {
          setPhase('done');
          finishSignIn(result);
        }}
        disabled={locked}
      />
      <p className={classes.footerText}>
        {t('auth.register.haveAccount')}{' '}
        <Link to="/login" className={classes.link}>
          {t('auth.register.signIn')}
        </Link>
      </p>
    </AuthShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
