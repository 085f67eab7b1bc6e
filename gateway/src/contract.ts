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

/* ------------------------------------------------------------------------------------------
 * Accounts (issue "Accounts"). All POST bodies are JSON unless noted.
 *
 * Sessions: a successful sign-in sets two cookies — `bw_session` (the signed token; httpOnly,
 * SameSite=Lax, Secure in production; session cookie, or 30 days with `rememberpwd`) and
 * `bw_csrf` (readable by script). The web app sends cookies plus header `x-csrf-token` = the
 * `bw_csrf` value on every state-changing call; API clients may instead send the token in the
 * `token` header (no CSRF check then). The token is also returned in `userInfo.token` for API
 * clients; the web app never stores it in web storage.
 * Code 402: sign-in needed / token missing, expired or invalid. Code 409: the session was
 * revoked (logout elsewhere, password changed or reset, account frozen).
 * ---------------------------------------------------------------------------------------- */

/** Spec §3 "User info". The web app keeps only id, username and avatar in localStorage. */
export interface UserInfo {
  id: string;
  username: string;
  token: string;
  avatar: { avatar: string };
}

/** POST /api/user/checkIn */
export interface CheckInBody {
  tab: 'login' | 'register';
  /** login: email or user name; register: email. */
  email: string;
  password: string;
  /** register only */
  username?: string;
  /** register only: the 6-digit code sent by /api/ems/send (event user_register). */
  captcha?: string;
  /** login: keep the session 30 days instead of until the browser closes. */
  rememberpwd?: boolean;
  /** register: must be 'personal' (company accounts are "coming soon"). */
  accountType?: 'personal' | 'company';
}
export type CheckInResponse = Envelope<{ userInfo: UserInfo }>;

/**
 * POST /api/user/TripartiteCheck. `type` 1 Google, 2 Facebook. The server verifies `credential`
 * (Google: the ID token from Google Identity Services; Facebook: the user access token) and uses
 * only what the provider vouches for; `email`, `name`, `voucher` from the browser are ignored.
 */
export interface TripartiteBody {
  type: 1 | 2;
  credential: string;
  email?: string;
  name?: string;
  voucher?: string;
}

/** Events of POST /api/ems/send. */
export type EmailCodeEvent = 'user_register' | 'retrieve_password' | 'change_password' | 'bind_email';
/** POST /api/ems/send → data `{ resendAfter: 60 }` (seconds before another code may be sent). */
export interface EmsSendBody {
  email: string;
  event: EmailCodeEvent;
}

/** POST /api/user/index → data: the signed-in user's profile. */
export interface UserProfile {
  id: string;
  username: string;
  email: string | null;
  avatar: { avatar: string };
  /** Opaque country id as in /api/ajax/dataRegion, or null. */
  country: Country | null;
  motto: string;
  accountType: 'personal' | 'company';
  followers: number;
  following: number;
  likesReceived: number;
  collections: number;
  createdAt: string;
  /** The user may moderate (/api/admin/*): the web app shows the admin link. */
  isAdmin: boolean;
}

/** POST /api/user/editUser. `avatar` is the `key` from /api/user/avatar (or omitted to keep). */
export interface EditUserBody {
  avatar?: string;
  username: string;
  /** Opaque country id. */
  country: string;
  motto?: string;
}

/** POST /api/user/avatar (multipart/form-data, field `file`): JPEG/PNG ≤ 2 MB, checked by content. */
export type AvatarUploadResponse = Envelope<{ key: string; avatar: { avatar: string } }>;

/** POST /api/user/modifyPassword: old password, new password, code sent for `change_password`. */
export interface ModifyPasswordBody {
  oldpwd: string;
  pwd: string;
  captcha: string;
}

/** POST /api/user/retrievePassword (signed out): reset with a `retrieve_password` code. */
export interface RetrievePasswordBody {
  email: string;
  pwd: string;
  captcha: string;
}

/** POST /api/user/bindemail with a `bind_email` code → data: UserProfile. */
export interface BindEmailBody {
  email: string;
  captcha: string;
}

/** POST /api/user/follow { fuid } toggles; data says the new state. */
export interface FollowBody {
  fuid: string;
}
export type FollowResponse = Envelope<{ following: boolean; followers: number }>;

/** GET /api/user/public?id= → a creator's public card (follow button, counts). */
export interface PublicUser {
  id: string;
  username: string;
  avatar: { avatar: string };
  motto: string;
  followers: number;
  following: number;
  /** Whether the signed-in caller follows this user (false when signed out). */
  followed: boolean;
}

/* ------------------------------------------------------------------------------------------
 * Company detail and rankings (issue "Companies, reviews…").
 * ---------------------------------------------------------------------------------------- */

export interface Licence {
  /** Regulator short name, e.g. FCA, ASIC, CySEC. */
  regulator: string;
  /** Regulator's country/region name in the caller's language. */
  regulatorCountry: string;
  licenceNo: string;
  /** The licensed legal entity. */
  entity: string;
  status: 'regulated' | 'offshore' | 'revoked' | 'exceeded';
  /** Link to the regulator's public register entry. */
  registerUrl: string;
}

export interface CompanyContact {
  website: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
}

/** GET /api/brokers/detail?id=<company id (slug)> — every field of spec §3 "Company". */
export interface CompanyDetail extends CompanyCard {
  nameEn: string;
  nameZh: string;
  aliases: string[];
  /** Longer "about" text in the caller's language. */
  about: string;
  /** Product services, in the caller's language. */
  services: string[];
  assetTypes: string[];
  platforms: string[];
  /** e.g. "1:500"; null where it does not apply (payment firms). */
  maxLeverage: string | null;
  licences: Licence[];
  paymentMethods: string[];
  contact: CompanyContact;
  /** Supported account currencies (ISO codes). */
  currencies: string[];
  /** Where "Open account" leads; null when the company has none. */
  openAccountUrl: string | null;
  updatedAt: string;
}

/** GET /api/brokers/topBrokersList?page= — Brokers ranked by score (minimum review count applies). */
export interface RankedCompany extends CompanyCard {
  rank: number;
}
export type TopBrokersResponse = Envelope<Page<RankedCompany>>;
export type CompanyDetailResponse = Envelope<CompanyDetail>;

/* ------------------------------------------------------------------------------------------
 * Reviews (spec §3 "Review", §4 pending, §5 review rules).
 * ---------------------------------------------------------------------------------------- */

export interface PublicReview {
  id: string;
  company: { id: string; name: string; logo: string };
  author: { id: string; username: string };
  /** Stars 1–5. */
  score: number;
  content: string;
  /** Last written (ISO). */
  date: string;
  /** Others only ever see approved reviews; the author also sees pending/rejected ones. */
  status: 'pending' | 'approved' | 'rejected';
  /** Told to the author when a moderator rejects the review. */
  rejectReason: string | null;
  mine: boolean;
}

export interface RatingSummary {
  /** Score from approved reviews (Bayesian average, /about/methodology), one decimal. */
  score: number;
  count: number;
  /** Counts of 1★ … 5★ approved reviews. */
  distribution: number[];
}

/** GET /api/reviews/list?id=<company id>&page= */
export interface CompanyReviews extends Page<PublicReview> {
  /** The signed-in caller's own review of this company, whatever its status. */
  mine: PublicReview | null;
  rating: RatingSummary;
}

/** POST /api/reviews/submit — creates or edits the caller's review; it is pending until moderated. */
export interface SubmitReviewBody {
  id: string;
  score: number;
  content: string;
  /** The confirmation tick (spec §5). */
  check: boolean;
}

/* ------------------------------------------------------------------------------------------
 * Admin: review moderation. Every path needs a signed-in admin (UserProfile.isAdmin): signed out
 * → code 402 (HTTP 401); signed in without the admin role → HTTP 403, code 0, data.error `forbidden`
 * ("You do not have permission to do this." / "您没有权限执行此操作。").
 * ---------------------------------------------------------------------------------------- */

/** GET /api/admin/reviews/queue?page= → Page<PublicReview>: pending reviews, longest waiting first, 20 a page. */
export type AdminQueueResponse = Envelope<Page<PublicReview>>;

export type ModerationDecision = 'approve' | 'reject';

/**
 * POST /api/admin/reviews/decide. `reason` is required to reject (1–500 characters; the author sees
 * it), optional to approve. A published review may be taken down (approved → rejected) and a
 * rejection reversed. Refusals: `reviews.validation` with `fields.reason` (required | length),
 * `reviews.already_moderated` (HTTP 409: the review already has that status),
 * `admin.review_not_found` (HTTP 404).
 */
export interface AdminDecideBody {
  reviewId: string;
  decision: ModerationDecision;
  reason?: string;
}

/** One moderation decision: who, when, what and why. */
export interface AuditEntry {
  id: string;
  reviewId: string;
  /** The admin who decided; username '' if the account no longer exists. */
  moderator: { id: string; username: string };
  decision: ModerationDecision;
  /** Empty for an approval without a note. */
  reason: string;
  /** The review's status before this decision. */
  previousStatus: 'pending' | 'approved' | 'rejected';
  /** ISO time of the decision. */
  at: string;
}

/** Answer of /api/admin/reviews/decide: the review as it now stands and the audit entry written. */
export interface AdminDecision {
  review: PublicReview;
  audit: AuditEntry;
}
export type AdminDecideResponse = Envelope<AdminDecision>;

/** GET /api/admin/reviews/audit?reviewId= → every decision on the review, oldest first. */
export type AdminAuditResponse = Envelope<AuditEntry[]>;
