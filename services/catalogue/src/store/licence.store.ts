import { sql, type Kysely } from '@brokerwise/sql';
import type { CatalogueTables, LicenceRegisterStatus } from './types.ts';

type Db = Kysely<CatalogueTables>;

export interface LicenceStatusRow {
  id: string;
  company_id: string;
  regulator: string;
  licence_no: string;
  status: LicenceRegisterStatus;
  previous_status: LicenceRegisterStatus | null;
  /** `YYYY-MM-DD`. */
  effective_on: string;
  note: string;
  evidence_key: string | null;
  evidence_sha256: string | null;
  evidence_type: string | null;
  evidence_size: number | null;
  evidence_captured_at: Date | null;
  recorded_by: string;
  recorded_at: Date;
}

export interface LicenceStatusInsert {
  id: string;
  companyId: string;
  regulator: string;
  licenceNo: string;
  status: LicenceRegisterStatus;
  previousStatus: LicenceRegisterStatus | null;
  effectiveOn: string;
  note: string;
  evidence: { key: string; sha256: string; type: string; size: number; capturedAt: Date } | null;
  recordedBy: string;
}

const columns = [
  'id',
  'company_id',
  'regulator',
  'licence_no',
  'status',
  'previous_status',
  // The date as written, never shifted by the process's time zone.
  sql<string>`to_char(effective_on, 'YYYY-MM-DD')`.as('effective_on'),
  'note',
  'evidence_key',
  'evidence_sha256',
  'evidence_type',
  'evidence_size',
  'evidence_captured_at',
  'recorded_by',
  'recorded_at',
] as const;

export async function insertLicenceStatus(db: Db, e: LicenceStatusInsert): Promise<LicenceStatusRow> {
  return db
    .insertInto('licence_status')
    .values({
      id: e.id,
      company_id: e.companyId,
      regulator: e.regulator,
      licence_no: e.licenceNo,
      status: e.status,
      previous_status: e.previousStatus,
      effective_on: e.effectiveOn,
      note: e.note,
      evidence_key: e.evidence?.key ?? null,
      evidence_sha256: e.evidence?.sha256 ?? null,
      evidence_type: e.evidence?.type ?? null,
      evidence_size: e.evidence?.size ?? null,
      evidence_captured_at: e.evidence?.capturedAt ?? null,
      recorded_by: e.recordedBy,
    })
    .returning(columns)
    .executeTakeFirstOrThrow() as Promise<LicenceStatusRow>;
}

/** A company's whole register history, oldest first (the order it was recorded in). */
export async function listLicenceStatuses(db: Db, companyId: string): Promise<LicenceStatusRow[]> {
  return db.selectFrom('licence_status').select(columns).where('company_id', '=', companyId).orderBy('recorded_at').orderBy('id').execute() as Promise<LicenceStatusRow[]>;
}

/** The latest entry of one licence (matched as the console matches it: case-insensitively). */
export async function latestLicenceStatus(db: Db, companyId: string, regulator: string, licenceNo: string): Promise<LicenceStatusRow | undefined> {
  return db
    .selectFrom('licence_status')
    .select(columns)
    .where('company_id', '=', companyId)
    .where(sql`lower(regulator)`, '=', regulator.toLowerCase())
    .where(sql`lower(licence_no)`, '=', licenceNo.toLowerCase())
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst() as Promise<LicenceStatusRow | undefined>;
}
