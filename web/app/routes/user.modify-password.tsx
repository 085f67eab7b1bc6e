import { Button } from '@mantine/core';
import { PasswordField } from '../components/account/PasswordField';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { ModifyPasswordBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useApi } from '../components/ApiProvider';
import { AccountLayout } from '../components/account/AccountLayout';
import { Notice } from '../components/Notice';
import { CodeField } from '../components/account/CodeField';
import { REDIRECT_DELAY_MS, useFormFields, useLater } from '../components/account/use-form';
import { useFormSubmit } from '../components/account/use-form-submit';
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

/**
 * Modify Password (spec §2, §5): old password, new password twice, and a code sent to the bound
 * email. The server then revokes every session, so the page signs out and goes to /login.
 */
export default function ModifyPassword() {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const later = useLater();
  const session = useSession();
  const { email } = useLoaderData<typeof loader>();
  const form = useFormFields<ModifyPasswordValues>({ oldpwd: '', pwd: '', confirm: '', captcha: '' }, validateModifyPassword);
  const submit = useFormSubmit(form, {
    send: ({ oldpwd, pwd, captcha }) => {
      const body: ModifyPasswordBody = { oldpwd, pwd, captcha: captcha.trim() };
      return api.op(ops.modifyPassword, body);
    },
    done: (result) => {
      toast('success', result.msg || t('password.page.done'));
      // Every session is revoked now, this one included.
      clearStoredUser();
      later(REDIRECT_DELAY_MS, () => {
        session.end();
        navigate('/login', { replace: true });
      });
    },
    // Without a bound email no code can be sent: the form waits for one.
    blocked: !email,
  });
  const { phase, hydrated, onSubmit } = submit;
  const locked = submit.locked || !email;

  return (
    <AccountLayout title={t('header.account.password')} leaving={phase === 'done'}>
      <form className={classes.card} onSubmit={onSubmit} noValidate>
        <div className={classes.form}>
          {!email && (
            <Notice tone="yellow" data-testid="no-email-notice">
              {t('password.page.noEmail')}{' '}
              <Link to="/user/set">{t('password.page.bindEmail')}</Link>
            </Notice>
          )}
          <PasswordField label={t('password.page.old')} name="oldpwd" autoComplete="current-password" {...form.text('oldpwd')} disabled={locked} />
          <PasswordField label={t('auth.password.new')} name="pwd" {...form.text('pwd')} disabled={locked} />
          <PasswordField label={t('auth.password.confirm')} name="confirm" {...form.text('confirm')} disabled={locked} />
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

export const ErrorBoundary = RouteErrorContent;
