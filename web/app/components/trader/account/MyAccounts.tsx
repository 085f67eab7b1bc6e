import { Link } from 'react-router';
import type { TraderAccount } from '@brokerwise/api-contract';
import type { Settled } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { AccountLayout } from '../../account/AccountLayout';
import { ErrorNotice } from '../../ErrorNotice';
import { AccountSummary } from '../TraderParts';
import classes from '../Trader.module.css';

/** /trader/account without `id`: the signed-in user's own accounts ("My accounts"). */
export function MyAccounts({ accounts }: { accounts: Settled<TraderAccount[]> }) {
  const t = useT();
  return (
    <AccountLayout title={t('trader.mine.title')}>
      <div className={classes.stack}>
        <p className={classes.actions}>
          <Link to="/trader/bindaccount" className={classes.button} data-testid="bind-account-link">
            {t('trader.mine.bind')}
          </Link>
          <Link to="/user/account" className={classes.buttonSecondary}>
            {t('trader.mine.verify')}
          </Link>
          <Link to="/trader/apply" className={classes.link}>
            {t('trader.mine.apply')}
          </Link>
        </p>
        {!accounts.ok ? (
          <ErrorNotice error={accounts.error} />
        ) : accounts.data.length === 0 ? (
          <p className={classes.muted} data-testid="my-trader-empty">
            {t('trader.mine.empty')}
          </p>
        ) : (
          <ul className={classes.list}>
            {accounts.data.map((a) => (
              <li key={a.id}>
                <AccountSummary account={a} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </AccountLayout>
  );
}

