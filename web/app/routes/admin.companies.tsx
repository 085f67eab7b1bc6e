import { Alert } from '@mantine/core';
import { useIntl } from 'react-intl';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { AdminCompany, AdminCompanyAuditEntry, AdminCompanyDetail, AdminCompanyForm, AdminCompanyLicence, AdminCompanyMerged, Category, Country, Page } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { RouteErrorContent } from '../components/StatusPage';
import { AdminNav } from '../components/admin/AdminNav';
import { REGISTER_STATUS_MESSAGE } from '../components/licences/LicenceTimeline';
import { type ApiClient, ApiError, failureStatus, fieldErrorsOf, pageStatus, settle, type Settled } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { reviewPage } from '../lib/reviews';
import { readCsrfToken } from '../lib/session';
import { loadSession } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/admin.companies';
import classes from './admin.promotions.module.css';

const PATH = '/admin/companies';
const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;
const STATUSES = ['regulated', 'offshore', 'revoked', 'exceeded', 'suspended', 'expired'] as const;
/** The licence register's statuses (a new entry in a licence's history). */
const REGISTER_STATUSES = ['active', 'suspended', 'revoked', 'expired'] as const;
const LICENCE_KEYS = ['regulator', 'regulatorCountry', 'licenceNo', 'entity', 'status', 'registerUrl'] as const;
/** Blank licence rows offered below the existing ones (rows left empty are ignored). */
const BLANK_LICENCE_ROWS = 2;

const TEXT_FIELDS = ['name', 'nameZh', 'website', 'descriptionEn', 'descriptionZh', 'aboutEn', 'aboutZh', 'maxLeverage', 'email', 'phone', 'openAccountUrl'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const LABELS: Record<TextField, string> = {
  name: 'companyAdmin.form.name',
  nameZh: 'companyAdmin.form.nameZh',
  website: 'companyAdmin.form.website',
  descriptionEn: 'companyAdmin.form.descriptionEn',
  descriptionZh: 'companyAdmin.form.descriptionZh',
  aboutEn: 'companyAdmin.form.aboutEn',
  aboutZh: 'companyAdmin.form.aboutZh',
  maxLeverage: 'companyAdmin.form.maxLeverage',
  email: 'companyAdmin.form.email',
  phone: 'companyAdmin.form.phone',
  openAccountUrl: 'companyAdmin.form.openAccountUrl',
};
const LICENCE_LABELS: Record<(typeof LICENCE_KEYS)[number], string> = {
  regulator: 'companyAdmin.licence.regulator',
  regulatorCountry: 'companyAdmin.licence.regulatorCountry',
  licenceNo: 'companyAdmin.licence.licenceNo',
  entity: 'companyAdmin.licence.entity',
  status: 'companyAdmin.licence.status',
  registerUrl: 'companyAdmin.licence.registerUrl',
};
const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = {
  regulated: 'detail.status.regulated',
  offshore: 'detail.status.offshore',
  revoked: 'detail.status.revoked',
  exceeded: 'detail.status.exceeded',
  suspended: 'detail.status.suspended',
  expired: 'detail.status.expired',
};
const NOTICES = {
  saved: 'companyAdmin.notice.saved',
  hidden: 'companyAdmin.notice.hidden',
  shown: 'companyAdmin.notice.shown',
  merged: 'companyAdmin.notice.merged',
  licence: 'companyAdmin.notice.licence',
  logo: 'companyAdmin.notice.logo',
} as const;
const AUDIT_LABELS: Record<AdminCompanyAuditEntry['action'], string> = {
  create: 'companyAdmin.audit.create',
  update: 'companyAdmin.audit.update',
  hide: 'companyAdmin.audit.hide',
  unhide: 'companyAdmin.audit.unhide',
  merge: 'companyAdmin.audit.merge',
  absorb: 'companyAdmin.audit.absorb',
  licence_status: 'companyAdmin.audit.licenceStatus',
};

const slugParam = (params: URLSearchParams, name: string) => {
  const v = params.get(name)?.trim() ?? '';
  return SLUG.test(v) ? v : null;
};
const listHref = (q: string, page: number) => {
  const p = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  return p.size > 0 ? `${PATH}?${p}` : PATH;
};
const editHref = (id: string, extra: Record<string, string> = {}) => `${PATH}?${new URLSearchParams({ id, ...extra })}`;

/** Admins only: anyone else, signed in or not, gets the 404 page (as the other admin screens). */
async function requireAdmin(request: Request, context: Route.LoaderArgs['context']): Promise<void> {
  const session = await loadSession(request, context);
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  if (session.state !== 'signed-in' || !session.profile.isAdmin) throw data(null, { status: 404 });
}

/** Categories and countries for the form's selects (the page still renders without them). */
async function options(api: ApiClient): Promise<{ categories: Category[]; countries: Country[] }> {
  const [categories, countries] = await Promise.all([settle(api.op(ops.categories)), settle(api.op(ops.countries))]);
  return { categories: categories.ok ? categories.data : [], countries: countries.ok ? countries.data : [] };
}

/**
 * /admin/companies?q=&page= (search and list), ?new=1 (create), ?id=<slug> (edit, hide, merge,
 * its audit trail). Plain forms posting to this route's action, so it works without script; the
 * gateway checks the admin role on every call and the catalogue audits every change.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const page = reviewPage(params.get('page'));
  const id = slugParam(params, 'id');
  const creating = !id && params.get('new') === '1';
  const mergeQuery = (params.get('mergeq') ?? '').trim().slice(0, 100);
  const { api } = pageApi(request, context);
  const [list, target, audit, mergeCandidates, opts] = await Promise.all([
    !id && !creating ? settle(api.op(ops.adminCompanies, { page, ...(q ? { keyword: q } : {}) })) : Promise.resolve(null),
    id ? settle(api.op(ops.adminCompanyDetail, { id })) : Promise.resolve(null),
    id ? settle(api.op(ops.adminCompanyAudit, { id })) : Promise.resolve(null),
    id && mergeQuery ? settle(api.op(ops.adminCompanies, { keyword: mergeQuery })) : Promise.resolve(null),
    id || creating ? options(api) : Promise.resolve({ categories: [], countries: [] }),
  ]);
  const status = pageStatus(list, target);
  return data(
    {
      q,
      page,
      id,
      creating,
      list,
      target,
      audit,
      mergeQuery,
      mergeCandidates: mergeCandidates?.ok ? mergeCandidates.data.list.filter((c) => c.id !== id && !c.merged) : null,
      ...opts,
      notice: (Object.keys(NOTICES) as (keyof typeof NOTICES)[]).find((n) => params.has(n)) ?? null,
      mergedFrom: slugParam(params, 'merged'),
      csrf: readCsrfToken(request.headers.get('cookie')) ?? '',
    },
    { status },
  );
}

interface ActionResult {
  intent: 'save' | 'hide' | 'merge' | 'licence' | 'logo';
  form: AdminCompanyForm | null;
  fields: Record<string, string>;
  msg: string;
}

/** The posted form as the gateway takes it; licence rows left wholly empty are dropped. */
function formFrom(fd: FormData): AdminCompanyForm {
  const s = (name: string) => String(fd.get(name) ?? '');
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, s(f)])) as Record<TextField, string>;
  const licences: AdminCompanyLicence[] = [];
  for (let i = 0; fd.has(`licences.${i}.regulator`); i++) {
    const row = Object.fromEntries(LICENCE_KEYS.map((k) => [k, s(`licences.${i}.${k}`).trim()])) as AdminCompanyLicence;
    if (row.regulator || row.licenceNo || row.entity || row.registerUrl) licences.push(row);
  }
  const founded = s('founded').trim();
  return {
    ...text,
    category: s('category'),
    countryCode: s('countryCode'),
    // Not a whole number: sent as -1 so the catalogue names the field rather than dropping it.
    founded: founded === '' ? null : /^\d{1,4}$/.test(founded) ? Number(founded) : -1,
    aliases: s('aliases')
      .split('\n')
      .map((a) => a.trim())
      .filter(Boolean),
    licences,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const fd = await request.formData();
  const csrf = readCsrfToken(request.headers.get('cookie'));
  if (!csrf || fd.get('csrf') !== csrf) throw data(null, { status: 403 });
  const { api } = pageApi(request, context);
  const id = String(fd.get('id') ?? '').trim();
  const reason = String(fd.get('reason') ?? '');
  const intents = ['hide', 'merge', 'licence', 'logo'] as const;
  const intent = intents.find((i) => fd.get('intent') === i) ?? 'save';
  const failed = (error: unknown, form: AdminCompanyForm | null) => {
    if (!(error instanceof ApiError)) throw error;
    const status = error.failure.status && error.failure.status >= 400 ? error.failure.status : 400;
    return data<ActionResult>({ intent, form, fields: fieldErrorsOf(error), msg: error.failure.msg }, { status });
  };

  if (intent === 'hide') {
    const hidden = fd.get('hidden') === 'true';
    try {
      await api.op(ops.adminCompanyHide, { id, hidden, reason });
    } catch (error) {
      return failed(error, null);
    }
    throw redirect(editHref(id, { [hidden ? 'hidden' : 'shown']: '1' }));
  }
  if (intent === 'licence') {
    // The evidence goes up first (checked by content, kept under its SHA-256), then the status names it.
    let licence: { regulator?: unknown; licenceNo?: unknown } = {};
    try {
      licence = JSON.parse(String(fd.get('licence') ?? '{}')) as typeof licence;
    } catch {
      // A tampered value: the gateway answers that there is no such licence.
    }
    const file = fd.get('evidence');
    const capturedAt = String(fd.get('capturedAt') ?? '').trim();
    try {
      let evidenceKey: string | undefined;
      if (file instanceof File && file.size > 0) {
        const upload = new FormData();
        upload.append('file', file, file.name || 'evidence');
        evidenceKey = (await api.upload(ops.adminLicenceEvidence, upload)).data.key;
      }
      await api.op(ops.adminLicenceStatus, {
        id,
        regulator: String(licence.regulator ?? ''),
        licenceNo: String(licence.licenceNo ?? ''),
        status: String(fd.get('status') ?? ''),
        effectiveOn: String(fd.get('effectiveOn') ?? ''),
        note: String(fd.get('note') ?? ''),
        ...(evidenceKey ? { evidenceKey } : {}),
        // The form's local date and time is read as UTC (the label says so).
        ...(evidenceKey && capturedAt ? { capturedAt: `${capturedAt.length === 16 ? `${capturedAt}:00` : capturedAt}Z` } : {}),
      });
    } catch (error) {
      return failed(error, null);
    }
    throw redirect(editHref(id, { licence: '1' }));
  }
  if (intent === 'logo') {
    // The file as chosen: the catalogue checks it by content and re-encodes it.
    const file = fd.get('logo');
    const upload = new FormData();
    upload.append('file', file instanceof File ? file : new Blob([]), file instanceof File && file.name ? file.name : 'logo');
    try {
      await api.upload(ops.adminCompanyLogo, upload, { id });
    } catch (error) {
      return failed(error, null);
    }
    throw redirect(editHref(id, { logo: '1' }));
  }
  if (intent === 'merge') {
    let merged: AdminCompanyMerged;
    try {
      merged = (await api.op(ops.adminCompanyMerge, { id, into: String(fd.get('into') ?? ''), reason })).data;
    } catch (error) {
      return failed(error, null);
    }
    throw redirect(editHref(merged.into.id, { merged: id }));
  }
  const form = formFrom(fd);
  let saved: AdminCompany;
  try {
    saved = (await api.op(ops.adminCompanySave, { ...(id ? { id } : {}), reason, form })).data;
  } catch (error) {
    return failed(error, form);
  }
  throw redirect(editHref(saved.id, { saved: '1' }));
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'companyAdmin.page.title' }, noindex: true });

const BLANK: AdminCompanyForm = {
  name: '',
  nameZh: '',
  category: 'Brokers',
  countryCode: '',
  website: '',
  descriptionEn: '',
  descriptionZh: '',
  founded: null,
  aliases: [],
  aboutEn: '',
  aboutZh: '',
  maxLeverage: '',
  email: '',
  phone: '',
  openAccountUrl: '',
  licences: [],
};

export default function AdminCompanies() {
  const t = useT();
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const editing = d.target?.ok ? d.target.data : null;

  return (
    <div className={`bw-container ${classes.page}`}>
      <AdminNav />
      <nav className={classes.crumbs} aria-label={t('promoAdmin.page.adminNav')}>
        <Link to={PATH}>{t('companyAdmin.page.title')}</Link>
        {editing && <span aria-current="page">{editing.company.name}</span>}
        {d.creating && <span aria-current="page">{t('companyAdmin.form.newTitle')}</span>}
      </nav>
      <h1 className={classes.title}>{editing ? editing.company.name : d.creating ? t('companyAdmin.form.newTitle') : t('companyAdmin.page.title')}</h1>
      {d.notice && (
        <Alert color="green" variant="light" role="status" className={classes.notice} data-testid={`company-admin-${d.notice}`}>
          {t(NOTICES[d.notice], { from: d.mergedFrom ?? '' })}{' '}
          {editing && !editing.company.hidden && !editing.company.merged && <Link to={`/detail?${new URLSearchParams({ id: editing.company.id })}`}>{t('companyAdmin.action.view')}</Link>}
        </Alert>
      )}
      {d.target && !d.target.ok && <ErrorNotice error={d.target.error} />}
      {d.list && <CompanyList list={d.list} q={d.q} />}
      {(editing || d.creating) && (
        <>
          <CompanyFormSection
            key={editing?.company.id ?? 'new'}
            id={editing?.company.id ?? null}
            initial={(actionData?.intent === 'save' ? actionData.form : null) ?? editing?.form ?? BLANK}
            errors={actionData?.intent === 'save' ? actionData.fields : {}}
            failure={actionData?.intent === 'save' ? actionData.msg : ''}
            categories={d.categories}
            countries={d.countries}
            csrf={d.csrf}
          />
          {editing && (
            <>
              <LogoSection company={editing} csrf={d.csrf} result={actionData?.intent === 'logo' ? actionData : null} />
              {editing.form.licences.length > 0 && <LicenceStatusSection company={editing} csrf={d.csrf} result={actionData?.intent === 'licence' ? actionData : null} />}
              <HideSection company={editing} csrf={d.csrf} result={actionData?.intent === 'hide' ? actionData : null} />
              {!editing.company.merged && (
                <MergeSection company={editing} csrf={d.csrf} query={d.mergeQuery} candidates={d.mergeCandidates} result={actionData?.intent === 'merge' ? actionData : null} />
              )}
              {d.audit && <AuditSection audit={d.audit} />}
            </>
          )}
        </>
      )}
    </div>
  );
}

function CompanyList({ list, q }: { list: Settled<Page<AdminCompany>>; q: string }) {
  const t = useT();
  return (
    <section className={classes.section} aria-labelledby="company-list-title">
      <h2 id="company-list-title" className={classes.sectionTitle}>
        {t('companyAdmin.list.title')}
      </h2>
      <div className={classes.buttons}>
        <Form method="get" role="search" className={classes.buttons}>
          <label htmlFor="company-admin-q" className={classes.label}>
            {t('companyAdmin.list.search')}
          </label>
          <input id="company-admin-q" name="q" defaultValue={q} className={classes.input} type="search" data-testid="company-admin-search" />
          <button type="submit" className={classes.secondaryButton}>
            {t('companyAdmin.list.searchButton')}
          </button>
        </Form>
        <Link to={`${PATH}?new=1`} className={classes.primaryButton} data-testid="company-admin-new">
          {t('companyAdmin.list.new')}
        </Link>
      </div>
      {!list.ok ? (
        <ErrorNotice error={list.error} />
      ) : (
        <>
          <p className={classes.count}>{t('companyAdmin.list.total', { count: list.data.total })}</p>
          {list.data.list.length === 0 ? (
            <p className={classes.muted}>{t('companyAdmin.list.empty')}</p>
          ) : (
            <div className={classes.tableWrap}>
              <table className={classes.table} data-testid="company-admin-list">
                <thead>
                  <tr>
                    <th scope="col">{t('companyAdmin.form.name')}</th>
                    <th scope="col">{t('companyAdmin.form.category')}</th>
                    <th scope="col">{t('companyAdmin.form.country')}</th>
                    <th scope="col">{t('companyAdmin.list.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((c) => (
                    <tr key={c.id} data-testid="company-admin-item" data-company-id={c.id}>
                      <th scope="row">
                        <Link to={editHref(c.id)}>{c.name}</Link>
                      </th>
                      <td>{c.category}</td>
                      <td>{c.countryCode}</td>
                      <td>
                        <span className={classes.status}>{t(c.merged ? 'companyAdmin.state.merged' : c.hidden ? 'companyAdmin.state.hidden' : 'companyAdmin.state.visible')}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={list.data.page} total={list.data.total} limit={list.data.limit} hrefFor={(p) => listHref(q, p)} />
        </>
      )}
    </section>
  );
}

function CompanyFormSection(props: {
  id: string | null;
  initial: AdminCompanyForm;
  errors: Record<string, string>;
  failure: string;
  categories: Category[];
  countries: Country[];
  csrf: string;
}) {
  const t = useT();
  const intl = useIntl();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const { initial, errors } = props;
  const countryName = (c: Country) => (intl.locale === 'zh-CN' ? c.name : c.Eglish);

  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`company-${name}-error`} className={classes.error} data-testid={`company-error-${name}`}>
        {errors[name]}
      </p>
    ) : null;
  const a11y = (name: string) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `company-${name}-error` : undefined });
  const text = (name: TextField, kind: 'input' | 'textarea' = 'input') => (
    <div className={classes.field} data-wide={kind === 'textarea' ? '' : undefined}>
      <label htmlFor={`company-${name}`} className={classes.label}>
        {t(LABELS[name])}
      </label>
      {kind === 'textarea' ? (
        <textarea id={`company-${name}`} name={name} defaultValue={initial[name]} rows={4} className={classes.textarea} {...a11y(name)} />
      ) : (
        <input id={`company-${name}`} name={name} defaultValue={initial[name]} className={classes.input} autoComplete="off" {...a11y(name)} />
      )}
      {errorOf(name)}
    </div>
  );
  const rows: AdminCompanyLicence[] = [...initial.licences, ...Array.from({ length: BLANK_LICENCE_ROWS }, () => ({ regulator: '', regulatorCountry: '', licenceNo: '', entity: '', status: 'regulated', registerUrl: '' }))];

  return (
    <section className={classes.section} aria-labelledby="company-form-title">
      <h2 id="company-form-title" className={classes.sectionTitle}>
        {props.id ? t('companyAdmin.form.editTitle', { id: props.id }) : t('companyAdmin.form.newTitle')}
      </h2>
      {props.failure && (
        <Alert color="red" variant="light" role="alert" className={classes.notice} data-testid="company-admin-failure">
          {props.failure}
        </Alert>
      )}
      <Form method="post" className={classes.form} noValidate data-testid="company-admin-form">
        <input type="hidden" name="csrf" value={props.csrf} />
        <input type="hidden" name="intent" value="save" />
        {props.id && <input type="hidden" name="id" value={props.id} />}
        <div className={classes.pair}>
          {text('name')}
          {text('nameZh')}
        </div>
        <div className={classes.pair}>
          <div className={classes.field}>
            <label htmlFor="company-category" className={classes.label}>
              {t('companyAdmin.form.category')}
            </label>
            <select id="company-category" name="category" defaultValue={initial.category} className={classes.input} {...a11y('category')}>
              {props.categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            {errorOf('category')}
          </div>
          <div className={classes.field}>
            <label htmlFor="company-countryCode" className={classes.label}>
              {t('companyAdmin.form.country')}
            </label>
            <select id="company-countryCode" name="countryCode" defaultValue={initial.countryCode} className={classes.input} {...a11y('countryCode')}>
              <option value="">{t('companyAdmin.form.choose')}</option>
              {props.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {countryName(c)}
                </option>
              ))}
            </select>
            {errorOf('countryCode')}
          </div>
        </div>
        <div className={classes.pair}>
          {text('descriptionEn', 'textarea')}
          {text('descriptionZh', 'textarea')}
        </div>
        <div className={classes.pair}>
          {text('website')}
          <div className={classes.field}>
            <label htmlFor="company-founded" className={classes.label}>
              {t('companyAdmin.form.founded')}
            </label>
            <input id="company-founded" name="founded" inputMode="numeric" defaultValue={initial.founded === null || initial.founded < 0 ? '' : String(initial.founded)} className={classes.input} {...a11y('founded')} />
            {errorOf('founded')}
          </div>
        </div>
        <div className={classes.field} data-wide="">
          <label htmlFor="company-aliases" className={classes.label}>
            {t('companyAdmin.form.aliases')}
          </label>
          <textarea id="company-aliases" name="aliases" rows={3} defaultValue={initial.aliases.join('\n')} className={classes.textarea} {...a11y('aliases')} />
          <p className={classes.hint}>{t('companyAdmin.form.aliasesHint')}</p>
          {errorOf('aliases')}
        </div>
        <div className={classes.pair}>
          {text('aboutEn', 'textarea')}
          {text('aboutZh', 'textarea')}
        </div>
        <div className={classes.pair}>
          {text('maxLeverage')}
          {text('openAccountUrl')}
        </div>
        <div className={classes.pair}>
          {text('email')}
          {text('phone')}
        </div>

        <fieldset className={classes.field} data-wide="" data-testid="company-licences">
          <legend className={classes.label}>{t('companyAdmin.form.licences')}</legend>
          <p className={classes.hint}>{t('companyAdmin.form.licencesHint')}</p>
          {errorOf('licences')}
          {rows.map((l, i) => (
            <div key={i} className={classes.pair} data-testid="company-licence-row">
              {LICENCE_KEYS.map((k) => {
                const name = `licences.${i}.${k}`;
                return (
                  <div key={k} className={classes.field}>
                    <label htmlFor={`company-${name}`} className={classes.label}>
                      {t(LICENCE_LABELS[k])}
                    </label>
                    {k === 'status' ? (
                      <select id={`company-${name}`} name={name} defaultValue={l.status} className={classes.input} {...a11y(name)}>
                        {STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {t(STATUS_LABELS[s])}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input id={`company-${name}`} name={name} defaultValue={l[k]} className={classes.input} autoComplete="off" {...a11y(name)} />
                    )}
                    {errorOf(name)}
                  </div>
                );
              })}
            </div>
          ))}
        </fieldset>
        <div className={classes.field} data-wide="">
          <label htmlFor="company-reason" className={classes.label}>
            {t('companyAdmin.form.reasonOptional')}
          </label>
          <input id="company-reason" name="reason" className={classes.input} autoComplete="off" />
        </div>
        <div className={classes.buttons}>
          <button type="submit" className={classes.primaryButton} disabled={busy} data-testid="company-admin-submit">
            {t(busy ? 'companyAdmin.form.saving' : 'companyAdmin.form.save')}
          </button>
          <Link to={PATH} className={classes.secondaryButton}>
            {t('companyAdmin.form.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function ReasonField({ id, error }: { id: string; error: string | undefined }) {
  const t = useT();
  return (
    <div className={classes.field} data-wide="">
      <label htmlFor={id} className={classes.label}>
        {t('companyAdmin.form.reason')}
      </label>
      <input id={id} name="reason" className={classes.input} autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-testid={id} />
      {error && (
        <p id={`${id}-error`} className={classes.error} data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The licence register: a new status of one licence (active, suspended, revoked, expired) from a
 * date, with a note and the regulator's page as a PDF or screenshot. Appended to the licence's
 * history (never rewritten), audited, shown on the company page, told to its followers.
 */
function LicenceStatusSection({ company, csrf, result }: { company: AdminCompanyDetail; csrf: string; result: ActionResult | null }) {
  const t = useT();
  const fields = result?.fields ?? {};
  const field = (name: string) => ({
    id: `licence-${name}`,
    name,
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': fields[name] ? `licence-${name}-error` : undefined,
    'data-testid': `licence-${name}`,
  });
  const errorOf = (name: string) =>
    fields[name] && (
      <p id={`licence-${name}-error`} className={classes.error} data-testid={`licence-${name}-error`}>
        {fields[name]}
      </p>
    );
  const label = (name: string, id: string) => (
    <label htmlFor={`licence-${name}`} className={classes.label}>
      {t(id)}
    </label>
  );
  const known = new Set(['licence', 'status', 'effectiveOn', 'note', 'evidence', 'capturedAt']);
  const other = result && result.msg && !Object.keys(fields).some((k) => known.has(k));
  return (
    <section className={classes.section} aria-labelledby="company-licence-title" data-testid="company-admin-licence-panel">
      <h2 id="company-licence-title" className={classes.sectionTitle}>
        {t('companyAdmin.licenceStatus.title')}
      </h2>
      <p className={classes.muted}>{t('companyAdmin.licenceStatus.intro')}</p>
      <Form method="post" encType="multipart/form-data" className={classes.form} noValidate data-testid="company-admin-licence-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="licence" />
        <input type="hidden" name="id" value={company.company.id} />
        <div className={classes.pair}>
          <div className={classes.field}>
            {label('licence', 'companyAdmin.licenceStatus.licence')}
            <select {...field('licence')} className={classes.input}>
              {company.form.licences.map((l) => (
                <option key={`${l.regulator}-${l.licenceNo}`} value={JSON.stringify({ regulator: l.regulator, licenceNo: l.licenceNo })}>
                  {`${l.regulator} ${l.licenceNo} — ${l.entity}`}
                </option>
              ))}
            </select>
            {errorOf('licence')}
          </div>
          <div className={classes.field}>
            {label('status', 'companyAdmin.licenceStatus.status')}
            <select {...field('status')} className={classes.input} defaultValue="active">
              {REGISTER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(REGISTER_STATUS_MESSAGE[s])}
                </option>
              ))}
            </select>
            {errorOf('status')}
          </div>
        </div>
        <div className={classes.pair}>
          <div className={classes.field}>
            {label('effectiveOn', 'companyAdmin.licenceStatus.effectiveOn')}
            <input type="date" {...field('effectiveOn')} className={classes.input} required />
            {errorOf('effectiveOn')}
          </div>
          <div className={classes.field}>
            {label('capturedAt', 'companyAdmin.licenceStatus.capturedAt')}
            <input type="datetime-local" {...field('capturedAt')} className={classes.input} />
            {errorOf('capturedAt')}
          </div>
        </div>
        <div className={classes.field} data-wide="">
          {label('note', 'companyAdmin.licenceStatus.note')}
          <textarea {...field('note')} className={classes.input} rows={3} maxLength={1000} required />
          {errorOf('note')}
        </div>
        <div className={classes.field} data-wide="">
          {label('evidence', 'companyAdmin.licenceStatus.evidence')}
          <input type="file" {...field('evidence')} accept="application/pdf,image/png,image/jpeg,image/webp" className={classes.input} />
          <p className={classes.muted}>{t('companyAdmin.licenceStatus.evidenceHint')}</p>
          {errorOf('evidence')}
        </div>
        {other && (
          <Alert color="red" variant="light" role="alert" className={classes.notice}>
            {result.msg}
          </Alert>
        )}
        <div className={classes.buttons}>
          <button type="submit" className={classes.primaryButton} data-testid="licence-submit">
            {t('companyAdmin.licenceStatus.submit')}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The company's logo (shown on the listing and the detail page): JPEG, PNG or WebP, checked by content. */
function LogoSection({ company, csrf, result }: { company: AdminCompanyDetail; csrf: string; result: ActionResult | null }) {
  const t = useT();
  const error = result?.fields.logo ?? (result?.msg || '');
  return (
    <section className={classes.section} aria-labelledby="company-logo-title" data-testid="company-admin-logo-panel">
      <h2 id="company-logo-title" className={classes.sectionTitle}>
        {t('companyAdmin.logo.title')}
      </h2>
      {company.company.logo ? (
        <img src={company.company.logo} alt={t('companyAdmin.logo.current', { name: company.company.name })} width={96} height={96} style={{ objectFit: 'contain' }} data-testid="company-admin-logo-image" />
      ) : (
        <p className={classes.muted}>{t('companyAdmin.logo.none')}</p>
      )}
      <Form method="post" encType="multipart/form-data" className={classes.form} noValidate data-testid="company-admin-logo-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="logo" />
        <input type="hidden" name="id" value={company.company.id} />
        <div className={classes.field} data-wide="">
          <label htmlFor="company-logo-file" className={classes.label}>
            {t('companyAdmin.logo.file')}
          </label>
          <input
            type="file"
            id="company-logo-file"
            name="logo"
            accept="image/png,image/jpeg,image/webp"
            className={classes.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'company-logo-error' : 'company-logo-hint'}
            data-testid="company-logo-file"
          />
          <p id="company-logo-hint" className={classes.muted}>
            {t('companyAdmin.logo.hint')}
          </p>
          {error && (
            <p id="company-logo-error" className={classes.error} data-testid="company-logo-error">
              {error}
            </p>
          )}
        </div>
        <div className={classes.buttons}>
          <button type="submit" className={classes.primaryButton} data-testid="company-logo-submit">
            {t('companyAdmin.logo.submit')}
          </button>
        </div>
      </Form>
    </section>
  );
}

function HideSection({ company, csrf, result }: { company: AdminCompanyDetail; csrf: string; result: ActionResult | null }) {
  const t = useT();
  const hidden = company.company.hidden;
  return (
    <section className={classes.section} aria-labelledby="company-hide-title">
      <h2 id="company-hide-title" className={classes.sectionTitle}>
        {t('companyAdmin.hide.title')}
      </h2>
      <p className={classes.muted}>{t(hidden ? 'companyAdmin.hide.isHidden' : 'companyAdmin.hide.isVisible')}</p>
      <Form method="post" className={classes.form} noValidate data-testid="company-admin-hide">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="hide" />
        <input type="hidden" name="id" value={company.company.id} />
        <input type="hidden" name="hidden" value={String(!hidden)} />
        <ReasonField id="company-hide-reason" error={result?.fields.reason} />
        {result && !result.fields.reason && result.msg && (
          <Alert color="red" variant="light" role="alert" className={classes.notice}>
            {result.msg}
          </Alert>
        )}
        <div className={classes.buttons}>
          <button type="submit" className={hidden ? classes.primaryButton : classes.dangerButton} data-testid="company-admin-hide-submit">
            {t(hidden ? 'companyAdmin.hide.show' : 'companyAdmin.hide.hide')}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Merge this company (a duplicate) into another, picked from a search (a GET form, so no script is needed). */
function MergeSection(props: { company: AdminCompanyDetail; csrf: string; query: string; candidates: AdminCompany[] | null; result: ActionResult | null }) {
  const t = useT();
  const id = props.company.company.id;
  const fields = props.result?.fields ?? {};
  return (
    <section className={classes.section} aria-labelledby="company-merge-title" id="merge">
      <h2 id="company-merge-title" className={classes.sectionTitle}>
        {t('companyAdmin.merge.title')}
      </h2>
      <p className={classes.muted}>{t('companyAdmin.merge.intro', { name: props.company.company.name })}</p>
      <Form method="get" role="search" className={classes.buttons} preventScrollReset>
        <input type="hidden" name="id" value={id} />
        <label htmlFor="company-merge-q" className={classes.label}>
          {t('companyAdmin.merge.search')}
        </label>
        <input id="company-merge-q" name="mergeq" defaultValue={props.query} className={classes.input} type="search" data-testid="company-merge-search" />
        <button type="submit" className={classes.secondaryButton} data-testid="company-merge-search-submit">
          {t('companyAdmin.list.searchButton')}
        </button>
      </Form>
      {props.candidates && props.candidates.length === 0 && <p className={classes.muted}>{t('companyAdmin.list.empty')}</p>}
      {props.candidates && props.candidates.length > 0 && (
        <Form method="post" className={classes.form} noValidate data-testid="company-admin-merge">
          <input type="hidden" name="csrf" value={props.csrf} />
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="id" value={id} />
          <fieldset className={classes.field} data-wide="">
            <legend className={classes.label}>{t('companyAdmin.merge.target')}</legend>
            {props.candidates.map((c) => (
              <label key={c.id} className={classes.label}>
                <input type="radio" name="into" value={c.id} data-testid={`company-merge-into-${c.id}`} /> {c.name} ({c.id})
              </label>
            ))}
            {fields.into && (
              <p className={classes.error} data-testid="company-merge-into-error">
                {fields.into}
              </p>
            )}
          </fieldset>
          <ReasonField id="company-merge-reason" error={fields.reason} />
          <div className={classes.buttons}>
            <button type="submit" className={classes.dangerButton} data-testid="company-admin-merge-submit">
              {t('companyAdmin.merge.submit')}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

function AuditSection({ audit }: { audit: Settled<Page<AdminCompanyAuditEntry>> }) {
  const t = useT();
  const intl = useIntl();
  return (
    <section className={classes.section} aria-labelledby="company-audit-title">
      <h2 id="company-audit-title" className={classes.sectionTitle}>
        {t('companyAdmin.audit.title')}
      </h2>
      {!audit.ok ? (
        <ErrorNotice error={audit.error} />
      ) : (
        <ul data-testid="company-admin-audit">
          {audit.data.list.map((a) => (
            <li key={a.id}>
              {intl.formatDate(new Date(a.at), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} · {t(AUDIT_LABELS[a.action])} · {a.actorId}
              {a.reason ? ` · ${a.reason}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
