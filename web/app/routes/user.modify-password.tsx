import '@mantine/core/styles/PasswordInput.css';
import { Alert, Button, PasswordInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { ModifyPasswordBody } from '../../../gateway/src/contract.ts';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { AccountLayout } from '../components/account/AccountLayout';
import { CodeField } from '../components/account/CodeField';
import { REDIRECT_DELAY_MS, useFormFields, useHydrated, useLater } from '../components/account/use-form';
import { useSession } from '../components/SessionProvider';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { pageMeta } from '../lib/meta';
import { clearStoredUser } from '../lib/session';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { validateModifyPassword, type ModifyPasswordValues } from '../lib/validation';
import type { Route } from './+types/user.modify-password';
import classes from '../components/account/AccountLayout.module.css';

/** Signed-in users only: this loader checks it itself (spec §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await requireUser(request, context);
  return { email: profile.email };
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.account.password' }, noindex: true });

type Phase = 'idle' | 'sending' | 'done';

/**
 * Modify Password (spec §2, §5): old password, new password twice, and a code sent to the bound
 * email. The server then revokes every session, so the page signs out and goes to /login.
 */
export default function ModifyPassword() {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const later = useLater();
  const session = useSession();
  const hydrated = useHydrated();
  const { email } = useLoaderData<typeof loader>();
  const form = useFormFields<ModifyPasswordValues>({ oldpwd: '', pwd: '', confirm: '', captcha: '' }, validateModifyPassword);
  const [phase, setPhase] = useState<Phase>('idle');
  const locked = !hydrated || phase !== 'idle' || !email;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked || !form.validateAll()) return;
    const { oldpwd, pwd, captcha } = form.values;
    setPhase('sending');
    try {
      const body: ModifyPasswordBody = { oldpwd, pwd, captcha: captcha.trim() };
      const result = await api.post('/api/user/modifyPassword', body);
      setPhase('done');
      toast('success', result.msg || t('password.page.done'));
      // Every session is revoked now, this one included.
      clearStoredUser();
      later(REDIRECT_DELAY_MS, () => {
        session.end();
        navigate('/login', { replace: true });
      });
    } catch (error) {
      // One message per error: at its field when it has one, else as a toast.
      if (!form.showServerErrors(error)) toast('error', errorText(error));
      setPhase('idle');
    }
  }

  const passwordToggle = { 'aria-label': t('auth.password.toggle') };
  return (
    <AccountLayout title={t('header.account.password')} leaving={phase === 'done'}>
      <form className={classes.card} onSubmit={onSubmit} noValidate>
        <div className={classes.form}>
          {!email && (
            <Alert color="yellow" data-testid="no-email-notice">
              {t('password.page.noEmail')}{' '}
              <Link to="/user/set">{t('password.page.bindEmail')}</Link>
            </Alert>
          )}
          <PasswordInput
            label={t('password.page.old')}
            name="oldpwd"
            autoComplete="current-password"
            {...form.text('oldpwd')}
            disabled={locked}
            visibilityToggleButtonProps={passwordToggle}
          />
          <PasswordInput
            label={t('auth.password.new')}
            name="pwd"
            autoComplete="new-password"
            {...form.text('pwd')}
            disabled={locked}
            visibilityToggleButtonProps={passwordToggle}
          />
          <PasswordInput
            label={t('auth.password.confirm')}
            name="confirm"
            autoComplete="new-password"
            {...form.text('confirm')}
            disabled={locked}
            visibilityToggleButtonProps={passwordToggle}
          />
          <CodeField
            event="change_password"
            email={() => email}
            value={form.values.captcha}
            onChange={(v) => form.set('captcha', v)}
            error={form.error('captcha')}
            disabled={locked}
          />
          {email && <p className={classes.hint}>{t('password.page.codeTo', { email })}</p>}
          <div className={classes.actions}>
            <Button type="submit" loading={phase === 'sending'} disabled={!hydrated || !email || phase === 'done'}>
              {t('password.page.submit')}
            </Button>
          </div>
        </div>
      </form>
    </AccountLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
