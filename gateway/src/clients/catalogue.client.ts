import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import type { VariantSize } from '@brokerwise/storage';
import type { AdminCompanyForm, CategorySlug } from '@brokerwise/api-contract';
import { ServiceClient } from './service-client.ts';

// The gateway's view of the catalogue's internal API (services/catalogue/src/routes/*/schemas.ts).
export interface CatalogueCompany {
  id: string;
  slug: string;
  name: string;
  nameZh: string;
  category: CategorySlug;
  countryCode: string;
  description: { en: string; zh: string };
  logoKey: string | null;
  /** The logo's responsive sizes as made (ADR 033); null until its job ran. */
  logoSizes?: VariantSize[] | null;
  score: number;
  reviewCount: number;
  founded: number | null;
  regulated: boolean;
  aliases: string[];
  website: string | null;
}
export interface CatalogueText { en: string; zh: string }
/** GET /v1/companies/:slug: the company plus its details, text in both languages. */
export interface CatalogueCompanyDetail extends CatalogueCompany {
  about: CatalogueText | null;
  services: CatalogueText[];
  assetTypes: CatalogueText[];
  platforms: CatalogueText[];
  paymentMethods: CatalogueText[];
  maxLeverage: string | null;
  licences: {
    regulator: string;
    regulatorCountry: { code: string; nameEn: string; nameZh: string };
    licenceNo: string;
    entity: string;
    status: 'regulated' | 'offshore' | 'revoked' | 'exceeded' | 'suspended' | 'expired';
    registerUrl: string;
  }[];
  contact: { website: string | null; email: string | null; phone: string | null; address: CatalogueText | null };
  currencies: string[];
  openAccountUrl: string | null;
  updatedAt: string;
}
export interface CatalogueCategory { slug: CategorySlug; nameEn: string; nameZh: string; sort: number; companyCount: number }
export interface CatalogueCountry { code: string; nameEn: string; nameZh: string; popular: boolean }
export interface CatalogueBanner {
  id: string;
  titleEn: string;
  titleZh: string;
  imageKeyEn: string;
  imageKeyZh: string;
  /** Each picture's responsive sizes as made (ADR 033); null until its job ran. */
  imageSizesEn?: VariantSize[] | null;
  imageSizesZh?: VariantSize[] | null;
  link: string;
}

export type CataloguePromotionStatus = 'scheduled' | 'active' | 'ended';
/** GET /v1/promotions, /v1/admin/promotions items (services/catalogue/src/routes/promotions/schemas.ts). */
export interface CataloguePromotionSummary {
  id: string;
  slug: string;
  status: CataloguePromotionStatus;
  company: { id: string; slug: string; name: string; nameZh: string; logoKey: string | null; score: number; reviewCount: number; openAccountUrl: string | null };
  title: CatalogueText;
  summary: CatalogueText;
  startsAt: string;
  endsAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}
/** GET /v1/promotions/:slug: with body and terms (plain text, paragraphs split by a blank line). */
export interface CataloguePromotion extends CataloguePromotionSummary {
  body: CatalogueText;
  terms: CatalogueText;
}
/** PUT /v1/promotions/:slug */
export interface CataloguePromotionSave {
  company: string;
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  bodyEn: string;
  bodyZh: string;
  termsEn: string;
  termsZh: string;
  startsAt: string;
  endsAt: string | null;
  createdBy: string;
  mode: 'create' | 'update' | 'upsert';
}

/** The console's company (GET /v1/admin/companies*): the card plus hidden/merged state. */
export interface CatalogueAdminCompany extends CatalogueCompany {
  hidden: boolean;
  merged: boolean;
  updatedAt: string;
}
export interface CatalogueCompanyAudit { id: string; companyId: string; actorId: string; action: 'create' | 'update' | 'hide' | 'unhide' | 'merge' | 'absorb' | 'licence_status'; reason: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; at: string }

type RegisterStatus = 'active' | 'suspended' | 'revoked' | 'expired';
/** services/catalogue/src/routes/licences/schemas.ts */
export interface CatalogueLicenceHistory {
  id: string;
  status: RegisterStatus;
  previousStatus: RegisterStatus | null;
  effectiveOn: string;
  note: string;
  evidence: { key: string; sha256: string; contentType: string; size: number; capturedAt: string } | null;
  recordedAt: string;
}
export interface CatalogueLicenceRegister {
  companyId: string;
  slug: string;
  licences: (Omit<CatalogueCompanyDetail['licences'][number], 'regulatorCountry'> & { regulatorCountry: string; regulatorCountryName: { en: string; zh: string }; history: CatalogueLicenceHistory[] })[];
}
export interface CatalogueEvidence { key: string; sha256: string; contentType: string; size: number }

export class CatalogueClient {
  private readonly http: ServiceClient;
  constructor(baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('catalogue', baseUrl, timeoutMs, tokens);
  }
  companies(q: { page: number; limit: number; slugs?: string | undefined; ids?: string | undefined; category?: string | undefined; minScore?: number | undefined; country?: string | undefined; regulated?: boolean | undefined; keyword?: string | undefined; order?: string | undefined }, requestId: string) {
    return this.http.get<{ items: CatalogueCompany[]; total: number }>('/v1/companies', q, requestId);
  }
  company(slug: string, requestId: string) {
    return this.http.get<CatalogueCompanyDetail>(`/v1/companies/${encodeURIComponent(slug)}`, {}, requestId);
  }
  /** Top Brokers ranking (the catalogue applies its minimum review count). */
  top(page: number, limit: number, requestId: string) {
    return this.http.get<{ items: CatalogueCompany[]; total: number }>('/v1/top', { page, limit }, requestId);
  }
  categories(requestId: string) {
    return this.http.get<CatalogueCategory[]>('/v1/categories', {}, requestId);
  }
  countries(popular: boolean, requestId: string) {
    return this.http.get<CatalogueCountry[]>('/v1/countries', { popular }, requestId);
  }
  banners(page: number, limit: number, requestId: string) {
    return this.http.get<{ items: CatalogueBanner[]; total: number }>('/v1/banners', { page, limit }, requestId);
  }
  /** Promotions running now, newest first. */
  promotions(q: { page: number; limit: number; company?: string | undefined }, requestId: string) {
    return this.http.get<{ items: CataloguePromotionSummary[]; total: number }>('/v1/promotions', q, requestId);
  }
  /** One promotion; ended ones too, scheduled ones only with `preview` (admin). */
  promotion(slug: string, preview: boolean, requestId: string) {
    return this.http.get<CataloguePromotion>(`/v1/promotions/${encodeURIComponent(slug)}`, { preview: preview || undefined }, requestId);
  }
  /** Every promotion not deleted, scheduled and ended included (admin). */
  allPromotions(page: number, limit: number, requestId: string) {
    return this.http.get<{ items: CataloguePromotionSummary[]; total: number }>('/v1/admin/promotions', { page, limit }, requestId);
  }
  savePromotion(slug: string, body: CataloguePromotionSave, requestId: string) {
    return this.http.send<CataloguePromotion>('PUT', `/v1/promotions/${encodeURIComponent(slug)}`, body, requestId);
  }
  deletePromotion(slug: string, requestId: string) {
    return this.http.send<{ slug: string }>('DELETE', `/v1/promotions/${encodeURIComponent(slug)}`, {}, requestId);
  }
  adminCompanies(q: { page: number; limit: number; keyword?: string | undefined }, requestId: string) {
    return this.http.get<{ items: CatalogueAdminCompany[]; total: number }>('/v1/admin/companies', q, requestId);
  }
  adminCompany(slug: string, requestId: string) {
    return this.http.get<{ company: CatalogueAdminCompany; mergedIntoSlug: string | null; form: AdminCompanyForm }>(`/v1/admin/companies/${encodeURIComponent(slug)}`, {}, requestId);
  }
  createCompany(body: { adminId: string; reason: string; form: AdminCompanyForm }, requestId: string) {
    return this.http.send<CatalogueAdminCompany>('POST', '/v1/admin/companies', body, requestId);
  }
  editCompany(slug: string, body: { adminId: string; reason: string; form: AdminCompanyForm }, requestId: string) {
    return this.http.send<CatalogueAdminCompany>('PUT', `/v1/admin/companies/${encodeURIComponent(slug)}`, body, requestId);
  }
  hideCompany(slug: string, body: { adminId: string; reason: string; hidden: boolean }, requestId: string) {
    return this.http.send<CatalogueAdminCompany>('POST', `/v1/admin/companies/${encodeURIComponent(slug)}/hide`, body, requestId);
  }
  mergeCompany(slug: string, body: { adminId: string; reason: string; into: string }, requestId: string) {
    return this.http.send<{ from: CatalogueAdminCompany; into: CatalogueAdminCompany }>('POST', `/v1/admin/companies/${encodeURIComponent(slug)}/merge`, body, requestId);
  }
  /** Each licence with its register history; `admin` also answers for hidden and merged companies. */
  licences(slug: string, admin: boolean, requestId: string) {
    return this.http.get<CatalogueLicenceRegister>(`${admin ? '/v1/admin' : '/v1'}/companies/${encodeURIComponent(slug)}/licences`, {}, requestId);
  }
  /** The file's bytes; the catalogue checks them by content and keeps them under their SHA-256. */
  /** A new logo (the raw file; the catalogue checks it by content), audited as the acting admin's. */
  setCompanyLogo(slug: string, bytes: Buffer, requestId: string) {
    return this.http.sendBytes<CatalogueAdminCompany>(`/v1/admin/companies/${encodeURIComponent(slug)}/logo`, bytes, requestId);
  }
  uploadLicenceEvidence(bytes: Buffer, requestId: string) {
    return this.http.sendBytes<CatalogueEvidence>('/v1/admin/licence-evidence', bytes, requestId);
  }
  changeLicenceStatus(
    slug: string,
    body: { adminId: string; regulator: string; licenceNo: string; status: string; effectiveOn: string; note: string; evidence?: { key: string; capturedAt?: string } },
    requestId: string,
  ) {
    return this.http.send<CatalogueLicenceHistory>('POST', `/v1/admin/companies/${encodeURIComponent(slug)}/licences/status`, body, requestId);
  }
  companyAudit(q: { slug?: string | undefined; actorId?: string | undefined; page: number; limit: number }, requestId: string) {
    return this.http.get<{ items: CatalogueCompanyAudit[]; total: number }>('/v1/admin/companies-audit', q, requestId);
  }
}
