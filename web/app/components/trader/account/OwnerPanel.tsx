import { useState } from 'react';
import { Link } from 'react-router';
import type { TraderAccount } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import type { ApiClient, ApiSuccess } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { useHydrated } from '../../account/use-form';
import { useApiAction } from '../../use-api-action';
import { SyncStatus } from '../TraderParts';
import { StatementUpload } from './StatementUpload';
import classes from '../Trader.module.css';

/** The owner's controls: sync state and Sync now, visibility, statement upload, unbind (spec §4). */
export function OwnerPanel({ account }: { account: TraderAccount }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction<'sync' | 'visibility' | 'unbind'>();
  const busy = action.busy;
  const [confirming, setConfirming] = useState(false);
  const closed = account.status === 'closed';

  const run = (kind: 'sync' | 'visibility' | 'unbind', call: (api: ApiClient) => Promise<ApiSuccess<TraderAccount>>) =>
    action.run(kind, call, {
      done: (result) => {
        action.toast('success', result.msg);
        setConfirming(false);
      },
    });

  const nextVisibility = account.visibility === 'public' ? 'hidden' : 'public';
  return (
    <section className={`${classes.card} ${classes.owner}`} aria-labelledby="owner-title" data-testid="trader-owner">
      <div>
        <h2 id="owner-title" className={classes.sectionTitle}>
          {t('trader.owner.title')}
        </h2>
        <SyncStatus sync={account.sync} source={account.source} />
        {account.source === 'bridge' && !closed && (
          <div className={classes.actions}>
            <button
              type="button"
              className={classes.button}
              disabled={!hydrated || !!busy}
              onClick={() => void run('sync', (api) => api.op(ops.syncAccount, { id: account.id }))}
              data-testid="trader-sync-now"
            >
              {t(busy === 'sync' ? 'trader.owner.syncing' : 'trader.owner.syncNow')}
            </button>
            <button type="button" className={classes.buttonSecondary} disabled={!hydrated || !!busy} onClick={() => void action.revalidate()} data-testid="trader-refresh">
              {t('trader.owner.refresh')}
            </button>
          </div>
        )}
        {!account.verified && !closed && (
          <p className={classes.small}>
            <Link to={`/user/account?${new URLSearchParams({ id: account.id })}`} className={classes.link}>
              {t('trader.owner.verify')}
            </Link>
          </p>
        )}
      </div>
      <div className={classes.stack}>
        {!closed && (
          <div>
            <h3 className={classes.sectionTitle}>{t('trader.owner.visibility')}</h3>
            <p className={classes.small}>{t(account.visibility === 'public' ? 'trader.owner.publicNote' : 'trader.owner.hiddenNote')}</p>
            <button
              type="button"
              role="switch"
              aria-checked={account.visibility === 'public'}
              className={classes.buttonSecondary}
              disabled={!hydrated || !!busy}
              onClick={() => void run('visibility', (api) => api.op(ops.accountVisibility, { id: account.id, visibility: nextVisibility }))}
              data-testid="trader-visibility-toggle"
            >
              {t(nextVisibility === 'hidden' ? 'trader.owner.makeHidden' : 'trader.owner.makePublic')}
            </button>
          </div>
        )}
        {account.source === 'statement' && !closed && <StatementUpload account={account} />}
        {!closed && (
          <div>
            {!confirming ? (
              <button type="button" className={classes.buttonSecondary} disabled={!hydrated || !!busy} onClick={() => setConfirming(true)} data-testid="trader-unbind">
                {t('trader.owner.unbind')}
              </button>
            ) : (
              <div className={classes.confirm} role="alertdialog" aria-labelledby="unbind-question">
                <p id="unbind-question">{t('trader.owner.unbindQuestion')}</p>
                <div className={classes.actions}>
                  <button
                    type="button"
                    className={classes.buttonDanger}
                    disabled={!!busy}
                    onClick={() => void run('unbind', (api) => api.op(ops.unbindAccount, { id: account.id }))}
                    data-testid="trader-unbind-confirm"
                  >
                    {t('trader.owner.unbindYes')}
                  </button>
                  <button type="button" className={classes.buttonSecondary} disabled={!!busy} onClick={() => setConfirming(false)}>
                    {t('trader.owner.cancel')}
                  </button>
                </div>
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
