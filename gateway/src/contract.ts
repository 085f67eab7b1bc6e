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

/**
 * Server-rendered pages call /api on the visitor's behalf: the web tier names the visitor's address
 * in VISITOR_ADDRESS_HEADER, and proves it is the web tier with the secret both share
 * (INTERNAL_SECRET) in INTERNAL_SECRET_HEADER, so per-address limits count per visitor.
 */
export const VISITOR_ADDRESS_HEADER = 'x-bw-visitor-address';
export const INTERNAL_SECRET_HEADER = 'x-bw-internal-secret';
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
  /** The author has a synced live trading account at this company (trader-sync): show a "verified client" badge. */
  verifiedClient: boolean;
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

/* ------------------------------------------------------------------------------------------
 * Promotions (spec §2 /promotion "promotions", /essay "promotion detail"): broker promotion
 * articles (deposit bonuses, cashback, contests…) written by admins, each about one company of
 * the catalogue and always labelled as sponsored (`sponsored: true`). Status: `scheduled` (not
 * started; never public), `active`, `ended` (the page still opens and says so).
 * Public answers are cached like the catalogue's and dropped at once after an admin write.
 * ---------------------------------------------------------------------------------------- */

export type PromotionStatus = 'scheduled' | 'active' | 'ended';

/** The company a promotion is about, in the caller's language. */
export interface PromotionCompany {
  /** Company id (slug): /detail?id=. */
  id: string;
  name: string;
  logo: string;
  /** 0.0–5.0, one decimal. */
  score: number;
  reviewCount: number;
  /** The company's "Open account" address (link it rel="sponsored"); null when it has none. */
  openAccountUrl: string | null;
}

/** GET /api/promotion/list?page= → Page<Promotion>: promotions running now, newest first, 12 a page. */
export interface Promotion {
  /** Public id (slug): /essay?id=. */
  id: string;
  title: string;
  summary: string;
  /** ISO times; `endsAt` null: until further notice. */
  startsAt: string;
  endsAt: string | null;
  status: PromotionStatus;
  /** Always true: a promotion is paid content and must be labelled so. */
  sponsored: true;
  company: PromotionCompany;
  updatedAt: string;
}
export type PromotionListResponse = Envelope<Page<Promotion>>;

/**
 * GET /api/promotion/detail?id=<slug>: the article. `body` and `terms` are plain-text paragraphs
 * (no markup). Unknown, deleted or not yet started: HTTP 404, `catalogue.promotion_not_found`.
 */
export interface PromotionDetail extends Promotion {
  body: string[];
  terms: string[];
}
export type PromotionDetailResponse = Envelope<PromotionDetail>;

/**
 * Admin: promotions. Admins only, exactly as /api/admin/reviews (signed out → code 402, HTTP 401;
 * not an admin → HTTP 403 `forbidden`). Texts in both languages.
 */
export interface AdminPromotion {
  id: string;
  status: PromotionStatus;
  /** The company (id = slug), named in the caller's language. */
  company: { id: string; name: string };
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  startsAt: string;
  endsAt: string | null;
  /** User id of the admin who created it ('demo-seed' for demo data). */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}
/** GET /api/admin/promotions?page= → Page<AdminPromotion>: every promotion not deleted (scheduled and ended too), latest start first, 20 a page. */
export type AdminPromotionListResponse = Envelope<Page<AdminPromotion>>;

/** GET /api/admin/promotions/detail?id= → one promotion with its full texts (scheduled ones too), for editing. */
export interface AdminPromotionDetail extends AdminPromotion {
  /** Plain text; paragraphs separated by a blank line. */
  bodyEn: string;
  bodyZh: string;
  termsEn: string;
  termsZh: string;
}
export type AdminPromotionDetailResponse = Envelope<AdminPromotionDetail>;

/**
 * POST /api/admin/promotions/save → AdminPromotionDetail ("The promotion has been saved.").
 * Without `id` a new promotion is created (its id is made from the company and English title);
 * with `id` that promotion is updated. Rules (code `catalogue.promotion_invalid`, HTTP 400, a
 * message per field in `data.fields`): titles 5–120 characters, summaries 20–300, bodies 50–8000,
 * terms at most 4000 (each language); `company` an existing company id; `startsAt` a date-time;
 * `endsAt` empty/null or after `startsAt`. Unknown `id`: HTTP 404 `catalogue.promotion_not_found`.
 */
export interface AdminPromotionSaveBody {
  id?: string;
  company: string;
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  bodyEn: string;
  bodyZh: string;
  termsEn?: string;
  termsZh?: string;
  /** ISO 8601 date-time (with zone; the admin screen sends UTC). */
  startsAt: string;
  endsAt?: string | null;
}
export type AdminPromotionSaveResponse = Envelope<AdminPromotionDetail>;

/** POST /api/admin/promotions/delete { id } → `{ id }` ("The promotion has been deleted."): gone from every page at once. */
export interface AdminPromotionDeleteBody {
  id: string;
}

/* ------------------------------------------------------------------------------------------
 * Notifications (issue "Notifications: notices, unread bell, email delivery, newsletter").
 *
 * Notices are stored as a kind and its parameters and rendered when read, in the caller's
 * language (`lang` header): switching language re-renders them. Every /api/user/* path here needs
 * a session (402 / 409 as elsewhere; cookie sessions send `x-csrf-token` on POST).
 * ---------------------------------------------------------------------------------------- */

/** The two tabs of /user/notice: someone's action, a moderation outcome or a video (`notices`), or an admin's (`system`). */
export type NoticeType = 'notices' | 'system';

export type NoticeKind =
  | 'followed'
  | 'post_liked'
  | 'post_commented'
  | 'comment_replied'
  | 'post_collected'
  | 'post_forwarded'
  | 'review_approved'
  | 'review_rejected'
  | 'video_ready'
  | 'video_failed'
  | 'system';

export interface Notice {
  id: string;
  type: NoticeType;
  kind: NoticeKind;
  /** Short heading in the caller's language ("New follower" / "新粉丝"; an admin's title). */
  title: string;
  /** The notice in the caller's language, names as they are now. */
  content: string;
  /** Site-relative link to the subject (post, company page, my reviews, profile), or null. */
  link: string | null;
  /** Who did it (follows, likes, comments…); null for moderation, videos and system notices. */
  actor: { id: string; username: string } | null;
  read: boolean;
  /** ISO time. */
  createdAt: string;
}

export interface UnreadNotices {
  notices: number;
  system: number;
}

/** GET /api/user/notice?type=notices|system&page= (spec §7): newest first, 10 a page. */
export interface NoticePage extends Page<Notice> {
  type: NoticeType;
  unread: UnreadNotices;
}
export type NoticeListResponse = Envelope<NoticePage>;

/** GET /api/user/noticecont (spec §3 "Notice count"): data = unread notices of both tabs; truthy shows the bell's dot. */
export type NoticeCountResponse = Envelope<number>;

/**
 * POST /api/user/notice/read: `{ id }` or `{ ids }` marks those (other users' ids are ignored),
 * `{ type }` every notice of one tab, `{ type: 'all' }` (or an empty body) both tabs.
 */
export interface NoticeReadBody {
  id?: string;
  ids?: string[];
  type?: NoticeType | 'all';
}
export type NoticeReadResponse = Envelope<{ updated: number; unread: UnreadNotices }>;

/**
 * GET /api/user/notice/stream — Server-Sent Events for the bell, signed in with the session cookie
 * (EventSource sends no custom headers, so this one path needs no request signature).
 *   `event: ready`  data {"unread": n} — on connect;
 *   `event: notice` data {"type": "notices"|"system"} — a new notice for the caller (or for everyone);
 *   `event: bye`    — the gateway is shutting down or the session ended; EventSource reconnects.
 * Comment lines (": ping") every ~25 s keep proxies from closing it. Not signed in: HTTP 401 with
 * the usual envelope (code 402), which ends EventSource's retries.
 */
export interface NoticeStreamReady {
  unread: number;
}
export interface NoticeStreamNotice {
  type: NoticeType;
}

/**
 * GET /api/user/emailPreferences, POST /api/user/emailPreferences { nonEssential }.
 * Non-essential mails: review moderation outcomes and newsletters. Verification codes always go.
 */
export interface EmailPreferences {
  nonEssential: boolean;
}
export type EmailPreferencesResponse = Envelope<EmailPreferences>;

/**
 * POST /api/newsletter/subscribe { email } — double opt-in: a confirmation mail with a link to
 * /newsletter/confirm?token=. `status` pending (mail sent, or sent a moment ago) or confirmed
 * (already subscribed: nothing sent). Refusals: `notifications.validation` with
 * `fields.email` ("Please enter a mailbox." / "The mailbox format is incorrect."), and
 * `too_many_requests` (HTTP 429 + Retry-After) past NEWSLETTER_RATE_LIMIT per address and window.
 * Without script the footer form posts `email` (form-encoded) to POST /newsletter/subscribe (not
 * /api, no signature), which answers 303 to /newsletter?status=pending|confirmed|required|format|limited|error.
 */
export interface NewsletterSubscribeBody {
  email: string;
}
export type NewsletterSubscribeResponse = Envelope<{ status: 'pending' | 'confirmed' }>;

/**
 * POST /api/newsletter/confirm { token }, POST /api/newsletter/unsubscribe { token } (the links in
 * the mails). Refusals: `notifications.token_invalid`, `notifications.token_expired` (confirm
 * links live 48 h; a newer mail replaces an older link).
 */
export interface NewsletterTokenBody {
  token: string;
}
export interface NewsletterSubscription {
  status: 'pending' | 'confirmed' | 'unsubscribed';
  email: string;
}
export type NewsletterSubscriptionResponse = Envelope<NewsletterSubscription>;

/** Text an admin writes in both languages; one may be left empty for notices (the other is shown). */
export interface LocalizedText {
  en: string;
  zh: string;
}

/**
 * POST /api/admin/notice/send — a system notice (admins only, as /api/admin/reviews): to the user
 * with id `uid`, or to everyone without it. Title ≤ 100, content ≤ 2000 characters; `link` an
 * optional site-relative path.
 */
export interface AdminNoticeBody {
  uid?: string;
  title: LocalizedText;
  content: LocalizedText;
  link?: string;
}
export type AdminNoticeResponse = Envelope<{ id: string; audience: 'user' | 'everyone' }>;

/** POST /api/admin/newsletter/send — an issue to every confirmed subscriber, both languages required. */
export interface AdminNewsletterBody {
  subject: LocalizedText;
  content: LocalizedText;
}
export type AdminNewsletterResponse = Envelope<{ id: string; recipients: number }>;

/* ------------------------------------------------------------------------------------------
 * Posts (Trader TV, blog): video and image-text posts (spec §3 "Creation post", §5 Publishing,
 * §8 video message, §9 limits), their uploads, likes, bookmarks ("collections"), comments and
 * forwards. Trader TV lists `kind=video`, the blog `kind=image_text`.
 *
 * Reading is public (a signed-in caller also gets `liked`/`collected`/`forwarded`/`mine`);
 * every POST needs a session (code 402 otherwise) and, for cookie sessions, the `x-csrf-token`
 * header like every other write. Refusals carry `data.error` (stable code) and `data.fields`
 * (per-field messages in the caller's language), e.g. publish with no title → HTTP 400,
 * `fields.title` "Please enter a title." / "请输入标题。". New accounts (first 24 h) may publish
 * 3 posts and write 3 comments a minute: HTTP 429, code 429, `Retry-After` header (seconds) and
 * the wait in `msg`. Someone else's post or comment: HTTP 403, `data.error` `media.not_author` /
 * `media.not_comment_author`. Unknown post: HTTP 404, `media.post_not_found`.
 *
 * Media addresses are site-relative under /media/ and served with HTTP Range support (206,
 * Accept-Ranges, 416) and `Cache-Control: public, max-age=31536000, immutable` (the names are
 * generated and never reused): put `video.url` straight into <video src> and seeking works.
 * ---------------------------------------------------------------------------------------- */

export type PostKind = 'video' | 'image_text';
export type PostCategorySlug = 'analysis' | 'education' | 'news' | 'strategy' | 'broker-review' | 'lifestyle';

/** GET /api/vlog/categories → PostCategory[] (fixed list, display order, named in the caller's language). */
export interface PostCategory {
  slug: PostCategorySlug;
  name: string;
}

/** A creator as shown on cards and comments (`avatar.avatar` is '' when they have none). */
export interface PostAuthor {
  id: string;
  username: string;
  avatar: { avatar: string };
}

export type VideoStatus = 'processing' | 'ready' | 'failed';

/** The video of a video post. */
export interface PostVideo {
  id: string;
  status: VideoStatus;
  /** Status is `ready`: `url` plays (H.264/AAC mp4, at most 720p, index first). */
  playable: boolean;
  /** /media/videos/<id>/playback.mp4 when playable, else null. */
  url: string | null;
  /** Poster frame (JPEG) when playable, else null (use the post's cover). */
  poster: string | null;
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /**
   * When not playable: "This video is temporarily unavailable, please try again later." /
   * "该视频暂时无法播放，请稍后再试。" (spec §8) — show it in place of the player. null when playable.
   */
  message: string | null;
}

export interface PostCounts {
  likes: number;
  comments: number;
  collections: number;
  forwards: number;
}

/** A post in lists (spec §3 "Creation post": cover, type, title, description, time, likes, category, last update). */
export interface PostCard {
  id: string;
  kind: PostKind;
  title: string;
  description: string;
  category: PostCategory;
  /** The language the post is written in. */
  locale: Lang;
  cover: {
    /** 1280 × 720 (16:9 crop), WebP. */
    url: string;
    /** 480 × 270, WebP: for cards. */
    thumb: string;
    /** The whole picture within 1600 × 1600, WebP. */
    full: string;
  };
  /** Video posts only; null for image-text posts. */
  video: PostVideo | null;
  author: PostAuthor;
  counts: PostCounts;
  /** Published (ISO). */
  createdAt: string;
  /** Last edited (ISO): the spec's "last update". */
  updatedAt: string;
  /** The signed-in caller's marks; false when signed out. */
  liked: boolean;
  collected: boolean;
  forwarded: boolean;
  /** The caller wrote it (show edit/delete). */
  mine: boolean;
}

/** GET /api/vlog/detail?id= */
export interface PostDetail extends PostCard {
  /**
   * Image-text posts: sanitised HTML (p, br, h2–h4, blockquote, ul/ol/li, strong/b, em/i, u, s,
   * code, pre, hr, a, img, figure, figcaption). Links carry rel="nofollow noopener ugc" (and
   * target="_blank" for http/https); images are only /media/images/… of the author. Safe to
   * render as HTML. '' for video posts.
   */
  content: string;
}

/** Query of GET /api/vlog/list (newest first; only playable posts). `limit` 1–50, default 12. */
export interface PostListQuery {
  kind?: PostKind;
  category?: PostCategorySlug;
  locale?: Lang;
  page?: number;
  limit?: number;
}
/** GET /api/vlog/list → Page<PostCard>. GET /api/vlog/recommend?kind&page&limit → Page<PostCard>, by recent engagement with time decay. */
export type PostPageResponse = Envelope<Page<PostCard>>;
/** GET /api/vlog/search?keyword=&kind&page&limit → Page<PostCard>: every word of `keyword` in the title, description or text (case, accents and full-width folded; Chinese as a substring); title matches first. An empty keyword finds nothing. */
export type PostSearchResponse = Envelope<Page<PostCard>>;

/** A creator's public profile (/vlog/personal): identity's card and follow counts plus their post figures. */
export interface CreatorProfile extends PostAuthor {
  motto: string;
  followers: number;
  following: number;
  /** Whether the signed-in caller follows them (POST /api/user/follow { fuid } toggles). */
  followed: boolean;
  /** Playable posts. */
  posts: number;
  likesReceived: number;
  collectionsReceived: number;
  forwardsReceived: number;
  /** The caller is this creator. */
  mine: boolean;
}

/** One follower of a creator (the "Fans" tab of /vlog/personal). */
export interface CreatorFan extends PostAuthor {
  /** When they followed the creator (ISO). */
  followedAt: string;
  /** Whether the signed-in caller follows this fan (false when signed out; POST /api/user/follow { fuid } toggles). */
  followed: boolean;
}

/**
 * GET /api/user/fans?uid=&page=&limit= → Page<CreatorFan> (public): the creator's followers,
 * newest first; `limit` 1–50, default 20. Unknown user: HTTP 404, `data.error` `identity.user_not_found`.
 */
export type CreatorFansResponse = Envelope<Page<CreatorFan>>;

/** One entry of a creator's feed: their own post, or a post they forwarded with their comment. */
export interface FeedItem {
  type: 'post' | 'forward';
  /** When posted or forwarded (ISO). */
  at: string;
  post: PostCard;
  /** For `forward`: the forward's id and comment ('' when none). */
  forward: { id: string; comment: string } | null;
}

/**
 * GET /api/vlog/user?uid=&tab=posts|feed&kind&page&limit → the creator and one page of the
 * chosen tab: `posts` (their posts, newest first; `kind` filters) or `feed` (their posts and
 * forwards, newest first). The other tab is null.
 */
export interface CreatorPage {
  author: CreatorProfile;
  posts: Page<PostCard> | null;
  feed: Page<FeedItem> | null;
}

/** GET /api/vlog/mine?kind&page&limit → Page<PostCard>: the caller's posts in every state (a video still processing, or failed, included). */
export type MyPostsResponse = Envelope<Page<PostCard>>;

/**
 * POST /api/vlog/publish. `cover`: an image id from /api/upload/image (required). Video posts:
 * `video` = a video id from /api/upload/video (it may still be processing: the post appears in
 * lists when the video is ready; a failed video is refused). Image-text posts: `content` HTML
 * (required; sanitised, see PostDetail.content; pictures = /media/… addresses returned by
 * /api/upload/image). `locale` defaults to the caller's language.
 * Field codes → messages: title required / at most 100 characters; description required / at
 * most 500; cover required / "upload again"; category required / one of the list; video
 * required / not found / failed / in use; content required / too long (20000 characters).
 * → PostDetail. `msg`: "Published." or, for a video still processing, that it will appear when ready.
 */
export interface PublishPostBody {
  kind: PostKind;
  title: string;
  description: string;
  cover: string;
  category: PostCategorySlug;
  locale?: Lang;
  video?: string;
  content?: string;
}

/** POST /api/vlog/edit — the author only; fields left out keep their value; the kind never changes. → PostDetail */
export interface EditPostBody {
  id: string;
  title?: string;
  description?: string;
  cover?: string;
  category?: PostCategorySlug;
  locale?: Lang;
  video?: string;
  content?: string;
}

/** POST /api/vlog/delete { id } — the author only; removes its pictures and video too. → null */
export interface DeletePostBody {
  id: string;
}

/** POST /api/vlog/like { id, like? }: `like` true/false sets, absent toggles. Counted once per user. */
export interface LikeBody {
  id: string;
  like?: boolean;
}
export type LikeResponse = Envelope<{ liked: boolean; likes: number }>;

/** POST /api/vlog/collect { id, collect? }: bookmark; `collect` true/false sets, absent toggles. */
export interface CollectBody {
  id: string;
  collect?: boolean;
}
export type CollectResponse = Envelope<{ collected: boolean; collections: number }>;

/** GET /api/vlog/collections?page&limit → the caller's bookmarks, the latest first. */
export interface CollectedPost extends PostCard {
  collectedAt: string;
}
export type CollectionsResponse = Envelope<Page<CollectedPost>>;

/** POST /api/vlog/forward { id, comment? } — once per post (again: HTTP 409 `media.already_forwarded`); comment ≤ 500 characters. */
export interface ForwardBody {
  id: string;
  comment?: string;
}
export type ForwardResponse = Envelope<{ forward: { id: string; comment: string; at: string }; forwards: number }>;

/** POST /api/vlog/forward/delete { id } — takes back the caller's forward (it leaves their feed); none to take back: the same answer. */
export interface UnforwardBody {
  id: string;
}
export type UnforwardResponse = Envelope<{ forwards: number; forwarded: false }>;

/** A comment; replies are one level deep (a reply to a reply joins the same thread, naming whom it answers). */
export interface PostComment {
  id: string;
  /** The comment text (plain text: render as text, never as HTML). */
  content: string;
  author: PostAuthor;
  /** Whom a reply answers; null for a top-level comment. */
  replyTo: PostAuthor | null;
  createdAt: string;
  /** The caller wrote it (show delete). */
  mine: boolean;
  /** Replies, oldest first (top-level comments only; [] for replies). */
  replies: PostComment[];
}

/** GET /api/vlog/comments?id=&page&limit → top-level comments newest first (`total` counts them; `all` counts replies too). */
export interface CommentPage extends Page<PostComment> {
  all: number;
}

/**
 * POST /api/vlog/comment { id: post id, content, pid?: comment replied to } → PostComment.
 * `content` 1–500 characters; the same text twice on one post by the same user is refused
 * (`fields.content`). New accounts: 3 comments a minute (429 + Retry-After).
 */
export interface CommentBody {
  id: string;
  content: string;
  pid?: string;
}

/** POST /api/vlog/comment/delete { id } — own comments only; its replies go with it. → { deleted: ids } */
export interface DeleteCommentBody {
  id: string;
}

/**
 * POST /api/upload/video — the raw file as the request body (`Content-Type: video/mp4`, or
 * application/octet-stream), sent with XMLHttpRequest so `upload.onprogress` shows the
 * percentage; the gateway streams it on. Checked by content: an mp4/mov under 10 MB with a real
 * video stream, 0.5 s to 15 min, at most 4096 px a side. `fields.video`: too_large | type |
 * corrupt | no_video_stream | duration | dimensions | required, each with its own message.
 * → UploadedVideo (status `processing`); poll GET /api/upload/video/status?id= (every 2 s or so)
 * until `ready` or `failed`.
 */
export interface UploadedVideo {
  id: string;
  status: VideoStatus;
  /** Set when failed: `timeout`, `transcode_failed`, `output_too_large`, … */
  reason: string | null;
  /** What the creator sees: processing / ready / could not be processed, in the caller's language. */
  message: string;
  /** When ready. */
  url: string | null;
  poster: string | null;
  duration: number;
  width: number;
  height: number;
  size: number;
}
export type UploadVideoResponse = Envelope<UploadedVideo>;
/** GET /api/upload/video/status?id= (the uploader only) */
export type VideoStatusResponse = Envelope<UploadedVideo>;

/**
 * POST /api/upload/image — multipart/form-data with the file in field `file` (or the raw bytes
 * with Content-Type image/jpeg|png|webp). JPEG, PNG or WebP up to 5 MB; re-encoded to WebP
 * without metadata. `fields.image`: too_large | type | corrupt | dimensions | required.
 * `id` goes into publish's `cover`; `full` is the address to put in image-text content.
 */
export interface UploadedImage {
  id: string;
  /** 1280 × 720 cover. */
  cover: string;
  thumb: string;
  full: string;
  width: number;
  height: number;
}
export type UploadImageResponse = Envelope<UploadedImage>;

/* ------------------------------------------------------------------------------------------
 * Traders (issue "Traders"; spec §1, §2 /trader/* and /user/account, §3 Trader account, Trader
 * order, Broker application, §4 public/hidden, §7 brokerserver and traderbroker).
 *
 * Reading public accounts and the Top Trader table needs no sign-in; everything about one's own
 * accounts needs a session (code 402 otherwise) and, with cookie sessions, `x-csrf-token` on
 * POSTs. A hidden account answers "not found" to everybody but its owner; acting on another
 * user's account answers `trader.not_owner` (HTTP 403). Field errors come back in
 * `data.fields` keyed by the body field names below, in the caller's language.
 * The read-only password is write-only: no answer ever contains it.
 * Money is in the account currency; percentages are percent (12.5 = 12.5 %); times ISO 8601.
 * ---------------------------------------------------------------------------------------- */

/** GET /api/brokers/traderbroker → TraderBroker[]: brokers accounts can be bound at, by name. */
export interface TraderBroker {
  /** Company id (slug), as in /detail?id=. */
  id: string;
  /** In the caller's language. */
  name: string;
  logo: string;
  /** Bindable servers of the broker. */
  servers: number;
}

/** GET /api/brokers/brokerserver?query= → TraderServer[] (at most 20; prefix matches first). */
export interface TraderServer {
  id: string;
  /** As the trading platform names it, e.g. `HarbourFX-Live01`: pass it as `server` to bind. */
  name: string;
  kind: 'live' | 'demo';
  /** `id` is '' for a broker not (yet) in the catalogue. */
  broker: { id: string; name: string };
}

/** POST /api/trader/bind → TraderAccount. */
export interface TraderBindBody {
  /** Broker id (slug) from traderbroker; optional when the server identifies it. */
  broker?: string;
  /** Server name from brokerserver. */
  server: string;
  /** Account number (login): 3–12 digits. */
  account: string;
  /** Read-only (investor) password, 4–64 characters; required unless `source` is `statement`. */
  readonlyPassword?: string;
  /** Strategy nickname, 2–30 characters. */
  nickname: string;
  /** Strategy description, at most 500 characters. */
  description?: string;
  type: 'manual' | 'mixed';
  /** Default `public`. */
  visibility?: 'public' | 'hidden';
  /** `bridge` (default): synced in the background with the read-only password. `statement`: the owner uploads MT4/MT5 HTML statements instead. */
  source?: 'bridge' | 'statement';
}

export interface TraderStats {
  currency: string;
  balance: number;
  equity: number;
  deposits: number;
  withdrawals: number;
  fees: number;
  /** Sum of swaps (spec "interest"). */
  interest: number;
  lots: number;
  /** Net trading result (trades and fees). */
  profit: number;
  /** Time-weighted gain, % (deposits and withdrawals excluded). */
  gainPct: number;
  /** (equity − net deposits) / deposits, %. */
  absoluteGainPct: number;
  /** 0–100. */
  maxDrawdownPct: number;
  maxDrawdownMoney: number;
  /** null when there was no losing trade. */
  profitFactor: number | null;
  winRatePct: number;
  /** Average result per trade. */
  expectancy: number;
  averageWin: number;
  /** Negative. */
  averageLoss: number;
  trades: number;
  wins: number;
  losses: number;
  longestWinStreak: number;
  longestLoseStreak: number;
  /** Annualised volatility of daily returns, as a fraction (0.12 = 12 %). */
  volatility: number;
  firstDealAt: string | null;
  lastDealAt: string | null;
  trackDays: number;
  /** The account lost (nearly) everything; it stays listed. */
  blown: boolean;
}

/**
 * Sync state the owner sees. `error` (when failing): `invalid_credentials` (update the
 * read-only password: unbind and bind again), `account_not_found`, `unavailable`, `timeout`,
 * `bad_response`, `credentials_unreadable`, `internal`. `errorText` says it in the caller's language.
 */
export interface TraderSyncState {
  state: 'pending' | 'ok' | 'failing';
  error: string | null;
  errorText: string | null;
  failures: number;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** Next automatic attempt; null for closed and statement accounts. */
  nextAttemptAt: string | null;
}

/** Spec §3 "Trader account". */
export interface TraderAccount {
  id: string;
  owner: { id: string; username: string };
  broker: { id: string; name: string };
  server: string;
  /** Full for the owner; masked (`88****45`) for everybody else. */
  account: string;
  nickname: string;
  description: string;
  type: 'manual' | 'mixed';
  visibility: 'public' | 'hidden';
  source: 'bridge' | 'statement';
  /** `closed` after unbinding: kept with its history on the owner's profile. */
  status: 'active' | 'closed';
  boundAt: string;
  closedAt: string | null;
  currency: string;
  leverage: number | null;
  balance: number | null;
  equity: number | null;
  /** true live, false demo, null unknown (statement accounts). */
  live: boolean | null;
  /** Ownership verified with a code (/user/account). */
  verified: boolean;
  sync: TraderSyncState;
  /** Why an account is not in the Top Trader table (`hidden`, `closed`, `statement`, `not_synced`, `demo`, `stale`, `track_too_short`, `too_few_trades`), null when ranked. */
  ranking: { ranked: boolean; score: number | null; reason: string | null };
  stats: TraderStats | null;
  mine: boolean;
}

/** GET /api/trader/account?id= → TraderAccountDetail (public accounts to all, hidden ones to the owner). */
export interface TraderAccountDetail extends TraderAccount {
  /** Balance / equity / growth / drawdown curve (at most 500 points; equity differs from balance only at the last point). */
  curve: { t: string; balance: number; equity: number; gainPct: number; drawdownPct: number }[];
  /** Monthly returns (`YYYY-MM`, %, and the month's result in money). */
  monthly: { month: string; returnPct: number; profit: number }[];
}

/** Spec §3 "Trader order": one closed trade. GET /api/trader/orders?id=&page= → Page<TraderOrder> (20 a page, newest first). */
export interface TraderOrder {
  id: string;
  openTime: string | null;
  closeTime: string;
  instrument: string;
  side: string;
  lots: number;
  openPrice: number | null;
  closePrice: number | null;
  stopLoss: number | null;
  takeProfit: number | null;
  commission: number;
  interest: number;
  profit: number;
}

/**
 * GET /api/trader/accounts → TraderAccount[]: the caller's accounts (closed ones too).
 * GET /api/trader/profile?uid= → TraderAccount[]: a trader's public accounts (closed and blown ones too).
 * POST /api/trader/sync { id } → TraderAccount: sync as soon as a worker is free.
 * POST /api/trader/visibility { id, visibility } → TraderAccount.
 * POST /api/trader/unbind { id } → TraderAccount (status `closed`).
 * POST /api/trader/statement?id= with the MT4 Detailed Statement or MT5 report as the body
 *   (Content-Type text/html, at most 5 MB) → TraderStatementResult; `statement` accounts only.
 *   Refusals: `trader.statement_invalid` with fields.statement = unknown_format | no_deals | malformed | account_mismatch.
 */
export interface TraderAccountIdBody {
  id: string;
}
export interface TraderVisibilityBody {
  id: string;
  visibility: 'public' | 'hidden';
}
export interface TraderStatementResult {
  account: TraderAccount;
  /** Deals not seen before (the same statement again adds 0). */
  added: number;
  format: 'mt4' | 'mt5';
}

/**
 * /user/account (live account verification). POST /api/trader/verify { id } → a new code;
 * GET /api/trader/verify?id= → the state. The owner puts the code as the account's name in the
 * trading platform or as the comment of an order; the next sync marks the account verified.
 */
export interface TraderVerification {
  verified: boolean;
  verifiedAt: string | null;
  /** `BW-XXXXXX`, while one is pending (7 days). */
  code: string | null;
  expiresAt: string | null;
}

/** GET /api/trader/top?page=&sort=&broker=&minDays=&type= → TopTraderPage (20 a page). */
export interface TopTraderQuery {
  page?: number;
  /** `score` (default: risk-adjusted, see services/trader-sync/docs/ranking-methodology.md), `gain`, `drawdown` (smallest first), `trades`, `track`. */
  sort?: 'score' | 'gain' | 'drawdown' | 'trades' | 'track';
  /** Broker id (slug). */
  broker?: string;
  minDays?: number;
  type?: 'manual' | 'mixed';
}
export interface RankedTrader {
  rank: number;
  account: TraderAccount;
}
export type TopTraderPage = Page<RankedTrader>;

/** POST /api/trader/apply → BrokerApplication (spec §3 "Broker application"). */
export interface BrokerApplicationBody {
  broker: string;
  /** The broker's website (https://… or a bare host name). */
  website: string;
  /** Server name, e.g. `FarEastFX-Live03`. */
  server: string;
  /** Sample account number. */
  account: string;
  /** Sample read-only password (stored encrypted, never shown again). */
  readonlyPassword: string;
}
/** GET /api/trader/applications → Page<BrokerApplication>: the caller's applications, newest first. */
export interface BrokerApplication {
  id: string;
  broker: string;
  website: string;
  server: string;
  account: string;
  status: 'pending' | 'approved' | 'rejected';
  /** The admin's reason (shown to the applicant when rejected). */
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  /** Admin views only. */
  applicant?: { id: string };
}

/**
 * Admin (role admin): GET /api/admin/trader/applications?status=pending|approved|rejected&page=
 * → Page<BrokerApplication> (pending: oldest first). POST /api/admin/trader/applications/decide
 * → BrokerApplication; approving makes the server bindable (attached to catalogue broker `broker`
 * when given) and the applicant is notified.
 */
export interface AdminApplicationDecideBody {
  id: string;
  decision: 'approve' | 'reject';
  /** Required to reject (1–500 characters). */
  reason?: string;
  /** Approve: the catalogue broker (slug) the server belongs to, if it is in the catalogue. */
  broker?: string;
}
