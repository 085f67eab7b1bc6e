import { data, useLoaderData } from 'react-router';
import type { UserAppealBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AccountLayout } from '../components/account/AccountLayout';
import { AppealTextForm } from '../components/admin/AppealTextForm';
import { RemovalAppealForm, RemovalSummary } from '../components/admin/RemovalParts';
import { SanctionSummary } from '../components/admin/SanctionParts';
import { ErrorNotice } from '../components/ErrorNotice';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.sanctions';
import classes from '../components/trader/Trader.module.css';

/** Signed-in users only, frozen ones included (the one page they reach): this loader checks it itself. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context);
  const { api } = pageApi(request, context);
  const [sanctions, removals] = await Promise.all([settle(api.op(ops.mySanctions)), settle(api.op(ops.myRemovals))]);
  return data({ frozen: me.frozen === true, sanctions, removals }, { status: pageStatus(sanctions), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'sanctions.page.title' }, noindex: true });

/**
 * /user/sanctions: the warnings, restrictions and freezes on my account (spec §6 terms), with the
 * reason and the rule, and an appeal per sanction in force, decided by a second moderator; then my
 * removed content, each removal appealable once. A frozen account reaches this page only.
 */
export default function MySanctions() {
  const t = useT();
  const { frozen, sanctions, removals } = useLoaderData<typeof loader>();
  return (
    <AccountLayout title={t('sanctions.page.title')}>
      <div className={classes.stack}>
        {frozen && (
          <p className={classes.error} role="status" data-testid="sanctions-frozen">
            {t('sanctions.frozen.notice')}
          </p>
        )}
        <p className={classes.muted}>{t('sanctions.page.intro')}</p>
        {!sanctions.ok ? (
          <ErrorNotice error={sanctions.error} />
        ) : sanctions.data.length === 0 ? (
          <p className={classes.muted} data-testid="sanctions-empty">
            {t('sanctions.page.empty')}
          </p>
        ) : (
          <ol className={classes.list}>
            {sanctions.data.map((s) => (
              <li key={s.id} className={classes.card} data-testid="sanction-item" data-sanction-id={s.id}>
                <SanctionSummary sanction={s} />
                {s.active && !s.appeal && <AppealForm sanctionId={s.id} />}
              </li>
            ))}
          </ol>
        )}
        <h2>{t('removal.section.title')}</h2>
        <p className={classes.muted}>{t('removal.section.intro')}</p>
        {!removals.ok ? (
          <ErrorNotice error={removals.error} />
        ) : removals.data.length === 0 ? (
          <p className={classes.muted} data-testid="removals-empty">
            {t('removal.section.empty')}
          </p>
        ) : (
          <ol className={classes.list}>
            {removals.data.map((r) => (
              <li key={r.removalId} className={classes.card} data-testid="removal-item" data-removal-id={r.removalId}>
                <RemovalSummary kind={r.targetKind} excerpt={r.excerpt} reason={r.reason} rule={r.rule} removedAt={r.removedAt} status={r.status} link={r.status === 'approved' ? r.link : null} appeal={r.appeal} />
                {r.status === 'rejected' && !r.appeal && <RemovalAppealForm removalId={r.removalId} />}
              </li>
            ))}
          </ol>
        )}
      </div>
    </AccountLayout>
  );
}

function AppealForm({ sanctionId }: { sanctionId: string }) {
  return (
    <AppealTextForm
      id={sanctionId}
      testId="appeal"
      send={(api, text) => {
        const body: UserAppealBody = { sanctionId, text };
        return api.op(ops.appeal, body);
      }}
    />
  );
}

export const ErrorBoundary = RouteErrorContent;
