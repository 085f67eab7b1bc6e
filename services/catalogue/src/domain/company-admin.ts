import { randomUUID } from 'node:crypto';
import { AppError, notFound } from '@brokerwise/errors';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import type { ObjectStore } from '@brokerwise/storage';
import { companyAnnounced } from '../events/publish.ts';
import {
  appendAudit,
  findCompanyById,
  findCompanyBySlug,
  listAudit,
  lockCompanyBySlug,
  mergeCompany,
  slugTaken,
  updateCompany,
  upsertCompany,
  type CompanyAuditRow,
  type CompanyRow,
} from '../store/company.store.ts';
import { countryExists } from '../store/reference.store.ts';
import type { CatalogueTables, CategorySlug, CompanyAuditAction } from '../store/types.ts';
import { LICENCE_STATUSES, readDetails, type BilingualText, type LicenceDoc } from './company-details.ts';
import { MAX_PAGE_SIZE } from './companies.ts';
import { processLogo } from './logo.ts';

type Db = Kysely<CatalogueTables>;
const CATEGORIES: readonly CategorySlug[] = ['Brokers', 'FinTech', 'Lp', 'Pay'];

/** What the console edits: the card fields and the detail fields a person types. */
export interface CompanyForm {
  name: string;
  nameZh: string;
  category: string;
  countryCode: string;
  website: string;
  descriptionEn: string;
  descriptionZh: string;
  founded: number | null;
  aliases: string[];
  aboutEn: string;
  aboutZh: string;
  maxLeverage: string;
  email: string;
  phone: string;
  openAccountUrl: string;
  licences: LicenceInput[];
}

/** A licence as typed: the status is checked against LICENCE_STATUSES. */
export type LicenceInput = Omit<LicenceDoc, 'status'> & { status: string };

export interface AdminCtx {
  actorId: string;
  reason: string;
  correlationId?: string | undefined;
  mediaUrl: (key: string) => string;
}

const invalid = (fields: Record<string, string>) =>
  new AppError({ code: 'catalogue.company_invalid', kind: 'validation', message: `Invalid company: ${Object.keys(fields).join(', ')}`, fields });
const companyNotFound = () => notFound('catalogue.company_not_found', 'No such company');

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9 ()-]{5,40}$/;
const line = (s: string) => s.replace(/\s+/g, ' ').trim();
const text = (s: string) => s.replace(/\r\n?/g, '\n').trim();

/** Every rule of the form, all reported at once as field codes (the gateway words them per language). */
export function checkCompanyForm(f: CompanyForm): Record<string, string> {
  const fields: Record<string, string> = {};
  const need = (name: keyof CompanyForm, value: string, max: number) => {
    if (!value) fields[name] = 'company_required';
    else if (value.length > max) fields[name] = 'company_too_long';
  };
  need('name', line(f.name), 120);
  if (line(f.nameZh).length > 120) fields.nameZh = 'company_too_long';
  if (!CATEGORIES.includes(f.category as CategorySlug)) fields.category = 'company_category';
  if (!/^[A-Z]{2}$/.test(f.countryCode)) fields.countryCode = 'company_country';
  need('descriptionEn', line(f.descriptionEn), 500);
  need('descriptionZh', line(f.descriptionZh), 500);
  if (f.website && !URL_RE.test(f.website.trim())) fields.website = 'company_url';
  if (f.openAccountUrl && !URL_RE.test(f.openAccountUrl.trim())) fields.openAccountUrl = 'company_url';
  if (f.founded !== null && (!Number.isInteger(f.founded) || f.founded < 1800 || f.founded > new Date().getUTCFullYear())) fields.founded = 'company_founded';
  if (f.aliases.length > 30 || f.aliases.some((a) => line(a).length > 120)) fields.aliases = 'company_aliases';
  if (text(f.aboutEn).length > 4000) fields.aboutEn = 'company_too_long';
  if (text(f.aboutZh).length > 4000) fields.aboutZh = 'company_too_long';
  if (Boolean(text(f.aboutEn)) !== Boolean(text(f.aboutZh))) fields[text(f.aboutEn) ? 'aboutZh' : 'aboutEn'] = 'company_both_languages';
  if (line(f.maxLeverage).length > 20) fields.maxLeverage = 'company_too_long';
  if (f.email && !EMAIL_RE.test(f.email.trim())) fields.email = 'company_email';
  if (f.phone && !PHONE_RE.test(f.phone.trim())) fields.phone = 'company_phone';
  if (f.licences.length > 20) fields.licences = 'company_licences';
  f.licences.forEach((l, i) => {
    const at = (k: string) => `licences.${i}.${k}`;
    if (!line(l.regulator)) fields[at('regulator')] = 'company_required';
    else if (line(l.regulator).length > 60) fields[at('regulator')] = 'company_too_long';
    if (!line(l.licenceNo)) fields[at('licenceNo')] = 'company_required';
    else if (line(l.licenceNo).length > 60) fields[at('licenceNo')] = 'company_too_long';
    if (!line(l.entity)) fields[at('entity')] = 'company_required';
    else if (line(l.entity).length > 200) fields[at('entity')] = 'company_too_long';
    if (!(LICENCE_STATUSES as readonly string[]).includes(l.status)) fields[at('status')] = 'company_licence_status';
    if (l.regulatorCountry && !/^[A-Z]{2}$/.test(l.regulatorCountry)) fields[at('regulatorCountry')] = 'company_country';
    if (l.registerUrl && !URL_RE.test(l.registerUrl.trim())) fields[at('registerUrl')] = 'company_url';
  });
  return fields;
}

/** A URL-safe slug from the English name ("Acme Markets Ltd." → "acme-markets-ltd"). */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/, '');
  return s || 'company';
}

const pairOf = (en: string, zh: string): BilingualText | null => (text(en) && text(zh) ? { en: text(en), zh: text(zh) } : null);

/** The stored details with the console's fields written over (lists it does not edit are kept). */
function detailsWith(existing: Record<string, unknown>, f: CompanyForm): Record<string, unknown> {
  const contact = typeof existing.contact === 'object' && existing.contact !== null ? (existing.contact as Record<string, unknown>) : {};
  return {
    ...existing,
    about: pairOf(f.aboutEn, f.aboutZh),
    maxLeverage: line(f.maxLeverage) || null,
    openAccountUrl: f.openAccountUrl.trim() || null,
    contact: { ...contact, website: f.website.trim() || null, email: f.email.trim() || null, phone: f.phone.trim() || null },
    licences: f.licences.map((l) => ({
      regulator: line(l.regulator),
      regulatorCountry: l.regulatorCountry,
      licenceNo: line(l.licenceNo),
      entity: line(l.entity),
      status: l.status,
      registerUrl: l.registerUrl.trim(),
    })),
  };
}

function columnsOf(f: CompanyForm, details: Record<string, unknown>) {
  const name = line(f.name);
  const nameZh = line(f.nameZh);
  return {
    name,
    nameZh,
    category: f.category as CategorySlug,
    countryCode: f.countryCode,
    descriptionEn: line(f.descriptionEn),
    descriptionZh: line(f.descriptionZh),
    founded: f.founded,
    website: f.website.trim() || null,
    aliases: [...new Set(f.aliases.map(line).filter((a) => a && a !== name && a !== nameZh))],
    // "Regulated" on cards and filters: at least one licence in good standing.
    regulated: f.licences.some((l) => l.status === 'regulated'),
    details,
  };
}

/** The audit's before/after: what an admin can change, in one flat document. */
export function snapshot(r: CompanyRow): Record<string, unknown> {
  return {
    slug: r.slug,
    name: r.name,
    nameZh: r.name_zh,
    category: r.category_slug,
    countryCode: r.country_code,
    descriptionEn: r.description_en,
    descriptionZh: r.description_zh,
    website: r.website,
    founded: r.founded,
    aliases: r.aliases,
    regulated: r.regulated,
    logoKey: r.logo_key,
    details: r.details,
    hidden: r.hidden_at !== null,
    mergedInto: r.merged_into,
  };
}

async function checkOrThrow(db: Db, f: CompanyForm): Promise<void> {
  const fields = checkCompanyForm(f);
  if (!fields.countryCode && !(await countryExists(db, f.countryCode))) fields.countryCode = 'company_country';
  for (const [i, l] of f.licences.entries()) {
    const key = `licences.${i}.regulatorCountry`;
    if (l.regulatorCountry && !fields[key] && !(await countryExists(db, l.regulatorCountry))) fields[key] = 'company_country';
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

const audit = (db: Db, row: CompanyRow, action: CompanyAuditAction, ctx: AdminCtx, before: CompanyRow | null) =>
  appendAudit(db, { id: randomUUID(), companyId: row.id, actorId: ctx.actorId, action, reason: ctx.reason, before: before ? snapshot(before) : null, after: snapshot(row) });

/** Change, audit and event in one transaction: the audit and the event exist if and only if the change does. */
async function commit(db: Db, row: CompanyRow, action: CompanyAuditAction, ctx: AdminCtx, before: CompanyRow | null): Promise<void> {
  await audit(db, row, action, ctx, before);
  await enqueueEvent(db, companyAnnounced(row, ctx.mediaUrl, ctx.correlationId));
}

/** A new company under a free slug derived from its English name ("acme", "acme-2", …). */
export async function createCompany(db: Db, f: CompanyForm, ctx: AdminCtx): Promise<CompanyRow> {
  await checkOrThrow(db, f);
  return db.transaction().execute(async (trx) => {
    const base = slugify(line(f.name));
    let slug = base;
    for (let n = 2; await slugTaken(trx, slug); n++) slug = `${base}-${n}`;
    const row = await upsertCompany(trx, { id: randomUUID(), slug, logoKey: null, score: 0, reviewCount: 0, ...columnsOf(f, detailsWith({}, f)) });
    await commit(trx, row, 'create', ctx, null);
    return row;
  });
}

async function lockBySlug(db: Db, slug: string): Promise<CompanyRow> {
  const row = await lockCompanyBySlug(db, slug);
  if (!row) throw companyNotFound();
  return row;
}

export async function editCompany(db: Db, slug: string, f: CompanyForm, ctx: AdminCtx): Promise<CompanyRow> {
  await checkOrThrow(db, f);
  return db.transaction().execute(async (trx) => {
    const before = await lockBySlug(trx, slug);
    const row = await updateCompany(trx, before.id, columnsOf(f, detailsWith(before.details, f)));
    await commit(trx, row, 'update', ctx, before);
    return row;
  });
}

const needReason = (ctx: AdminCtx) => {
  if (!ctx.reason.trim()) throw invalid({ reason: 'company_reason_required' });
  if (ctx.reason.length > 500) throw invalid({ reason: 'company_reason_too_long' });
};

/** Hidden companies vanish for visitors (listing, search, detail) and stay for admins. */
export async function setCompanyHidden(db: Db, slug: string, hidden: boolean, ctx: AdminCtx): Promise<CompanyRow> {
  needReason(ctx);
  return db.transaction().execute(async (trx) => {
    const before = await lockBySlug(trx, slug);
    if ((before.hidden_at !== null) === hidden) return before;
    const row = await updateCompany(trx, before.id, { hidden });
    await commit(trx, row, hidden ? 'hide' : 'unhide', ctx, before);
    return row;
  });
}

/**
 * Merges duplicate `fromSlug` into `intoSlug`: the duplicate leaves listing and search, its slug
 * answers with the survivor, its names become the survivor's aliases (so searching them still
 * finds it) and its promotions move over. Its removal event names the survivor, so the reviews
 * service moves the duplicate's reviews there (see docs/operations.md).
 */
export async function mergeCompanies(db: Db, fromSlug: string, intoSlug: string, ctx: AdminCtx): Promise<{ from: CompanyRow; into: CompanyRow }> {
  needReason(ctx);
  if (fromSlug === intoSlug) throw invalid({ into: 'company_merge_self' });
  return db.transaction().execute(async (trx) => {
    const from = await lockBySlug(trx, fromSlug);
    const target = await lockCompanyBySlug(trx, intoSlug);
    if (!target) throw invalid({ into: 'company_merge_unknown' });
    if (from.merged_into !== null) throw invalid({ into: 'company_merge_done' });
    if (target.merged_into !== null) throw invalid({ into: 'company_merge_target_merged' });
    const merged = await mergeCompany(trx, from.id, target.id);
    await commit(trx, merged, 'merge', ctx, from);
    const aliases = [...new Set([...target.aliases, from.name, ...(from.name_zh ? [from.name_zh] : []), ...from.aliases])].filter((a) => a !== target.name && a !== target.name_zh);
    const into = await updateCompany(trx, target.id, { aliases });
    await commit(trx, into, 'absorb', ctx, target);
    return { from: merged, into };
  });
}

/**
 * A new logo from the console: checked and re-encoded (logo.ts), stored in object storage, then
 * set on the company with its audit entry and announcement (search and caches show it), and the
 * job that makes its AVIF and WebP sizes for cards after the answer (ADR 033, in updateCompany).
 */
export async function setCompanyLogo(db: Db, objects: ObjectStore, slug: string, bytes: Buffer, ctx: AdminCtx): Promise<CompanyRow> {
  const logo = await processLogo(bytes);
  await objects.put(logo.key, logo.bytes, logo.contentType);
  return db.transaction().execute(async (trx) => {
    const before = await lockBySlug(trx, slug);
    if (before.logo_key === logo.key) return before;
    const row = await updateCompany(trx, before.id, { logoKey: logo.key });
    await commit(trx, row, 'update', ctx, before);
    return row;
  });
}

/** A company for the console: hidden and merged ones too, with the slug it was merged into. */
export async function adminCompany(db: Db, slug: string): Promise<{ row: CompanyRow; mergedIntoSlug: string | null }> {
  const row = await findCompanyBySlug(db, slug);
  if (!row) throw companyNotFound();
  const into = row.merged_into ? await findCompanyById(db, row.merged_into) : undefined;
  return { row, mergedIntoSlug: into?.slug ?? null };
}

/** The form's values as stored (for the edit page). */
export function formOf(row: CompanyRow): CompanyForm {
  const d = readDetails(row.details, row.website);
  return {
    name: row.name,
    nameZh: row.name_zh,
    category: row.category_slug,
    countryCode: row.country_code,
    website: row.website ?? '',
    descriptionEn: row.description_en,
    descriptionZh: row.description_zh,
    founded: row.founded,
    aliases: row.aliases,
    aboutEn: d.about?.en ?? '',
    aboutZh: d.about?.zh ?? '',
    maxLeverage: d.maxLeverage ?? '',
    email: d.contact.email ?? '',
    phone: d.contact.phone ?? '',
    openAccountUrl: d.openAccountUrl ?? '',
    licences: d.licences,
  };
}

export async function companyAudit(db: Db, q: { slug?: string | undefined; actorId?: string | undefined; page: number; limit: number }): Promise<{ rows: CompanyAuditRow[]; total: number }> {
  const limit = Math.min(q.limit, MAX_PAGE_SIZE);
  let companyId: string | undefined;
  if (q.slug) {
    const row = await findCompanyBySlug(db, q.slug);
    if (!row) return { rows: [], total: 0 };
    companyId = row.id;
  }
  return listAudit(db, { companyId, actorId: q.actorId?.toLowerCase(), offset: (q.page - 1) * limit, limit });
}
