import { useState, type FormEvent } from 'react';
import { data, Form, Link, useLoaderData } from 'react-router';
import type { AdminSanction, AdminSanctionBody, AdminUserDetail, AdminUserRow, Page, SanctionKind, SanctionRule, UserRole } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useHydrated } from '../components/account/use-form';
import { AdminNav } from '../components/admin/AdminNav';
import { hasRole } from '../components/admin/admin-links';
import { REASON_MAX, RULE_OPTIONS, SanctionSummary, TextAreaField, useReasonCheck } from '../components/admin/SanctionParts';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { useTraderFormat } from '../components/trader/format';
import { useApiAction } from '../components/use-api-action';
import { fieldErrorsOf, pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { requireStaff } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.users';
import classes from '../components/trader/Trader.module.css';
import adminClasses from './admin.reviews.module.css';

const ROLE_IDS: Record<UserRole, string> = { user: 'adminUsers.role.user', moderator: 'adminUsers.role.moderator', admin: 'adminUsers.role.admin' };
const ROLES = Object.keys(ROLE_IDS) as UserRole[];
const KIND_CHOICES: Record<SanctionKind, string> = { warn: 'adminUsers.sanctionKind.warn', restrict: 'adminUsers.sanctionKind.restrict', freeze: 'adminUsers.sanctionKind.freeze' };
const KINDS = Object.keys(KIND_CHOICES) as SanctionKind[];
const statusId = (u: AdminUserRow) => (u.deleted ? 'adminUsers.status.deleted' : u.frozen ? 'adminUsers.status.frozen' : 'adminUsers.status.active');

/**
 * /admin/users?keyword=&page= (search) and /admin/users?id= (one account): moderators and admins;
 * anyone else gets the 404 page. The gateway checks the role again on every call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'moderator');
  const params = new URL(request.url).searchParams;
  const { api } = pageApi(request, context);
  const id = params.get('id')?.trim().slice(0, 100);
  const headers = { 'cache-control': 'private, no-store' };
  if (id) {
    const detail = await settle(api.op(ops.adminUserDetail, { id }));
    return data({ me: { id: me.id, role: me.role }, mode: 'detail' as const, detail, keyword: '', list: null }, { status: pageStatus(detail), headers });
  }
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 200);
  const page = Math.min(10000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const list = await settle(api.op(ops.adminUsers, { keyword, page }));
  return data({ me: { id: me.id, role: me.role }, mode: 'list' as const, list, keyword, detail: null }, { status: pageStatus(list), headers });
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'adminUsers.page.title' }, noindex: true });

export default function AdminUsers() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className={`bw-container ${adminClasses.page}`}>
      <AdminNav role={loaded.me.role} />
      <h1 className={adminClasses.title}>{t('adminUsers.page.title')}</h1>
      {loaded.mode === 'detail' ? (
        !loaded.detail.ok ? (
          <ErrorNotice error={loaded.detail.error} />
        ) : (
          <UserDetail detail={loaded.detail.data} me={loaded.me} />
        )
      ) : (
        <UserList keyword={loaded.keyword} list={loaded.list} />
      )}
    </div>
  );
}

function UserList({ keyword, list }: { keyword: string; list: Settled<Page<AdminUserRow>> | null }) {
  const t = useT();
  const f = useTraderFormat();
  const hrefFor = (p: number) => `/admin/users?${new URLSearchParams({ ...(keyword ? { keyword } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div className={classes.stack}>
      <Form method="get" className={classes.filters} role="search">
        <label className={classes.field}>
          {t('adminUsers.search.label')}
          <input className={classes.input} type="search" name="keyword" defaultValue={keyword} maxLength={200} data-testid="admin-users-keyword" />
        </label>
        <button type="submit" className={classes.button} data-testid="admin-users-search">
          {t('adminUsers.search.submit')}
        </button>
      </Form>
      {list && !list.ok ? (
        <ErrorNotice error={list.error} />
      ) : list && list.data.list.length === 0 ? (
        <p className={classes.muted} data-testid="admin-users-empty">
          {t('adminUsers.list.empty')}
        </p>
      ) : (
        list && (
          <>
            <p className={adminClasses.count}>{t('adminUsers.list.total', { count: list.data.total })}</p>
            <div className={classes.tableWrap}>
              <table className={classes.table} data-testid="admin-users-table">
                <caption className="bw-visually-hidden">{t('adminUsers.page.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('adminUsers.field.username')}</th>
                    <th scope="col">{t('adminUsers.field.email')}</th>
                    <th scope="col">{t('adminUsers.field.role')}</th>
                    <th scope="col">{t('adminUsers.field.status')}</th>
                    <th scope="col">{t('adminUsers.field.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((u) => (
                    <tr key={u.id} data-testid="admin-users-row" data-user-id={u.id}>
                      <td>
                        <Link to={`/admin/users?${new URLSearchParams({ id: u.id })}`} className={classes.link} data-testid="admin-users-open">
                          {u.username}
                        </Link>
                      </td>
                      <td>{u.email ?? '—'}</td>
                      <td>{t(ROLE_IDS[u.role])}</td>
                      <td>{t(statusId(u))}</td>
                      <td>{f.date(u.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={list.data.page} total={list.data.total} limit={list.data.limit} hrefFor={hrefFor} />
          </>
        )
      )}
    </div>
  );
}

function UserDetail({ detail, me }: { detail: AdminUserDetail; me: { id: string; role: UserRole } }) {
  const t = useT();
  const f = useTraderFormat();
  const hydrated = useHydrated();
  const { busy, run } = useApiAction<'revoke' | 'role'>();
  const { user } = detail;
  const [role, setRole] = useState<UserRole>(user.role);

  async function revoke() {
    if (!window.confirm(t('adminUsers.sessions.confirm', { username: user.username }))) return;
    await run('revoke', (api) => api.op(ops.adminUserRevokeSessions, { userId: user.id }));
  }

  return (
    <div className={classes.stack} data-testid="admin-user-detail" data-user-id={user.id}>
      <p>
        <Link to="/admin/users" className={classes.link}>
          {t('adminUsers.detail.back')}
        </Link>
      </p>
      <section className={classes.card} aria-labelledby="admin-user-profile">
        <h2 id="admin-user-profile" className={classes.sectionTitle} data-testid="admin-user-name">
          {user.username}
        </h2>
        <dl className={classes.dl}>
          <dt>{t('adminUsers.field.email')}</dt>
          <dd>{user.email ?? '—'}</dd>
          <dt>{t('adminUsers.field.role')}</dt>
          <dd data-testid="admin-user-role">{t(ROLE_IDS[user.role])}</dd>
          <dt>{t('adminUsers.field.status')}</dt>
          <dd data-testid="admin-user-status">{t(statusId(user))}</dd>
          <dt>{t('adminUsers.field.created')}</dt>
          <dd>{f.date(user.createdAt)}</dd>
          <dt>{t('adminUsers.field.sessions')}</dt>
          <dd data-testid="admin-user-sessions">{detail.liveSessions}</dd>
        </dl>
        <div className={classes.actions}>
          <button type="button" className={classes.buttonSecondary} disabled={!hydrated || busy !== null || detail.liveSessions === 0} onClick={() => void revoke()} data-testid="admin-user-revoke">
            {t('adminUsers.sessions.revoke')}
          </button>
        </div>
        {hasRole(me.role, 'admin') && user.id !== me.id && (
          <form
            className={classes.form}
            onSubmit={(e) => {
              e.preventDefault();
              void run('role', (api) => api.op(ops.adminUserRole, { userId: user.id, role }));
            }}
          >
            <label className={classes.field}>
              {t('adminUsers.field.role')}
              <select className={classes.select} value={role} onChange={(e) => setRole(e.target.value as UserRole)} data-testid="admin-user-role-select">
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(ROLE_IDS[r])}
                  </option>
                ))}
              </select>
            </label>
            <div className={classes.actions}>
              <button type="submit" className={classes.button} disabled={!hydrated || busy !== null || role === user.role} data-testid="admin-user-role-save">
                {t('adminUsers.role.save')}
              </button>
            </div>
          </form>
        )}
      </section>
      {user.id !== me.id && !user.deleted && <SanctionForm userId={user.id} />}
      <section className={classes.card} aria-labelledby="admin-user-sanctions">
        <h2 id="admin-user-sanctions" className={classes.sectionTitle}>
          {t('adminUsers.sanctions.title')}
        </h2>
        {detail.sanctions.length === 0 ? (
          <p className={classes.muted}>{t('adminUsers.sanctions.empty')}</p>
        ) : (
          <ol className={classes.list}>
            {detail.sanctions.map((s) => (
              <li key={s.id} className={classes.card} data-testid="admin-sanction" data-sanction-id={s.id}>
                <SanctionSummary sanction={s} by={{ imposed: s.imposedBy.username, lifted: s.liftedBy?.username ?? null }} />
                {s.active && <LiftForm sanction={s} />}
              </li>
            ))}
          </ol>
        )}
      </section>
      {hasRole(me.role, 'admin') && user.id !== me.id && !user.deleted && <DeleteAccountForm user={user} />}
    </div>
  );
}

/** Admins only: deletes the account (personal data erased, sign-in impossible, reviews removed), after a reason and a confirmation. */
function DeleteAccountForm({ user }: { user: AdminUserRow }) {
  const t = useT();
  const hydrated = useHydrated();
  const check = useReasonCheck();
  const action = useApiAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The shared check's "the user will read it" does not fit here: the account goes.
    const bad = reason.trim() === '' ? t('adminUsers.delete.reasonRequired') : check(reason);
    setError(bad);
    if (bad) return;
    if (!window.confirm(t('adminUsers.delete.confirm', { username: user.username }))) return;
    await action.run(true, (api) => api.op(ops.adminUserDelete, { userId: user.id, reason: reason.trim() }), {
      failed: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields.reason) setError(fields.reason);
        return Boolean(fields.reason);
      },
    });
  }
  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="admin-delete-title" data-testid="admin-delete-form">
      <h2 id="admin-delete-title" className={classes.sectionTitle}>
        {t('adminUsers.delete.title')}
      </h2>
      <p className={classes.muted}>{t('adminUsers.delete.explain')}</p>
      <TextAreaField value={reason} onChange={setReason} error={error} id="admin-delete-reason-error" testId="admin-delete-reason" label={t('adminUsers.delete.reason')} max={REASON_MAX} />
      <div className={classes.actions}>
        <button type="submit" className={classes.buttonDanger} disabled={!hydrated || action.busy !== null} data-testid="admin-delete-submit">
          {t('adminUsers.delete.submit')}
        </button>
      </div>
    </form>
  );
}

function SanctionForm({ userId }: { userId: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const check = useReasonCheck();
  const action = useApiAction();
  const [kind, setKind] = useState<SanctionKind>('warn');
  const [days, setDays] = useState('7');
  const [rule, setRule] = useState<SanctionRule>(RULE_OPTIONS[0]!.rule);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const reasonBad = check(reason);
    if (reasonBad) next.reason = reasonBad;
    const n = Number(days);
    if (kind === 'restrict' && (!Number.isInteger(n) || n < 1 || n > 365)) next.days = t('adminUsers.sanction.daysRange');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: AdminSanctionBody = { userId, kind, rule, reason: reason.trim(), ...(kind === 'restrict' ? { days: n } : {}) };
    const ok = await action.run(true, (api) => api.op(ops.adminUserSanction, body), {
      failed: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        return Object.keys(fields).length > 0;
      },
    });
    if (ok) setReason('');
  }

  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="admin-sanction-title" data-testid="admin-sanction-form">
      <h2 id="admin-sanction-title" className={classes.sectionTitle}>
        {t('adminUsers.sanction.title')}
      </h2>
      <label className={classes.field}>
        {t('adminUsers.sanction.kind')}
        <select className={classes.select} value={kind} onChange={(e) => setKind(e.target.value as SanctionKind)} data-testid="admin-sanction-kind">
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(KIND_CHOICES[k])}
            </option>
          ))}
        </select>
      </label>
      {kind === 'restrict' && (
        <label className={classes.field}>
          {t('adminUsers.sanction.days')}
          <input
            className={classes.input}
            type="number"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={errors.days ? true : undefined}
            data-testid="admin-sanction-days"
          />
        </label>
      )}
      {errors.days && (
        <p className={classes.error} role="alert">
          {errors.days}
        </p>
      )}
      <label className={classes.field}>
        {t('adminUsers.sanction.rule')}
        <select className={classes.select} value={rule} onChange={(e) => setRule(e.target.value as SanctionRule)} data-testid="admin-sanction-rule">
          {RULE_OPTIONS.map((o) => (
            <option key={o.rule} value={o.rule}>
              {t(o.messageId)}
            </option>
          ))}
        </select>
      </label>
      <TextAreaField value={reason} onChange={setReason} error={errors.reason ?? ''} id="admin-sanction-reason-error" testId="admin-sanction-reason" label={t('adminUsers.sanction.reason')} max={REASON_MAX} />
      <div className={classes.actions}>
        <button type="submit" className={classes.buttonDanger} disabled={!hydrated || action.busy !== null} data-testid="admin-sanction-submit">
          {t('adminUsers.sanction.submit')}
        </button>
      </div>
    </form>
  );
}

function LiftForm({ sanction }: { sanction: AdminSanction }) {
  const t = useT();
  const hydrated = useHydrated();
  const check = useReasonCheck();
  const action = useApiAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  if (!open) {
    return (
      <div className={classes.actions}>
        <button type="button" className={classes.buttonSecondary} disabled={!hydrated} onClick={() => setOpen(true)} data-testid="admin-sanction-lift">
          {t('adminUsers.lift.open')}
        </button>
      </div>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const bad = check(reason);
    setError(bad);
    if (bad) return;
    await action.run(true, (api) => api.op(ops.adminUserLiftSanction, { sanctionId: sanction.id, reason: reason.trim() }), {
      failed: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields.reason) setError(fields.reason);
        return Boolean(fields.reason);
      },
    });
  }
  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} noValidate>
      <TextAreaField value={reason} onChange={setReason} error={error} id={`lift-error-${sanction.id}`} testId="admin-lift-reason" label={t('adminUsers.lift.reason')} max={REASON_MAX} />
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={!hydrated || action.busy !== null} data-testid="admin-lift-submit">
          {t('adminUsers.lift.submit')}
        </button>
      </div>
    </form>
  );
}

export const ErrorBoundary = RouteErrorContent;
