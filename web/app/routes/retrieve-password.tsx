import '@mantine/core/styles/PasswordInput.css';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import type { RetrievePasswordBody } from '../../../gateway/src/contract.ts';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { AuthShell } from '../components/account/AuthShell';
import { CodeField } from '../components/account/CodeField';
import { REDIRECT_DELAY_MS, useFormFields, useHydrated, useLater } from '../components/account/use-form';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { pageMeta } from '../lib/meta';
import type { RootData } from '../lib/root-data';
import { redirectIfSignedIn } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { validateRetrieve, type RetrieveValues } from '../lib/validation';
import type { Route } from './+types/retrieve-password';
import classes from '../components/account/AuthForm.module.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'auth.retrieve.title' }, description: { id: 'auth.retrieve.subtitle' } });

type Phase = 'idle' | 'sending' | 'done';

/** Reset a forgotten password with a code sent to the account's email (spec §2 "reset password"). */
export default function RetrievePassword() {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const later = useLater();
  const hydrated = useHydrated();
  const locale = useRouteLoaderData<RootData>('root')?.locale ?? 'en';
  const form = useFormFields<RetrieveValues>({ email: '', captcha: '', pwd: '', confirm: '' }, validateRetrieve);
  const [phase, setPhase] = useState<Phase>('idle');
  const locked = !hydrated || phase !== 'idle';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked || !form.validateAll()) return;
    const { email, captcha, pwd } = form.values;
    setPhase('sending');
    try {
      const body: RetrievePasswordBody = { email: email.trim(), pwd, captcha: captcha.trim() };
      const result = await api.post('/api/user/retrievePassword', body);
      setPhase('done');
      toast('success', result.msg || t('auth.retrieve.done'));
      later(REDIRECT_DELAY_MS, () => navigate('/login', { replace: true }));
    } catch (error) {
      // One message per error: at its field when it has one, else as a toast.
      if (!form.showServerErrors(error)) toast('error', errorText(error));
      setPhase('idle');
    }
  }

  return (
    <AuthShell locale={locale} title={t('auth.retrieve.title')} subtitle={t('auth.retrieve.subtitle')}>
      <form className={classes.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label={t('auth.register.email')}
          name="email"
          type="email"
          autoComplete="email"
          {...form.text('email')}
          disabled={locked}
        />
        <CodeField
          event="retrieve_password"
          email={() => (form.validateFields(['email']) ? form.values.email.trim() : null)}
          value={form.values.captcha}
          onChange={(v) => form.set('captcha', v)}
          error={form.error('captcha')}
          disabled={locked}
        />
        <PasswordInput
          label={t('auth.password.new')}
          name="pwd"
          autoComplete="new-password"
          {...form.text('pwd')}
          disabled={locked}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
        />
        <PasswordInput
          label={t('auth.password.confirm')}
          name="confirm"
          autoComplete="new-password"
          {...form.text('confirm')}
          disabled={locked}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
        />
        <Button type="submit" size="md" fullWidth loading={phase === 'sending'} disabled={!hydrated || phase === 'done'}>
          {t('auth.retrieve.submit')}
        </Button>
      </form>
      <p className={classes.footerText}>
        <Link to="/login" className={classes.link}>
          {t('auth.retrieve.backToLogin')}
        </Link>
      </p>
    </AuthShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
