import { Form, Link } from 'react-router';
import type { AuditArea, AuditLogEntry, MergedAuditEntry, MergedAuditPage } from '@brokerwise/api-contract';
import { ErrorNotice } from '../ErrorNotice';
import { ReviewDate } from '../reviews/Stars';
import type { Settled } from '../../lib/api';
import { AUDIT_ACTION_LABEL, AUDIT_KIND_LABEL, reasonLabel } from '../../lib/reports';
import { useT } from '../../lib/use-t';
import classes from '../reviews/Reviews.module.css';
import auditClasses from '../../routes/admin.audit.module.css';

export const AREAS: readonly AuditArea[] = ['identity', 'catalogue', 'content'];
const AREA_LABEL: Record<AuditArea, string> = {
  identity: 'auditLog.area.identity',
  catalogue: 'auditLog.area.catalogue',
  content: 'auditLog.area.content',
};

/** Message ids of the accounts' and companies' actions; content actions use the moderation log's. */
const ACTION_LABEL: Record<string, string> = {
  'sanction.warn': 'auditLog.action.sanctionWarn',
  'sanction.restrict': 'auditLog.action.sanctionRestrict',
  'sanction.freeze': 'auditLog.action.sanctionFreeze',
  'sanction.lift': 'auditLog.action.sanctionLift',
  'appeal.uphold': 'auditLog.action.appealUphold',
  'appeal.lift': 'auditLog.action.appealLift',
  'role.change': 'auditLog.action.roleChange',
  'sessions.revoke': 'auditLog.action.sessionsRevoke',
  'account.delete': 'auditLog.action.accountDelete',
  'representative.approve': 'auditLog.action.representativeApprove',
  'representative.reject': 'auditLog.action.representativeReject',
  'representative.revoke': 'auditLog.action.representativeRevoke',
  create: 'auditLog.action.companyCreate',
  update: 'auditLog.action.companyUpdate',
  hide: 'auditLog.action.companyHide',
  unhide: 'auditLog.action.companyUnhide',
  merge: 'auditLog.action.companyMerge',
  absorb: 'auditLog.action.companyAbsorb',
  licence_status: 'auditLog.action.licenceStatus',
};
const TARGET_LABEL: Record<string, string> = {
  user: 'auditLog.target.user',
  company: 'auditLog.target.company',
  ...AUDIT_KIND_LABEL,
};

export interface MergedFilters {
  area: AuditArea | '';
  actor: string;
}

/** before/after as short `key: value` lines (long values cut). */
const describe = (o: Record<string, unknown> | null) =>
  o
    ? Object.entries(o)
        .filter(([k]) => k !== 'excerpt')
        .map(([k, v]) => {
          const s = Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
          return `${k}: ${s.length > 80 ? `${s.slice(0, 80)}…` : s}`;
        })
        .join('; ')
    : '—';

const hrefOf = (f: Partial<MergedFilters>, cursor?: string) => {
  const q = new URLSearchParams(Object.entries({ ...f, ...(cursor ? { cursor } : {}) }).filter(([, v]) => v) as [string, string][]);
  return q.size > 0 ? `/admin/audit?${q}` : '/admin/audit';
};

/**
 * The merged audit view of /admin/audit: accounts (identity), companies (catalogue, admins) and
 * content moderation in one table, newest first, filtered by area and actor; "older" follows the
 * gateway's cursor. Picking the content area opens the moderation log with its own filters.
 */
export function MergedAudit({ filters, log }: { filters: MergedFilters; log: Settled<MergedAuditPage> }) {
  const t = useT();
  const areas = log.ok ? log.data.areas : AREAS;
  const actionOf = (e: MergedAuditEntry) => {
    if (e.area === 'content' && e.action in AUDIT_ACTION_LABEL) return t(AUDIT_ACTION_LABEL[e.action as AuditLogEntry['action']]);
    const id = ACTION_LABEL[e.action];
    return id ? t(id) : e.action;
  };
  return (
    <>
      <Form method="get" className={auditClasses.filters} data-testid="audit-filters">
        <label>
          {t('auditLog.filter.area')}
          <select name="area" defaultValue={filters.area} data-testid="audit-filter-area">
            <option value="">{t('auditLog.area.all')}</option>
            {areas.map((a) => (
              <option key={a} value={a}>
                {t(AREA_LABEL[a])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('auditLog.filter.staff')}
          <input name="actor" defaultValue={filters.actor} placeholder={t('auditLog.filter.actorHint')} data-testid="audit-filter-actor" />
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
          <p className={classes.muted}>
            {t('auditLog.list.total', { count: log.data.total })} · {t('auditLog.list.page', { page: log.data.page })}
          </p>
          <div className={auditClasses.scroll}>
            <table className={auditClasses.table}>
              <thead>
                <tr>
                  <th scope="col">{t('auditLog.col.at')}</th>
                  <th scope="col">{t('auditLog.col.area')}</th>
                  <th scope="col">{t('auditLog.col.staff')}</th>
                  <th scope="col">{t('auditLog.col.action')}</th>
                  <th scope="col">{t('auditLog.col.target')}</th>
                  <th scope="col">{t('auditLog.col.reason')}</th>
                  <th scope="col">{t('auditLog.col.change')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.list.map((e) => (
                  <tr key={`${e.area}:${e.id}`} data-testid="audit-row" data-area={e.area} data-action={e.action} data-target-id={e.target.id}>
                    <td>
                      <ReviewDate date={e.at} />
                    </td>
                    <td>{t(AREA_LABEL[e.area])}</td>
                    <td>
                      <Link to={hrefOf({ ...filters, actor: e.actor.id })} className={classes.link}>
                        {e.actor.username || e.actor.id.slice(0, 8)}
                      </Link>
                    </td>
                    <td>{actionOf(e)}</td>
                    <td>
                      {TARGET_LABEL[e.target.kind] ? t(TARGET_LABEL[e.target.kind]!) : e.target.kind}{' '}
                      {e.target.kind === 'user' ? (
                        <Link to={`/admin/users?${new URLSearchParams({ id: e.target.id })}`} className={classes.link}>
                          {e.target.label || e.target.id.slice(0, 8)}
                        </Link>
                      ) : e.target.label ? (
                        <span>{e.target.label}</span>
                      ) : (
                        <code className={auditClasses.id}>{e.target.id.slice(0, 8)}</code>
                      )}
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
          <nav className={auditClasses.filters} aria-label={t('auditLog.nav.pages')}>
            {log.data.page > 1 && (
              <Link to={hrefOf(filters)} className={classes.link} data-testid="audit-newest">
                {t('auditLog.nav.newest')}
              </Link>
            )}
            {log.data.next && (
              <Link to={hrefOf(filters, log.data.next)} className={classes.link} data-testid="audit-older">
                {t('auditLog.nav.older')}
              </Link>
            )}
          </nav>
        </>
      )}
    </>
  );
}
