import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { AdminPromotion, AdminPromotionDetail, AdminPromotionSaveBody, PromotionStatus } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { AdminNav } from '../components/admin/AdminNav';
import { type ApiClient, ApiError, failureStatus, fieldErrorsOf, pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import type { Locale } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import { essayHref, fromUtcInput, isPromotionId, promotionPage, toUtcInput } from '../lib/promotions';
import { readCsrfToken } from '../lib/session';
import { loadSession } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.promotions';
import classes from './admin.promotions.module.css';

const PATH = '/admin/promotions';

/** The form's fields, as typed (dates as `datetime-local` values, read as UTC). */
const FIELDS = ['company', 'titleEn', 'titleZh', 'summaryEn', 'summaryZh', 'bodyEn', 'bodyZh', 'termsEn', 'termsZh', 'startsAt', 'endsAt'] as const;
type FieldName = (typeof FIELDS)[number];
type FormValues = Record<FieldName, string>;

/** Length rules shown next to the fields (the catalogue enforces them and names the field). */
const HINTS: Partial<Record<FieldName, { min?: number; max: number }>> = {
  titleEn: { min: 5, max: 120 },
  titleZh: { min: 5, max: 120 },
  summaryEn: { min: 20, max: 300 },
  summaryZh: { min: 20, max: 300 },
  bodyEn: { min: 50, max: 8000 },
  bodyZh: { min: 50, max: 8000 },
  termsEn: { max: 4000 },
  termsZh: { max: 4000 },
};

const LABELS: Record<FieldName, string> = {
  company: 'promoAdmin.form.company',
  titleEn: 'promoAdmin.form.titleEn',
  titleZh: 'promoAdmin.form.titleZh',
  summaryEn: 'promoAdmin.form.summaryEn',
  summaryZh: 'promoAdmin.form.summaryZh',
  bodyEn: 'promoAdmin.form.bodyEn',
  bodyZh: 'promoAdmin.form.bodyZh',
  termsEn: 'promoAdmin.form.termsEn',
  termsZh: 'promoAdmin.form.termsZh',
  startsAt: 'promoAdmin.form.startsAt',
  endsAt: 'promoAdmin.form.endsAt',
};

const STATUS_LABEL: Record<PromotionStatus, string> = {
  scheduled: 'promoAdmin.status.scheduled',
  active: 'promoAdmin.status.active',
  ended: 'promoAdmin.status.ended',
};

const listHref = (page: number) => (page > 1 ? `${PATH}?${new URLSearchParams({ page: String(page) })}` : PATH);
const editHref = (id: string) => `${PATH}?${new URLSearchParams({ edit: id })}#promotion-form`;
const deleteHref = (id: string) => `${PATH}?${new URLSearchParams({ delete: id })}`;

/** Every company as `{ id, name }`, by name, for the company field's suggestions (never fails the page). */
async function companyOptions(api: ApiClient): Promise<{ id: string; name: string }[]> {
  const pageOf = async (page: number) => (await api.op(ops.brokersList, { page, limit: 50, order: 'name' })).data;
  try {
    const first = await pageOf(1);
    const pages = Math.min(20, Math.ceil(first.total / (first.limit || 50)));
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => pageOf(i + 2)));
    return [first, ...rest].flatMap((p) => p.list.map((c) => ({ id: c.id, name: c.name })));
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/** Admins only: anyone else, signed in or not, gets the 404 page (as /admin/reviews). */
async function requireAdmin(request: Request, context: Route.LoaderArgs['context']): Promise<void> {
  const session = await loadSession(request, context);
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  if (session.state !== 'signed-in' || !session.profile.isAdmin) throw data(null, { status: 404 });
}

const idParam = (params: URLSearchParams, name: string) => {
  const v = params.get(name)?.trim() ?? '';
  return isPromotionId(v) ? v : null;
};

/**
 * /admin/promotions?page=&edit=<id>&delete=<id>: the list of every promotion (scheduled and
 * ended ones too), the create/edit form and a confirmed delete. Plain forms posting to this
 * route's action, so it all works without script; the gateway checks the role on every call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const page = promotionPage(params.get('page'));
  const editId = idParam(params, 'edit');
  const deleteId = editId ? null : idParam(params, 'delete');
  const { api } = pageApi(request, context);
  const targetId = editId ?? deleteId;
  const [list, target, companies] = await Promise.all([
    settle(api.op(ops.adminPromotions, { page })),
    targetId ? settle(api.op(ops.adminPromotionDetail, { id: targetId })) : Promise.resolve(null),
    companyOptions(api),
  ]);
  return data(
    {
      page,
      list,
      target: target as Settled<AdminPromotionDetail> | null,
      mode: editId ? ('edit' as const) : deleteId ? ('delete' as const) : null,
      saved: idParam(params, 'saved'),
      deleted: idParam(params, 'deleted'),
      companies,
      // The forms post here: the token proves they came from this page (double submit).
      csrf: readCsrfToken(request.headers.get('cookie')) ?? '',
      // The default start of a new promotion: now, in the form's zone (UTC).
      now: toUtcInput(new Date().toISOString()),
    },
    { status: pageStatus(list) },
  );
}

interface ActionResult {
  intent: 'save' | 'delete';
  values: FormValues | null;
  /** Per-field messages from the gateway, already in the page's language. */
  fields: Record<string, string>;
  msg: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const csrf = readCsrfToken(request.headers.get('cookie'));
  if (!csrf || form.get('csrf') !== csrf) throw data(null, { status: 403 });
  const { api } = pageApi(request, context);
  const id = String(form.get('id') ?? '').trim();
  const failed = (error: unknown, result: Omit<ActionResult, 'fields' | 'msg'>) => {
    if (!(error instanceof ApiError)) throw error;
    const status = error.failure.status && error.failure.status >= 400 ? error.failure.status : 400;
    return data<ActionResult>({ ...result, fields: fieldErrorsOf(error), msg: error.failure.msg }, { status });
  };

  if (form.get('intent') === 'delete') {
    try {
      await api.op(ops.adminPromotionDelete, { id });
    } catch (error) {
      return failed(error, { intent: 'delete', values: null });
    }
    throw redirect(`${PATH}?${new URLSearchParams({ deleted: id })}`);
  }

  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as FormValues;
  const body: AdminPromotionSaveBody = {
    ...(id ? { id } : {}),
    company: values.company.trim(),
    titleEn: values.titleEn,
    titleZh: values.titleZh,
    summaryEn: values.summaryEn,
    summaryZh: values.summaryZh,
    bodyEn: values.bodyEn,
    bodyZh: values.bodyZh,
    termsEn: values.termsEn,
    termsZh: values.termsZh,
    startsAt: fromUtcInput(values.startsAt),
    endsAt: values.endsAt.trim() ? fromUtcInput(values.endsAt) : null,
  };
  let savedId: string;
  try {
    savedId = (await api.op(ops.adminPromotionSave, body)).data.id;
  } catch (error) {
    return failed(error, { intent: 'save', values });
  }
  throw redirect(`${PATH}?${new URLSearchParams({ saved: savedId })}`);
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'promoAdmin.page.title' }, noindex: true });

function valuesOf(p: AdminPromotionDetail): FormValues {
  return {
    company: p.company.id,
    titleEn: p.titleEn,
    titleZh: p.titleZh,
    summaryEn: p.summaryEn,
    summaryZh: p.summaryZh,
    bodyEn: p.bodyEn,
    bodyZh: p.bodyZh,
    termsEn: p.termsEn,
    termsZh: p.termsZh,
    startsAt: toUtcInput(p.startsAt),
    endsAt: toUtcInput(p.endsAt),
  };
}

export default function AdminPromotions() {
  const t = useT();
  const { page, list, target, mode, saved, deleted, companies, csrf, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const editing = mode === 'edit' && target?.ok ? target.data : null;
  const blank: FormValues = { company: '', titleEn: '', titleZh: '', summaryEn: '', summaryZh: '', bodyEn: '', bodyZh: '', termsEn: '', termsZh: '', startsAt: now, endsAt: '' };
  const failedSave = actionData?.intent === 'save' ? actionData : null;
  const initial = failedSave?.values ?? (editing ? valuesOf(editing) : blank);
  const savedItem = saved && list.ok ? list.data.list.find((p) => p.id === saved) : undefined;

  return (
    <div className={`bw-container ${classes.page}`}>
      <AdminNav />
      <nav className={classes.crumbs} aria-label={t('promoAdmin.page.adminNav')}>
        <Link to="/admin/reviews">{t('admin.page.title')}</Link>
        <span aria-current="page">{t('promoAdmin.page.title')}</span>
      </nav>
      <h1 className={classes.title}>{t('promoAdmin.page.title')}</h1>
      <p className={classes.muted}>{t('promoAdmin.page.intro')}</p>

      {saved && (
        <Alert color="green" variant="light" role="status" className={classes.notice} data-testid="promo-admin-saved">
          {t('promoAdmin.notice.saved')}{' '}
          {savedItem?.status !== 'scheduled' && (
            <Link to={essayHref(saved)} data-testid="promo-admin-saved-view">
              {t('promoAdmin.notice.view')}
            </Link>
          )}
        </Alert>
      )}
      {deleted && (
        <Alert color="green" variant="light" role="status" className={classes.notice} data-testid="promo-admin-deleted">
          {t('promoAdmin.notice.deleted')}
        </Alert>
      )}
      {actionData?.intent === 'delete' && (
        <Alert color="red" variant="light" role="alert" className={classes.notice}>
          {actionData.msg || t('api.error.unknown')}
        </Alert>
      )}
      {mode && target && !target.ok && <ErrorNotice error={target.error} />}
      {mode === 'delete' && target?.ok && <DeleteConfirm promotion={target.data} csrf={csrf} page={page} />}

      <section className={classes.section} aria-labelledby="promo-list-title">
        <h2 id="promo-list-title" className={classes.sectionTitle}>
          {t('promoAdmin.list.title')}
        </h2>
        {!list.ok ? (
          <ErrorNotice error={list.error} />
        ) : (
          <>
            <p className={classes.count} data-testid="promo-admin-total">
              {t('promoAdmin.list.total', { count: list.data.total })}
            </p>
            {list.data.list.length === 0 ? (
              <p className={classes.muted}>{t('promoAdmin.list.empty')}</p>
            ) : (
              <PromotionTable items={list.data.list} />
            )}
            <Pagination page={list.data.page} total={list.data.total} limit={list.data.limit} hrefFor={listHref} />
          </>
        )}
      </section>

      <PromotionForm
        key={editing?.id ?? 'new'}
        editing={editing}
        initial={initial}
        errors={failedSave?.fields ?? {}}
        failure={failedSave?.msg ?? ''}
        companies={companies}
        csrf={csrf}
      />
    </div>
  );
}

function PromotionTable({ items }: { items: AdminPromotion[] }) {
  const t = useT();
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const date = (iso: string | null) =>
    iso ? intl.formatDate(new Date(iso), { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }) : t('promoAdmin.table.openEnded');
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table} data-testid="promo-admin-list">
        <thead>
          <tr>
            <th scope="col">{t('promoAdmin.table.title')}</th>
            <th scope="col">{t('promoAdmin.table.company')}</th>
            <th scope="col">{t('promoAdmin.table.status')}</th>
            <th scope="col">{t('promoAdmin.table.validity')}</th>
            <th scope="col">{t('promoAdmin.table.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} data-testid="promo-admin-item" data-promotion-id={p.id}>
              <th scope="row">{locale === 'zh-CN' ? p.titleZh : p.titleEn}</th>
              <td>{p.company.name}</td>
              <td>
                <span className={classes.status} data-status={p.status}>
                  {t(STATUS_LABEL[p.status])}
                </span>
              </td>
              <td className={classes.dates}>
                {date(p.startsAt)} – {date(p.endsAt)}
              </td>
              <td>
                <div className={classes.rowActions}>
                  {p.status !== 'scheduled' && <Link to={essayHref(p.id)}>{t('promoAdmin.action.view')}</Link>}
                  <Link to={editHref(p.id)} data-testid="promo-admin-edit">
                    {t('promoAdmin.action.edit')}
                  </Link>
                  <Link to={deleteHref(p.id)} className={classes.danger} data-testid="promo-admin-delete">
                    {t('promoAdmin.action.delete')}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeleteConfirm({ promotion, csrf, page }: { promotion: AdminPromotionDetail; csrf: string; page: number }) {
  const t = useT();
  const intl = useIntl();
  const busy = useNavigation().state === 'submitting';
  const title = intl.locale === 'zh-CN' ? promotion.titleZh : promotion.titleEn;
  return (
    <Form method="post" className={classes.confirm} data-testid="promo-admin-confirm-delete">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={promotion.id} />
      <p>{t('promoAdmin.delete.confirm', { title })}</p>
      <div className={classes.buttons}>
        <button type="submit" className={classes.dangerButton} disabled={busy} data-testid="promo-admin-delete-yes">
          {t('promoAdmin.delete.yes')}
        </button>
        <Link to={listHref(page)} className={classes.secondaryButton}>
          {t('promoAdmin.delete.cancel')}
        </Link>
      </div>
    </Form>
  );
}

function PromotionForm(props: {
  editing: AdminPromotionDetail | null;
  initial: FormValues;
  errors: Record<string, string>;
  failure: string;
  companies: { id: string; name: string }[];
  csrf: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const { editing, initial, errors } = props;

  const field = (name: FieldName, kind: 'input' | 'textarea' | 'datetime', extra: { rows?: number; required?: boolean; list?: string } = {}) => {
    const hint = HINTS[name];
    const hintId = `promo-${name}-hint`;
    const errorId = `promo-${name}-error`;
    const describedBy = [hint || name === 'company' || name.startsWith('body') ? hintId : '', errors[name] ? errorId : ''].filter(Boolean).join(' ') || undefined;
    const common = {
      id: `promo-${name}`,
      name,
      defaultValue: initial[name],
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy,
      required: extra.required,
      className: kind === 'textarea' ? classes.textarea : classes.input,
    };
    return (
      <div className={classes.field} data-wide={kind === 'textarea' ? '' : undefined}>
        <label htmlFor={`promo-${name}`} className={classes.label}>
          {t(LABELS[name])}
        </label>
        {kind === 'textarea' ? (
          <textarea {...common} rows={extra.rows ?? 4} />
        ) : (
          <input {...common} type={kind === 'datetime' ? 'datetime-local' : 'text'} list={extra.list} autoComplete="off" />
        )}
        {(hint || name === 'company' || name.startsWith('body')) && (
          <p id={hintId} className={classes.hint}>
            {name === 'company'
              ? t('promoAdmin.form.companyHint')
              : [
                  name.startsWith('body') ? t('promoAdmin.form.bodyHint') : '',
                  hint ? (hint.min ? t('promoAdmin.form.lengthHint', { min: hint.min, max: hint.max }) : t('promoAdmin.form.maxHint', { max: hint.max })) : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
          </p>
        )}
        {errors[name] && (
          <p id={errorId} className={classes.error} data-testid={`promo-error-${name}`}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <section id="promotion-form" className={classes.section} aria-labelledby="promo-form-title">
      <h2 id="promo-form-title" className={classes.sectionTitle}>
        {editing ? t('promoAdmin.form.editTitle', { id: editing.id }) : t('promoAdmin.form.newTitle')}
      </h2>
      <p className={classes.muted}>{t('promoAdmin.form.intro')}</p>
      {props.failure && (
        <Alert color="red" variant="light" role="alert" className={classes.notice} data-testid="promo-admin-failure">
          {props.failure}
        </Alert>
      )}
      <Form method="post" className={classes.form} noValidate data-testid="promo-admin-form">
        <input type="hidden" name="csrf" value={props.csrf} />
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="id" value={editing.id} />}
        {field('company', 'input', { list: 'promo-companies', required: true })}
        <datalist id="promo-companies">
          {props.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </datalist>
        <div className={classes.pair}>
          {field('startsAt', 'datetime', { required: true })}
          {field('endsAt', 'datetime')}
        </div>
        <div className={classes.pair}>
          {field('titleEn', 'input', { required: true })}
          {field('titleZh', 'input', { required: true })}
        </div>
        <div className={classes.pair}>
          {field('summaryEn', 'textarea', { rows: 3, required: true })}
          {field('summaryZh', 'textarea', { rows: 3, required: true })}
        </div>
        <div className={classes.pair}>
          {field('bodyEn', 'textarea', { rows: 12, required: true })}
          {field('bodyZh', 'textarea', { rows: 12, required: true })}
        </div>
        <div className={classes.pair}>
          {field('termsEn', 'textarea', { rows: 5 })}
          {field('termsZh', 'textarea', { rows: 5 })}
        </div>
        <div className={classes.buttons}>
          <button type="submit" className={classes.primaryButton} disabled={busy} data-testid="promo-admin-submit">
            {t(busy ? 'promoAdmin.form.saving' : 'promoAdmin.form.save')}
          </button>
          {editing && (
            <Link to={PATH} className={classes.secondaryButton}>
              {t('promoAdmin.form.cancel')}
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteErrorContent;
