/**
 * The public /api contract: response shapes the gateway serves and the web app consumes.
 * The web app imports ONLY this file from the gateway (types only).
 *
 * Every response is an envelope. Success: code 1 (clients also accept 200).
 * Codes 402, 409 and 302 end the client's session. HTTP status tells the truth (4xx/5xx).
 */
export interface Envelope<T> {
  code: number;
  /** Message in the caller's language (`lang` header: `en` | `zh-cn`). */
  msg: string;
  /** Server time, Unix seconds. */
  time: number;
  data: T;
}

/** `data` of a failed call. `error` is a stable machine code; `fields` are per-field messages. */
export interface ErrorData {
  error: string;
  requestId?: string;
  fields?: Record<string, string>;
}

export const SUCCESS_CODE = 1;
export const SESSION_ENDING_CODES = [402, 409, 302] as const;

export type Lang = 'en' | 'zh-cn';

export type CategorySlug = 'Brokers' | 'FinTech' | 'Lp' | 'Pay';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

export interface Banner {
  id: string;
  /** Title in the caller's language. */
  title: string;
  /** Image address (served by the gateway under /media/). */
  image: string;
  /** Site-relative or absolute link opened when the banner is clicked. */
  link: string;
}

export interface Category {
  id: string;
  slug: CategorySlug;
  /** Name in the caller's language. */
  name: string;
  companyCount: number;
}

/** Spec §3 "Country item": `name` is the Chinese name, `Eglish` the English one (spelt so). */
export interface Country {
  /** Opaque, encrypted id: pass it back as `country` to brokersList or /search. */
  id: string;
  code: string;
  name: string;
  Eglish: string;
}

export interface CompanyCard {
  /** Public id (URL slug), used by /detail?id=. */
  id: string;
  name: string;
  logo: string;
  category: { slug: CategorySlug; name: string };
  country: Country;
  /** Short description in the caller's language. */
  description: string;
  /** 0.0–5.0, one decimal. */
  score: number;
  reviewCount: number;
  founded: number | null;
  regulated: boolean;
}

/** GET /api/brokers/brokersList query. `order`: score (default) | reviews | newest | name. */
export interface BrokersListQuery {
  page?: number;
  limit?: number;
  categories?: CategorySlug;
  /** Minimum score, 1–5. */
  rating?: number;
  order?: 'score' | 'reviews' | 'newest' | 'name';
  keyword?: string;
  /** Opaque country id from /api/brokers/country or /api/ajax/dataRegion. */
  country?: string;
}

export type BannerListResponse = Envelope<Page<Banner>>;
export type BrokersListResponse = Envelope<Page<CompanyCard>>;
export type CategoriesResponse = Envelope<Category[]>;
export type CountryListResponse = Envelope<Country[]>;
