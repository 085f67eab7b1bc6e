import { data, Link, useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { ComplaintList } from '../components/complaints/ComplaintList';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.complaints';
import classes from '../components/reviews/Reviews.module.css';

/** Signed-in users only (checked here): the user's own complaint cases, whatever their status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { api } = pageApi(request, context);
  const mine = await settle(api.op(ops.myComplaints, {}));
  return data({ mine }, { status: pageStatus(mine) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'complaints.mine.title' }, noindex: true });

export default function MyComplaints() {
  const t = useT();
  const { mine } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('complaints.mine.title')}>
      {!mine.ok ? (
        <ErrorNotice error={mine.error} />
      ) : mine.data.length === 0 ? (
        <p className={classes.muted} data-testid="my-complaints-empty">
          {t('complaints.mine.empty')}{' '}
          <Link to="/complaints/new" className={classes.link}>
            {t('complaints.new.link')}
          </Link>
        </p>
      ) : (
        <ComplaintList items={mine.data} />
      )}
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorContent;
