// The Switch is styled like every other control only with its own CSS (and the label's).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Button, NativeSelect, Switch, TextInput } from '@mantine/core';
import { EmailField } from '../components/account/EmailField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useLoaderData } from 'react-router';
import type { BindEmailBody, EditUserBody, EmailPreferences, UserProfile } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { AccountLayout } from '../components/account/AccountLayout';
import { TextAreaField } from '../components/NativeField';
import { CodeField } from '../components/account/CodeField';
import { useFormFields, useHydrated } from '../components/account/use-form';
import { useFormSubmit } from '../components/account/use-form-submit';
import { useSession } from '../components/SessionProvider';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { fieldErrorsOf, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { countryName } from '../lib/format';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import { checkAvatarFile, MOTTO_MAX, validateBindEmail, validateProfile, type BindEmailValues, type ProfileValues } from '../lib/validation';
import type { Route } from './+types/user.set';
import classes from '../components/account/AccountLayout.module.css';

/** Signed-in users only: this loader checks it itself (spec §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, api } = pageApi(request, context);
  const [profile, regions, mail] = await Promise.all([
    requireUser(request, context),
    settle(api.op(ops.countries)),
    settle(api.op(ops.emailPreferences)),
  ]);
  // Named and sorted here, once, so server and browser render the same list.
  const countries = regions.ok
    ? regions.data.map((c) => ({ value: c.id, label: countryName(c, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale))
    : [];
  return { profile, countries, countriesFailed: !regions.ok, mail: mail.ok ? mail.data : null };
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.account.settings' }, noindex: true });

/** My Settings (spec §2 "Personal settings"): avatar, email binding, public user name, country, motto; which emails to get. */
export default function Settings() {
  const t = useT();
  const { profile, countries, countriesFailed, mail } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('header.account.settings')}>
      <EmailBinding initialEmail={profile.email} />
      <ProfileForm profile={profile} countries={countries} countriesFailed={countriesFailed} />
      <MailPreferences initial={mail} />
    </AccountLayout>
  );
}

/** Non-essential emails (moderation outcomes, newsletters) on or off; verification codes always go. Saved on change. */
function MailPreferences({ initial }: { initial: EmailPreferences | null }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const hydrated = useHydrated();
  const [prefs, setPrefs] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function onChange(nonEssential: boolean) {
    const before = prefs;
    setPrefs({ nonEssential });
    setBusy(true);
    try {
      const result = await api.op(ops.saveEmailPreferences, { nonEssential });
      setPrefs(result.data);
      toast('success', result.msg || t('settings.mail.saved'));
    } catch (error) {
      setPrefs(before);
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={classes.card} aria-labelledby="mail-title">
      <h2 id="mail-title" className={classes.cardTitle}>
        {t('settings.mail.title')}
      </h2>
      {prefs ? (
        <Switch
          label={t('settings.mail.nonEssential')}
          description={t('settings.mail.hint')}
          checked={prefs.nonEssential}
          onChange={(e) => void onChange(e.currentTarget.checked)}
          disabled={!hydrated || busy}
          data-testid="mail-non-essential"
        />
      ) : (
        <p className={classes.muted}>{t('settings.mail.failed')}</p>
      )}
    </section>
  );
}

interface CountryOption {
  value: string;
  label: string;
}

function ProfileForm({ profile, countries, countriesFailed }: { profile: UserProfile; countries: CountryOption[]; countriesFailed: boolean }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const session = useSession();
  const hydrated = useHydrated();
  const form = useFormFields<ProfileValues>({ username: profile.username, country: profile.country?.id ?? '', motto: profile.motto ?? '' }, validateProfile);
  const [avatar, setAvatar] = useState<{ url: string; key: string | null }>({ url: profile.avatar?.avatar ?? '', key: null });
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const locked = !hydrated || saving;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file may be picked again after a failure
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      setAvatarError(t(problem));
      return;
    }
    setAvatarError(null);
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const { data } = await api.upload(ops.uploadAvatar, body);
      setAvatar({ url: data.avatar.avatar, key: data.key });
    } catch (error) {
      // One message, at the picture: the field's own message, else the server's.
      const fields = fieldErrorsOf(error);
      setAvatarError(fields.file ?? fields.avatar ?? errorText(error));
    } finally {
      setUploading(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked || uploading || !form.validateAll()) return;
    const { username, country, motto } = form.values;
    setSaving(true);
    try {
      const body: EditUserBody = { username: username.trim(), country, motto, ...(avatar.key ? { avatar: avatar.key } : {}) };
      const result = await api.op(ops.editProfile, body);
      toast('success', result.msg || t('settings.profile.saved'));
      const saved = result.data;
      session.update({ username: saved?.username ?? body.username, avatar: saved?.avatar?.avatar ?? avatar.url });
      setAvatar((current) => ({ url: saved?.avatar?.avatar ?? current.url, key: null }));
    } catch (error) {
      // One message per error: at its field when the server named one, else as a toast.
      const shown = form.showServerErrors(error);
      const fields = fieldErrorsOf(error);
      const avatarField = fields.avatar ?? fields.avatarKey;
      if (avatarField) setAvatarError(avatarField);
      if (!shown && !avatarField) toast('error', errorText(error));
    } finally {
      setSaving(false);
    }
  }

  const initial = [...form.values.username][0]?.toUpperCase() ?? '?';
  return (
    <form className={classes.card} onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title" className={classes.cardTitle}>
        {t('settings.profile.title')}
      </h2>
      <div className={classes.form}>
        <div>
          <div className={classes.avatarRow}>
            {avatar.url ? (
              <img className={classes.avatarPreview} src={avatar.url} alt={t('settings.avatar.preview')} width={88} height={88} data-testid="avatar-preview" />
            ) : (
              <span className={`${classes.avatarPreview} ${classes.avatarInitial}`} aria-hidden="true">
                {initial}
              </span>
            )}
            <div>
              <label className={classes.uploadButton} data-busy={uploading || undefined}>
                {t(uploading ? 'settings.avatar.uploading' : 'settings.avatar.upload')}
                <input
                  type="file"
                  accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                  className="bw-visually-hidden"
                  onChange={onPick}
                  disabled={locked || uploading}
                  aria-describedby={avatarError ? 'avatar-hint avatar-error' : 'avatar-hint'}
                  aria-invalid={avatarError ? true : undefined}
                />
              </label>
              <p id="avatar-hint" className={classes.hint}>
                {t('settings.avatar.hint')}
              </p>
            </div>
          </div>
          {avatarError && (
            <p id="avatar-error" className={classes.fieldError} role="alert" data-testid="avatar-error">
              {avatarError}
            </p>
          )}
        </div>
        <TextInput
          label={t('settings.profile.username')}
          description={t('settings.profile.usernameHint')}
          name="username"
          autoComplete="username"
          {...form.text('username')}
          disabled={locked}
        />
        <NativeSelect
          label={t('settings.profile.country')}
          name="country"
          value={form.values.country}
          onChange={(e) => form.set('country', e.currentTarget.value)}
          error={form.error('country') ?? (countriesFailed ? t('settings.profile.countriesFailed') : undefined)}
          disabled={locked}
          data={[{ value: '', label: t('settings.profile.countryPlaceholder'), disabled: true }, ...countries]}
        />
        <TextAreaField
          label={t('settings.profile.motto')}
          description={t('settings.profile.mottoCount', { count: [...form.values.motto].length, max: MOTTO_MAX })}
          name="motto"
          rows={3}
          maxRows={6}
          {...form.text('motto')}
          disabled={locked}
        />
        <div className={classes.actions}>
          <Button type="submit" loading={saving} disabled={!hydrated || uploading}>
            {t('settings.profile.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Email binding: shown bound, or bound here with a code sent for `bind_email` (spec §2). */
function EmailBinding({ initialEmail }: { initialEmail: string | null }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const [email, setEmail] = useState(initialEmail);
  const form = useFormFields<BindEmailValues>({ email: '', captcha: '' }, validateBindEmail);
  const { phase, locked, hydrated, onSubmit } = useFormSubmit(form, {
    send: (values) => {
      const body: BindEmailBody = { email: values.email.trim(), captcha: values.captcha.trim() };
      return api.op(ops.bindEmail, body);
    },
    done: (result, values) => {
      toast('success', result.msg || t('settings.email.bound'));
      setEmail(result.data?.email ?? values.email.trim());
    },
    repeatable: true,
  });

  return (
    <section className={classes.card} aria-labelledby="email-title">
      <h2 id="email-title" className={classes.cardTitle}>
        {t('settings.email.title')}
      </h2>
      {email ? (
        <p className={classes.emailBound} data-testid="bound-email">
          <span>{email}</span>
          <span className={classes.badge}>{t('settings.email.boundBadge')}</span>
        </p>
      ) : (
        <form className={classes.form} onSubmit={onSubmit} noValidate>
          <p className={classes.muted}>{t('settings.email.intro')}</p>
          <EmailField {...form.text('email')} disabled={locked} />
          <CodeField
            event="bind_email"
            {...form.code('email', 'captcha')}
            disabled={locked}
          />
          <div className={classes.actions}>
            <Button type="submit" variant="light" loading={phase === 'sending'} disabled={!hydrated}>
              {t('settings.email.bind')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
