import { Link } from 'react-router';
import type { Page, TraderAccountDetail, TraderOrder } from '@brokerwise/api-contract';
import type { Settled } from '../../../lib/api';
import { traderAccountHref } from '../../../lib/trader';
import { useT } from '../../../lib/use-t';
import { ErrorNotice } from '../../ErrorNotice';
import { Pagination } from '../../Pagination';
import { useTraderFormat } from '../format';
import { AccountBadges, RankingStatus } from '../TraderParts';
import { Curves, MonthlyReturns, OrdersTable, StatsCards } from './AccountStats';
import { OwnerPanel } from './OwnerPanel';
import classes from '../Trader.module.css';

/** One trading account: statistics, curves, monthly returns and closed orders; the owner's controls for its owner. */
export function AccountView({ account, orders, page }: { account: TraderAccountDetail; orders: Settled<Page<TraderOrder>>; page: number }) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <div className={`bw-container ${classes.page}`} data-testid="trader-account" data-account-id={account.id}>
      <header className={classes.head}>
        <div>
          <p className={classes.small}>
            <Link to="/trader/index" className={classes.link}>
              {t('trader.top.title')}
            </Link>
            {account.mine && (
              <>
                {' · '}
                <Link to="/trader/account" className={classes.link}>
                  {t('trader.mine.title')}
                </Link>
              </>
            )}
          </p>
          <h1 className={classes.title} data-testid="trader-nickname">
            {account.nickname}
          </h1>
          <p className={classes.muted}>
            {t('trader.account.byline', { owner: account.owner.username, account: account.account, date: f.date(account.boundAt) })}
          </p>
          <AccountBadges account={account} />
          {account.description && <p className={classes.description}>{account.description}</p>}
          <RankingStatus account={account} />
        </div>
      </header>

      <div className={classes.stack}>
        {account.mine && <OwnerPanel account={account} />}
        {account.stats ? (
          <StatsCards stats={account.stats} leverage={account.leverage} />
        ) : (
          <p className={classes.card} data-testid="trader-no-stats">
            {t('trader.stats.none')}
          </p>
        )}
        {account.curve.length > 0 && <Curves account={account} />}
        {account.monthly.length > 0 && <MonthlyReturns monthly={account.monthly} />}
        <section id="orders" aria-labelledby="orders-title">
          <h2 id="orders-title" className={classes.sectionTitle}>
            {t('trader.orders.title')}
          </h2>
          {!orders.ok ? (
            <ErrorNotice error={orders.error} />
          ) : orders.data.list.length === 0 ? (
            <p className={classes.muted} data-testid="trader-orders-empty">
              {t('trader.orders.empty')}
            </p>
          ) : (
            <>
              <OrdersTable orders={orders.data.list} f={f} />
              <Pagination page={page} total={orders.data.total} limit={orders.data.limit || 20} hrefFor={(p) => traderAccountHref(account.id, p)} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

