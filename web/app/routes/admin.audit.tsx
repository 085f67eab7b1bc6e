import { data, Form, Link, useLoaderData } from 'react-router';
import type { AuditArea, AuditLogEntry, AuditTargetKind, Page } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { ReviewDate } from '../components/reviews/Stars';
import { RouteErrorContent } from '../components/StatusPage';
import { failureStatus, pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { AUDIT_ACTION_LABEL, AUDIT_KIND_LABEL, reasonLabel } from '../lib/reports';
import { reviewPage } from '../lib/reviews';
import { loadSession } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.audit';
import classes from '../components/reviews/Reviews.module.css';
import { AdminNav } from '../components/admin/AdminNav';
import { AREAS, MergedAudit, type MergedFilters } from '../components/admin/MergedAudit';
import adminClasses from './admin.reviews.module.css';
import auditClasses from './admin.audit.module.css';

const ACTIONS = ['approve', 'reject', 'dismiss', 'remove', 'restore', 'uphold'] as const;
const KINDS = Object.keys(AUDIT_KIND_LABEL) as AuditTargetKind[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the gateway takes them; anything malformed is dropped rather than refused. */
function filtersOf(params: URLSearchParams) {
  const pick = (name: string, ok: (v: string) => boolean) => {
    const v = params.get(name)?.trim() ?? '';
    return v && ok(v) ? v : '';
  };
  return {
    actor: pick('actor', (v) => UUID.test(v)),
    action: pick('action', (v) => (ACTIONS as readonly string[]).includes(v)),
    targetKind: pick('targetKind', (v) => (KINDS as readonly string[]).includes(v)),
    from: pick('from', (v) => DAY.test(v)),
    to: pick('to', (v) => DAY.test(v)),
  };
}
type Filters = ReturnType<typeof filtersOf>;

const CURSOR = /^\d{1,6}(-\d{1,8}){3}$/;

/**
 * /admin/audit (issue 17), staff only (404 otherwise): by default one merged view of the three
 * append-only logs (accounts, companies for admins, content moderation), by area and actor; the
 * content area (or any of its own filters) opens the moderation log with its detailed filters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await loadSession(request, context);
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  if (session.state !== 'signed-in' || !(session.profile.isAdmin || session.profile.role === 'moderator')) throw data(null, { status: 404 });
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const area: AuditArea | '' = (AREAS as readonly string[]).includes(params.get('area') ?? '') ? (params.get('area') as AuditArea) : '';
  const { api } = pageApi(request, context);
  if (area !== 'content' && !filters.action && !filters.targetKind && !filters.from && !filters.to) {
    const cursor = params.get('cursor') ?? '';
    const merged: MergedFilters = { area, actor: filters.actor };
    const query = { ...(area ? { area } : {}), ...(filters.actor ? { actor: filters.actor } : {}), ...(CURSOR.test(cursor) ? { cursor } : {}) };
    const all = await settle(api.op(ops.adminAuditAll, query));
    return data({ mode: 'merged' as const, merged, all, filters, log: null }, { status: pageStatus(all) });
  }
  const page = reviewPage(params.get('page'));
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  const log = await settle(api.op(ops.adminAuditLog, { ...query, page }));
  return data({ mode: 'content' as const, merged: null, all: null, filters, log }, { status: pageStatus(log) });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'auditLog.page.title' }, noindex: true });

const hrefOf = (filters: Partial<Filters>, page = 1) => {
  const q = new URLSearchParams(Object.entries({ area: 'content', ...filters, ...(page > 1 ? { page: String(page) } : {}) }).filter(([, v]) => v) as [string, string][]);
  return q.size > 0 ? `/admin/audit?${q}` : '/admin/audit';
};

/** before/after as short `key: value` lines. */
const describe = (o: Record<string, unknown>) =>
  Object.entries(o)
    .filter(([k]) => k !== 'excerpt')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');

export default function AdminAudit() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav />
      <h1 className={adminClasses.title}>{t('auditLog.page.title')}</h1>
      <p className={classes.muted}>{t('auditLog.page.intro')}</p>
      {loaded.mode === 'merged' ? <MergedAudit filters={loaded.merged} log={loaded.all} /> : <ContentLog filters={loaded.filters} log={loaded.log} />}
    </div>
  );
}

/** The content moderation log with its own filters (action, content kind, dates). */
function ContentLog({ filters, log }: { filters: Filters; log: Settled<Page<AuditLogEntry>> }) {
  const t = useT();
  return (
    <>
      <p>
        <Link to="/admin/audit" className={classes.link} data-testid="audit-all-areas">
          {t('auditLog.area.back')}
        </Link>
      </p>
      <Form method="get" className={auditClasses.filters} data-testid="audit-filters">
        <input type="hidden" name="area" value="content" />
        <label>
          {t('auditLog.filter.actor')}
          <input name="actor" defaultValue={filters.actor} placeholder={t('auditLog.filter.actorHint')} />
        </label>
        <label>
          {t('auditLog.filter.action')}
          <select name="action" defaultValue={filters.action} data-testid="audit-filter-action">
            <option value="">{t('auditLog.filter.any')}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(AUDIT_ACTION_LABEL[a])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('auditLog.filter.targetKind')}
          <select name="targetKind" defaultValue={filters.targetKind}>
            <option value="">{t('auditLog.filter.any')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(AUDIT_KIND_LABEL[k])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('auditLog.filter.from')}
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          {t('auditLog.filter.to')}
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <button type="submit" className={classes.primaryButton} data-testid="audit-filter-submit">
          {t('auditLog.filter.apply')}
        </button>
        <Link to="/admin/audit" className={classes.link}>
          {t('auditLog.filter.clear')}
        </Link>
      </Form>
      {!log.ok ? (
        <ErrorNotice error={log.error} />
      ) : log.data.list.length === 0 ? (
        <p className={classes.muted} data-testid="audit-empty">
          {t('auditLog.list.empty')}
        </p>
      ) : (
        <>
          <p className={adminClasses.count}>{t('auditLog.list.total', { count: log.data.total })}</p>
          <div className={auditClasses.scroll}>
            <table className={auditClasses.table}>
              <thead>
                <tr>
                  <th scope="col">{t('auditLog.col.at')}</th>
                  <th scope="col">{t('auditLog.col.moderator')}</th>
                  <th scope="col">{t('auditLog.col.action')}</th>
                  <th scope="col">{t('auditLog.col.target')}</th>
                  <th scope="col">{t('auditLog.col.reason')}</th>
                  <th scope="col">{t('auditLog.col.change')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.list.map((e) => (
                  <tr key={e.id} data-testid="audit-row" data-action={e.action} data-target-id={e.targetId}>
                    <td>
                      <ReviewDate date={e.at} />
                    </td>
                    <td>
                      <Link to={hrefOf({ ...filters, actor: e.moderator.id })} className={classes.link}>
                        {e.moderator.username || e.moderator.id.slice(0, 8)}
                      </Link>
                    </td>
                    <td>{t(AUDIT_ACTION_LABEL[e.action])}</td>
                    <td>
                      {t(AUDIT_KIND_LABEL[e.targetKind])} <code className={auditClasses.id}>{e.targetId.slice(0, 8)}</code>
                    </td>
                    <td>
                      {e.reason}
                      {e.rule && <span className={auditClasses.rule}> ({reasonLabel(t, e.rule)})</span>}
                    </td>
                    <td className={auditClasses.change}>
                      <span>{describe(e.before)}</span> → <span>{describe(e.after)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={log.data.page} total={log.data.total} limit={log.data.limit} hrefFor={(p) => hrefOf(filters, p)} />
        </>
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorContent;
