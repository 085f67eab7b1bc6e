import type { ColumnType, Generated } from '@brokerwise/sql';
import type { ResponsiveKind } from '@brokerwise/storage';
import type { KitTables } from '@brokerwise/service-kit';
import type { ImageSizeJobTable, SizesColumn } from '@brokerwise/service-kit/image-sizes';

export type CategorySlug = 'Brokers' | 'FinTech' | 'Lp' | 'Pay';
export type CompanyAuditAction = 'create' | 'update' | 'hide' | 'unhide' | 'merge' | 'absorb' | 'licence_status';
export type LicenceRegisterStatus = 'active' | 'suspended' | 'revoked' | 'expired';

export interface CatalogueTables extends KitTables {
  category: { slug: CategorySlug; name_en: string; name_zh: string; sort: number };
  country: { code: string; name_en: string; name_zh: string; popular: boolean; sort: number };
  company: {
    id: string;
    slug: string;
    name: string;
    name_zh: string;
    category_slug: CategorySlug;
    country_code: string;
    description_en: string;
    description_zh: string;
    logo_key: string | null;
    /** The logo's responsive sizes as made (ADR 033); null until its job ran, and for an SVG. */
    logo_sizes: SizesColumn;
    score: number;
    review_count: number;
    founded: number | null;
    regulated: boolean;
    aliases: string[];
    website: string | null;
    details: ColumnType<Record<string, unknown>, string, string>;
    version: Generated<number>;
    rating_version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** Hidden by an admin: gone for visitors (listing, search, detail), kept for admins. */
    hidden_at: Generated<Date | null>;
    /** Merged into this company: the slug answers with the survivor. */
    merged_into: Generated<string | null>;
  };
  /** Visible companies per combination of the listing's filters, kept by triggers on `company` (ADR 029). */
  company_count: { category_slug: CategorySlug; country_code: string; regulated: boolean; score: number; n: ColumnType<string, never, never> };
  /** Visible companies per category and review count, kept by the same triggers (Top Brokers' total). */
  company_count_reviews: { category_slug: CategorySlug; review_count: number; n: ColumnType<string, never, never> };
  /** Append-only (a trigger refuses UPDATE/DELETE): every admin change to a company. */
  company_audit: {
    id: string;
    company_id: string;
    actor_id: string;
    action: CompanyAuditAction;
    reason: string;
    before: ColumnType<Record<string, unknown> | null, string | null, never>;
    after: ColumnType<Record<string, unknown> | null, string | null, never>;
    at: Generated<Date>;
  };
  /** Append-only (a trigger refuses UPDATE/DELETE): the licence register's history. */
  licence_status: {
    id: string;
    company_id: string;
    regulator: string;
    licence_no: string;
    status: LicenceRegisterStatus;
    previous_status: LicenceRegisterStatus | null;
    /** `YYYY-MM-DD` (the date type is read as text, see @brokerwise/sql). */
    effective_on: ColumnType<string, string, never>;
    note: string;
    evidence_key: string | null;
    evidence_sha256: string | null;
    evidence_type: string | null;
    evidence_size: number | null;
    evidence_captured_at: Date | null;
    recorded_by: string;
    recorded_at: Generated<Date>;
  };
  banner: {
    id: string;
    title_en: string;
    title_zh: string;
    image_key_en: string;
    image_key_zh: string;
    /** Each language's picture's responsive sizes as made (ADR 033); null until its job ran. */
    image_sizes_en: SizesColumn;
    image_sizes_zh: SizesColumn;
    link: string;
    sort: number;
    active: boolean;
  };
  /** Making a logo's or a banner's responsive sizes (ADR 033): one per original key, recorded with every row showing it. */
  image_variant_job: ImageSizeJobTable & { kind: ResponsiveKind };
  promotion: {
    id: string;
    slug: string;
    company_id: string;
    title_en: string;
    title_zh: string;
    summary_en: string;
    summary_zh: string;
    body_en: string;
    body_zh: string;
    terms_en: string;
    terms_zh: string;
    starts_at: Date;
    ends_at: Date | null;
    created_by: string;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    deleted_at: Date | null;
  };
}
