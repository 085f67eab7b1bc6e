import { create, encodeEvent, LocalizedTextSchema, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import type { LicenceDoc } from '../domain/company-details.ts';
import type { CompanyRow } from '../store/company.store.ts';
import type { LicenceStatusRow } from '../store/licence.store.ts';

const PRODUCER = 'catalogue';

/** `catalogue.company.upserted` from the row as committed (version included). */
export function companyUpserted(row: CompanyRow, logoUrl: string, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'catalogue.company.upserted',
    {
      id: row.id,
      slug: row.slug,
      name: row.name,
      nameZh: row.name_zh,
      category: row.category_slug,
      countryCode: row.country_code,
      shortDescription: create(LocalizedTextSchema, { en: row.description_en, zhCn: row.description_zh }),
      score: Number(row.score),
      logoUrl,
      aliases: row.name_zh ? [row.name_zh, ...row.aliases.filter((a) => a !== row.name_zh)] : row.aliases,
      foundedYear: row.founded ?? 0,
      regulated: row.regulated,
      updatedAt: timestampFromDate(new Date(row.updated_at)),
      version: BigInt(row.version),
    },
    { producer: PRODUCER, ...(correlationId ? { correlationId } : {}) },
  );
}

/** `catalogue.company.removed`: hidden or merged (then naming the company it went into), so read models (search) drop it. */
export function companyRemoved(row: CompanyRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'catalogue.company.removed',
    // merged_into_id: consumers (reviews) move what they hold about a duplicate to the company that absorbed it.
    { id: row.id, slug: row.slug, removedAt: timestampFromDate(new Date(row.updated_at)), version: BigInt(row.version), mergedIntoId: row.merged_into ?? '' },
    { producer: PRODUCER, ...(correlationId ? { correlationId } : {}) },
  );
}

/** A company as visitors should now know it: upserted when visible, removed when hidden or merged. */
export function companyAnnounced(row: CompanyRow, mediaUrl: (key: string) => string, correlationId: string | undefined): EncodedEvent {
  return row.hidden_at || row.merged_into ? companyRemoved(row, correlationId) : companyUpserted(row, row.logo_key ? mediaUrl(row.logo_key) : '', correlationId);
}

/** `catalogue.licence.status_changed` from the history entry as committed. */
export function licenceStatusChanged(row: CompanyRow, licence: LicenceDoc, e: LicenceStatusRow, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'catalogue.licence.status_changed',
    {
      id: e.id,
      companyId: row.id,
      companySlug: row.slug,
      regulator: licence.regulator,
      regulatorCountry: licence.regulatorCountry,
      licenceNo: licence.licenceNo,
      entity: licence.entity,
      status: e.status,
      previousStatus: e.previous_status ?? '',
      effectiveOn: e.effective_on,
      note: e.note,
      evidenceSha256: e.evidence_sha256 ?? '',
      ...(e.evidence_captured_at ? { evidenceCapturedAt: timestampFromDate(new Date(e.evidence_captured_at)) } : {}),
      recordedAt: timestampFromDate(new Date(e.recorded_at)),
    },
    { producer: PRODUCER, ...(correlationId ? { correlationId } : {}) },
  );
}
