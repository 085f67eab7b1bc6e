import { Button, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { data, Link } from 'react-router';
import type { AdminNewsletterBody, AdminNoticeBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useApi, useApiErrorText } from '../components/ApiProvider';
import { useHydrated } from '../components/account/use-form';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { AdminNav } from '../components/admin/AdminNav';
import { failureStatus, fieldErrorsOf, type ApiClient, type ApiSuccess } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { loadSession } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.notices';
import classes from './admin.notices.module.css';

/** Admins only; anyone else gets the 404 page (as /admin/reviews). The gateway checks the role on every call. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await loadSession(request, context);
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  if (session.state !== 'signed-in' || !session.profile.isAdmin) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'adminNotice.page.title' }, noindex: true });

/** System notifications (to one user or everyone) and newsletter issues, each in both languages. */
export default function AdminNotices() {
  const t = useT();
  return (
    <div className={`bw-container ${classes.page}`}>
      <AdminNav />
      <h1 className={classes.title}>{t('adminNotice.page.title')}</h1>
      <p className={classes.intro}>
        {t('adminNotice.page.intro')} <Link to="/admin/reviews">{t('admin.page.title')}</Link>
      </p>
      <SystemNoticeForm />
      <NewsletterForm />
    </div>
  );
}

type Fields = Record<string, string>;

/** Posts a form's values; shows the server's answer as a toast and its field messages under the fields. */
function useSender<T>(post: (api: ApiClient, body: T) => Promise<ApiSuccess<unknown>>, onDone: () => void) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Fields>({});
  const send = async (body: T) => {
    setBusy(true);
    setErrors({});
    try {
      const result = await post(api, body);
      toast('success', result.msg || t('adminNotice.form.sent'));
      onDone();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, send };
}

function SystemNoticeForm() {
  const t = useT();
  const hydrated = useHydrated();
  const empty = { uid: '', titleEn: '', titleZh: '', contentEn: '', contentZh: '', link: '' };
  const [v, setV] = useState(empty);
  const { busy, errors, send } = useSender((api, body: AdminNoticeBody) => api.op(ops.adminNotice, body), () => setV(empty));
  const field = (name: keyof typeof empty) => ({ value: v[name], onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [name]: e.currentTarget.value }), disabled: !hydrated || busy });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send({
      ...(v.uid.trim() ? { uid: v.uid.trim() } : {}),
      title: { en: v.titleEn, zh: v.titleZh },
      content: { en: v.contentEn, zh: v.contentZh },
      ...(v.link.trim() ? { link: v.link.trim() } : {}),
    });
  }

  return (
    <section className={classes.card} aria-labelledby="system-notice-title">
      <h2 id="system-notice-title" className={classes.cardTitle}>
        {t('adminNotice.system.title')}
      </h2>
      <form className={classes.form} onSubmit={onSubmit} noValidate data-testid="admin-notice-form">
        <TextInput label={t('adminNotice.system.uid')} description={t('adminNotice.system.uidHint')} error={errors.uid} {...field('uid')} />
        <div className={classes.pair}>
          <TextInput label={t('adminNotice.form.titleEn')} error={errors.title} {...field('titleEn')} />
          <TextInput label={t('adminNotice.form.titleZh')} {...field('titleZh')} />
        </div>
        <div className={classes.pair}>
          <Textarea label={t('adminNotice.form.contentEn')} autosize minRows={3} error={errors.content} {...field('contentEn')} />
          <Textarea label={t('adminNotice.form.contentZh')} autosize minRows={3} {...field('contentZh')} />
        </div>
        <TextInput label={t('adminNotice.system.link')} placeholder="/promotion" error={errors.link} {...field('link')} />
        <div>
          <Button type="submit" loading={busy} disabled={!hydrated}>
            {t('adminNotice.system.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function NewsletterForm() {
  const t = useT();
  const hydrated = useHydrated();
  const empty = { subjectEn: '', subjectZh: '', contentEn: '', contentZh: '' };
  const [v, setV] = useState(empty);
  const { busy, errors, send } = useSender((api, body: AdminNewsletterBody) => api.op(ops.adminNewsletter, body), () => setV(empty));
  const field = (name: keyof typeof empty) => ({ value: v[name], onChange: (e: { currentTarget: { value: string } }) => setV({ ...v, [name]: e.currentTarget.value }), disabled: !hydrated || busy });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send({ subject: { en: v.subjectEn, zh: v.subjectZh }, content: { en: v.contentEn, zh: v.contentZh } });
  }

  return (
    <section className={classes.card} aria-labelledby="newsletter-issue-title">
      <h2 id="newsletter-issue-title" className={classes.cardTitle}>
        {t('adminNotice.newsletter.title')}
      </h2>
      <form className={classes.form} onSubmit={onSubmit} noValidate>
        <div className={classes.pair}>
          <TextInput label={t('adminNotice.newsletter.subjectEn')} error={errors.subject} {...field('subjectEn')} />
          <TextInput label={t('adminNotice.newsletter.subjectZh')} {...field('subjectZh')} />
        </div>
        <div className={classes.pair}>
          <Textarea label={t('adminNotice.form.contentEn')} description={t('adminNotice.newsletter.hint')} autosize minRows={6} error={errors.content} {...field('contentEn')} />
          <Textarea label={t('adminNotice.form.contentZh')} autosize minRows={6} {...field('contentZh')} />
        </div>
        <div>
          <Button type="submit" loading={busy} disabled={!hydrated}>
            {t('adminNotice.newsletter.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
