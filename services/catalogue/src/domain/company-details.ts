import { Type, type Static } from 'typebox';

/**
 * The document kept in `company.details` (jsonb): the spec §3 "Company" fields that are not
 * columns. Text the reader sees is stored as bilingual pairs; the gateway picks a language.
 */
export const BilingualText = Type.Object({ en: Type.String({ minLength: 1, maxLength: 4000 }), zh: Type.String({ minLength: 1, maxLength: 4000 }) }, { additionalProperties: false });
export type BilingualText = Static<typeof BilingualText>;

/** As a register lists it; `suspended` and `expired` come from the licence register's history (issue 19). */
export const LICENCE_STATUSES = ['regulated', 'offshore', 'revoked', 'exceeded', 'suspended', 'expired'] as const;
export const LicenceStatus = Type.Union([
  Type.Literal('regulated'),
  Type.Literal('offshore'),
  Type.Literal('revoked'),
  Type.Literal('exceeded'),
  Type.Literal('suspended'),
  Type.Literal('expired'),
]);

export const LicenceDoc = Type.Object(
  {
    regulator: Type.String({ minLength: 1, maxLength: 60 }),
    /** ISO country code of the regulator. */
    regulatorCountry: Type.String({ pattern: '^[A-Z]{2}$' }),
    licenceNo: Type.String({ minLength: 1, maxLength: 60 }),
    entity: Type.String({ minLength: 1, maxLength: 200 }),
    status: LicenceStatus,
    registerUrl: Type.String({ maxLength: 300, pattern: '^https?://' }),
  },
  { additionalProperties: false },
);
export type LicenceDoc = Static<typeof LicenceDoc>;

export const EmailString = Type.String({ maxLength: 200, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
export const PhoneString = Type.String({ maxLength: 40, pattern: '^\\+?[0-9 ()-]{5,40}$' });

export const ContactDoc = Type.Object(
  {
    website: Type.Union([Type.String({ maxLength: 300, pattern: '^https?://' }), Type.Null()]),
    email: Type.Union([EmailString, Type.Null()]),
    phone: Type.Union([PhoneString, Type.Null()]),
    address: Type.Union([BilingualText, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ContactDoc = Static<typeof ContactDoc>;

export interface CompanyDetails {
  about: BilingualText | null;
  services: BilingualText[];
  assetTypes: BilingualText[];
  platforms: BilingualText[];
  paymentMethods: BilingualText[];
  maxLeverage: string | null;
  licences: LicenceDoc[];
  contact: ContactDoc;
  /** ISO currency codes (USDT allowed). */
  currencies: string[];
  openAccountUrl: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A pair from either a pair or a bare string (rows written before pairs existed: the term in both languages). */
function pair(v: unknown): BilingualText | null {
  if (typeof v === 'string') return v.trim() ? { en: v, zh: v } : null;
  if (!isRecord(v)) return null;
  const en = str(v.en);
  const zh = str(v.zh);
  if (!en && !zh) return null;
  return { en: en ?? (zh as string), zh: zh ?? (en as string) };
}

const pairs = (v: unknown): BilingualText[] => (Array.isArray(v) ? v.map(pair).filter((p): p is BilingualText => p !== null) : []);

function licence(v: unknown): LicenceDoc | null {
  if (!isRecord(v)) return null;
  const regulator = str(v.regulator);
  if (!regulator) return null;
  const status = LICENCE_STATUSES.find((s) => s === v.status) ?? 'regulated';
  return {
    regulator,
    regulatorCountry: str(v.regulatorCountry) ?? '',
    licenceNo: str(v.licenceNo) ?? '',
    entity: str(v.entity) ?? '',
    status,
    registerUrl: str(v.registerUrl) ?? '',
  };
}

/**
 * Reads a stored details document defensively: missing keys become empty values, bare strings
 * become pairs, unknown keys are ignored. Never throws, so one odd row cannot break a detail page.
 */
export function readDetails(raw: unknown, fallbackWebsite: string | null): CompanyDetails {
  const d = isRecord(raw) ? raw : {};
  const c = isRecord(d.contact) ? d.contact : {};
  return {
    about: pair(d.about),
    services: pairs(d.services),
    assetTypes: pairs(d.assetTypes),
    platforms: pairs(d.platforms),
    paymentMethods: pairs(d.paymentMethods),
    maxLeverage: str(d.maxLeverage),
    licences: Array.isArray(d.licences) ? d.licences.map(licence).filter((l): l is LicenceDoc => l !== null) : [],
    contact: { website: str(c.website) ?? fallbackWebsite, email: str(c.email), phone: str(c.phone), address: pair(c.address) },
    currencies: Array.isArray(d.currencies) ? d.currencies.filter((x): x is string => typeof x === 'string') : [],
    openAccountUrl: str(d.openAccountUrl),
  };
}
