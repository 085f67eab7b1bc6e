import { createHash, randomUUID } from 'node:crypto';
import { AppError, notFound } from '@brokerwise/errors';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { documentKind, type ObjectStore } from '@brokerwise/storage';
import { companyAnnounced, licenceStatusChanged } from '../events/publish.ts';
import { appendAudit, findCompanyById, findCompanyBySlug, lockCompanyBySlug, updateCompany, type CompanyRow } from '../store/company.store.ts';
import { insertLicenceStatus, latestLicenceStatus, listLicenceStatuses, type LicenceStatusRow } from '../store/licence.store.ts';
import { listCountries } from '../store/reference.store.ts';
import type { CatalogueTables, LicenceRegisterStatus } from '../store/types.ts';
import { snapshot, type AdminCtx } from './company-admin.ts';
import { readDetails, type LicenceDoc } from './company-details.ts';

type Db = Kysely<CatalogueTables>;

export const REGISTER_STATUSES: readonly LicenceRegisterStatus[] = ['active', 'suspended', 'revoked', 'expired'];
/** Evidence is a regulator's page as a PDF or a screenshot; kept byte for byte, so its hash proves it. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
const EVIDENCE_KEY = /^licence-evidence\/([0-9a-f]{64})\.(pdf|png|jpg|webp)$/;

const invalid = (fields: Record<string, string>) =>
  new AppError({ code: 'catalogue.licence_invalid', kind: 'validation', message: `Invalid licence change: ${Object.keys(fields).join(', ')}`, fields });
const evidenceInvalid = (problem: 'required' | 'too_large' | 'type', max = EVIDENCE_MAX_BYTES) =>
  new AppError({
    code: 'catalogue.evidence_invalid',
    kind: problem === 'too_large' ? 'too_large' : 'validation',
    message: `Evidence refused: ${problem}`,
    fields: { evidence: problem },
    params: { max, maxMb: Math.round((max / 1_048_576) * 10) / 10 },
  });

export interface StoredEvidence {
  key: string;
  sha256: string;
  contentType: string;
  size: number;
}

/**
 * Checks an evidence file by its content (magic bytes, as images and videos are checked: a script
 * renamed .pdf is refused) and stores it as-is under its SHA-256, so the same file is kept once
 * and anyone can check the published hash against the downloaded bytes.
 */
export async function storeEvidence(objects: ObjectStore, bytes: Buffer): Promise<StoredEvidence> {
  if (bytes.length === 0) throw evidenceInvalid('required');
  if (bytes.length > EVIDENCE_MAX_BYTES) throw evidenceInvalid('too_large');
  const kind = await documentKind(bytes);
  if (!kind) throw evidenceInvalid('type');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `licence-evidence/${sha256}.${kind.ext}`;
  if (!(await objects.head(key))) await objects.put(key, bytes, kind.mime);
  return { key, sha256, contentType: kind.mime, size: bytes.length };
}

export interface LicenceChangeInput {
  regulator: string;
  licenceNo: string;
  status: string;
  /** `YYYY-MM-DD`. */
  effectiveOn: string;
  note: string;
  /** A key `storeEvidence` returned, and when the file was captured from the register (ISO; default now). */
  evidence?: { key: string; capturedAt?: string | undefined } | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDay = (s: string) => {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && Number(m[1]) >= 1900;
};
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The details' status a register status shows as (an active offshore licence stays offshore). */
function docStatusOf(status: LicenceRegisterStatus, current: LicenceDoc['status']): LicenceDoc['status'] {
  if (status === 'active') return current === 'offshore' ? 'offshore' : 'regulated';
  return status;
}

/**
 * Appends a status to one of the company's licences: the history entry, the licence's status on
 * the company (and so its "regulated" flag), the audit entry and the events, in one transaction.
 */
export async function changeLicenceStatus(db: Db, objects: ObjectStore, slug: string, input: LicenceChangeInput, ctx: AdminCtx, now = new Date()): Promise<LicenceStatusRow> {
  const fields: Record<string, string> = {};
  const note = input.note.replace(/\r\n?/g, '\n').trim();
  if (!REGISTER_STATUSES.includes(input.status as LicenceRegisterStatus)) fields.status = 'licence_status';
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  if (!isDay(input.effectiveOn)) fields.effectiveOn = 'licence_date';
  else if (input.effectiveOn > tomorrow) fields.effectiveOn = 'licence_date_future';
  if (!note) fields.note = 'licence_note_required';
  else if (note.length > 1000) fields.note = 'licence_note_too_long';
  let evidence: { key: string; sha256: string; type: string; size: number; capturedAt: Date } | null = null;
  if (input.evidence) {
    const m = EVIDENCE_KEY.exec(input.evidence.key);
    const info = m ? await objects.head(input.evidence.key) : null;
    const capturedAt = input.evidence.capturedAt ? new Date(input.evidence.capturedAt) : now;
    if (!m || !info) fields.evidence = 'licence_evidence_missing';
    else if (Number.isNaN(capturedAt.getTime()) || capturedAt.getTime() > now.getTime() + 5 * 60_000) fields.capturedAt = 'licence_captured_at';
    else evidence = { key: input.evidence.key, sha256: m[1]!, type: info.contentType, size: info.size, capturedAt };
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const status = input.status as LicenceRegisterStatus;

  return db.transaction().execute(async (trx) => {
    const before = await lockCompanyBySlug(trx, slug);
    if (!before) throw notFound('catalogue.company_not_found', 'No such company');
    const details = readDetails(before.details, before.website);
    const index = details.licences.findIndex((l) => same(l.regulator, input.regulator) && same(l.licenceNo, input.licenceNo));
    if (index < 0) throw invalid({ licence: 'licence_unknown' });
    const licence = details.licences[index]!;
    const previous = await latestLicenceStatus(trx, before.id, licence.regulator, licence.licenceNo);
    const entry = await insertLicenceStatus(trx, {
      id: randomUUID(),
      companyId: before.id,
      regulator: licence.regulator,
      licenceNo: licence.licenceNo,
      status,
      previousStatus: previous?.status ?? null,
      effectiveOn: input.effectiveOn,
      note,
      evidence,
      recordedBy: ctx.actorId,
    });
    // The stored list is rewritten with only this licence's status changed (other keys kept).
    const raw = Array.isArray(before.details.licences) ? (before.details.licences as unknown[]) : [];
    const docStatus = docStatusOf(status, licence.status);
    const licences = raw.map((l, i) => (i === index && typeof l === 'object' && l !== null ? { ...l, status: docStatus } : l));
    const statuses = details.licences.map((l, i) => (i === index ? docStatus : l.status));
    const row = await updateCompany(trx, before.id, { details: { ...before.details, licences }, regulated: statuses.some((s) => s === 'regulated') });
    await appendAudit(trx, {
      id: randomUUID(),
      companyId: row.id,
      actorId: ctx.actorId,
      action: 'licence_status',
      reason: note,
      before: snapshot(before),
      after: { ...snapshot(row), licenceStatus: { id: entry.id, regulator: entry.regulator, licenceNo: entry.licence_no, status, previousStatus: entry.previous_status, effectiveOn: entry.effective_on, evidenceSha256: entry.evidence_sha256 } },
    });
    await enqueueEvent(trx, licenceStatusChanged(row, licence, entry, ctx.correlationId));
    await enqueueEvent(trx, companyAnnounced(row, ctx.mediaUrl, ctx.correlationId));
    return entry;
  });
}

export interface LicenceWithHistory {
  licence: LicenceDoc;
  history: LicenceStatusRow[];
}

/** Each licence of a visible company with its register history, oldest entry first. */
export async function licenceRegister(db: Db, slug: string, opts: { includeHidden?: boolean } = {}): Promise<{ row: CompanyRow; licences: LicenceWithHistory[]; countries: Map<string, { name_en: string; name_zh: string }> }> {
  let row = await findCompanyBySlug(db, slug);
  if (row?.merged_into && !opts.includeHidden) row = await findCompanyById(db, row.merged_into);
  if (!row || (!opts.includeHidden && (row.hidden_at || row.merged_into))) throw notFound('catalogue.company_not_found', 'No such company');
  const details = readDetails(row.details, row.website);
  const [entries, countries] = await Promise.all([listLicenceStatuses(db, row.id), listCountries(db, false)]);
  return {
    row,
    countries: new Map(countries.map((c) => [c.code, c])),
    licences: details.licences.map((licence) => ({
      licence,
      history: entries.filter((e) => same(e.regulator, licence.regulator) && same(e.licence_no, licence.licenceNo)),
    })),
  };
}
