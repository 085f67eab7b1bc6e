import { Button } from '@mantine/core';
import { EmailField } from '../components/account/EmailField';
import { PasswordField } from '../components/account/PasswordField';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import type { RetrievePasswordBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useApi } from '../components/ApiProvider';
import { AuthShell } from '../components/account/AuthShell';
import { CodeField } from '../components/account/CodeField';
import { REDIRECT_DELAY_MS, useFormFields, useLater } from '../components/account/use-form';
import { useFormSubmit } from '../components/account/use-form-submit';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { pageMeta } from '../lib/meta';
import type { RootData } from '../lib/root-data';
import { signedOutOnly } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { validateRetrieve, type RetrieveValues } from '../lib/validation';
import type { Route } from './+types/retrieve-password';
import classes from '../components/account/AuthForm.module.css';

export const loader = (args: Route.LoaderArgs) => signedOutOnly(args);

/** The signed-in check is for arriving only: the revalidation after signing in must not send the page home before its own redirect. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'auth.retrieve.title' }, description: { id: 'auth.retrieve.subtitle' } });

/** Reset a forgotten password with a code sent to the account's email (spec §2 "reset password"). */
export default function RetrievePassword() {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const later = useLater();
  const locale = useRouteLoaderData<RootData>('root')?.locale ?? 'en';
  const form = useFormFields<RetrieveValues>({ email: '', captcha: '', pwd: '', confirm: '' }, validateRetrieve);
  const { phase, locked, hydrated, onSubmit } = useFormSubmit(form, {
    send: ({ email, captcha, pwd }) => {
      const body: RetrievePasswordBody = { email: email.trim(), pwd, captcha: captcha.trim() };
      return api.op(ops.retrievePassword, body);
    },
    done: (result) => {
      toast('success', result.msg || t('auth.retrieve.done'));
      later(REDIRECT_DELAY_MS, () => navigate('/login', { replace: true }));
    },
  });

  return (
    <AuthShell locale={locale} title={t('auth.retrieve.title')} subtitle={t('auth.retrieve.subtitle')}>
      <form className={classes.form} onSubmit={onSubmit} noValidate>
        <EmailField {...form.text('email')} disabled={locked} />
        <CodeField
          event="retrieve_password"
          {...form.code('email', 'captcha')}
          disabled={locked}
        />
        <PasswordField label={t('auth.password.new')} name="pwd" {...form.text('pwd')} disabled={locked} />
        <PasswordField label={t('auth.password.confirm')} name="confirm" {...form.text('confirm')} disabled={locked} />
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

export const ErrorBoundary = RouteErrorContent;
