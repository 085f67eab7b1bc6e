import { data, Link, useLoaderData } from 'react-router';
import type { AdminCompanyClaim } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { AdminNav } from '../components/admin/AdminNav';
import { ReasonedDecision } from '../components/admin/ReasonedDecision';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { CLAIM_STATUS_LABEL } from '../components/reviews/CompanyReplies';
import { ReviewDate } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireStaff } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.representatives';
import classes from '../components/trader/Trader.module.css';
import adminClasses from './admin.reviews.module.css';

type Tab = 'awaiting_approval' | 'approved' | 'closed';
const TABS: { tab: Tab; messageId: string }[] = [
  { tab: 'awaiting_approval', messageId: 'adminClaims.tab.awaiting' },
  { tab: 'approved', messageId: 'adminClaims.tab.approved' },
  { tab: 'closed', messageId: 'adminClaims.tab.closed' },
];

/** /admin/representatives?status=&page=: administrators only (404 for anyone else). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'admin');
  const params = new URL(request.url).searchParams;
  const status = TABS.find((t) => t.tab === params.get('status'))?.tab ?? 'awaiting_approval';
  const page = Math.min(10000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const { api } = pageApi(request, context);
  const claims = await settle(api.op(ops.adminCompanyClaims, { status, page }));
  return data({ me: { id: me.id, role: me.role }, status, claims }, { status: pageStatus(claims), headers: { 'cache-control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'adminClaims.page.title' }, noindex: true });

/**
 * Company representatives (ADR 030): claims whose company mailbox was confirmed wait here for an
 * administrator, who approves or refuses them; representatives can be revoked. Every decision is
 * in the audit log.
 */
export default function AdminRepresentatives() {
  const t = useT();
  const { me, status, claims } = useLoaderData<typeof loader>();
  const hrefFor = (s: Tab, p = 1) => `/admin/representatives?${new URLSearchParams({ ...(s !== 'awaiting_approval' ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav role={me.role} />
      <h1 className={adminClasses.title}>{t('adminClaims.page.title')}</h1>
      <p className={classes.muted}>{t('adminClaims.page.intro')}</p>
      <p className={adminClasses.related}>
        {TABS.map((tab, i) => (
          <span key={tab.tab}>
            {i > 0 && ' · '}
            <Link to={hrefFor(tab.tab)} className={classes.link} aria-current={status === tab.tab ? 'page' : undefined} data-testid={`claims-tab-${tab.tab}`}>
              {t(tab.messageId)}
            </Link>
          </span>
        ))}
      </p>
      {!claims.ok ? (
        <ErrorNotice error={claims.error} />
      ) : claims.data.list.length === 0 ? (
        <p className={classes.muted} data-testid="admin-claims-empty">
          {t('adminClaims.list.empty')}
        </p>
      ) : (
        <>
          <ol className={classes.list}>
            {claims.data.list.map((c) => (
              <li key={c.id} className={classes.card} data-testid="admin-claim" data-claim-id={c.id} data-status={c.status}>
                <ClaimItem claim={c} />
              </li>
            ))}
          </ol>
          <Pagination page={claims.data.page} total={claims.data.total} limit={claims.data.limit} hrefFor={(p) => hrefFor(status, p)} />
        </>
      )}
    </div>
  );
}

function ClaimItem({ claim }: { claim: AdminCompanyClaim }) {
  const t = useT();
  return (
    <div className={classes.stack}>
      <p>
        <strong>{claim.company.id ? <Link to={`/detail?id=${encodeURIComponent(claim.company.id)}`}>{claim.company.name}</Link> : claim.company.name}</strong>
        {' — '}
        <Link to={`/admin/users?${new URLSearchParams({ id: claim.user.id })}`} className={classes.link}>
          {claim.user.username}
        </Link>
      </p>
      <p className={classes.small}>
        {t('adminClaims.item.mailbox', { email: claim.email, host: claim.companyHost })} · <ReviewDate date={claim.verifiedAt ?? claim.createdAt} /> ·{' '}
        <span data-testid="admin-claim-status">{t(CLAIM_STATUS_LABEL[claim.status])}</span>
        {claim.decisionReason && ` · ${claim.decisionReason}`}
      </p>
      {claim.status === 'awaiting_approval' && (
        <ReasonedDecision
          id={claim.id}
          yes="adminClaims.decide.approve"
          no="adminClaims.decide.reject"
          call={(api, d, reason) => api.op(ops.adminCompanyClaimDecide, { claimId: claim.id, decision: d === 'yes' ? 'approve' : 'reject', ...(reason ? { reason } : {}) })}
        />
      )}
      {claim.status === 'approved' && (
        <ReasonedDecision id={claim.id} yes={null} no="adminClaims.decide.revoke" call={(api, _d, reason) => api.op(ops.adminRepresentativeRevoke, { claimId: claim.id, reason })} />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
