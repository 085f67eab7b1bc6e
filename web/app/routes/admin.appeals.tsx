import { data, Link, useLoaderData } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { AdminNav } from '../components/admin/AdminNav';
import { AppealDecideForm } from '../components/admin/AppealDecideForm';
import { RemovalDecideForm, RemovalSummary } from '../components/admin/RemovalParts';
import { SanctionSummary } from '../components/admin/SanctionParts';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireStaff } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.appeals';
import classes from '../components/trader/Trader.module.css';
import adminClasses from './admin.reviews.module.css';

/** /admin/appeals?status=open|decided&page=: moderators and admins (404 for anyone else). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'moderator');
  const params = new URL(request.url).searchParams;
  const status = params.get('status') === 'decided' ? ('decided' as const) : ('open' as const);
  const page = Math.min(10000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const { api } = pageApi(request, context);
  const [appeals, removals] = await Promise.all([
    settle(api.op(ops.adminAppeals, { status, page })),
    settle(api.op(ops.adminRemovalAppeals, { status, page })),
  ]);
  return data({ me: { id: me.id, role: me.role }, status, appeals, removals }, { status: pageStatus(appeals), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'adminAppeals.page.title' }, noindex: true });

/**
 * Appeals against sanctions, oldest first: a moderator other than the one who imposed the
 * sanction keeps it or lifts it, with a reason the user reads. Then appeals against removed
 * content: a moderator other than the one who removed it restores it or keeps it removed.
 */
export default function AdminAppeals() {
  const t = useT();
  const { me, status, appeals, removals } = useLoaderData<typeof loader>();
  const hrefFor = (s: 'open' | 'decided', p = 1) => `/admin/appeals?${new URLSearchParams({ ...(s === 'decided' ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav role={me.role} />
      <h1 className={adminClasses.title}>{t('adminAppeals.page.title')}</h1>
      <p className={classes.muted}>{t('adminAppeals.page.intro')}</p>
      <p className={adminClasses.related}>
        <Link to={hrefFor('open')} className={classes.link} aria-current={status === 'open' ? 'page' : undefined}>
          {t('adminAppeals.tab.open')}
        </Link>
        {' · '}
        <Link to={hrefFor('decided')} className={classes.link} aria-current={status === 'decided' ? 'page' : undefined}>
          {t('adminAppeals.tab.decided')}
        </Link>
      </p>
      {!appeals.ok ? (
        <ErrorNotice error={appeals.error} />
      ) : appeals.data.list.length === 0 ? (
        <p className={classes.muted} data-testid="admin-appeals-empty">
          {t('adminAppeals.list.empty')}
        </p>
      ) : (
        <>
          <ol className={classes.list}>
            {appeals.data.list.map((a) => (
              <li key={a.id} className={classes.card} data-testid="admin-appeal" data-appeal-id={a.id}>
                <p>
                  <Link to={`/admin/users?${new URLSearchParams({ id: a.user.id })}`} className={classes.link}>
                    {a.user.username}
                  </Link>
                </p>
                <SanctionSummary sanction={a.sanction} by={{ imposed: a.sanction.imposedBy.username, lifted: a.sanction.liftedBy?.username ?? null }} />
                {a.decision === null &&
                  (a.sanction.imposedBy.id === me.id ? (
                    <p className={classes.small} data-testid="admin-appeal-own">
                      {t('adminAppeals.decide.own')}
                    </p>
                  ) : (
                    <DecideForm appealId={a.id} />
                  ))}
              </li>
            ))}
          </ol>
          <Pagination page={appeals.data.page} total={appeals.data.total} limit={appeals.data.limit} hrefFor={(p) => hrefFor(status, p)} />
        </>
      )}
      <h2>{t('adminAppeals.removals.title')}</h2>
      <p className={classes.muted}>{t('adminAppeals.removals.intro')}</p>
      {!removals.ok ? (
        <ErrorNotice error={removals.error} />
      ) : removals.data.list.length === 0 ? (
        <p className={classes.muted} data-testid="admin-removal-appeals-empty">
          {t('adminAppeals.removals.empty')}
        </p>
      ) : (
        <>
          <ol className={classes.list}>
            {removals.data.list.map((a) => (
              <li key={a.id} className={classes.card} data-testid="admin-removal-appeal" data-appeal-id={a.id}>
                <p>
                  <Link to={`/admin/users?${new URLSearchParams({ id: a.user.id })}`} className={classes.link}>
                    {a.user.username}
                  </Link>
                </p>
                <RemovalSummary kind={a.targetKind} excerpt={a.excerpt} reason={a.removal.reason} rule={a.removal.rule} removedAt={a.removal.at} status={a.status} link={a.link} appeal={a} removedBy={a.removedBy.username} />
                {a.decision === null &&
                  (a.removedBy.id === me.id ? (
                    <p className={classes.small} data-testid="admin-removal-appeal-own">
                      {t('adminAppeals.removals.own')}
                    </p>
                  ) : (
                    <RemovalDecideForm appealId={a.id} />
                  ))}
              </li>
            ))}
          </ol>
          <Pagination page={removals.data.page} total={removals.data.total} limit={removals.data.limit} hrefFor={(p) => hrefFor(status, p)} />
        </>
      )}
    </div>
  );
}

function DecideForm({ appealId }: { appealId: string }) {
  return (
    <AppealDecideForm<'lift' | 'uphold'>
      appealId={appealId}
      testId="admin-appeal"
      buttons={[
        { decision: 'lift', label: 'adminAppeals.decide.lift', testId: 'admin-appeal-lift' },
        { decision: 'uphold', label: 'adminAppeals.decide.uphold', testId: 'admin-appeal-uphold' },
      ]}
      send={(api, decision, reason) => api.op(ops.adminDecideAppeal, { appealId, decision, reason })}
    />
  );
}

export const ErrorBoundary = RouteErrorContent;
