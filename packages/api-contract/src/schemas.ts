/**
 * The public /api contract as TypeBox schemas: the gateway's answers are checked against them (its
 * tests, the browser tests, CHECK_CONTRACT), docs/api/openapi.json is generated from them, and the web
 * app takes its types from them (each `Static<>` type has the name of its schema).
 *
 * Every response is an envelope. Success: code 1 (clients also accept 200).
 * Codes 402, 409 and 302 end the client's session. HTTP status tells the truth (4xx/5xx).
 */
import { Type, type Static, type TObject, type TOptional, type TSchema } from 'typebox';
import { SANCTION_RULES } from './constants.ts';

/** The envelope every /api answer comes in; `data` is the operation's own schema. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Number({ description: 'SUCCESS_CODE (1) on success; 402/409/302 end the session; otherwise the error kind.' }),
    msg: Type.String({ description: "Message in the caller's language (`lang` header: `en` | `zh-cn`)." }),
    time: Type.Number({ description: 'Server time, Unix seconds.' }),
    data,
  });
}
export interface Envelope<T> {
  code: number;
  /** Message in the caller's language (`lang` header: `en` | `zh-cn`). */
  msg: string;
  /** Server time, Unix seconds. */
  time: number;
  data: T;
}

/** `data` of a failed call. `error` is a stable machine code; `fields` are per-field messages. */
export const ErrorData = Type.Object({
  error: Type.String(),
  requestId: Type.Optional(Type.String()),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorData = Static<typeof ErrorData>;

/*
 * Requests: every query and body schema below is the one the gateway validates with (ajv: defaults
 * filled in, types coerced, unknown query fields refused), so the OpenAPI description documents
 * exactly what is enforced. Bounds are generous where a service owns the rule and names the field.
 */

/** A field the caller may leave out: validation fills in `value` (ajv `useDefaults`), so the server always has it. `schema`: a fresh one (it takes the default). */
export function Defaulted<T extends TSchema>(schema: T, value: Static<T>): TOptional<T & { default: Static<T> }> {
  return Type.Optional(Object.assign(schema, { default: value })) as TOptional<T & { default: Static<T> }>;
}
type DefaultedKeys<P> = { [K in keyof P]: P[K] extends { default: unknown } ? K : never }[keyof P];
/** A request as the server sees it after validation: the fields with a default (Defaulted) are always there. */
export type Validated<T extends TSchema> = T extends TObject<infer P> ? Static<T> & { [K in DefaultedKeys<P>]-?: Static<P[K]> } : Static<T>;

/** A string from a fixed list as JSON Schema `enum`: one error naming the field, not one per choice. */
const StringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}) => Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
/** Ignored: jQuery-style cache busters are harmless; any other unknown query field is refused. */
const CacheBuster = Type.Optional(Type.String({ description: 'Ignored (a cache buster).' }));
/** Page numbers: 1 when absent. */
const PageNumber = (maximum = 1000) => Defaulted(Type.Integer({ minimum: 1, maximum }), 1);
/** A public id that is a slug (companies, promotions). */
const Slug = (description?: string) => Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$', ...(description ? { description } : {}) });
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const OptionalText = (maxLength: number, description?: string) => Type.Optional(Type.String({ maxLength, ...(description ? { description } : {}) }));

/** A query that takes nothing but the cache buster. */
export const NoQuery = Type.Object({ _: CacheBuster }, { additionalProperties: false });
/** A query that takes nothing at all. */
export const EmptyQuery = Type.Object({}, { additionalProperties: false });
/** One page of a list whose page size is fixed. */
export const PageQuery = Type.Object({ page: PageNumber(), _: CacheBuster }, { additionalProperties: false });
/** One company or promotion by its slug. */
export const SlugQuery = Type.Object({ id: Slug('The slug (the public id).'), _: CacheBuster }, { additionalProperties: false });
/** POST /api/user/apiKeys body. */
export const CreateApiKeyBody = Type.Object({ name: Type.String({ maxLength: 1000 }) });
/** POST /api/user/apiKeys/revoke body. */
export const RevokeApiKeyBody = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const Lang = Type.Union([Type.Literal('en'), Type.Literal('zh-cn')]);
export type Lang = Static<typeof Lang>;

export const CategorySlug = Type.Union([Type.Literal('Brokers'), Type.Literal('FinTech'), Type.Literal('Lp'), Type.Literal('Pay')]);
export type CategorySlug = Static<typeof CategorySlug>;

/** One page of a list (`page` is 1-based, `limit` the page size). */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({ list: Type.Array(item), total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), limit: Type.Integer({ minimum: 0 }) });
}
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** One responsive size of a picture: `url` is `width` pixels wide at most (never enlarged). */
export const ImageSource = Type.Object({ width: Type.Integer({ minimum: 1 }), url: Type.String() });
/**
 * Responsive sizes of a raster picture (ADR 033), for `<picture><source type="image/avif" srcset>`:
 * AVIF and WebP, smallest first. Absent for vector pictures (SVG), which need none.
 */
export const ImageSrcset = Type.Object({ avif: Type.Array(ImageSource), webp: Type.Array(ImageSource) });
export type ImageSrcset = Static<typeof ImageSrcset>;

export const Banner = Type.Object({
  id: Type.String(),
  title: Type.String({ description: "Title in the caller's language." }),
  image: Type.String({ description: 'Image address (served by the gateway under /media/).' }),
  srcset: Type.Optional(ImageSrcset),
  link: Type.String({ description: 'Site-relative or absolute link opened when the banner is clicked.' }),
});
export type Banner = Static<typeof Banner>;

export const Category = Type.Object({
  id: Type.String(),
  slug: CategorySlug,
  name: Type.String({ description: "Name in the caller's language." }),
  companyCount: Type.Number(),
});
export type Category = Static<typeof Category>;

/** Spec §3 "Country item": `name` is the Chinese name, `Eglish` the English one (spelt so). */
export const Country = Type.Object({
  id: Type.String({ description: 'Opaque, encrypted id: pass it back as `country` to brokersList or /search.' }),
  code: Type.String(),
  name: Type.String(),
  Eglish: Type.String(),
});
export type Country = Static<typeof Country>;

export const CompanyCard = Type.Object({
  id: Type.String({ description: 'Public id (URL slug), used by /detail?id=.' }),
  name: Type.String(),
  logo: Type.String(),
  logoSrcset: Type.Optional(ImageSrcset),
  category: Type.Object({ slug: CategorySlug, name: Type.String() }),
  country: Country,
  description: Type.String({ description: "Short description in the caller's language." }),
  score: Type.Number({ description: '0.0–5.0, one decimal.' }),
  reviewCount: Type.Number(),
  founded: Type.Union([Type.Number(), Type.Null()]),
  regulated: Type.Boolean(),
});
export type CompanyCard = Static<typeof CompanyCard>;

/** GET /api/brokers/brokersList query. `order`: score (default) | reviews | newest | name. */
export const BrokersListQuery = Type.Object(
  {
    page: Defaulted(Type.Integer({ minimum: 1, maximum: 10_000 }), 1),
    limit: Defaulted(Type.Integer({ minimum: 1, maximum: 50 }), 20),
    categories: Type.Optional(StringEnum(['Brokers', 'FinTech', 'Lp', 'Pay'] as const)),
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'Minimum score, 1–5.' })),
    order: Type.Optional(StringEnum(['score', 'reviews', 'newest', 'name'] as const)),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    country: Type.Optional(Type.String({ maxLength: 100, description: 'Opaque country id from /api/brokers/country or /api/ajax/dataRegion.' })),
    regulated: Type.Optional(StringEnum(['true', 'false'] as const, { description: "Licence status: 'true' = regulated companies only, 'false' = unregulated only." })),
    _: CacheBuster,
  },
  { additionalProperties: false },
);
export type BrokersListQuery = Static<typeof BrokersListQuery>;
/** GET /api/brokers/getBannerList query. */
export const BannerListQuery = Type.Object({ page: PageNumber(), limit: Defaulted(Type.Integer({ minimum: 1, maximum: 20 }), 5), _: CacheBuster }, { additionalProperties: false });

export const BannerListResponse = Envelope(Page(Banner));
export type BannerListResponse = Static<typeof BannerListResponse>;
/**
 * GET /api/brokers/brokersList: a page of companies. A keyword search counts its matches exactly up
 * to 500 (ADR 029); past that `totalExact` is false and `total` is a lower bound: there are more
 * matches than it.
 */
export const CompanyListPage = Type.Object({
  ...Page(CompanyCard).properties,
  totalExact: Type.Optional(Type.Boolean({ description: 'false: more companies match than `total` (a keyword search counts up to 500). Absent: `total` is exact.' })),
});
export type CompanyListPage = Static<typeof CompanyListPage>;
export const BrokersListResponse = Envelope(CompanyListPage);
export type BrokersListResponse = Static<typeof BrokersListResponse>;
export const CategoriesResponse = Envelope(Type.Array(Category));
export type CategoriesResponse = Static<typeof CategoriesResponse>;
export const CountryListResponse = Envelope(Type.Array(Country));
export type CountryListResponse = Static<typeof CountryListResponse>;

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
export const UserInfo = Type.Object({
  id: Type.String(),
  username: Type.String(),
  token: Type.String(),
  avatar: Type.Object({ avatar: Type.String() }),
  frozen: Type.Optional(Type.Boolean({ description: 'true: the account is frozen; the session only reaches /api/user/sanctions, appeals and logout.' })),
});
export type UserInfo = Static<typeof UserInfo>;

/** POST /api/user/checkIn */
export const CheckInBody = Type.Object({
  tab: StringEnum(['login', 'register'] as const),
  email: Type.Optional(Type.String({ maxLength: 254, description: 'Required. login: email or user name; register: email.' })),
  password: Type.Optional(Type.String({ maxLength: 100, description: 'Required.' })),
  username: Type.Optional(Type.String({ maxLength: 100, description: 'register only' })),
  captcha: Type.Optional(Type.String({ maxLength: 20, description: 'register only: the 6-digit code sent by /api/ems/send (event user_register).' })),
  rememberpwd: Type.Optional(Type.Boolean({ description: 'login: keep the session 30 days instead of until the browser closes.' })),
  accountType: Type.Optional(StringEnum(['personal', 'company'] as const, { description: 'register: a company account may then claim a company (/api/user/companyClaim).' })),
});
export type CheckInBody = Static<typeof CheckInBody>;
export const CheckInResponse = Envelope(Type.Object({ userInfo: UserInfo }));
export type CheckInResponse = Static<typeof CheckInResponse>;

/**
 * POST /api/user/TripartiteCheck. `type` 1 Google, 2 Facebook. The server verifies `credential`
 * (Google: the ID token from Google Identity Services; Facebook: the user access token) and uses
 * only what the provider vouches for; `email`, `name`, `voucher` from the browser are ignored.
 */
export const TripartiteBody = Type.Object({
  type: Type.Unsafe<1 | 2>({ type: 'integer', enum: [1, 2] }),
  credential: Type.String({ minLength: 1, maxLength: 8192 }),
  email: OptionalText(254),
  name: OptionalText(200),
  voucher: OptionalText(200),
});
export type TripartiteBody = Static<typeof TripartiteBody>;

/** Events of POST /api/ems/send. */
export const EmailCodeEvent = Type.Union([Type.Literal('user_register'), Type.Literal('retrieve_password'), Type.Literal('change_password'), Type.Literal('bind_email')]);
export type EmailCodeEvent = Static<typeof EmailCodeEvent>;
/** POST /api/ems/send → data `{ resendAfter: 60 }` (seconds before another code may be sent). */
export const EmsSendBody = Type.Object({
  email: OptionalText(254, 'Required.'),
  event: StringEnum(['user_register', 'retrieve_password', 'change_password', 'bind_email'] as const),
});
export type EmsSendBody = Static<typeof EmsSendBody>;

/** POST /api/user/index → data: the signed-in user's profile. */
export const UserProfile = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Object({ avatar: Type.String() }),
  country: Type.Union([Country, Type.Null()], { description: 'Opaque country id as in /api/ajax/dataRegion, or null.' }),
  motto: Type.String(),
  accountType: Type.Union([Type.Literal('personal'), Type.Literal('company')]),
  followers: Type.Number(),
  following: Type.Number(),
  likesReceived: Type.Number(),
  collections: Type.Number(),
  createdAt: Type.String(),
  isAdmin: Type.Boolean({ description: 'The user is an administrator (every /api/admin/* path).' }),
  frozen: Type.Optional(Type.Boolean({ description: 'true: the account is frozen; the session only reaches its sanctions, appeals and logout.' })),
  role: Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')], {
    description: 'moderator: moderation, sanctions, appeals and the users console; admin: all of /api/admin. The web app shows the links each may use.',
  }),
});
export type UserProfile = Static<typeof UserProfile>;

/** POST /api/user/editUser. `avatar` is the `key` from /api/user/avatar (or omitted to keep). */
export const EditUserBody = Type.Object({
  avatar: OptionalText(300),
  username: OptionalText(100, 'Required.'),
  country: OptionalText(100, 'Required: an opaque country id.'),
  motto: OptionalText(1000),
});
export type EditUserBody = Static<typeof EditUserBody>;

/** POST /api/user/avatar (multipart/form-data, field `file`): JPEG/PNG ≤ 2 MB, checked by content. */
export const AvatarUploadResponse = Envelope(Type.Object({ key: Type.String(), avatar: Type.Object({ avatar: Type.String() }) }));
export type AvatarUploadResponse = Static<typeof AvatarUploadResponse>;

/** POST /api/user/modifyPassword: old password, new password, code sent for `change_password`. */
export const ModifyPasswordBody = Type.Object({
  oldpwd: OptionalText(100),
  pwd: OptionalText(100, 'Required.'),
  captcha: OptionalText(20),
});
export type ModifyPasswordBody = Static<typeof ModifyPasswordBody>;

/** POST /api/user/retrievePassword (signed out): reset with a `retrieve_password` code. */
export const RetrievePasswordBody = Type.Object({
  email: OptionalText(254, 'Required.'),
  pwd: OptionalText(100, 'Required.'),
  captcha: OptionalText(20, 'Required.'),
});
export type RetrievePasswordBody = Static<typeof RetrievePasswordBody>;

/** POST /api/user/bindemail with a `bind_email` code → data: UserProfile. */
export const BindEmailBody = Type.Object({
  email: OptionalText(254, 'Required.'),
  captcha: OptionalText(20, 'Required.'),
});
export type BindEmailBody = Static<typeof BindEmailBody>;

/** POST /api/user/follow { fuid } toggles; data says the new state. */
export const FollowBody = Type.Object({
  fuid: OptionalText(100, 'Required: the user to follow or unfollow.'),
});
export type FollowBody = Static<typeof FollowBody>;
/** GET /api/user/public query. */
export const PublicUserQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), _: CacheBuster }, { additionalProperties: false });
/** GET /api/user/fans query: any uid (a malformed one is an unknown user). */
export const FansQuery = Type.Object(
  { uid: Type.String({ minLength: 1, maxLength: 100 }), page: PageNumber(), limit: Defaulted(Type.Integer({ minimum: 1, maximum: 50 }), 20), _: CacheBuster },
  { additionalProperties: false },
);
export const FollowResponse = Envelope(Type.Object({ following: Type.Boolean(), followers: Type.Number() }));
export type FollowResponse = Static<typeof FollowResponse>;

/** GET /api/user/public?id= → a creator's public card (follow button, counts). */
export const PublicUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  avatar: Type.Object({ avatar: Type.String() }),
  motto: Type.String(),
  followers: Type.Number(),
  following: Type.Number(),
  followed: Type.Boolean({ description: 'Whether the signed-in caller follows this user (false when signed out).' }),
});
export type PublicUser = Static<typeof PublicUser>;

/* ------------------------------------------------------------------------------------------
 * Company detail and rankings (issue "Companies, reviews…").
 * ---------------------------------------------------------------------------------------- */

export const Licence = Type.Object({
  regulator: Type.String({ description: 'Regulator short name, e.g. FCA, ASIC, CySEC.' }),
  regulatorCountry: Type.String({ description: "Regulator's country/region name in the caller's language." }),
  licenceNo: Type.String(),
  entity: Type.String({ description: 'The licensed legal entity.' }),
  status: Type.Union([Type.Literal('regulated'), Type.Literal('offshore'), Type.Literal('revoked'), Type.Literal('exceeded'), Type.Literal('suspended'), Type.Literal('expired')], {
    description: 'As the register lists it now; suspended and expired come from the licence register history.',
  }),
  registerUrl: Type.String({ description: "Link to the regulator's public register entry." }),
});
export type Licence = Static<typeof Licence>;

export const CompanyContact = Type.Object({
  website: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
});
export type CompanyContact = Static<typeof CompanyContact>;

/** GET /api/brokers/detail?id=<company id (slug)> — every field of spec §3 "Company". */
export const CompanyDetail = Type.Object({
  ...CompanyCard.properties,
  nameEn: Type.String(),
  nameZh: Type.String(),
  aliases: Type.Array(Type.String()),
  about: Type.String({ description: 'Longer "about" text in the caller\'s language.' }),
  services: Type.Array(Type.String(), { description: "Product services, in the caller's language." }),
  assetTypes: Type.Array(Type.String()),
  platforms: Type.Array(Type.String()),
  maxLeverage: Type.Union([Type.String(), Type.Null()], { description: 'e.g. "1:500"; null where it does not apply (payment firms).' }),
  licences: Type.Array(Licence),
  paymentMethods: Type.Array(Type.String()),
  contact: CompanyContact,
  currencies: Type.Array(Type.String(), { description: 'Supported account currencies (ISO codes).' }),
  openAccountUrl: Type.Union([Type.String(), Type.Null()], { description: 'Where "Open account" leads; null when the company has none.' }),
  updatedAt: Type.String(),
});
export type CompanyDetail = Static<typeof CompanyDetail>;

/** GET /api/brokers/topBrokersList?page= — Brokers ranked by score (minimum review count applies). */
export const RankedCompany = Type.Object({
  ...CompanyCard.properties,
  rank: Type.Number(),
});
export type RankedCompany = Static<typeof RankedCompany>;
export const TopBrokersResponse = Envelope(Page(RankedCompany));
export type TopBrokersResponse = Static<typeof TopBrokersResponse>;
export const CompanyDetailResponse = Envelope(CompanyDetail);
export type CompanyDetailResponse = Static<typeof CompanyDetailResponse>;

/* ------------------------------------------------------------------------------------------
 * Reviews (spec §3 "Review", §4 pending, §5 review rules).
 * ---------------------------------------------------------------------------------------- */

export const PublicReview = Type.Object({
  id: Type.String(),
  company: Type.Object({ id: Type.String(), name: Type.String(), logo: Type.String() }),
  author: Type.Object({ id: Type.String(), username: Type.String() }),
  score: Type.Number({ description: 'Stars 1–5.' }),
  content: Type.String(),
  date: Type.String({ description: 'Last written (ISO).' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], {
    description: 'Others only ever see approved reviews; the author also sees pending/rejected ones.',
  }),
  rejectReason: Type.Union([Type.String(), Type.Null()], { description: 'Told to the author when a moderator rejects the review.' }),
  mine: Type.Boolean(),
  verifiedClient: Type.Boolean({ description: 'The author has a synced live trading account at this company (trader-sync): show a "verified client" badge.' }),
});
export type PublicReview = Static<typeof PublicReview>;

export const RatingSummary = Type.Object({
  score: Type.Number({ description: 'Score from approved reviews (Bayesian average, /about/methodology), one decimal.' }),
  count: Type.Number(),
  distribution: Type.Array(Type.Number(), { description: 'Counts of 1★ … 5★ approved reviews.' }),
});
export type RatingSummary = Static<typeof RatingSummary>;

/** GET /api/reviews/list?id=<company id>&page= */
export const CompanyReviews = Type.Object({
  ...Page(PublicReview).properties,
  mine: Type.Union([PublicReview, Type.Null()], { description: "The signed-in caller's own review of this company, whatever its status." }),
  rating: RatingSummary,
});
export type CompanyReviews = Static<typeof CompanyReviews>;

/** POST /api/reviews/submit — creates or edits the caller's review; it is pending until moderated. */
const ReviewCompanySlug = Type.String({ minLength: 1, maxLength: 81, pattern: '^[a-z0-9][a-z0-9-]*$', description: 'The company slug.' });
export const SubmitReviewBody = Type.Object({
  id: ReviewCompanySlug,
  score: Type.Optional(Type.Number({ description: 'Required: 1–5 stars.' })),
  content: Type.Optional(Type.String({ maxLength: 5000 })),
  check: Type.Optional(Type.Boolean({ description: 'The confirmation tick (spec §5).' })),
});
export type SubmitReviewBody = Static<typeof SubmitReviewBody>;
/** POST /api/reviews/delete body. */
export const DeleteReviewBody = Type.Object({ id: ReviewCompanySlug });
/** GET /api/reviews/list query. */
export const CompanyReviewsQuery = Type.Object({ id: ReviewCompanySlug, page: PageNumber(), _: CacheBuster }, { additionalProperties: false });
/** GET /api/reviews/recent query. */
export const RecentReviewsQuery = Type.Object({ limit: Defaulted(Type.Integer({ minimum: 1, maximum: 20 }), 6), _: CacheBuster }, { additionalProperties: false });

/* ------------------------------------------------------------------------------------------
 * Admin: review moderation. Every path needs a signed-in admin (UserProfile.isAdmin): signed out
 * → code 402 (HTTP 401); signed in without the admin role → HTTP 403, code 0, data.error `forbidden`
 * ("You do not have permission to do this." / "您没有权限执行此操作。").
 * ---------------------------------------------------------------------------------------- */

/** GET /api/admin/reviews/queue?page= → Page<PublicReview>: pending reviews, longest waiting first, 20 a page. */
export const AdminQueueResponse = Envelope(Page(PublicReview));
export type AdminQueueResponse = Static<typeof AdminQueueResponse>;

export const ModerationDecision = Type.Union([Type.Literal('approve'), Type.Literal('reject')]);
export type ModerationDecision = Static<typeof ModerationDecision>;

/**
 * POST /api/admin/reviews/decide. `reason` is required to reject (1–500 characters; the author sees
 * it), optional to approve. A published review may be taken down (approved → rejected) and a
 * rejection reversed. Refusals: `reviews.validation` with `fields.reason` (required | length),
 * `reviews.already_moderated` (HTTP 409: the review already has that status),
 * `admin.review_not_found` (HTTP 404).
 */
const ReviewId = Type.String({ minLength: 1, maxLength: 100 });
export const AdminDecideBody = Type.Object(
  {
    reviewId: ReviewId,
    decision: StringEnum<ModerationDecision>(['approve', 'reject']),
    reason: Type.Optional(Type.String({ maxLength: 5000, description: 'Required to reject (1–500 characters).' })),
  },
  { additionalProperties: false },
);
export type AdminDecideBody = Static<typeof AdminDecideBody>;
/** GET /api/admin/reviews/audit query. */
export const AdminReviewAuditQuery = Type.Object({ reviewId: ReviewId, _: CacheBuster }, { additionalProperties: false });

/** One moderation decision: who, when, what and why. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  reviewId: Type.String(),
  moderator: Type.Object({ id: Type.String(), username: Type.String() }, { description: "The admin who decided; username '' if the account no longer exists." }),
  decision: ModerationDecision,
  reason: Type.String({ description: 'Empty for an approval without a note.' }),
  previousStatus: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], { description: "The review's status before this decision." }),
  at: Type.String({ description: 'ISO time of the decision.' }),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** Answer of /api/admin/reviews/decide: the review as it now stands and the audit entry written. */
export const AdminDecision = Type.Object({
  review: PublicReview,
  audit: AuditEntry,
});
export type AdminDecision = Static<typeof AdminDecision>;
export const AdminDecideResponse = Envelope(AdminDecision);
export type AdminDecideResponse = Static<typeof AdminDecideResponse>;

/** GET /api/admin/reviews/audit?reviewId= → every decision on the review, oldest first. */
export const AdminAuditResponse = Envelope(Type.Array(AuditEntry));
export type AdminAuditResponse = Static<typeof AdminAuditResponse>;

/* ------------------------------------------------------------------------------------------
 * Promotions (spec §2 /promotion "promotions", /essay "promotion detail"): broker promotion
 * articles (deposit bonuses, cashback, contests…) written by admins, each about one company of
 * the catalogue and always labelled as sponsored (`sponsored: true`). Status: `scheduled` (not
 * started; never public), `active`, `ended` (the page still opens and says so).
 * Public answers are cached like the catalogue's and dropped at once after an admin write.
 * ---------------------------------------------------------------------------------------- */

export const PromotionStatus = Type.Union([Type.Literal('scheduled'), Type.Literal('active'), Type.Literal('ended')]);
export type PromotionStatus = Static<typeof PromotionStatus>;

/** The company a promotion is about, in the caller's language. */
export const PromotionCompany = Type.Object({
  id: Type.String({ description: 'Company id (slug): /detail?id=.' }),
  name: Type.String(),
  logo: Type.String(),
  score: Type.Number({ description: '0.0–5.0, one decimal.' }),
  reviewCount: Type.Number(),
  openAccountUrl: Type.Union([Type.String(), Type.Null()], { description: 'The company\'s "Open account" address (link it rel="sponsored"); null when it has none.' }),
});
export type PromotionCompany = Static<typeof PromotionCompany>;

/** GET /api/promotion/list?page= → Page<Promotion>: promotions running now, newest first, 12 a page. */
export const Promotion = Type.Object({
  id: Type.String({ description: 'Public id (slug): /essay?id=.' }),
  title: Type.String(),
  summary: Type.String(),
  startsAt: Type.String({ description: 'ISO times; `endsAt` null: until further notice.' }),
  endsAt: Type.Union([Type.String(), Type.Null()]),
  status: PromotionStatus,
  sponsored: Type.Literal(true, { description: 'Always true: a promotion is paid content and must be labelled so.' }),
  company: PromotionCompany,
  updatedAt: Type.String(),
});
export type Promotion = Static<typeof Promotion>;
export const PromotionListResponse = Envelope(Page(Promotion));
export type PromotionListResponse = Static<typeof PromotionListResponse>;

/**
 * GET /api/promotion/detail?id=<slug>: the article. `body` and `terms` are plain-text paragraphs
 * (no markup). Unknown, deleted or not yet started: HTTP 404, `catalogue.promotion_not_found`.
 */
export const PromotionDetail = Type.Object({
  ...Promotion.properties,
  body: Type.Array(Type.String()),
  terms: Type.Array(Type.String()),
});
export type PromotionDetail = Static<typeof PromotionDetail>;
export const PromotionDetailResponse = Envelope(PromotionDetail);
export type PromotionDetailResponse = Static<typeof PromotionDetailResponse>;

/**
 * Admin: promotions. Admins only, exactly as /api/admin/reviews (signed out → code 402, HTTP 401;
 * not an admin → HTTP 403 `forbidden`). Texts in both languages.
 */
export const AdminPromotion = Type.Object({
  id: Type.String(),
  status: PromotionStatus,
  company: Type.Object({ id: Type.String(), name: Type.String() }, { description: "The company (id = slug), named in the caller's language." }),
  titleEn: Type.String(),
  titleZh: Type.String(),
  summaryEn: Type.String(),
  summaryZh: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.String({ description: "User id of the admin who created it ('demo-seed' for demo data)." }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type AdminPromotion = Static<typeof AdminPromotion>;
/** GET /api/admin/promotions?page= → Page<AdminPromotion>: every promotion not deleted (scheduled and ended too), latest start first, 20 a page. */
export const AdminPromotionListResponse = Envelope(Page(AdminPromotion));
export type AdminPromotionListResponse = Static<typeof AdminPromotionListResponse>;

/** GET /api/admin/promotions/detail?id= → one promotion with its full texts (scheduled ones too), for editing. */
export const AdminPromotionDetail = Type.Object({
  ...AdminPromotion.properties,
  bodyEn: Type.String({ description: 'Plain text; paragraphs separated by a blank line.' }),
  bodyZh: Type.String(),
  termsEn: Type.String(),
  termsZh: Type.String(),
});
export type AdminPromotionDetail = Static<typeof AdminPromotionDetail>;
export const AdminPromotionDetailResponse = Envelope(AdminPromotionDetail);
export type AdminPromotionDetailResponse = Static<typeof AdminPromotionDetailResponse>;

/**
 * POST /api/admin/promotions/save → AdminPromotionDetail ("The promotion has been saved.").
 * Without `id` a new promotion is created (its id is made from the company and English title);
 * with `id` that promotion is updated. Rules (code `catalogue.promotion_invalid`, HTTP 400, a
 * message per field in `data.fields`): titles 5–120 characters, summaries 20–300, bodies 50–8000,
 * terms at most 4000 (each language); `company` an existing company id; `startsAt` a date-time;
 * `endsAt` empty/null or after `startsAt`. Unknown `id`: HTTP 404 `catalogue.promotion_not_found`.
 */
export const AdminPromotionSaveBody = Type.Object(
  {
    id: Type.Optional(Slug()),
    company: Type.String({ maxLength: 100 }),
    titleEn: Type.String({ maxLength: 2_000 }),
    titleZh: Type.String({ maxLength: 2_000 }),
    summaryEn: Type.String({ maxLength: 5_000 }),
    summaryZh: Type.String({ maxLength: 5_000 }),
    bodyEn: Type.String({ maxLength: 40_000 }),
    bodyZh: Type.String({ maxLength: 40_000 }),
    termsEn: OptionalText(20_000),
    termsZh: OptionalText(20_000),
    startsAt: Type.String({ maxLength: 40, description: 'ISO 8601 date-time (with zone; the admin screen sends UTC).' }),
    endsAt: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type AdminPromotionSaveBody = Static<typeof AdminPromotionSaveBody>;
export const AdminPromotionSaveResponse = Envelope(AdminPromotionDetail);
export type AdminPromotionSaveResponse = Static<typeof AdminPromotionSaveResponse>;

/** POST /api/admin/promotions/delete { id } → `{ id }` ("The promotion has been deleted."): gone from every page at once. */
export const AdminPromotionDeleteBody = Type.Object({ id: Slug() }, { additionalProperties: false });
export type AdminPromotionDeleteBody = Static<typeof AdminPromotionDeleteBody>;

/**
 * Admin: companies (issue 17). Admins only, as the promotions screens. Every change is appended to
 * the catalogue's audit log (who, when, what, before/after, reason). Form rules (code
 * `catalogue.company_invalid`, HTTP 400, a message per field in `data.fields`, licence rows as
 * `licences.<n>.<field>`): name and both descriptions required (name ≤ 120, descriptions ≤ 500),
 * category one of the four, country a known ISO code, website/openAccountUrl http(s) URLs, founded
 * 1800–this year, at most 30 aliases, about in both languages or neither, licences with regulator,
 * number, entity and a status.
 */
export const AdminCompanyLicence = Type.Object({
  regulator: Type.String(),
  regulatorCountry: Type.String({ description: 'ISO 3166-1 alpha-2 of the regulator; may be empty.' }),
  licenceNo: Type.String(),
  entity: Type.String(),
  status: Type.String({ description: 'regulated, offshore, revoked, exceeded, suspended or expired.' }),
  registerUrl: Type.String(),
});
export type AdminCompanyLicence = Static<typeof AdminCompanyLicence>;
export const AdminCompanyForm = Type.Object({
  name: Type.String(),
  nameZh: Type.String(),
  category: Type.String(),
  countryCode: Type.String(),
  website: Type.String(),
  descriptionEn: Type.String(),
  descriptionZh: Type.String(),
  founded: Type.Union([Type.Null(), Type.Integer()], { description: 'Null when unknown (listed first: coercing validators would turn null into 0).' }),
  aliases: Type.Array(Type.String(), { description: 'Other names search also matches.' }),
  aboutEn: Type.String(),
  aboutZh: Type.String(),
  maxLeverage: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  openAccountUrl: Type.String(),
  licences: Type.Array(AdminCompanyLicence),
});
export type AdminCompanyForm = Static<typeof AdminCompanyForm>;
export const AdminCompany = Type.Object({
  id: Type.String({ description: 'The slug (the id of /detail?id=).' }),
  name: Type.String({ description: "In the caller's language." }),
  category: CategorySlug,
  countryCode: Type.String(),
  score: Type.Number(),
  reviewCount: Type.Integer(),
  hidden: Type.Boolean(),
  merged: Type.Boolean(),
  logo: Type.String({ description: "The logo's URL; empty when it has none." }),
  updatedAt: Type.String(),
});
export type AdminCompany = Static<typeof AdminCompany>;
/** GET /api/admin/companies/detail?id= → the company (hidden and merged ones too) and its form. */
export const AdminCompanyDetail = Type.Object({
  company: AdminCompany,
  mergedInto: Type.Union([Type.String(), Type.Null()], { description: 'Slug of the company it was merged into.' }),
  form: AdminCompanyForm,
});
export type AdminCompanyDetail = Static<typeof AdminCompanyDetail>;
/** POST /api/admin/companies/save: without `id` creates (slug from the English name), with `id` updates. */
const CompanyChangeReason = Type.String({ maxLength: 5000 });
export const AdminCompanySaveBody = Type.Object({ id: Type.Optional(Slug()), reason: Type.Optional(CompanyChangeReason), form: AdminCompanyForm }, { additionalProperties: false });
export type AdminCompanySaveBody = Static<typeof AdminCompanySaveBody>;
/** POST /api/admin/companies/hide: hidden companies vanish from listing, search and detail for visitors. Reason required. */
export const AdminCompanyHideBody = Type.Object({ id: Slug(), hidden: Type.Boolean(), reason: CompanyChangeReason }, { additionalProperties: false });
export type AdminCompanyHideBody = Static<typeof AdminCompanyHideBody>;
/** POST /api/admin/companies/merge: `id` merged into `into`; the old /detail?id= answers 301 to the survivor. Reason required. */
export const AdminCompanyMergeBody = Type.Object({ id: Slug(), into: Type.String({ maxLength: 100 }), reason: CompanyChangeReason }, { additionalProperties: false });
export type AdminCompanyMergeBody = Static<typeof AdminCompanyMergeBody>;
/** GET /api/admin/companies query. */
export const AdminCompaniesQuery = Type.Object({ page: PageNumber(), keyword: OptionalText(100), _: CacheBuster }, { additionalProperties: false });
/** GET /api/admin/companies/audit query: one company's entries, or all. */
export const AdminCompanyAuditQuery = Type.Object({ id: Type.Optional(Slug()), page: PageNumber(), _: CacheBuster }, { additionalProperties: false });
export const AdminCompanyMerged = Type.Object({ from: AdminCompany, into: AdminCompany });
export type AdminCompanyMerged = Static<typeof AdminCompanyMerged>;
/** GET /api/admin/companies/audit?id=&page= → newest first; `id` (a slug) narrows to one company. */
export const AdminCompanyAuditEntry = Type.Object({
  id: Type.String(),
  companyId: Type.String({ description: 'The company uuid (stable across slug changes).' }),
  actorId: Type.String({ description: 'User id of the admin.' }),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('hide'), Type.Literal('unhide'), Type.Literal('merge'), Type.Literal('absorb'), Type.Literal('licence_status')], { description: 'licence_status: a licence register entry (after.licenceStatus says which).' }),
  reason: Type.String(),
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  at: Type.String(),
});
export type AdminCompanyAuditEntry = Static<typeof AdminCompanyAuditEntry>;

/* ------------------------------------------------------------------------------------------
 * Notifications (issue "Notifications: notices, unread bell, email delivery, newsletter").
 *
 * Notices are stored as a kind and its parameters and rendered when read, in the caller's
 * language (`lang` header): switching language re-renders them. Every /api/user/* path here needs
 * a session (402 / 409 as elsewhere; cookie sessions send `x-csrf-token` on POST).
 * ---------------------------------------------------------------------------------------- */

/** The two tabs of /user/notice: someone's action, a moderation outcome or a video (`notices`), or an admin's (`system`). */
export const NoticeType = Type.Union([Type.Literal('notices'), Type.Literal('system')]);
export type NoticeType = Static<typeof NoticeType>;

export const NoticeKind = Type.Union([
  Type.Literal('followed'),
  Type.Literal('post_liked'),
  Type.Literal('post_commented'),
  Type.Literal('comment_replied'),
  Type.Literal('post_collected'),
  Type.Literal('post_forwarded'),
  Type.Literal('review_approved'),
  Type.Literal('review_rejected'),
  Type.Literal('content_removed'),
  Type.Literal('content_restored'),
  Type.Literal('removal_upheld'),
  Type.Literal('broker_application_approved'),
  Type.Literal('broker_application_rejected'),
  Type.Literal('video_ready'),
  Type.Literal('video_failed'),
  Type.Literal('sanction_imposed'),
  Type.Literal('sanction_lifted'),
  Type.Literal('appeal_rejected'),
  Type.Literal('licence_status_changed'),
  Type.Literal('company_replied'),
  Type.Literal('complaint_published'),
  Type.Literal('complaint_message'),
  Type.Literal('complaint_expired'),
  Type.Literal('complaint_lapsed'),
  Type.Literal('complaint_reminder'),
  Type.Literal('representative_approved'),
  Type.Literal('representative_rejected'),
  Type.Literal('representative_revoked'),
  Type.Literal('system'),
]);
export type NoticeKind = Static<typeof NoticeKind>;

export const Notice = Type.Object({
  id: Type.String(),
  type: NoticeType,
  kind: NoticeKind,
  title: Type.String({ description: 'Short heading in the caller\'s language ("New follower" / "新粉丝"; an admin\'s title).' }),
  content: Type.String({ description: "The notice in the caller's language, names as they are now." }),
  link: Type.Union([Type.String(), Type.Null()], { description: 'Site-relative link to the subject (post, company page, my reviews, profile), or null.' }),
  actor: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()], {
    description: 'Who did it (follows, likes, comments…); null for moderation, videos and system notices.',
  }),
  read: Type.Boolean(),
  createdAt: Type.String({ description: 'ISO time.' }),
});
export type Notice = Static<typeof Notice>;

export const UnreadNotices = Type.Object({
  notices: Type.Number(),
  system: Type.Number(),
});
export type UnreadNotices = Static<typeof UnreadNotices>;

/** GET /api/user/notice?type=notices|system&page= (spec §7): newest first, 10 a page. */
export const NoticePage = Type.Object({
  ...Page(Notice).properties,
  type: NoticeType,
  unread: UnreadNotices,
});
export type NoticePage = Static<typeof NoticePage>;
export const NoticeListResponse = Envelope(NoticePage);
export type NoticeListResponse = Static<typeof NoticeListResponse>;

/** GET /api/user/noticecont (spec §3 "Notice count"): data = unread notices of both tabs; truthy shows the bell's dot. */
export const NoticeCountResponse = Envelope(Type.Number());
export type NoticeCountResponse = Static<typeof NoticeCountResponse>;

/**
 * POST /api/user/notice/read: `{ id }` or `{ ids }` marks those (other users' ids are ignored),
 * `{ type }` every notice of one tab, `{ type: 'all' }` (or an empty body) both tabs.
 */
const NoticeId = Type.String({ minLength: 1, maxLength: 100 });
export const NoticeReadBody = Type.Object(
  {
    id: Type.Optional(NoticeId),
    // 99: with `id` the list the notifications service receives stays within its 100.
    ids: Type.Optional(Type.Array(NoticeId, { maxItems: 99 })),
    type: Type.Optional(StringEnum(['notices', 'system', 'all'] as const)),
  },
  { additionalProperties: false },
);
export type NoticeReadBody = Static<typeof NoticeReadBody>;
/** GET /api/user/notice query. */
export const NoticeListQuery = Type.Object({ type: Type.Optional(StringEnum(['notices', 'system'] as const)), page: PageNumber(), _: CacheBuster }, { additionalProperties: false });
export const NoticeReadResponse = Envelope(Type.Object({ updated: Type.Number(), unread: UnreadNotices }));
export type NoticeReadResponse = Static<typeof NoticeReadResponse>;

/**
 * GET /api/user/notice/stream — Server-Sent Events for the bell, signed in with the session cookie
 * (EventSource sends no custom headers, so this one path needs no request signature).
 *   `event: ready`  data {"unread": n} — on connect;
 *   `event: notice` data {"type": "notices"|"system"} — a new notice for the caller (or for everyone);
 *   `event: bye`    — the gateway is shutting down or the session ended; EventSource reconnects.
 * Comment lines (": ping") every ~25 s keep proxies from closing it. Not signed in: HTTP 401 with
 * the usual envelope (code 402), which ends EventSource's retries.
 */
export const NoticeStreamReady = Type.Object({
  unread: Type.Number(),
});
export type NoticeStreamReady = Static<typeof NoticeStreamReady>;
export const NoticeStreamNotice = Type.Object({
  type: NoticeType,
});
export type NoticeStreamNotice = Static<typeof NoticeStreamNotice>;

/**
 * GET /api/user/emailPreferences, POST /api/user/emailPreferences { nonEssential }.
 * Non-essential mails: review moderation outcomes and newsletters. Verification codes always go.
 */
export const EmailPreferences = Type.Object({
  nonEssential: Type.Boolean(),
});
export type EmailPreferences = Static<typeof EmailPreferences>;
/** POST /api/user/emailPreferences body. */
export const EmailPreferencesBody = Type.Object({ nonEssential: Type.Boolean() }, { additionalProperties: false });
export const EmailPreferencesResponse = Envelope(EmailPreferences);
export type EmailPreferencesResponse = Static<typeof EmailPreferencesResponse>;

/**
 * POST /api/newsletter/subscribe { email } — double opt-in: a confirmation mail with a link to
 * /newsletter/confirm?token=. `status` pending (mail sent, or sent a moment ago) or confirmed
 * (already subscribed: nothing sent). Refusals: `notifications.validation` with
 * `fields.email` ("Please enter a mailbox." / "The mailbox format is incorrect."), and
 * `too_many_requests` (HTTP 429 + Retry-After) past NEWSLETTER_RATE_LIMIT per address and window.
 * Without script the footer form posts `email` (form-encoded) to POST /newsletter/subscribe (not
 * /api, no signature), which answers 303 to /newsletter?status=pending|confirmed|required|format|limited|error.
 */
export const NewsletterSubscribeBody = Type.Object({
  email: OptionalText(1000, 'Required.'),
});
export type NewsletterSubscribeBody = Static<typeof NewsletterSubscribeBody>;
export const NewsletterSubscribeResponse = Envelope(Type.Object({ status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed')]) }));
export type NewsletterSubscribeResponse = Static<typeof NewsletterSubscribeResponse>;

/**
 * POST /api/newsletter/confirm { token }, POST /api/newsletter/unsubscribe { token } (the links in
 * the mails). Refusals: `notifications.token_invalid`, `notifications.token_expired` (confirm
 * links live 48 h; a newer mail replaces an older link).
 */
export const NewsletterTokenBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type NewsletterTokenBody = Static<typeof NewsletterTokenBody>;
export const NewsletterSubscription = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('unsubscribed')]),
  email: Type.String(),
});
export type NewsletterSubscription = Static<typeof NewsletterSubscription>;
export const NewsletterSubscriptionResponse = Envelope(NewsletterSubscription);
export type NewsletterSubscriptionResponse = Static<typeof NewsletterSubscriptionResponse>;

/** Text an admin writes in both languages; one may be left empty for notices (the other is shown). */
export const LocalizedText = Type.Object({
  en: Type.String(),
  zh: Type.String(),
});
export type LocalizedText = Static<typeof LocalizedText>;

/**
 * POST /api/admin/notice/send — a system notice (admins only, as /api/admin/reviews): to the user
 * with id `uid`, or to everyone without it. Title ≤ 100, content ≤ 2000 characters; `link` an
 * optional site-relative path.
 */
const BoundedText = (maxLength: number) => Type.Object({ en: Type.String({ maxLength }), zh: Type.String({ maxLength }) }, { additionalProperties: false });
export const AdminNoticeBody = Type.Object({ uid: OptionalText(100), title: BoundedText(400), content: BoundedText(8000), link: OptionalText(400) }, { additionalProperties: false });
export type AdminNoticeBody = Static<typeof AdminNoticeBody>;
export const AdminNoticeResponse = Envelope(Type.Object({ id: Type.String(), audience: Type.Union([Type.Literal('user'), Type.Literal('everyone')]) }));
export type AdminNoticeResponse = Static<typeof AdminNoticeResponse>;

/** POST /api/admin/newsletter/send — an issue to every confirmed subscriber, both languages required. */
export const AdminNewsletterBody = Type.Object({ subject: BoundedText(600), content: BoundedText(80_000) }, { additionalProperties: false });
export type AdminNewsletterBody = Static<typeof AdminNewsletterBody>;
export const AdminNewsletterResponse = Envelope(Type.Object({ id: Type.String(), recipients: Type.Number() }));
export type AdminNewsletterResponse = Static<typeof AdminNewsletterResponse>;

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
 * `media.not_comment_author`. Unknown post: HTTP 404, `media.post_not_found`; one a moderator
 * removed: HTTP 410, `media.post_removed`; one its author deleted: HTTP 410, `media.post_deleted`.
 *
 * Media addresses are site-relative under /media/ and served with HTTP Range support (206,
 * Accept-Ranges, 416) and `Cache-Control: public, max-age=31536000, immutable` (the names are
 * generated and never reused): put `video.url` straight into <video src> and seeking works.
 * ---------------------------------------------------------------------------------------- */

export const PostKind = Type.Union([Type.Literal('video'), Type.Literal('image_text')]);
export type PostKind = Static<typeof PostKind>;
export const PostCategorySlug = Type.Union([
  Type.Literal('analysis'),
  Type.Literal('education'),
  Type.Literal('news'),
  Type.Literal('strategy'),
  Type.Literal('broker-review'),
  Type.Literal('lifestyle'),
]);
export type PostCategorySlug = Static<typeof PostCategorySlug>;

/** GET /api/vlog/categories → PostCategory[] (fixed list, display order, named in the caller's language). */
export const PostCategory = Type.Object({
  slug: PostCategorySlug,
  name: Type.String(),
});
export type PostCategory = Static<typeof PostCategory>;

/** A creator as shown on cards and comments (`avatar.avatar` is '' when they have none). */
export const PostAuthor = Type.Object({
  id: Type.String(),
  username: Type.String(),
  avatar: Type.Object({ avatar: Type.String() }),
});
export type PostAuthor = Static<typeof PostAuthor>;

export const VideoStatus = Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]);
export type VideoStatus = Static<typeof VideoStatus>;

/** The video of a video post. */
export const PostVideo = Type.Object({
  id: Type.String(),
  status: VideoStatus,
  playable: Type.Boolean({ description: 'Status is `ready`: `url` plays (H.264/AAC mp4, at most 720p, index first).' }),
  url: Type.Union([Type.String(), Type.Null()], { description: '/media/videos/<id>/playback.mp4 when playable, else null.' }),
  poster: Type.Union([Type.String(), Type.Null()], { description: "Poster frame (JPEG) when playable, else null (use the post's cover)." }),
  posterSrcset: Type.Optional(ImageSrcset),
  duration: Type.Union([Type.Number(), Type.Null()], { description: 'Seconds.' }),
  width: Type.Union([Type.Number(), Type.Null()]),
  height: Type.Union([Type.Number(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()], {
    description:
      'When not playable: "This video is temporarily unavailable, please try again later." / "该视频暂时无法播放，请稍后再试。" (spec §8) — show it in place of the player. null when playable.',
  }),
});
export type PostVideo = Static<typeof PostVideo>;

export const PostCounts = Type.Object({
  likes: Type.Number(),
  comments: Type.Number(),
  collections: Type.Number(),
  forwards: Type.Number(),
});
export type PostCounts = Static<typeof PostCounts>;

/** A post in lists (spec §3 "Creation post": cover, type, title, description, time, likes, category, last update). */
export const PostCard = Type.Object({
  id: Type.String(),
  kind: PostKind,
  title: Type.String(),
  description: Type.String(),
  category: PostCategory,
  /** The language the post is written in. */
  locale: Lang,
  cover: Type.Object({
    url: Type.String({ description: '1280 × 720 (16:9 crop), WebP.' }),
    thumb: Type.String({ description: '480 × 270, WebP: for cards.' }),
    full: Type.String({ description: 'The whole picture within 1600 × 1600, WebP.' }),
    srcset: Type.Optional(ImageSrcset),
  }),
  video: Type.Union([PostVideo, Type.Null()], { description: 'Video posts only; null for image-text posts.' }),
  author: PostAuthor,
  counts: PostCounts,
  createdAt: Type.String({ description: 'Published (ISO).' }),
  updatedAt: Type.String({ description: 'Last edited (ISO): the spec\'s "last update".' }),
  liked: Type.Boolean({ description: "The signed-in caller's marks; false when signed out." }),
  collected: Type.Boolean(),
  forwarded: Type.Boolean(),
  mine: Type.Boolean({ description: 'The caller wrote it (show edit/delete).' }),
});
export type PostCard = Static<typeof PostCard>;

/** GET /api/vlog/detail?id= */
export const PostDetail = Type.Object({
  ...PostCard.properties,
  content: Type.String({
    description:
      'Image-text posts: sanitised HTML (p, br, h2–h4, blockquote, ul/ol/li, strong/b, em/i, u, s, code, pre, hr, a, img, figure, figcaption). Links carry rel="nofollow noopener ugc" (and target="_blank" for http/https); images are only /media/images/… of the author. Safe to render as HTML. \'\' for video posts.',
  }),
});
export type PostDetail = Static<typeof PostDetail>;

/** Query of GET /api/vlog/list (newest first; only playable posts). `limit` 1–50, default 12. */
const PostId = Type.String({ minLength: 1, maxLength: 64 });
const PostPaging = { page: PageNumber(), limit: Defaulted(Type.Integer({ minimum: 1, maximum: 50 }), 12), _: CacheBuster };
export const PostListQuery = Type.Object(
  { ...PostPaging, kind: Type.Optional(PostKind), category: Type.Optional(Type.String({ maxLength: 50, description: 'A category slug from /api/vlog/categories.' })), locale: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type PostListQuery = Static<typeof PostListQuery>;
/** GET /api/vlog/recommend and /api/vlog/mine query. */
export const KindPageQuery = Type.Object({ ...PostPaging, kind: Type.Optional(PostKind) }, { additionalProperties: false });
/** GET /api/vlog/search query. */
export const PostSearchQuery = Type.Object({ ...PostPaging, keyword: Defaulted(Type.String({ maxLength: 200 }), ''), kind: Type.Optional(PostKind) }, { additionalProperties: false });
/** GET /api/vlog/detail query. */
export const PostIdQuery = Type.Object({ id: PostId, _: CacheBuster }, { additionalProperties: false });
/** GET /api/vlog/comments query. */
export const CommentsQuery = Type.Object({ ...PostPaging, id: PostId }, { additionalProperties: false });
/** GET /api/vlog/user query. */
export const CreatorPageQuery = Type.Object(
  { ...PostPaging, uid: Type.String({ pattern: UUID_PATTERN }), tab: Defaulted(Type.Union([Type.Literal('posts'), Type.Literal('feed')]), 'posts'), kind: Type.Optional(PostKind) },
  { additionalProperties: false },
);
/** GET /api/vlog/collections query. */
export const PostPageQuery = Type.Object(PostPaging, { additionalProperties: false });
/** GET /api/upload/video/status query. */
export const VideoStatusQuery = Type.Object({ id: PostId, _: CacheBuster }, { additionalProperties: false });
/** GET /api/vlog/list → Page<PostCard>. GET /api/vlog/recommend?kind&page&limit → Page<PostCard>, by recent engagement with time decay. */
export const PostPageResponse = Envelope(Page(PostCard));
export type PostPageResponse = Static<typeof PostPageResponse>;
/** GET /api/vlog/search?keyword=&kind&page&limit → Page<PostCard>: every word of `keyword` in the title, description or text (case, accents and full-width folded; Chinese as a substring); title matches first. An empty keyword finds nothing. */
export const PostSearchResponse = Envelope(Page(PostCard));
export type PostSearchResponse = Static<typeof PostSearchResponse>;

/** A creator's public profile (/vlog/personal): identity's card and follow counts plus their post figures. */
export const CreatorProfile = Type.Object({
  ...PostAuthor.properties,
  motto: Type.String(),
  followers: Type.Number(),
  following: Type.Number(),
  followed: Type.Boolean({ description: 'Whether the signed-in caller follows them (POST /api/user/follow { fuid } toggles).' }),
  posts: Type.Number({ description: 'Playable posts.' }),
  likesReceived: Type.Number(),
  collectionsReceived: Type.Number(),
  forwardsReceived: Type.Number(),
  mine: Type.Boolean({ description: 'The caller is this creator.' }),
});
export type CreatorProfile = Static<typeof CreatorProfile>;

/** One follower of a creator (the "Fans" tab of /vlog/personal). */
export const CreatorFan = Type.Object({
  ...PostAuthor.properties,
  followedAt: Type.String({ description: 'When they followed the creator (ISO).' }),
  followed: Type.Boolean({ description: 'Whether the signed-in caller follows this fan (false when signed out; POST /api/user/follow { fuid } toggles).' }),
});
export type CreatorFan = Static<typeof CreatorFan>;

/**
 * GET /api/user/fans?uid=&page=&limit= → Page<CreatorFan> (public): the creator's followers,
 * newest first; `limit` 1–50, default 20. Unknown user: HTTP 404, `data.error` `identity.user_not_found`.
 */
export const CreatorFansResponse = Envelope(Page(CreatorFan));
export type CreatorFansResponse = Static<typeof CreatorFansResponse>;

/** One entry of a creator's feed: their own post, or a post they forwarded with their comment. */
export const FeedItem = Type.Object({
  type: Type.Union([Type.Literal('post'), Type.Literal('forward')]),
  at: Type.String({ description: 'When posted or forwarded (ISO).' }),
  post: PostCard,
  forward: Type.Union([Type.Object({ id: Type.String(), comment: Type.String() }), Type.Null()], { description: "For `forward`: the forward's id and comment ('' when none)." }),
});
export type FeedItem = Static<typeof FeedItem>;

/**
 * GET /api/vlog/user?uid=&tab=posts|feed&kind&page&limit → the creator and one page of the
 * chosen tab: `posts` (their posts, newest first; `kind` filters) or `feed` (their posts and
 * forwards, newest first). The other tab is null.
 */
export const CreatorPage = Type.Object({
  author: CreatorProfile,
  posts: Type.Union([Page(PostCard), Type.Null()]),
  feed: Type.Union([Page(FeedItem), Type.Null()]),
});
export type CreatorPage = Static<typeof CreatorPage>;

/** GET /api/vlog/mine?kind&page&limit → Page<PostCard>: the caller's posts in every state (a video still processing, or failed, included). */
export const MyPostsResponse = Envelope(Page(PostCard));
export type MyPostsResponse = Static<typeof MyPostsResponse>;

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
const PostFields = {
  title: OptionalText(2_000),
  description: OptionalText(10_000),
  cover: OptionalText(64, 'An uploaded image id.'),
  category: OptionalText(50, 'A category slug.'),
  locale: OptionalText(10, "'en' or 'zh-cn'."),
  video: OptionalText(64, 'An uploaded video id (video posts).'),
  content: OptionalText(200_000, 'The text (image-text posts).'),
};
export const PublishPostBody = Type.Object({ kind: OptionalText(20, "'video' or 'image_text'."), ...PostFields });
export type PublishPostBody = Static<typeof PublishPostBody>;

/** POST /api/vlog/edit — the author only; fields left out keep their value; the kind never changes. → PostDetail */
export const EditPostBody = Type.Object({ id: PostId, ...PostFields });
export type EditPostBody = Static<typeof EditPostBody>;

/** POST /api/vlog/delete { id } — the author only; removes its pictures and video too. → null */
export const DeletePostBody = Type.Object({ id: PostId });
export type DeletePostBody = Static<typeof DeletePostBody>;

/** POST /api/vlog/like { id, like? }: `like` true/false sets, absent toggles. Counted once per user. */
export const LikeBody = Type.Object({ id: PostId, like: Type.Optional(Type.Boolean()) });
export type LikeBody = Static<typeof LikeBody>;
export const LikeResponse = Envelope(Type.Object({ liked: Type.Boolean(), likes: Type.Number() }));
export type LikeResponse = Static<typeof LikeResponse>;

/** POST /api/vlog/collect { id, collect? }: bookmark; `collect` true/false sets, absent toggles. */
export const CollectBody = Type.Object({ id: PostId, collect: Type.Optional(Type.Boolean()) });
export type CollectBody = Static<typeof CollectBody>;
export const CollectResponse = Envelope(Type.Object({ collected: Type.Boolean(), collections: Type.Number() }));
export type CollectResponse = Static<typeof CollectResponse>;

/** GET /api/vlog/collections?page&limit → the caller's bookmarks, the latest first. */
export const CollectedPost = Type.Object({
  ...PostCard.properties,
  collectedAt: Type.String(),
});
export type CollectedPost = Static<typeof CollectedPost>;
export const CollectionsResponse = Envelope(Page(CollectedPost));
export type CollectionsResponse = Static<typeof CollectionsResponse>;

/** POST /api/vlog/forward { id, comment? } — once per post (again: HTTP 409 `media.already_forwarded`); comment ≤ 500 characters. */
export const ForwardBody = Type.Object({ id: PostId, comment: OptionalText(5_000) });
export type ForwardBody = Static<typeof ForwardBody>;
export const ForwardResponse = Envelope(Type.Object({ forward: Type.Object({ id: Type.String(), comment: Type.String(), at: Type.String() }), forwards: Type.Number() }));
export type ForwardResponse = Static<typeof ForwardResponse>;

/** POST /api/vlog/forward/delete { id } — takes back the caller's forward (it leaves their feed); none to take back: the same answer. */
export const UnforwardBody = Type.Object({ id: PostId });
export type UnforwardBody = Static<typeof UnforwardBody>;
export const UnforwardResponse = Envelope(Type.Object({ forwards: Type.Number(), forwarded: Type.Literal(false) }));
export type UnforwardResponse = Static<typeof UnforwardResponse>;

/** A comment; replies are one level deep (a reply to a reply joins the same thread, naming whom it answers). */
export const PostComment = Type.Cyclic(
  {
    PostComment: Type.Object({
      id: Type.String(),
      content: Type.String({ description: 'The comment text (plain text: render as text, never as HTML).' }),
      author: PostAuthor,
      replyTo: Type.Union([PostAuthor, Type.Null()], { description: 'Whom a reply answers; null for a top-level comment.' }),
      createdAt: Type.String(),
      mine: Type.Boolean({ description: 'The caller wrote it (show delete).' }),
      replies: Type.Array(Type.Ref('PostComment'), { description: 'Replies, oldest first (top-level comments only; [] for replies).' }),
    }),
  },
  'PostComment',
);
export type PostComment = Static<typeof PostComment>;

/** GET /api/vlog/comments?id=&page&limit → top-level comments newest first (`total` counts them; `all` counts replies too). */
export const CommentPage = Type.Object({
  ...Page(PostComment).properties,
  all: Type.Number(),
});
export type CommentPage = Static<typeof CommentPage>;

/**
 * POST /api/vlog/comment { id: post id, content, pid?: comment replied to } → PostComment.
 * `content` 1–500 characters; the same text twice on one post by the same user is refused
 * (`fields.content`). New accounts: 3 comments a minute (429 + Retry-After).
 */
export const CommentBody = Type.Object({ id: PostId, content: OptionalText(5_000, 'Required.'), pid: Type.Optional(PostId) });
export type CommentBody = Static<typeof CommentBody>;

/** POST /api/vlog/comment/delete { id } — own comments only; its replies go with it. → { deleted: ids } */
export const DeleteCommentBody = Type.Object({ id: PostId });
export type DeleteCommentBody = Static<typeof DeleteCommentBody>;

/**
 * POST /api/upload/video — the raw file as the request body (`Content-Type: video/mp4`, or
 * application/octet-stream), sent with XMLHttpRequest so `upload.onprogress` shows the
 * percentage; the gateway streams it on. Checked by content: an mp4/mov under 10 MB with a real
 * video stream, 0.5 s to 15 min, at most 4096 px a side. `fields.video`: too_large | type |
 * corrupt | no_video_stream | duration | dimensions | required, each with its own message.
 * → UploadedVideo (status `processing`); poll GET /api/upload/video/status?id= (every 2 s or so)
 * until `ready` or `failed`.
 */
export const UploadedVideo = Type.Object({
  id: Type.String(),
  status: VideoStatus,
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Set when failed: `timeout`, `transcode_failed`, `output_too_large`, …' }),
  message: Type.String({ description: "What the creator sees: processing / ready / could not be processed, in the caller's language." }),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: "The worker's transcode progress in percent while processing; 100 once ready." }),
  url: Type.Union([Type.String(), Type.Null()], { description: 'When ready: the HLS master playlist (`…/hls/master.m3u8`), or the mp4 of a video made before adaptive streaming.' }),
  poster: Type.Union([Type.String(), Type.Null()]),
  duration: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  size: Type.Number(),
});
export type UploadedVideo = Static<typeof UploadedVideo>;
export const UploadVideoResponse = Envelope(UploadedVideo);
export type UploadVideoResponse = Static<typeof UploadVideoResponse>;
/** GET /api/upload/video/status?id= (the uploader only) */
export const VideoStatusResponse = Envelope(UploadedVideo);
export type VideoStatusResponse = Static<typeof VideoStatusResponse>;

/**
 * POST /api/upload/image — multipart/form-data with the file in field `file` (or the raw bytes
 * with Content-Type image/jpeg|png|webp). JPEG, PNG or WebP up to 5 MB; re-encoded to WebP
 * without metadata. `fields.image`: too_large | type | corrupt | dimensions | required.
 * `id` goes into publish's `cover`; `full` is the address to put in image-text content.
 */
export const UploadedImage = Type.Object({
  id: Type.String(),
  cover: Type.String({ description: '1280 × 720 cover.' }),
  thumb: Type.String(),
  full: Type.String(),
  width: Type.Number(),
  height: Type.Number(),
});
export type UploadedImage = Static<typeof UploadedImage>;
export const UploadImageResponse = Envelope(UploadedImage);
export type UploadImageResponse = Static<typeof UploadImageResponse>;

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
export const TraderBroker = Type.Object({
  id: Type.String({ description: 'Company id (slug), as in /detail?id=.' }),
  name: Type.String({ description: "In the caller's language." }),
  logo: Type.String(),
  servers: Type.Number({ description: 'Bindable servers of the broker.' }),
});
export type TraderBroker = Static<typeof TraderBroker>;

/** GET /api/brokers/brokerserver?query=&limit= → TraderServer[] (at most `limit`, 20 unless asked, up to 50; prefix matches first). */
export const TraderServer = Type.Object({
  id: Type.String(),
  name: Type.String({ description: 'As the trading platform names it, e.g. `HarbourFX-Live01`: pass it as `server` to bind.' }),
  kind: Type.Union([Type.Literal('live'), Type.Literal('demo')]),
  broker: Type.Object({ id: Type.String(), name: Type.String() }, { description: "`id` is '' for a broker not (yet) in the catalogue." }),
});
export type TraderServer = Static<typeof TraderServer>;

/**
 * POST /api/trader/bind → TraderAccount. A `bridge` account's read-only password is checked with
 * the broker before anything is stored (allow up to 20 s): the broker refusing it is a field error
 * on `readonlyPassword`, an account number the broker's server does not know one on `account`, and
 * a broker that cannot be reached answers HTTP 503 with `trader.broker_unavailable` (nothing saved;
 * try again later).
 */
export const TraderBindBody = Type.Object(
  {
    broker: OptionalText(100, 'Broker id (slug) from traderbroker; optional when the server identifies it.'),
    server: OptionalText(200, 'Required: server name from brokerserver.'),
    account: OptionalText(100, 'Required: account number (login), 3–12 digits.'),
    readonlyPassword: OptionalText(500, 'Read-only (investor) password, 4–64 characters; required unless `source` is `statement`.'),
    nickname: OptionalText(500, 'Required: strategy nickname, 2–30 characters.'),
    description: OptionalText(5000, 'Strategy description, at most 500 characters.'),
    type: OptionalText(50, "Required: 'manual' or 'mixed'."),
    visibility: OptionalText(50, "'public' (default) or 'hidden'."),
    source: OptionalText(50, '`bridge` (default): synced in the background with the read-only password. `statement`: the owner uploads MT4/MT5 HTML statements instead.'),
  },
  { additionalProperties: false },
);
export type TraderBindBody = Static<typeof TraderBindBody>;

export const TraderStats = Type.Object({
  currency: Type.String(),
  balance: Type.Number(),
  equity: Type.Number(),
  deposits: Type.Number(),
  withdrawals: Type.Number(),
  fees: Type.Number(),
  interest: Type.Number({ description: 'Sum of swaps (spec "interest").' }),
  lots: Type.Number(),
  profit: Type.Number({ description: 'Net trading result (trades and fees).' }),
  gainPct: Type.Number({ description: 'Time-weighted gain, % (deposits and withdrawals excluded).' }),
  absoluteGainPct: Type.Number({ description: '(equity − net deposits) / deposits, %.' }),
  maxDrawdownPct: Type.Number({ description: '0–100.' }),
  maxDrawdownMoney: Type.Number(),
  profitFactor: Type.Union([Type.Number(), Type.Null()], { description: 'null when there was no losing trade.' }),
  winRatePct: Type.Number(),
  expectancy: Type.Number({ description: 'Average result per trade.' }),
  averageWin: Type.Number(),
  averageLoss: Type.Number({ description: 'Negative.' }),
  trades: Type.Number(),
  wins: Type.Number(),
  losses: Type.Number(),
  longestWinStreak: Type.Number(),
  longestLoseStreak: Type.Number(),
  volatility: Type.Number({ description: 'Annualised volatility of daily returns, as a fraction (0.12 = 12 %).' }),
  firstDealAt: Type.Union([Type.String(), Type.Null()]),
  lastDealAt: Type.Union([Type.String(), Type.Null()]),
  trackDays: Type.Number(),
  blown: Type.Boolean({ description: 'The account lost (nearly) everything; it stays listed.' }),
});
export type TraderStats = Static<typeof TraderStats>;

/**
 * Sync state the owner sees. `error` (when failing): `invalid_credentials` (update the
 * read-only password: unbind and bind again), `account_not_found`, `unavailable`, `timeout`,
 * `bad_response`, `credentials_unreadable`, `internal`. `errorText` says it in the caller's language.
 */
export const TraderSyncState = Type.Object({
  state: Type.Union([Type.Literal('pending'), Type.Literal('ok'), Type.Literal('failing')]),
  error: Type.Union([Type.String(), Type.Null()]),
  errorText: Type.Union([Type.String(), Type.Null()]),
  failures: Type.Number(),
  lastAttemptAt: Type.Union([Type.String(), Type.Null()]),
  lastSuccessAt: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()], { description: 'Next automatic attempt; null for closed and statement accounts.' }),
});
export type TraderSyncState = Static<typeof TraderSyncState>;

/** Spec §3 "Trader account". */
export const TraderAccount = Type.Object({
  id: Type.String(),
  owner: Type.Object({ id: Type.String(), username: Type.String() }),
  broker: Type.Object({ id: Type.String(), name: Type.String() }),
  server: Type.String(),
  account: Type.String({ description: 'Full for the owner; masked (`88****45`) for everybody else.' }),
  nickname: Type.String(),
  description: Type.String(),
  type: Type.Union([Type.Literal('manual'), Type.Literal('mixed')]),
  visibility: Type.Union([Type.Literal('public'), Type.Literal('hidden')]),
  source: Type.Union([Type.Literal('bridge'), Type.Literal('statement')]),
  status: Type.Union([Type.Literal('active'), Type.Literal('closed')], { description: "`closed` after unbinding: kept with its history on the owner's profile." }),
  boundAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  leverage: Type.Union([Type.Number(), Type.Null()]),
  balance: Type.Union([Type.Number(), Type.Null()]),
  equity: Type.Union([Type.Number(), Type.Null()]),
  live: Type.Union([Type.Boolean(), Type.Null()], { description: 'true live, false demo, null unknown (statement accounts).' }),
  verified: Type.Boolean({ description: 'Ownership verified with a code (/user/account).' }),
  sync: TraderSyncState,
  ranking: Type.Object(
    { ranked: Type.Boolean(), score: Type.Union([Type.Number(), Type.Null()]), reason: Type.Union([Type.String(), Type.Null()]) },
    { description: 'Why an account is not in the Top Trader table (`hidden`, `closed`, `statement`, `not_synced`, `demo`, `stale`, `track_too_short`, `too_few_trades`), null when ranked.' },
  ),
  stats: Type.Union([TraderStats, Type.Null()]),
  mine: Type.Boolean(),
});
export type TraderAccount = Static<typeof TraderAccount>;

/** GET /api/trader/account?id= → TraderAccountDetail (public accounts to all, hidden ones to the owner). */
export const TraderAccountDetail = Type.Object({
  ...TraderAccount.properties,
  curve: Type.Array(Type.Object({ t: Type.String(), balance: Type.Number(), equity: Type.Number(), gainPct: Type.Number(), drawdownPct: Type.Number() }), {
    description: 'Balance / equity / growth / drawdown curve (at most 500 points; equity differs from balance only at the last point).',
  }),
  monthly: Type.Array(Type.Object({ month: Type.String(), returnPct: Type.Number(), profit: Type.Number() }), { description: "Monthly returns (`YYYY-MM`, %, and the month's result in money)." }),
});
export type TraderAccountDetail = Static<typeof TraderAccountDetail>;

/** Spec §3 "Trader order": one closed trade. GET /api/trader/orders?id=&page= → Page<TraderOrder> (20 a page, newest first). */
export const TraderOrder = Type.Object({
  id: Type.String(),
  openTime: Type.Union([Type.String(), Type.Null()]),
  closeTime: Type.String(),
  instrument: Type.String(),
  side: Type.String(),
  lots: Type.Number(),
  openPrice: Type.Union([Type.Number(), Type.Null()]),
  closePrice: Type.Union([Type.Number(), Type.Null()]),
  stopLoss: Type.Union([Type.Number(), Type.Null()]),
  takeProfit: Type.Union([Type.Number(), Type.Null()]),
  commission: Type.Number(),
  interest: Type.Number(),
  profit: Type.Number(),
});
export type TraderOrder = Static<typeof TraderOrder>;

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
const TraderId = Type.String({ minLength: 1, maxLength: 100 });
export const TraderAccountIdBody = Type.Object({ id: TraderId }, { additionalProperties: false });
export type TraderAccountIdBody = Static<typeof TraderAccountIdBody>;
export const TraderVisibilityBody = Type.Object({ id: TraderId, visibility: StringEnum(['public', 'hidden'] as const) }, { additionalProperties: false });
export type TraderVisibilityBody = Static<typeof TraderVisibilityBody>;
export const TraderStatementResult = Type.Object({
  account: TraderAccount,
  added: Type.Number({ description: 'Deals not seen before (the same statement again adds 0).' }),
  format: Type.Union([Type.Literal('mt4'), Type.Literal('mt5')]),
});
export type TraderStatementResult = Static<typeof TraderStatementResult>;

/**
 * /user/account (live account verification). POST /api/trader/verify { id } → a new code;
 * GET /api/trader/verify?id= → the state. The owner puts the code as the account's name in the
 * trading platform or as the comment of an order; the next sync marks the account verified.
 */
export const TraderVerification = Type.Object({
  verified: Type.Boolean(),
  verifiedAt: Type.Union([Type.String(), Type.Null()]),
  code: Type.Union([Type.String(), Type.Null()], { description: '`BW-XXXXXX`, while one is pending (7 days).' }),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});
export type TraderVerification = Static<typeof TraderVerification>;

/** GET /api/trader/top?page=&sort=&broker=&minDays=&type= → TopTraderPage (20 a page). */
export const TopTraderQuery = Type.Object(
  {
    page: PageNumber(),
    sort: Defaulted(
      StringEnum(['score', 'gain', 'drawdown', 'trades', 'track'] as const, {
        description: '`score` (default: risk-adjusted, see services/trader-sync/docs/ranking-methodology.md), `gain`, `drawdown` (smallest first), `trades`, `track`.',
      }),
      'score',
    ),
    broker: OptionalText(100, 'Broker id (slug).'),
    minDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 36_500 })),
    type: Type.Optional(StringEnum(['manual', 'mixed'] as const)),
    _: CacheBuster,
  },
  { additionalProperties: false },
);
export type TopTraderQuery = Static<typeof TopTraderQuery>;
/** GET /api/brokers/brokerserver query: `limit` grows as the picker's list is scrolled (spec §8), up to trader-sync's 50. */
export const TraderServerQuery = Type.Object(
  { query: Defaulted(Type.String({ maxLength: 100 }), ''), limit: Defaulted(Type.Integer({ minimum: 1, maximum: 50 }), 20), _: CacheBuster },
  { additionalProperties: false },
);
/** One trading account by id (account, verification, statement import). */
export const TraderIdQuery = Type.Object({ id: TraderId, _: CacheBuster }, { additionalProperties: false });
/** GET /api/trader/orders query. */
export const TraderOrdersQuery = Type.Object({ id: TraderId, page: PageNumber(10_000), _: CacheBuster }, { additionalProperties: false });
/** GET /api/trader/profile query. */
export const TraderProfileQuery = Type.Object({ uid: TraderId, _: CacheBuster }, { additionalProperties: false });
export const RankedTrader = Type.Object({
  rank: Type.Number(),
  account: TraderAccount,
});
export type RankedTrader = Static<typeof RankedTrader>;
export const TopTraderPage = Page(RankedTrader);
export type TopTraderPage = Static<typeof TopTraderPage>;

/** POST /api/trader/apply → BrokerApplication (spec §3 "Broker application"). */
export const BrokerApplicationBody = Type.Object(
  {
    broker: OptionalText(500, 'Required.'),
    website: OptionalText(1000, "Required: the broker's website (https://… or a bare host name)."),
    server: OptionalText(200, 'Required: server name, e.g. `FarEastFX-Live03`.'),
    account: OptionalText(100, 'Required: a sample account number.'),
    readonlyPassword: OptionalText(500, 'Required: a sample read-only password (stored encrypted, never shown again).'),
  },
  { additionalProperties: false },
);
export type BrokerApplicationBody = Static<typeof BrokerApplicationBody>;
/** GET /api/trader/applications → Page<BrokerApplication>: the caller's applications, newest first. */
export const BrokerApplication = Type.Object({
  id: Type.String(),
  broker: Type.String(),
  website: Type.String(),
  server: Type.String(),
  account: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  reason: Type.String({ description: "The admin's reason (shown to the applicant when rejected)." }),
  createdAt: Type.String(),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  applicant: Type.Optional(Type.Object({ id: Type.String() }, { description: 'Admin views only.' })),
});
export type BrokerApplication = Static<typeof BrokerApplication>;

/**
 * Admin (role admin): GET /api/admin/trader/applications?status=pending|approved|rejected&page=
 * → Page<BrokerApplication> (pending: oldest first). POST /api/admin/trader/applications/decide
 * → BrokerApplication; approving makes the server bindable (attached to catalogue broker `broker`
 * when given) and the applicant is notified.
 */
export const AdminApplicationDecideBody = Type.Object(
  {
    id: TraderId,
    decision: StringEnum(['approve', 'reject'] as const),
    reason: OptionalText(5000, 'Required to reject (1–500 characters).'),
    broker: OptionalText(100, 'Approve: the catalogue broker (slug) the server belongs to, if it is in the catalogue.'),
  },
  { additionalProperties: false },
);
export type AdminApplicationDecideBody = Static<typeof AdminApplicationDecideBody>;
/** GET /api/admin/trader/applications query. */
export const AdminApplicationsQuery = Type.Object(
  { status: Defaulted(StringEnum(['pending', 'approved', 'rejected'] as const), 'pending'), page: PageNumber(), _: CacheBuster },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------
// Keys of the public read API (/v1), self-served from the account page (docs: /developers).

/** One key as its owner sees it: the secret is only in the answer that made it. */
export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: "The key's first characters, to tell keys apart." }),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  usage: Type.Object({ today: Type.Number(), last30Days: Type.Number() }),
});
export type ApiKey = Static<typeof ApiKey>;
/** GET /api/user/apiKeys */
export const ApiKeyList = Type.Object({
  items: Type.Array(ApiKey),
  perMinute: Type.Number({ description: 'Calls per minute a key may make.' }),
  maxActive: Type.Number(),
});
export type ApiKeyList = Static<typeof ApiKeyList>;
/** POST /api/user/apiKeys {name} → the new key, shown once. */
export const CreatedApiKey = Type.Object({
  key: Type.String(),
  record: ApiKey,
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;

/* ----------------------------------------------------------------------------------------
 * Trust and safety (issue 17): sanctions, appeals, the admin users console. Staff roles:
 * moderator (moderation, sanctions, appeals, users console) and admin (all of it, plus roles,
 * promotions, notices, broker applications).
 * ---------------------------------------------------------------------------------------- */

export const UserRole = Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')]);
export type UserRole = Static<typeof UserRole>;

export const SanctionKind = Type.Union([Type.Literal('warn'), Type.Literal('restrict'), Type.Literal('freeze')]);
export type SanctionKind = Static<typeof SanctionKind>;

export const SanctionRule = Type.Unsafe<SanctionRule>({ type: 'string', enum: [...SANCTION_RULES] });
export type SanctionRule = (typeof SANCTION_RULES)[number];

const NullableText = Type.Union([Type.String(), Type.Null()]);
const Person = Type.Object({ id: Type.String(), username: Type.String() });

export const SanctionAppeal = Type.Object({
  id: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  decision: Type.Union([Type.Literal('uphold'), Type.Literal('lift'), Type.Null()], { description: 'null while awaiting a second moderator.' }),
  decidedAt: NullableText,
  decisionReason: NullableText,
});
export type SanctionAppeal = Static<typeof SanctionAppeal>;

/** A sanction as its user sees it (GET /api/user/sanctions). */
export const UserSanction = Type.Object({
  id: Type.String(),
  kind: SanctionKind,
  rule: Type.String(),
  reason: Type.String(),
  imposedAt: Type.String(),
  endsAt: Type.Union([Type.String(), Type.Null()], { description: 'Restrictions: posting is allowed again from then.' }),
  liftedAt: NullableText,
  liftReason: NullableText,
  active: Type.Boolean({ description: 'Still in force now.' }),
  appeal: Type.Union([SanctionAppeal, Type.Null()], { description: 'At most one appeal per sanction, while it is in force.' }),
});
export type UserSanction = Static<typeof UserSanction>;

/** …and as staff see it: who imposed and who lifted it. */
export const AdminSanction = Type.Object({
  ...UserSanction.properties,
  imposedBy: Person,
  liftedBy: Type.Union([Person, Type.Null()]),
});
export type AdminSanction = Static<typeof AdminSanction>;

export const AdminUserRow = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: NullableText,
  role: UserRole,
  frozen: Type.Boolean(),
  deleted: Type.Boolean({ description: 'Deleted by an administrator: personal data erased, cannot sign in.' }),
  createdAt: Type.String(),
});
export type AdminUserRow = Static<typeof AdminUserRow>;

export const AdminUserDetail = Type.Object({
  user: AdminUserRow,
  liveSessions: Type.Number({ description: 'Sessions neither revoked nor expired.' }),
  sanctions: Type.Array(AdminSanction, { description: 'Newest first, each with its appeal.' }),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;

/** An appeal in the moderators' list, with the sanction and who appealed. */
export const AdminAppeal = Type.Object({ ...SanctionAppeal.properties, user: Person, sanction: AdminSanction });
export type AdminAppeal = Static<typeof AdminAppeal>;

/** One entry of the identity audit (GET /api/admin/users/audit). */
export const AdminUserAuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actor: Person,
  target: Person,
  action: Type.String({ description: 'sanction.warn|restrict|freeze, sanction.lift, appeal.uphold|lift, role.change, sessions.revoke, account.delete' }),
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  reason: Type.String(),
});
export type AdminUserAuditEntry = Static<typeof AdminUserAuditEntry>;

const StaffReason = Type.String({ maxLength: 5000, description: '1–500 characters; shown to the user.' });
export const AdminUsersQuery = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 200 })), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) }, { additionalProperties: false });
export const AdminUserDetailQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
export const AdminSanctionBody = Type.Object(
  {
    userId: Type.String({ minLength: 1, maxLength: 100 }),
    kind: SanctionKind,
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, description: 'restrict only: 1–365.' })),
    reason: StaffReason,
    rule: SanctionRule,
  },
  { additionalProperties: false },
);
export type AdminSanctionBody = Static<typeof AdminSanctionBody>;
export const AdminLiftSanctionBody = Type.Object({ sanctionId: Type.String({ minLength: 1, maxLength: 100 }), reason: StaffReason }, { additionalProperties: false });
export const AdminRoleBody = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }), role: UserRole, reason: Type.Optional(StaffReason) }, { additionalProperties: false });
export const AdminDeleteUserBody = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 100 }), reason: Type.String({ maxLength: 5000, description: '1–500 characters; kept in the audit log.' }) },
  { additionalProperties: false },
);
export const AdminRevokeSessionsBody = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }), reason: Type.Optional(StaffReason) }, { additionalProperties: false });
export const AdminAppealsQuery = Type.Object(
  { status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('decided')])), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) },
  { additionalProperties: false },
);
export const AdminDecideAppealBody = Type.Object(
  { appealId: Type.String({ minLength: 1, maxLength: 100 }), decision: Type.Union([Type.Literal('uphold'), Type.Literal('lift')]), reason: StaffReason },
  { additionalProperties: false },
);
export const AdminUserAuditQuery = Type.Object({ userId: Type.Optional(Type.String({ maxLength: 100 })), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) }, { additionalProperties: false });
export const UserAppealBody = Type.Object(
  { sanctionId: Type.String({ minLength: 1, maxLength: 100 }), text: Type.String({ maxLength: 10000, description: '10–1000 characters.' }) },
  { additionalProperties: false },
);
export type UserAppealBody = Static<typeof UserAppealBody>;

/** An appeal against a content removal (issue 17): `restore` published the content again, `uphold` kept it removed. */
export const RemovalAppeal = Type.Object({
  id: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  decision: Type.Union([Type.Literal('restore'), Type.Literal('uphold'), Type.Null()], { description: 'null while awaiting a second moderator.' }),
  decidedAt: NullableText,
  decisionReason: NullableText,
});
export type RemovalAppeal = Static<typeof RemovalAppeal>;

/** Content of the caller's that a moderator removed (GET /api/user/removals): what, why, and its appeal. */
export const UserRemoval = Type.Object({
  removalId: Type.String({ description: 'The removal (its log entry); appeal with it.' }),
  targetKind: Type.Union([Type.Literal('review'), Type.Literal('post'), Type.Literal('comment')]),
  targetId: Type.String(),
  excerpt: Type.String(),
  reason: Type.String(),
  rule: Type.String({ description: 'One of REPORT_REASONS; empty for a review rejected on submission.' }),
  removedAt: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')], { description: 'The content now: approved once an appeal restored it (a post or comment is rejected while hidden).' }),
  link: Type.Union([Type.String(), Type.Null()], { description: 'Site-relative page where it is shown when published.' }),
  appeal: Type.Union([RemovalAppeal, Type.Null()], { description: 'At most one appeal per removal, while the content is removed.' }),
});
export type UserRemoval = Static<typeof UserRemoval>;

/**
 * POST /api/user/removalAppeal — refusals: `reviews.validation` (fields.text: 10–1000 characters),
 * `reviews.removal_not_found` (404), `reviews.removal_appeal_exists` (409), `reviews.removal_not_in_force` (409).
 */
export const UserRemovalAppealBody = Type.Object(
  { removalId: Type.String({ minLength: 1, maxLength: 100 }), text: Type.String({ maxLength: 10000, description: '10–1000 characters.' }) },
  { additionalProperties: false },
);
export type UserRemovalAppealBody = Static<typeof UserRemovalAppealBody>;

/** A removal appeal in the moderators' list: who appealed, who removed it, why, and the content. */
export const AdminRemovalAppeal = Type.Object({
  ...RemovalAppeal.properties,
  user: Person,
  removedBy: Person,
  removal: Type.Object({ reason: Type.String(), rule: Type.String(), at: Type.String() }),
  targetKind: Type.Union([Type.Literal('review'), Type.Literal('post'), Type.Literal('comment')]),
  targetId: Type.String(),
  excerpt: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('deleted')]),
  link: Type.Union([Type.String(), Type.Null()]),
});
export type AdminRemovalAppeal = Static<typeof AdminRemovalAppeal>;

export const AdminRemovalAppealsQuery = Type.Object(
  { status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('decided')])), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })) },
  { additionalProperties: false },
);
/**
 * POST /api/admin/removalAppeals/decide — `restore` publishes the content again, `uphold` keeps it
 * removed. The moderator who removed it is refused (`reviews.removal_appeal_same_moderator`, 403).
 */
export const AdminDecideRemovalAppealBody = Type.Object(
  { appealId: Type.String({ minLength: 1, maxLength: 100 }), decision: Type.Union([Type.Literal('restore'), Type.Literal('uphold')]), reason: StaffReason },
  { additionalProperties: false },
);
export type AdminDecideRemovalAppealBody = Static<typeof AdminDecideRemovalAppealBody>;

// ---------------------------------------------------------------------------------------------
// Trust and safety (issue 17): reports, the one moderation queue, the audit log.

export const ReportTargetKindSchema = Type.Union([Type.Literal('review'), Type.Literal('post'), Type.Literal('comment'), Type.Literal('profile')]);
/** The moderation log's targets: reportable content, and complaint cases (published or refused) and their thread messages (taken down). */
export const AuditTargetKindSchema = Type.Union([
  Type.Literal('review'),
  Type.Literal('post'),
  Type.Literal('comment'),
  Type.Literal('profile'),
  Type.Literal('complaint'),
  Type.Literal('complaint_message'),
]);
export const ReportReasonSchema = Type.Union(
  ['illegal', 'personal_data', 'abuse', 'fake_review', 'conflict_of_interest', 'spam', 'other'].map((r) => Type.Literal(r)),
  { description: 'illegal | personal_data | abuse | fake_review | conflict_of_interest | spam | other' },
);

/**
 * POST /api/report — a signed-in user reports a published review, a post, a comment or a profile.
 * `text` is required for `other` (10–500 characters), optional otherwise (≤ 500). Refusals:
 * `reviews.validation` (fields reason | text | targetId=own), `reviews.already_reported` (HTTP 409:
 * one open report per user and target), `reviews.report_limit` (HTTP 429), `reviews.target_not_found` (404).
 */
const ReportTargetId = Type.String({ minLength: 1, maxLength: 100 });
export const ReportBody = Type.Object(
  {
    targetKind: ReportTargetKindSchema,
    targetId: ReportTargetId,
    reason: Type.String({ maxLength: 100, description: 'One of REPORT_REASONS.' }),
    text: OptionalText(5000, 'Required for `other`.'),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

/** One of the caller's reports (GET /api/user/reports), with where the target is on the site. */
export const UserReport = Type.Object({
  id: Type.String(),
  targetKind: ReportTargetKindSchema,
  targetId: Type.String(),
  reason: Type.String(),
  text: Type.String(),
  excerpt: Type.String({ description: 'What was reported, as it read then.' }),
  link: Type.Union([Type.String(), Type.Null()], { description: 'Site-relative page of the target, if known.' }),
  status: Type.Union([Type.Literal('open'), Type.Literal('dismissed'), Type.Literal('actioned')]),
  createdAt: Type.String(),
  closedAt: Type.Union([Type.String(), Type.Null()]),
});
export type UserReport = Static<typeof UserReport>;

/** One entry of GET /api/admin/moderation/queue: a reported target (reports grouped) or a pending review. */
/**
 * An automatic signal on a submitted review (issue 17). It never removes anything: it raises the
 * review in the queue. `details` holds the numbers behind it — near_duplicate: count, similarity
 * (0–1), reviewIds; company_burst: count, minutes; shared_origin: accounts, via
 * ('device' | 'address' | 'both'); new_account_link: ageDays; tied_account: domain.
 */
export const ModerationSignal = Type.Object({
  kind: Type.Union([Type.Literal('near_duplicate'), Type.Literal('company_burst'), Type.Literal('shared_origin'), Type.Literal('new_account_link'), Type.Literal('tied_account')]),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type ModerationSignal = Static<typeof ModerationSignal>;

export const ModerationItem = Type.Object({
  source: Type.Union([Type.Literal('reports'), Type.Literal('pending_review')]),
  targetKind: ReportTargetKindSchema,
  targetId: Type.String(),
  severity: Type.Number({ description: '5 illegal/personal data … 1 other; 0 a pending review.' }),
  since: Type.String({ description: 'First open report (or the review written), ISO.' }),
  reports: Type.Number(),
  reasons: Type.Array(Type.String()),
  texts: Type.Array(Type.String(), { description: "The reporters' own words." }),
  excerpt: Type.String(),
  author: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()]),
  record: Type.Object({ removals: Type.Number(), reports: Type.Number() }, { description: "The author's record: content removed before, reports received." }),
  link: Type.Union([Type.String(), Type.Null()]),
  reviewStatus: Type.Union([Type.String(), Type.Null()]),
  signals: Type.Array(ModerationSignal, { description: "Why the automatic signals raised a pending review (its current version); empty otherwise." }),
});
export type ModerationItem = Static<typeof ModerationItem>;

/**
 * POST /api/admin/moderation/decide — dismiss closes the target's open reports; remove takes the
 * content down (a review is rejected and the rating recomputed; a post or comment is deleted),
 * closes the reports as actioned and tells the author the reason and the rule. `reason` (1–500) and
 * `rule` (one of REPORT_REASONS) are required to remove. A profile cannot be removed
 * (`reviews.profile_not_removable`, 409); nothing open → `reviews.nothing_to_decide` (409).
 */
export const ModerationDecideBody = Type.Object(
  {
    targetKind: ReportTargetKindSchema,
    targetId: ReportTargetId,
    action: Type.Union([Type.Literal('dismiss'), Type.Literal('remove')]),
    reason: OptionalText(5000),
    rule: OptionalText(100),
  },
  { additionalProperties: false },
);
export type ModerationDecideBody = Static<typeof ModerationDecideBody>;

/** One entry of the append-only moderation log. */
export const AuditLogEntry = Type.Object({
  id: Type.String(),
  moderator: Type.Object({ id: Type.String(), username: Type.String() }),
  action: Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('dismiss'), Type.Literal('remove'), Type.Literal('restore'), Type.Literal('uphold')], {
    description: 'restore / uphold: a removal appeal decided (content published again / kept removed).',
  }),
  targetKind: AuditTargetKindSchema,
  targetId: Type.String(),
  reason: Type.String(),
  rule: Type.String(),
  before: Type.Record(Type.String(), Type.Unknown()),
  after: Type.Record(Type.String(), Type.Unknown()),
  at: Type.String(),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

/** The three append-only logs the merged audit view reads: accounts (identity), companies (catalogue), content moderation (reviews). */
export const AuditArea = Type.Union([Type.Literal('identity'), Type.Literal('catalogue'), Type.Literal('content')]);
export type AuditArea = Static<typeof AuditArea>;
const AuditSnapshot = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

/** One entry of the merged audit view (GET /api/admin/audit/all). */
export const MergedAuditEntry = Type.Object({
  id: Type.String(),
  area: AuditArea,
  at: Type.String(),
  actor: Person,
  action: Type.String({
    description:
      'identity: sanction.warn|restrict|freeze, sanction.lift, appeal.uphold|lift, role.change, sessions.revoke, account.delete; catalogue: create|update|hide|unhide|merge|absorb|licence_status; content: approve|reject|dismiss|remove|restore|uphold',
  }),
  target: Type.Object({
    kind: Type.String({ description: 'user | company | review | post | comment | profile' }),
    id: Type.String({ description: "A user's id, a company's slug, a content id." }),
    label: Type.String({ description: "The user's name or the company's name; '' for content." }),
  }),
  reason: Type.String(),
  rule: Type.String({ description: "The terms' rule (content); '' elsewhere." }),
  before: AuditSnapshot,
  after: AuditSnapshot,
});
export type MergedAuditEntry = Static<typeof MergedAuditEntry>;

export const MergedAuditPage = Type.Object({
  list: Type.Array(MergedAuditEntry, { description: 'Newest first, across the areas asked for.' }),
  total: Type.Integer({ description: 'Entries in all the areas asked for.' }),
  page: Type.Integer({ description: '1 for the newest page; counts the pages followed with `next`.' }),
  limit: Type.Integer(),
  next: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next (older) page; null on the last.' }),
  areas: Type.Array(AuditArea, { description: 'The areas the caller may read (companies: admins only).' }),
});
export type MergedAuditPage = Static<typeof MergedAuditPage>;

export const MergedAuditQuery = Type.Object(
  {
    area: Type.Optional(AuditArea),
    actor: Type.Optional(Type.String({ pattern: UUID_PATTERN, description: "A member of staff's user id." })),
    cursor: Type.Optional(Type.String({ pattern: '^(\\d{1,6})-(\\d{1,8})-(\\d{1,8})-(\\d{1,8})$', description: 'The `next` of the page before.' })),
    _: CacheBuster,
  },
  { additionalProperties: false },
);
export type MergedAuditQuery = Static<typeof MergedAuditQuery>;

/** GET /api/admin/audit filters; `from`/`to` are dates (YYYY-MM-DD, `to` inclusive). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC); `to` is inclusive.' });
export const AuditLogQuery = Type.Object(
  {
    actor: Type.Optional(Type.String({ pattern: UUID_PATTERN, description: "The moderator's user id." })),
    action: Type.Optional(Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('dismiss'), Type.Literal('remove'), Type.Literal('restore'), Type.Literal('uphold')])),
    targetKind: Type.Optional(AuditTargetKindSchema),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    page: PageNumber(),
    _: CacheBuster,
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

const Count = Type.Integer({ minimum: 0 });
const MonthString = Type.String({ pattern: '^(19[7-9]\\d|2\\d{3})-(0[1-9]|1[0-2])$', description: 'A calendar month, YYYY-MM (UTC), 1970–2999.' });

/** One month of the public transparency report (issue 17). */
export const TransparencyMonth = Type.Object({
  month: Type.String({ description: 'YYYY-MM (UTC).' }),
  reviews: Type.Object({
    submitted: Type.Integer({ minimum: 0, description: 'New reviews written.' }),
    published: Type.Integer({ minimum: 0, description: 'Approval decisions (an edited review is moderated and counted again).' }),
  }),
  removed: Type.Object({
    total: Type.Integer({ minimum: 0, description: 'Reviews rejected and content removed on a report.' }),
    byRule: Type.Record(Type.String(), Count, { description: "Per rule broken (a report reason code; '' when none was named)." }),
  }),
  reports: Type.Object({
    received: Count,
    handled: Type.Integer({ minimum: 0, description: 'Reports closed (dismissed or actioned) this month.' }),
    medianHoursToHandle: Type.Union([Type.Number(), Type.Null()], { description: 'Median hours from report to decision; null when none was handled.' }),
  }),
  decisions: Type.Object({
    automatic: Type.Integer({ minimum: 0, description: 'Decisions taken by the system: automatic signals only queue content, so 0.' }),
    human: Type.Integer({ minimum: 0, description: "Moderators' decisions (approve, reject, dismiss, remove, and restore or keep on a removal appeal)." }),
    flagged: Type.Integer({ minimum: 0, description: 'Reviews automatic signals sent to the queue for a person to decide.' }),
  }),
  appeals: Type.Object({ received: Count, upheld: Count, lifted: Count }, { description: 'Appeals against sanctions: filed, and decided by a second moderator (sanction kept or lifted).' }),
  contentAppeals: Type.Object(
    { received: Count, restored: Count, kept: Count },
    { description: 'Appeals against a content removal: filed, and decided by a second moderator (content restored or kept removed).' },
  ),
  sanctions: Type.Object({ warn: Count, restrict: Count, freeze: Count }),
  verifiedClientShare: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: 'Share of published reviews with the verified-client badge; null: not recorded per month yet (the badge is worked out when a review is shown).',
  }),
});
export type TransparencyMonth = Static<typeof TransparencyMonth>;

export const TransparencyReport = Type.Object({ from: Type.String(), to: Type.String(), months: Type.Array(TransparencyMonth) });
export type TransparencyReport = Static<typeof TransparencyReport>;

/** GET /api/transparency(.csv): the months to cover, inclusive; by default the last 12 up to this one. */
export const TransparencyQuery = Type.Object({ from: Type.Optional(MonthString), to: Type.Optional(MonthString), _: CacheBuster }, { additionalProperties: false });
export type TransparencyQuery = Static<typeof TransparencyQuery>;

/** The staff dashboard: the moderation queue at a glance. */
export const AdminDashboard = Type.Object({
  queue: Type.Object({ size: Count, oldestSince: Type.Union([Type.String(), Type.Null()], { description: 'When the longest-waiting entry came in.' }) }),
  openAppeals: Count,
  reportsLastWeek: Count,
});
export type AdminDashboard = Static<typeof AdminDashboard>;

/* ------------------------------------------------------------------------------------------
 * Licence register (issue 19): each licence's status history with evidence, and company follows.
 * ---------------------------------------------------------------------------------------- */

export const LicenceRegisterStatus = Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('revoked'), Type.Literal('expired')]);
export type LicenceRegisterStatus = Static<typeof LicenceRegisterStatus>;

export const LicenceEvidence = Type.Object({
  url: Type.String({ description: 'Where the file is served (site-relative); PDFs download, pictures open.' }),
  sha256: Type.String({ description: 'SHA-256 of the file as stored (hex): check it against the downloaded bytes.' }),
  contentType: Type.String({ description: 'application/pdf, image/png, image/jpeg or image/webp, as the content says.' }),
  size: Type.Integer({ description: 'Bytes.' }),
  capturedAt: Type.String({ description: "When the file was captured from the regulator's register (ISO time)." }),
});
export type LicenceEvidence = Static<typeof LicenceEvidence>;

export const LicenceHistoryEntry = Type.Object({
  id: Type.String(),
  status: LicenceRegisterStatus,
  previousStatus: Type.Union([LicenceRegisterStatus, Type.Null()], { description: 'Null for the first entry of a licence.' }),
  effectiveOn: Type.String({ description: 'The day it took effect at the regulator, YYYY-MM-DD.' }),
  note: Type.String({ description: "The administrator's note, as written." }),
  evidence: Type.Union([LicenceEvidence, Type.Null()]),
  recordedAt: Type.String({ description: 'When it was recorded here (ISO time).' }),
});
export type LicenceHistoryEntry = Static<typeof LicenceHistoryEntry>;

export const RegisteredLicence = Type.Object({
  ...Licence.properties,
  regulatorCountryCode: Type.String({ description: 'ISO 3166-1 alpha-2; empty when unknown.' }),
  history: Type.Array(LicenceHistoryEntry, { description: 'Oldest first; append-only.' }),
});
export type RegisteredLicence = Static<typeof RegisteredLicence>;

/** GET /api/brokers/licences?id=<slug>: every licence of the company with its status history. */
export const CompanyLicences = Type.Object({ id: Type.String({ description: 'The company slug.' }), licences: Type.Array(RegisteredLicence) });
export type CompanyLicences = Static<typeof CompanyLicences>;

/** POST /api/admin/companies/licence-evidence (multipart, field `file`): a PDF or a PNG/JPEG/WebP screenshot ≤ 10 MB, checked by content. */
export const UploadedLicenceEvidence = Type.Object({
  key: Type.String({ description: 'Pass it as `evidenceKey` with the status change.' }),
  sha256: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  url: Type.String(),
});
export type UploadedLicenceEvidence = Static<typeof UploadedLicenceEvidence>;

/**
 * POST /api/admin/companies/licence-status: a new status of one licence (matched by regulator and
 * number). Rules (code `catalogue.licence_invalid`, a message per field): status one of the four,
 * effectiveOn a real day not after tomorrow, a note (≤ 1000), capturedAt not in the future; the
 * change is audited, shown on the company page and told to the company's followers.
 */
export const AdminLicenceStatusBody = Type.Object(
  {
    id: Slug('The company slug.'),
    regulator: Type.String({ maxLength: 500 }),
    licenceNo: Type.String({ maxLength: 500 }),
    status: Type.String({ maxLength: 20, description: 'active, suspended, revoked or expired.' }),
    effectiveOn: Type.String({ maxLength: 20, description: 'YYYY-MM-DD.' }),
    note: Type.String({ maxLength: 5000 }),
    evidenceKey: OptionalText(200, 'From the evidence upload.'),
    capturedAt: OptionalText(40, 'ISO time the evidence was captured; now when absent.'),
  },
  { additionalProperties: false },
);
export type AdminLicenceStatusBody = Static<typeof AdminLicenceStatusBody>;

/** GET/POST /api/brokers/follow: whether the caller follows the company (followers hear of licence changes). */
export const CompanyFollow = Type.Object({ following: Type.Boolean(), followers: Type.Integer() });
export type CompanyFollow = Static<typeof CompanyFollow>;
export const CompanyFollowBody = Type.Object({ id: Slug('The company slug.'), follow: Type.Boolean() }, { additionalProperties: false });
export type CompanyFollowBody = Static<typeof CompanyFollowBody>;

/*
 * Company representatives and their replies (issue 19, ADR 030). A company account claims a
 * company with a mailbox at the company's own web domain (a code is mailed there), then an
 * administrator approves; a verified representative replies once to each published review of the
 * company, each version moderated before it shows.
 */
const ClaimStatus = StringEnum(['awaiting_code', 'awaiting_approval', 'approved', 'rejected', 'revoked'] as const, {
  description: 'awaiting_code: enter the mailed code; awaiting_approval: an administrator decides; approved: a verified representative; rejected; revoked.',
});
const CompanyRef = Type.Object({ id: Type.String({ description: 'The company slug ("" when the company is gone).' }), name: Type.String() });
/** A claim of a company, as its claimant sees it. */
export const CompanyClaim = Type.Object({
  id: Type.String(),
  company: CompanyRef,
  email: Type.String({ description: 'The company mailbox the code went to.' }),
  status: ClaimStatus,
  createdAt: Type.String(),
  verifiedAt: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  decisionReason: Type.String(),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
});
export type CompanyClaim = Static<typeof CompanyClaim>;
/** A claim in the console: who claimed, and the domain the mailbox was checked against. */
export const AdminCompanyClaim = Type.Object({ ...CompanyClaim.properties, user: Type.Object({ id: Type.String(), username: Type.String() }), companyHost: Type.String() });
export type AdminCompanyClaim = Static<typeof AdminCompanyClaim>;
/**
 * POST /api/user/companyClaim: claim a company (company accounts only). Field messages: email
 * (`claim_free_mail`, `claim_domain`: not at the company's website domain or a subdomain of it), accountType.
 */
export const CompanyClaimBody = Type.Object(
  { company: Slug('The company slug.'), email: Type.String({ maxLength: 1000, description: 'A mailbox at the company’s own web domain.' }) },
  { additionalProperties: false },
);
export type CompanyClaimBody = Static<typeof CompanyClaimBody>;
export const CompanyClaimStarted = Type.Object({ claim: CompanyClaim, resendAfter: Type.Integer({ description: 'Seconds before another code may be sent.' }) });
export type CompanyClaimStarted = Static<typeof CompanyClaimStarted>;
export const CompanyClaimVerifyBody = Type.Object({ claimId: Type.String({ minLength: 1, maxLength: 100 }), code: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export type CompanyClaimVerifyBody = Static<typeof CompanyClaimVerifyBody>;
export const AdminCompanyClaimsQuery = Type.Object(
  { status: Defaulted(StringEnum(['awaiting_approval', 'approved', 'closed'] as const), 'awaiting_approval'), page: PageNumber(10000), _: CacheBuster },
  { additionalProperties: false },
);
export type AdminCompanyClaimsQuery = Static<typeof AdminCompanyClaimsQuery>;
export const AdminCompanyClaimDecideBody = Type.Object(
  { claimId: Type.String({ minLength: 1, maxLength: 100 }), decision: StringEnum(['approve', 'reject'] as const), reason: Type.Optional(StaffReason) },
  { additionalProperties: false },
);
export type AdminCompanyClaimDecideBody = Static<typeof AdminCompanyClaimDecideBody>;
export const AdminRepresentativeRevokeBody = Type.Object({ claimId: Type.String({ minLength: 1, maxLength: 100 }), reason: StaffReason }, { additionalProperties: false });
export type AdminRepresentativeRevokeBody = Static<typeof AdminRepresentativeRevokeBody>;

const ReplyStatus = StringEnum(['pending', 'approved', 'rejected'] as const);
/** A company's reply to a review. Everyone sees published ones; the company's representatives see theirs in any status. */
export const CompanyReply = Type.Object({
  id: Type.String(),
  reviewId: Type.String(),
  content: Type.String(),
  status: ReplyStatus,
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  date: Type.String({ description: 'When the current version was written.' }),
  publishedAt: Type.Union([Type.String(), Type.Null()], { description: 'When a version was first published.' }),
  edited: Type.Boolean(),
});
export type CompanyReply = Static<typeof CompanyReply>;
/** Over the company's published reviews of the last 12 months. */
export const ReplyFigures = Type.Object({
  reviews: Type.Integer(),
  replied: Type.Integer(),
  rate: Type.Union([Type.Number(), Type.Null()], { description: 'replied / reviews (0–1); null without reviews.' }),
  medianHours: Type.Union([Type.Number(), Type.Null()], { description: 'Median hours from a review’s publication to the reply; null without replies.' }),
});
export type ReplyFigures = Static<typeof ReplyFigures>;
export const CompanyReplies = Type.Object({
  company: CompanyRef,
  replies: Type.Array(CompanyReply),
  figures: ReplyFigures,
  representative: Type.Boolean({ description: 'The caller is a verified representative of this company (may reply).' }),
});
export type CompanyReplies = Static<typeof CompanyReplies>;
export const CompanyRepliesQuery = Type.Object(
  { id: Slug('The company slug.'), reviewIds: Defaulted(Type.String({ maxLength: 800, description: 'Comma-separated review ids (at most 20).' }), ''), _: CacheBuster },
  { additionalProperties: false },
);
export type CompanyRepliesQuery = Static<typeof CompanyRepliesQuery>;
/** POST /api/reviews/reply: the company's reply (a second call edits it). Field message: content (`reply_length`, 2–1000 characters). */
export const ReplyBody = Type.Object({ reviewId: Type.String({ minLength: 1, maxLength: 100 }), content: Type.String({ maxLength: 10000 }) }, { additionalProperties: false });
export type ReplyBody = Static<typeof ReplyBody>;
export const AdminQueuedReply = Type.Object({
  reply: CompanyReply,
  company: CompanyRef,
  author: Type.Object({ id: Type.String(), username: Type.String() }),
  review: Type.Object({ id: Type.String(), username: Type.String(), score: Type.Integer(), content: Type.String() }),
  history: Type.Array(Type.Object({ content: Type.String(), date: Type.String(), author: Type.String() }), { description: 'Every version written, oldest first.' }),
});
export type AdminQueuedReply = Static<typeof AdminQueuedReply>;
export const AdminRepliesQuery = Type.Object({ page: PageNumber(10000), _: CacheBuster }, { additionalProperties: false });
export type AdminRepliesQuery = Static<typeof AdminRepliesQuery>;
export const AdminReplyDecideBody = Type.Object(
  { replyId: Type.String({ minLength: 1, maxLength: 100 }), decision: StringEnum(['approve', 'reject'] as const), reason: Type.Optional(StaffReason) },
  { additionalProperties: false },
);
export type AdminReplyDecideBody = Static<typeof AdminReplyDecideBody>;

// --- Complaint cases (issue 19, ADR 031) ------------------------------------------------------
export const COMPLAINT_CATEGORIES = ['withdrawal', 'slippage', 'account_blocked', 'fraud', 'fees', 'other'] as const;
/** `lapsed`: the company answered and the author did not write back, confirm or reject in time (neither resolved nor unresolved). */
export const COMPLAINT_STATUSES = ['pending', 'rejected', 'awaiting_company', 'awaiting_user', 'resolved', 'unresolved', 'lapsed', 'withdrawn'] as const;
export const COMPLAINT_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'AUD', 'CAD', 'CHF', 'SGD', 'NZD', 'USDT'] as const;
const ComplaintStatus = StringEnum(COMPLAINT_STATUSES);
const Nullable = <T extends TSchema>(t: T, description?: string) => Type.Union([t, Type.Null()], description ? { description } : {});
/** A case as lists show it (the thread and files are on the case itself). */
export const ComplaintCard = Type.Object({
  id: Type.String(),
  company: CompanyRef,
  author: Type.Object({ id: Type.String(), username: Type.String() }),
  category: StringEnum(COMPLAINT_CATEGORIES),
  amount: Type.String({ description: 'Decimal, 2 places.' }),
  currency: Type.String(),
  content: Type.String({ description: 'What happened.' }),
  status: ComplaintStatus,
  rejectReason: Nullable(Type.String(), "A moderator's reason for refusing it (its author and staff only)."),
  createdAt: Type.String(),
  publishedAt: Nullable(Type.String()),
  dueAt: Nullable(
    Type.String(),
    'While open: the end of the last working day of the side whose turn it is — awaiting the company: to answer; awaiting the user: to write back, confirm or reject the outcome (else the case lapses).',
  ),
  workingDaysLeft: Nullable(Type.Integer(), 'Working days that side has left (weekends and holidays excluded); null when the case is not open.'),
  firstResponseAt: Nullable(Type.String()),
  closedAt: Nullable(Type.String()),
  closedBy: Nullable(StringEnum(['user', 'clock', 'no_reply'] as const), '`clock`: the company did not answer in time (unresolved); `no_reply`: the author did not reply in time (lapsed).'),
  evidenceCount: Type.Integer(),
});
export type ComplaintCard = Static<typeof ComplaintCard>;
export const ComplaintMessage = Type.Object({
  id: Type.String(),
  side: StringEnum(['user', 'company'] as const, { description: '`company`: a verified representative of the company.' }),
  author: Type.Object({ id: Type.String(), username: Type.String() }),
  content: Nullable(Type.String(), 'Null once a moderator removed it.'),
  removed: Type.Boolean(),
  date: Type.String(),
});
export type ComplaintMessage = Static<typeof ComplaintMessage>;
export const ComplaintEvidence = Type.Object({
  id: Type.String(),
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  url: Type.String({ description: 'GET it signed in (private: the author, the company’s representatives and moderators).' }),
});
export type ComplaintEvidence = Static<typeof ComplaintEvidence>;
export const ComplaintCase = Type.Object({
  complaint: ComplaintCard,
  messages: Type.Array(ComplaintMessage),
  evidence: Type.Array(ComplaintEvidence, { description: 'Empty for those who may not see the files.' }),
  can: Type.Object({
    write: Type.Boolean({ description: 'The author or a verified representative, while the case is open.' }),
    close: Type.Boolean({ description: 'The author may confirm it resolved or reject the outcome.' }),
    withdraw: Type.Boolean(),
    moderate: Type.Boolean(),
  }),
  viewer: StringEnum(['author', 'representative', 'moderator', 'visitor'] as const),
});
export type ComplaintCase = Static<typeof ComplaintCase>;
/** Over the cases published in the last 12 months. */
export const ComplaintFigures = Type.Object({
  cases: Type.Integer(),
  answered: Type.Integer(),
  responseRate: Nullable(Type.Number(), 'Answered / cases (withdrawn before an answer left out), 0–1.'),
  medianResponseHours: Nullable(Type.Number(), 'Median hours from publication to the company’s first answer.'),
  resolved: Type.Integer(),
  unresolved: Type.Integer(),
  lapsed: Type.Integer({ description: 'Answered, then closed because the author did not reply in time: in neither resolved nor unresolved.' }),
  resolutionRate: Nullable(Type.Number(), 'Resolved / (resolved + unresolved), 0–1; lapsed cases are left out.'),
});
export type ComplaintFigures = Static<typeof ComplaintFigures>;
export const CompanyComplaintFigures = Type.Object({ company: CompanyRef, figures: ComplaintFigures });
export type CompanyComplaintFigures = Static<typeof CompanyComplaintFigures>;
/**
 * The complaint clocks' lengths as the reviews service is configured (ADR 031): what the texts
 * that state them ("the company has 15 working days to answer") say. Settings change at deploy.
 */
export const ComplaintRules = Type.Object({
  companyDays: Type.Integer({ minimum: 1, description: 'Working days the company has to answer a published case (`COMPLAINT_RESPONSE_DAYS`).' }),
  authorDays: Type.Integer({ minimum: 1, description: 'Working days the author has, once the company answered, to write back, confirm or reject the outcome (`COMPLAINT_USER_RESPONSE_DAYS`).' }),
  reminderDays: Type.Integer({ minimum: 0, description: 'Working days left when the side whose turn it is gets one reminder, for a clock longer than that; 0: none (`COMPLAINT_REMINDER_DAYS`).' }),
});
export type ComplaintRules = Static<typeof ComplaintRules>;

/* ------------------------------------------------------------------------------------------
 * Pages (ADR 036): the data of a whole server-rendered page in one answer. Each part is what its
 * own operation answers for the same caller — the same envelope, from the same caches — so a
 * part can fail (a failure names the HTTP status its operation would have answered) while the
 * others show.
 * ---------------------------------------------------------------------------------------- */

/** A failed part of a page's answer: the error envelope its own operation answers, and that operation's HTTP status. */
export const PagePartFailure = Type.Object({
  code: Type.Number({ description: 'The envelope code of the failure (402/409 end the session).' }),
  msg: Type.String({ description: "Message in the caller's language." }),
  time: Type.Number({ description: 'Server time, Unix seconds.' }),
  status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status the operation would have answered.' }),
  data: ErrorData,
});
export type PagePartFailure = Static<typeof PagePartFailure>;
/** One part of a page's answer: its operation's success envelope (no `status`) or its failure. */
export function PagePart<T extends TSchema>(data: T) {
  return Type.Union([Envelope(data), PagePartFailure]);
}
export type PagePart<T> = Envelope<T> | PagePartFailure;
/** GET /api/pages/home: the home page's parts. */
export const HomePage = Type.Object({
  banners: PagePart(Page(Banner)),
  brands: PagePart(Page(CompanyCard)),
  categories: PagePart(Type.Array(Category)),
  recentReviews: PagePart(Type.Array(PublicReview)),
});
export type HomePage = Static<typeof HomePage>;
/** GET /api/pages/company query: the company and its page of reviews. */
export const CompanyPageQuery = Type.Object({ id: Slug('The company slug.'), page: PageNumber(), _: CacheBuster }, { additionalProperties: false });
export type CompanyPageQuery = Static<typeof CompanyPageQuery>;
/** GET /api/pages/company: a company page's parts. */
export const CompanyPage = Type.Object({
  company: PagePart(CompanyDetail),
  reviews: PagePart(CompanyReviews),
  licences: PagePart(CompanyLicences),
  /** Only for a signed-in caller (anyone else follows nobody). */
  follow: Type.Optional(PagePart(CompanyFollow)),
  complaintFigures: PagePart(CompanyComplaintFigures),
  complaints: PagePart(Page(ComplaintCard)),
  /** The company's replies to the reviews of `reviews` (absent when those failed). */
  replies: Type.Optional(PagePart(CompanyReplies)),
});
export type CompanyPage = Static<typeof CompanyPage>;
/**
 * GET /api/company/dashboard: what a company's verified representatives watch (admins may open any
 * company's). Without `id`, the first company the caller represents.
 */
export const CompanyDashboardQuery = Type.Object({ id: Type.Optional(Slug('The company slug.')), _: CacheBuster }, { additionalProperties: false });
export type CompanyDashboardQuery = Static<typeof CompanyDashboardQuery>;
export const CompanyDashboard = Type.Object({
  company: CompanyRef,
  companies: Type.Array(CompanyRef, { description: 'Every company the caller represents (to switch between them).' }),
  trend: Type.Array(
    Type.Object({
      month: Type.String({ description: '`YYYY-MM` (UTC).' }),
      reviews: Type.Integer({ description: 'Published reviews written that month.' }),
      average: Nullable(Type.Number(), 'Their mean rating (1–5); null in a month without reviews.'),
    }),
    { description: 'The last 12 months, oldest first.' },
  ),
  latest: Type.Array(
    Type.Object({
      id: Type.String(),
      username: Type.String(),
      score: Type.Integer(),
      content: Type.String(),
      date: Type.String(),
      reply: Nullable(ReplyStatus, 'The status of the company’s reply; null when not replied to.'),
    }),
    { description: 'The newest published reviews.' },
  ),
  open: Type.Array(ComplaintCard, { description: 'Cases awaiting the company or its author, the nearest deadline first.' }),
  replies: ReplyFigures,
  complaints: ComplaintFigures,
});
export type CompanyDashboard = Static<typeof CompanyDashboard>;
export const ComplaintsQuery = Type.Object(
  {
    company: Type.Optional(Slug('Only this company’s cases.')),
    status: Type.Optional(StringEnum(COMPLAINT_STATUSES.filter((s) => s !== 'pending' && s !== 'rejected'))),
    page: PageNumber(),
    _: CacheBuster,
  },
  { additionalProperties: false },
);
export type ComplaintsQuery = Static<typeof ComplaintsQuery>;
export const ComplaintQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), _: CacheBuster }, { additionalProperties: false });
export type ComplaintQuery = Static<typeof ComplaintQuery>;
export const ComplaintEvidenceQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), file: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
export type ComplaintEvidenceQuery = Static<typeof ComplaintEvidenceQuery>;
/**
 * POST /api/complaints/open. Field messages: category (`complaint_category`), amount (`complaint_amount`:
 * up to 1,000,000,000 with 2 decimals), currency (`complaint_currency`), content (`complaint_text_length`:
 * 30–5000 characters), evidence (`complaint_evidence_missing`, `complaint_evidence_count`: at most 5).
 * At most COMPLAINTS_PER_DAY cases (5 by default) a rolling 24 hours per user: `reviews.complaint_limit`
 * (HTTP 429, `retryAfter`), with the message on content (`complaint_limit`).
 */
export const ComplaintOpenBody = Type.Object(
  {
    company: Slug('The company slug.'),
    category: Type.String({ maxLength: 40 }),
    amount: Type.String({ maxLength: 40 }),
    currency: Type.String({ maxLength: 10 }),
    content: Type.String({ maxLength: 20000 }),
    evidence: Defaulted(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20, description: 'Ids of uploaded evidence files.' }), []),
  },
  { additionalProperties: false },
);
export type ComplaintOpenBody = Static<typeof ComplaintOpenBody>;
export const UploadedComplaintEvidence = Type.Object({ id: Type.String(), name: Type.String(), contentType: Type.String(), size: Type.Integer(), sha256: Type.String() });
export type UploadedComplaintEvidence = Static<typeof UploadedComplaintEvidence>;
/** POST /api/complaints/message. Field message: content (`complaint_message_length`, 2–2000 characters). */
export const ComplaintMessageBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), content: Type.String({ maxLength: 20000 }) }, { additionalProperties: false });
export type ComplaintMessageBody = Static<typeof ComplaintMessageBody>;
export const ComplaintCloseBody = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100 }), action: StringEnum(['confirm', 'reject', 'withdraw'] as const, { description: 'confirm: resolved; reject: unresolved; withdraw.' }) },
  { additionalProperties: false },
);
export type ComplaintCloseBody = Static<typeof ComplaintCloseBody>;
export const AdminComplaintDecideBody = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100 }), decision: StringEnum(['approve', 'reject'] as const), reason: Type.Optional(StaffReason) },
  { additionalProperties: false },
);
export type AdminComplaintDecideBody = Static<typeof AdminComplaintDecideBody>;
export const AdminComplaintMessageRemoveBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }), reason: StaffReason }, { additionalProperties: false });
export type AdminComplaintMessageRemoveBody = Static<typeof AdminComplaintMessageRemoveBody>;
