import { useState } from 'react';
import { data, Form, Link, useLoaderData } from 'react-router';
import type { TraderAccount, TraderVerification } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { useHydrated } from '../components/account/use-form';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { useTraderFormat } from '../components/trader/format';
import { SyncStatus } from '../components/trader/TraderParts';
import { useApiAction } from '../components/use-api-action';
import { settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { loginUrlFor } from '../lib/guard';
import { pageMeta } from '../lib/meta';
import { loadSession } from '../lib/session.server';
import { traderAccountHref } from '../lib/trader';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.account';
import classes from '../components/trader/Trader.module.css';

/**
 * /user/account (spec §2: no role required): live account verification. Everybody reads how it
 * works; a signed-in trader picks one of their synced accounts, gets a code, puts it in the account
 * name or an order comment on the trading platform, and the next sync marks the account verified.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await loadSession(request, context);
  if (session.state !== 'signed-in') return { signedIn: false as const };
  const { api } = pageApi(request, context);
  const accounts = await settle(api.op(ops.myAccounts));
  const candidates = accounts.ok ? accounts.data.filter((a) => a.source === 'bridge' && a.status === 'active') : [];
  const wanted = new URL(request.url).searchParams.get('id');
  const selected = candidates.find((a) => a.id === wanted) ?? candidates.find((a) => !a.verified) ?? candidates[0] ?? null;
  const verification: Settled<TraderVerification> | null = selected ? await settle(api.op(ops.verification, { id: selected.id })) : null;
  return data({ signedIn: true as const, accounts, candidates, selected, verification }, { headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'header.account.verify' }, description: { id: 'trader.verify.description' }, canonicalParams: [] });

export default function VerifyAccount() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('header.account.verify')} guarded={false}>
      <div className={classes.stack}>
        <section className={classes.card} aria-labelledby="verify-how">
          <h2 id="verify-how" className={classes.sectionTitle}>
            {t('trader.verify.howTitle')}
          </h2>
          <p>{t('trader.verify.howIntro')}</p>
          <ol>
            <li>{t('trader.verify.stepCode')}</li>
            <li>{t('trader.verify.stepPut')}</li>
            <li>{t('trader.verify.stepSync')}</li>
          </ol>
          <p className={classes.small}>{t('trader.verify.howNote')}</p>
        </section>
        {!loaded.signedIn ? (
          <p data-testid="verify-signed-out">
            <Link to={loginUrlFor('/user/account')} className={classes.button}>
              {t('trader.verify.signIn')}
            </Link>
          </p>
        ) : !loaded.accounts.ok ? (
          <ErrorNotice error={loaded.accounts.error} />
        ) : loaded.candidates.length === 0 ? (
          <p className={classes.card} data-testid="verify-no-accounts">
            {t('trader.verify.noAccounts')}{' '}
            <Link to="/trader/bindaccount" className={classes.link}>
              {t('trader.mine.bind')}
            </Link>
          </p>
        ) : (
          <>
            <Form method="get" className={classes.filters} data-testid="verify-pick">
              <label className={classes.field}>
                {t('trader.verify.pick')}
                <select name="id" defaultValue={loaded.selected?.id} className={classes.select} data-testid="verify-account">
                  {loaded.candidates.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.nickname} · {a.server} · #{a.account}
                      {a.verified ? ` · ${t('trader.badge.verified')}` : ''}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={classes.buttonSecondary}>
                {t('trader.verify.choose')}
              </button>
            </Form>
            {loaded.selected && <Verification key={loaded.selected.id} account={loaded.selected} verification={loaded.verification} />}
          </>
        )}
        {loaded.signedIn && (
          <p className={classes.small}>
            <Link to="/trader/account" className={classes.link}>
              {t('trader.mine.title')}
            </Link>
          </p>
        )}
      </div>
    </AccountLayout>
  );
}

function Verification({ account, verification }: { account: TraderAccount; verification: Settled<TraderVerification> | null }) {
  const t = useT();
  const f = useTraderFormat();
  const hydrated = useHydrated();
  const { busy, run, toast } = useApiAction();
  const [message, setMessage] = useState('');

  const post = (operation: typeof ops.requestVerification | typeof ops.syncAccount) =>
    run(true, (api) => api.op(operation, { id: account.id }), { done: (result) => (operation.id === 'requestVerification' ? setMessage(result.msg) : toast('success', result.msg)) });

  const v = verification?.ok ? verification.data : null;
  return (
    <section className={classes.card} aria-labelledby="verify-account-title" data-testid="verify-panel" data-verified={v?.verified ? '' : undefined}>
      <h2 id="verify-account-title" className={classes.sectionTitle}>
        <Link to={traderAccountHref(account.id)} className={classes.nickname}>
          {account.nickname}
        </Link>{' '}
        <span className={classes.small}>
          {account.server} · #{account.account}
        </span>
      </h2>
      {verification && !verification.ok && <ErrorNotice error={verification.error} />}
      {v?.verified ? (
        <p className={classes.syncState} data-state="ok" data-testid="verify-done">
          <strong>{t('trader.verify.verified', { date: f.date(v.verifiedAt) })}</strong>
        </p>
      ) : (
        <>
          {v?.code ? (
            <div data-testid="verify-code-box">
              <p>{t('trader.verify.codeIntro')}</p>
              <p>
                <span className={classes.code} data-testid="verify-code">
                  {v.code}
                </span>
              </p>
              <p className={classes.small}>{t('trader.verify.expires', { date: f.dateTime(v.expiresAt) })}</p>
              <p>{message || t('trader.verify.instructions')}</p>
            </div>
          ) : (
            <p className={classes.muted}>{t('trader.verify.noCode')}</p>
          )}
          <div className={classes.actions}>
            <button type="button" className={classes.button} disabled={!hydrated || busy !== null} onClick={() => void post(ops.requestVerification)} data-testid="verify-request">
              {t(v?.code ? 'trader.verify.newCode' : 'trader.verify.getCode')}
            </button>
            <button type="button" className={classes.buttonSecondary} disabled={!hydrated || busy !== null} onClick={() => void post(ops.syncAccount)} data-testid="verify-sync">
              {t('trader.owner.syncNow')}
            </button>
          </div>
        </>
      )}
      <SyncStatus sync={account.sync} source={account.source} />
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
