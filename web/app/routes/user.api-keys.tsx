import { useState, type FormEvent } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import type { ApiKey, CreatedApiKey } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { useHydrated } from '../components/account/use-form';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { useToast } from '../components/Toasts';
import { useTraderFormat } from '../components/trader/format';
import { useApiAction } from '../components/use-api-action';
import { errorCodeOf, fieldErrorsOf, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.api-keys';
import classes from '../components/trader/Trader.module.css';

/** Signed-in users only: this loader checks it itself, never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { api } = pageApi(request, context);
  const keys = await settle(api.op(ops.apiKeys));
  return data({ keys }, { status: pageStatus(keys), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'apikeys.page.title' }, noindex: true });

/** Keys of the public read API (/v1): make one (its secret shown once), see usage, revoke. */
export default function ApiKeys() {
  const t = useT();
  const { keys } = useLoaderData<typeof loader>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <AccountLayout title={t('apikeys.page.title')}>
      <div className={classes.stack}>
        <section className={classes.card} aria-labelledby="apikeys-about">
          <h2 id="apikeys-about" className={classes.sectionTitle}>
            {t('apikeys.page.aboutTitle')}
          </h2>
          <p>{t('apikeys.page.about')}</p>
          {keys.ok && <p className={classes.small}>{t('apikeys.page.limits', { perMinute: keys.data.perMinute, keyless: Math.max(1, Math.floor(keys.data.perMinute / 10)), max: keys.data.maxActive })}</p>}
          <p className={classes.small}>
            <Link to="/developers" className={classes.link}>
              {t('apikeys.page.docs')}
            </Link>
          </p>
        </section>
        {created && <NewKey created={created} onDone={() => setCreated(null)} />}
        <CreateKey onCreated={setCreated} />
        {!keys.ok ? <ErrorNotice error={keys.error} /> : <KeyTable items={keys.data.items} />}
      </div>
    </AccountLayout>
  );
}

function CreateKey({ onCreated }: { onCreated: (k: CreatedApiKey) => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const action = useApiAction();
  const busy = action.busy !== null;
  const [fieldError, setFieldError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError('');
    await action.run(true, (api) => api.op(ops.createApiKey, { name }), {
      done: (result) => {
        onCreated(result.data);
        setName('');
      },
      failed: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields.name) setFieldError(fields.name);
        return Boolean(fields.name);
      },
    });
  }

  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={(e) => void submit(e)} aria-labelledby="apikeys-new" noValidate>
      <h2 id="apikeys-new" className={classes.sectionTitle}>
        {t('apikeys.page.newTitle')}
      </h2>
      <label className={classes.field}>
        {t('apikeys.page.name')}
        <input
          className={classes.input}
          name="name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('apikeys.page.namePlaceholder')}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'apikeys-name-error' : undefined}
          data-testid="apikeys-name"
        />
      </label>
      {fieldError && (
        <p id="apikeys-name-error" className={classes.error} role="alert">
          {fieldError}
        </p>
      )}
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || busy} data-testid="apikeys-create">
          {t('apikeys.page.create')}
        </button>
      </div>
    </form>
  );
}

function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      toast('success', t('apikeys.page.copied'));
    } catch {
      // Clipboard refused (permissions, insecure origin): the key stays selectable on the page.
      toast('error', t('apikeys.page.copyFailed'));
    }
  }
  return (
    <section className={classes.card} aria-labelledby="apikeys-created" data-testid="apikeys-created" role="status">
      <h2 id="apikeys-created" className={classes.sectionTitle}>
        {t('apikeys.page.createdTitle', { name: created.record.name })}
      </h2>
      <p>{t('apikeys.page.createdNote')}</p>
      <p>
        <code className={classes.code} data-testid="apikeys-secret">
          {created.key}
        </code>
      </p>
      <div className={classes.actions}>
        <button type="button" className={classes.button} onClick={() => void copy()}>
          {t('apikeys.page.copy')}
        </button>
        <button type="button" className={classes.buttonSecondary} onClick={onDone}>
          {t('apikeys.page.done')}
        </button>
      </div>
    </section>
  );
}

function KeyTable({ items }: { items: ApiKey[] }) {
  const t = useT();
  const f = useTraderFormat();
  const hydrated = useHydrated();
  const { busy, run, revalidate } = useApiAction<string>();

  async function revoke(key: ApiKey) {
    if (!window.confirm(t('apikeys.page.revokeConfirm', { name: key.name }))) return;
    await run(key.id, (api) => api.op(ops.revokeApiKey, { id: key.id }), {
      // Revoked elsewhere meanwhile: show the list as it is now (the error is still said).
      failed: (error) => void (errorCodeOf(error) === 'identity.api_key_not_found' && revalidate()),
    });
  }

  if (items.length === 0) return <p className={classes.muted} data-testid="apikeys-empty">{t('apikeys.page.empty')}</p>;
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid="apikeys-table">
        <caption className="bw-visually-hidden">{t('apikeys.page.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('apikeys.page.name')}</th>
            <th scope="col">{t('apikeys.page.key')}</th>
            <th scope="col">{t('apikeys.page.created')}</th>
            <th scope="col">{t('apikeys.page.lastUsed')}</th>
            <th scope="col">{t('apikeys.page.usage')}</th>
            <th scope="col">{t('apikeys.page.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((k) => (
            <tr key={k.id} data-testid="apikeys-row" data-revoked={k.revokedAt ? '' : undefined}>
              <td>{k.name}</td>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{f.date(k.createdAt)}</td>
              <td>{k.lastUsedAt ? f.dateTime(k.lastUsedAt) : t('apikeys.page.never')}</td>
              <td>{t('apikeys.page.usageValue', { today: k.usage.today, month: k.usage.last30Days })}</td>
              <td>
                {k.revokedAt ? (
                  t('apikeys.page.revokedOn', { date: f.date(k.revokedAt) })
                ) : (
                  <button type="button" className={classes.buttonDanger} disabled={!hydrated || busy === k.id} onClick={() => void revoke(k)} data-testid="apikeys-revoke">
                    {t('apikeys.page.revoke')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
