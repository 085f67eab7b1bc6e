import { data, useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { AccountView } from '../components/trader/account/AccountView';
import { MyAccounts } from '../components/trader/account/MyAccounts';
import { failureStatus, pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { isAccountId, pageParam } from '../lib/trader';
import { useT } from '../lib/use-t';
import type { Route } from './+types/trader.account';
import classes from '../components/trader/Trader.module.css';

/**
 * /trader/account?id=&page= (spec §2, §3, §4): one trading account: statistics, curves, monthly
 * returns and closed orders. Public accounts for everybody; hidden ones for their owner only
 * (anyone else gets the 404 page). Without `id`: the signed-in user's own accounts ("My accounts").
 * The views, the owner's controls and the statement upload live in components/trader/account/.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get('id')?.trim() ?? '';
  const { api } = pageApi(request, context);
  if (!id) {
    await requireUser(request, context);
    const accounts = await settle(api.op(ops.myAccounts));
    return data({ kind: 'mine' as const, accounts }, { status: pageStatus(accounts) });
  }
  if (!isAccountId(id)) throw data(null, { status: 404 });
  const page = pageParam(params.get('page'), 10_000);
  const [account, orders] = await Promise.all([
    settle(api.op(ops.traderAccount, { id })),
    settle(api.op(ops.traderOrders, { id, page })),
  ]);
  if (!account.ok) {
    if (account.error.status === 404 || account.error.status === 400) throw data(null, { status: 404 });
    return data({ kind: 'failed' as const, error: account.error }, { status: failureStatus(account.error) });
  }
  return data({ kind: 'account' as const, account: account.data, orders, page }, { headers: account.data.mine ? { 'cache-control': 'private, no-store' } : {} });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  if (loaderData?.kind === 'account') {
    const a = loaderData.account;
    return pageMeta({
      matches,
      location,
      title: { id: 'trader.account.metaTitle', values: { nickname: a.nickname, broker: a.broker.name } },
      description: { id: 'trader.account.metaDescription', values: { nickname: a.nickname, owner: a.owner.username, broker: a.broker.name } },
      canonicalParams: ['id', 'page'],
      ogType: 'profile',
      noindex: a.visibility === 'hidden',
    });
  }
  return pageMeta({ matches, location, title: { id: 'trader.mine.title' }, noindex: true });
};

export default function TraderAccountPage() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'mine') return <MyAccounts accounts={loaded.accounts} />;
  if (loaded.kind === 'failed') {
    return (
      <div className={`bw-container ${classes.page}`}>
        <h1 className={classes.title}>{t('trader.account.title')}</h1>
        <ErrorNotice error={loaded.error} />
      </div>
    );
  }
  return <AccountView account={loaded.account} orders={loaded.orders} page={loaded.page} />;
}

export const ErrorBoundary = RouteErrorContent;
