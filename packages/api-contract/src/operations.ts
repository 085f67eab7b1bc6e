/**
 * Every /api operation the gateway serves: method, path, who may call it, the request it documents
 * and the schema of the envelope's `data` on success. Failures answer `Envelope(ErrorData)`.
 * The gateway's contract tests check every answer against this table, and the OpenAPI description
 * (docs/api/openapi.json) is generated from it.
 */
import { Type, type Static, type TSchema } from 'typebox';
import * as S from './schemas.ts';

export type Access = 'public' | 'session' | 'admin';

export interface Operation {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  summary: string;
  /** public: anyone; session: a signed-in user (code 402 otherwise); admin: a signed-in admin (HTTP 403 otherwise). */
  access: Access;
  query?: TSchema;
  body?: TSchema;
  /** The request body's media type when it is not JSON (uploads, statements). */
  bodyType?: 'multipart/form-data' | 'video/mp4' | 'text/html';
  /** The success answer's media type when it is not the JSON envelope (a download; `data` is its text). */
  responseType?: 'text/csv' | 'application/octet-stream';
  data: TSchema;
}

const Id = Type.Object({ id: Type.String() });

type OperationRequest = Pick<Operation, 'query' | 'body' | 'bodyType' | 'responseType'>;

/** One table row; keeps the schemas' own types, so OperationData<id> is the answer's type and OperationQuery/OperationBody<id> the request's. */
const op = <D extends TSchema, R extends OperationRequest = OperationRequest>(method: Operation['method'], path: Operation['path'], access: Access, summary: string, data: D, request: R = {} as R): Operation & { data: D } & R => ({
  method,
  path,
  access,
  summary,
  data,
  ...request,
});

export const operations = {
  // Catalogue
  brokersList: op('GET', '/api/brokers/brokersList', 'public', 'Companies, filtered and ordered', S.CompanyListPage, { query: S.BrokersListQuery }),
  companyDetail: op('GET', '/api/brokers/detail', 'public', 'One company', S.CompanyDetail, { query: S.SlugQuery }),
  topBrokers: op('GET', '/api/brokers/topBrokersList', 'public', 'Top Brokers ranking (20 a page)', S.Page(S.RankedCompany), { query: S.PageQuery }),
  banners: op('GET', '/api/brokers/getBannerList', 'public', 'Home page banners', S.Page(S.Banner), { query: S.BannerListQuery }),
  categories: op('GET', '/api/brokers/categories', 'public', 'Company categories', Type.Array(S.Category), { query: S.NoQuery }),
  popularCountries: op('GET', '/api/brokers/country', 'public', 'Popular countries (footer)', Type.Array(S.Country), { query: S.NoQuery }),
  countries: op('GET', '/api/ajax/dataRegion', 'public', 'Every country/region', Type.Array(S.Country), { query: S.NoQuery }),
  companyLicences: op('GET', '/api/brokers/licences', 'public', "A company's licences with their status history and evidence", S.CompanyLicences, { query: S.SlugQuery }),
  companyFollow: op('GET', '/api/brokers/follow', 'session', 'Whether the caller follows a company', S.CompanyFollow, { query: S.SlugQuery }),
  companyFollowSet: op('POST', '/api/brokers/follow', 'session', 'Follow or unfollow a company (licence changes become notices)', S.CompanyFollow, { body: S.CompanyFollowBody }),

  // Accounts
  checkIn: op('POST', '/api/user/checkIn', 'public', 'Sign in or register', Type.Object({ userInfo: S.UserInfo }), { body: S.CheckInBody }),
  socialSignIn: op('POST', '/api/user/TripartiteCheck', 'public', 'Sign in with Google or Facebook', Type.Object({ userInfo: S.UserInfo }), { body: S.TripartiteBody }),
  logout: op('POST', '/api/user/logout', 'public', 'Sign out (ends the session)', Type.Null()),
  sendCode: op('POST', '/api/ems/send', 'public', 'Mail a verification code', Type.Object({ resendAfter: Type.Number({ description: 'Seconds before another code may be sent.' }) }), { body: S.EmsSendBody }),
  profile: op('POST', '/api/user/index', 'session', "The caller's profile", S.UserProfile),
  editProfile: op('POST', '/api/user/editUser', 'session', 'Save the profile', S.UserProfile, { body: S.EditUserBody }),
  uploadAvatar: op('POST', '/api/user/avatar', 'session', 'Upload an avatar (JPEG/PNG ≤ 2 MB, field `file`)', Type.Object({ key: Type.String(), avatar: Type.Object({ avatar: Type.String() }) }), { bodyType: 'multipart/form-data' }),
  modifyPassword: op('POST', '/api/user/modifyPassword', 'session', 'Change the password', Type.Null(), { body: S.ModifyPasswordBody }),
  retrievePassword: op('POST', '/api/user/retrievePassword', 'public', 'Reset a forgotten password', Type.Null(), { body: S.RetrievePasswordBody }),
  bindEmail: op('POST', '/api/user/bindemail', 'session', 'Bind or change the mailbox', S.UserProfile, { body: S.BindEmailBody }),
  follow: op('POST', '/api/user/follow', 'session', 'Follow or unfollow a user (toggles)', Type.Object({ following: Type.Boolean(), followers: Type.Number() }), { body: S.FollowBody }),
  publicUser: op('GET', '/api/user/public', 'public', "A user's public card", S.PublicUser, { query: S.PublicUserQuery }),
  fans: op('GET', '/api/user/fans', 'public', "A creator's followers", S.Page(S.CreatorFan), { query: S.FansQuery }),

  // Reviews
  companyReviews: op('GET', '/api/reviews/list', 'public', "A company's reviews and rating", S.CompanyReviews, { query: S.CompanyReviewsQuery }),
  recentReviews: op('GET', '/api/reviews/recent', 'public', 'Latest published reviews', Type.Array(S.PublicReview), { query: S.RecentReviewsQuery }),
  submitReview: op('POST', '/api/reviews/submit', 'session', 'Write or edit the caller’s review (pending until moderated)', S.PublicReview, { body: S.SubmitReviewBody }),
  deleteReview: op('POST', '/api/reviews/delete', 'session', "Delete the caller's review of a company", Type.Null(), { body: S.DeleteReviewBody }),
  myReviews: op('GET', '/api/user/reviews', 'session', "The caller's reviews", S.Page(S.PublicReview), { query: S.PageQuery }),

  // Admin: reviews
  adminReviewQueue: op('GET', '/api/admin/reviews/queue', 'admin', 'Pending reviews, longest waiting first', S.Page(S.PublicReview), { query: S.PageQuery }),
  adminReviewDecide: op('POST', '/api/admin/reviews/decide', 'admin', 'Approve or reject a review', S.AdminDecision, { body: S.AdminDecideBody }),
  adminReviewAudit: op('GET', '/api/admin/reviews/audit', 'admin', 'Moderation decisions on a review', Type.Array(S.AuditEntry), { query: S.AdminReviewAuditQuery }),

  // Trust and safety (issue 17)
  report: op('POST', '/api/report', 'session', 'Report a review, post, comment or profile', S.UserReport, { body: S.ReportBody }),
  myReports: op('GET', '/api/user/reports', 'session', "The caller's reports and their status", S.Page(S.UserReport), { query: S.PageQuery }),
  adminModerationQueue: op('GET', '/api/admin/moderation/queue', 'admin', 'Reported content and pending reviews, most severe first', S.Page(S.ModerationItem), { query: S.PageQuery }),
  adminModerationDecide: op('POST', '/api/admin/moderation/decide', 'admin', 'Dismiss the reports on a target or remove it', S.AuditLogEntry, { body: S.ModerationDecideBody }),
  adminDashboard: op('GET', '/api/admin/dashboard', 'admin', 'The moderation queue at a glance: size, oldest entry, open appeals, reports of the last 7 days', S.AdminDashboard),
  transparency: op('GET', '/api/transparency', 'public', 'The transparency report: moderation figures per month (docs/transparency.md)', S.TransparencyReport, { query: S.TransparencyQuery }),
  transparencyCsv: op('GET', '/api/transparency.csv', 'public', 'The transparency report as CSV, one row per month (columns: docs/transparency.md)', Type.String(), { query: S.TransparencyQuery, responseType: 'text/csv' }),
  adminAuditLog: op('GET', '/api/admin/audit', 'admin', 'The moderation log, newest first, filtered', S.Page(S.AuditLogEntry), { query: S.AuditLogQuery }),
  adminAuditAll: op('GET', '/api/admin/audit/all', 'admin', 'One audit view: accounts, companies (admins) and content moderation, newest first, by area and actor', S.MergedAuditPage, {
    query: S.MergedAuditQuery,
  }),
  // Sanctions, appeals and the users console ('admin' access here: a moderator or an admin; the role change: admins only)
  mySanctions: op('GET', '/api/user/sanctions', 'session', "The caller's sanctions, newest first, each with its appeal", Type.Array(S.UserSanction)),
  appeal: op('POST', '/api/user/appeal', 'session', 'Appeal a sanction in force (once; a second moderator decides)', S.SanctionAppeal, { body: S.UserAppealBody }),
  adminUsers: op('GET', '/api/admin/users', 'admin', 'Accounts by name or email, newest first', S.Page(S.AdminUserRow), { query: S.AdminUsersQuery }),
  adminUserDetail: op('GET', '/api/admin/users/detail', 'admin', 'One account: role, live sessions, sanctions and appeals', S.AdminUserDetail, { query: S.AdminUserDetailQuery }),
  adminUserRole: op('POST', '/api/admin/users/role', 'admin', "Change an account's role (admins only; audited)", S.AdminUserRow, { body: S.AdminRoleBody }),
  adminUserRevokeSessions: op('POST', '/api/admin/users/revokeSessions', 'admin', 'Sign an account out everywhere', Type.Object({ revoked: Type.Number() }), { body: S.AdminRevokeSessionsBody }),
  adminUserDelete: op('POST', '/api/admin/users/delete', 'admin', "Delete an account (admins only): erase its personal data, end its sessions; its reviews go with it (audited)", S.AdminUserRow, {
    body: S.AdminDeleteUserBody,
  }),
  adminUserSanction: op('POST', '/api/admin/users/sanction', 'admin', 'Warn, restrict posting for N days, or freeze an account', S.AdminSanction, { body: S.AdminSanctionBody }),
  adminUserLiftSanction: op('POST', '/api/admin/users/liftSanction', 'admin', 'Lift a sanction in force', S.AdminSanction, { body: S.AdminLiftSanctionBody }),
  adminUserAudit: op('GET', '/api/admin/users/audit', 'admin', 'What staff did to accounts, newest first', S.Page(S.AdminUserAuditEntry), { query: S.AdminUserAuditQuery }),
  adminAppeals: op('GET', '/api/admin/appeals', 'admin', 'Appeals awaiting a second moderator (or decided ones)', S.Page(S.AdminAppeal), { query: S.AdminAppealsQuery }),
  adminDecideAppeal: op('POST', '/api/admin/appeals/decide', 'admin', 'Uphold or lift an appealed sanction (not by the moderator who imposed it)', Type.Object({ ...S.SanctionAppeal.properties, sanction: S.AdminSanction }), {
    body: S.AdminDecideAppealBody,
  }),
  myRemovals: op('GET', '/api/user/removals', 'session', "The caller's removed content, newest first, each with its appeal", Type.Array(S.UserRemoval)),
  removalAppeal: op('POST', '/api/user/removalAppeal', 'session', 'Appeal the removal of my content (once; a second moderator decides)', S.RemovalAppeal, { body: S.UserRemovalAppealBody }),
  adminRemovalAppeals: op('GET', '/api/admin/removalAppeals', 'admin', 'Appeals against content removals awaiting a second moderator (or decided ones)', S.Page(S.AdminRemovalAppeal), {
    query: S.AdminRemovalAppealsQuery,
  }),
  adminDecideRemovalAppeal: op('POST', '/api/admin/removalAppeals/decide', 'admin', 'Restore removed content or keep it removed (not by the moderator who removed it)', S.AdminRemovalAppeal, {
    body: S.AdminDecideRemovalAppealBody,
  }),

  // Promotions
  promotions: op('GET', '/api/promotion/list', 'public', 'Promotions running now', S.Page(S.Promotion), { query: S.PageQuery }),
  promotionDetail: op('GET', '/api/promotion/detail', 'public', 'One promotion', S.PromotionDetail, { query: S.SlugQuery }),
  adminPromotions: op('GET', '/api/admin/promotions', 'admin', 'Every promotion', S.Page(S.AdminPromotion), { query: S.PageQuery }),
  adminPromotionDetail: op('GET', '/api/admin/promotions/detail', 'admin', 'One promotion with its full texts', S.AdminPromotionDetail, { query: S.SlugQuery }),
  adminPromotionSave: op('POST', '/api/admin/promotions/save', 'admin', 'Create or update a promotion', S.AdminPromotionDetail, { body: S.AdminPromotionSaveBody }),
  adminPromotionDelete: op('POST', '/api/admin/promotions/delete', 'admin', 'Delete a promotion', Id, { body: S.AdminPromotionDeleteBody }),
  adminCompanies: op('GET', '/api/admin/companies', 'admin', 'Every company (hidden and merged too)', S.Page(S.AdminCompany), { query: S.AdminCompaniesQuery }),
  adminCompanyDetail: op('GET', '/api/admin/companies/detail', 'admin', 'One company with its form', S.AdminCompanyDetail, { query: S.SlugQuery }),
  adminCompanySave: op('POST', '/api/admin/companies/save', 'admin', 'Create or update a company', S.AdminCompany, { body: S.AdminCompanySaveBody }),
  adminCompanyHide: op('POST', '/api/admin/companies/hide', 'admin', 'Hide or unhide a company', S.AdminCompany, { body: S.AdminCompanyHideBody }),
  adminCompanyMerge: op('POST', '/api/admin/companies/merge', 'admin', 'Merge a duplicate into another company', S.AdminCompanyMerged, { body: S.AdminCompanyMergeBody }),
  adminCompanyAudit: op('GET', '/api/admin/companies/audit', 'admin', 'The companies audit log', S.Page(S.AdminCompanyAuditEntry), { query: S.AdminCompanyAuditQuery }),
  adminCompanyLogo: op('POST', '/api/admin/companies/logo', 'admin', "Upload a company's logo (JPEG, PNG or WebP ≤ 2 MB, checked by content; field `file`; query `id`: the slug; audited)", S.AdminCompany, {
    query: S.SlugQuery,
    bodyType: 'multipart/form-data',
  }),
  adminLicenceEvidence: op('POST', '/api/admin/companies/licence-evidence', 'admin', 'Upload licence evidence (PDF or PNG/JPEG/WebP screenshot, field `file`)', S.UploadedLicenceEvidence, { bodyType: 'multipart/form-data' }),
  adminLicenceStatus: op('POST', '/api/admin/companies/licence-status', 'admin', "Record a licence's new status (audited, notifies followers)", S.LicenceHistoryEntry, { body: S.AdminLicenceStatusBody }),

  // Notifications and newsletter
  notices: op('GET', '/api/user/notice', 'session', "The caller's notices of one tab", S.NoticePage, { query: S.NoticeListQuery }),
  noticeCount: op('GET', '/api/user/noticecont', 'session', 'Unread notices', Type.Number()),
  noticeRead: op('POST', '/api/user/notice/read', 'session', 'Mark notices read', Type.Object({ updated: Type.Number(), unread: S.UnreadNotices }), { body: S.NoticeReadBody }),
  emailPreferences: op('GET', '/api/user/emailPreferences', 'session', "The caller's mail preferences", S.EmailPreferences),
  saveEmailPreferences: op('POST', '/api/user/emailPreferences', 'session', 'Save mail preferences', S.EmailPreferences, { body: S.EmailPreferencesBody }),
  adminNotice: op('POST', '/api/admin/notice/send', 'admin', 'Send a system notice', Type.Object({ id: Type.String(), audience: Type.Union([Type.Literal('user'), Type.Literal('everyone')]) }), { body: S.AdminNoticeBody }),
  adminNewsletter: op('POST', '/api/admin/newsletter/send', 'admin', 'Send a newsletter issue', Type.Object({ id: Type.String(), recipients: Type.Number() }), { body: S.AdminNewsletterBody }),
  newsletterSubscribe: op('POST', '/api/newsletter/subscribe', 'public', 'Subscribe (double opt-in)', Type.Object({ status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed')]) }), { body: S.NewsletterSubscribeBody }),
  newsletterConfirm: op('POST', '/api/newsletter/confirm', 'public', 'Confirm a subscription', S.NewsletterSubscription, { body: S.NewsletterTokenBody }),
  newsletterUnsubscribe: op('POST', '/api/newsletter/unsubscribe', 'public', 'Unsubscribe', S.NewsletterSubscription, { body: S.NewsletterTokenBody }),

  // Posts (Trader TV, blog)
  postCategories: op('GET', '/api/vlog/categories', 'public', 'Post categories', Type.Array(S.PostCategory)),
  posts: op('GET', '/api/vlog/list', 'public', 'Posts, newest first', S.Page(S.PostCard), { query: S.PostListQuery }),
  recommendedPosts: op('GET', '/api/vlog/recommend', 'public', 'Posts by recent engagement', S.Page(S.PostCard), { query: S.KindPageQuery }),
  searchPosts: op('GET', '/api/vlog/search', 'public', 'Search posts', S.Page(S.PostCard), { query: S.PostSearchQuery }),
  postDetail: op('GET', '/api/vlog/detail', 'public', 'One post', S.PostDetail, { query: S.PostIdQuery }),
  creatorPage: op('GET', '/api/vlog/user', 'public', "A creator's profile and posts or feed", S.CreatorPage, { query: S.CreatorPageQuery }),
  myPosts: op('GET', '/api/vlog/mine', 'session', "The caller's posts in every state", S.Page(S.PostCard), { query: S.KindPageQuery }),
  collections: op('GET', '/api/vlog/collections', 'session', "The caller's bookmarks", S.Page(S.CollectedPost), { query: S.PostPageQuery }),
  publishPost: op('POST', '/api/vlog/publish', 'session', 'Publish a post', S.PostDetail, { body: S.PublishPostBody }),
  editPost: op('POST', '/api/vlog/edit', 'session', 'Edit a post', S.PostDetail, { body: S.EditPostBody }),
  deletePost: op('POST', '/api/vlog/delete', 'session', 'Delete a post', Type.Null(), { body: S.DeletePostBody }),
  likePost: op('POST', '/api/vlog/like', 'session', 'Like or unlike a post', Type.Object({ liked: Type.Boolean(), likes: Type.Number() }), { body: S.LikeBody }),
  collectPost: op('POST', '/api/vlog/collect', 'session', 'Bookmark a post', Type.Object({ collected: Type.Boolean(), collections: Type.Number() }), { body: S.CollectBody }),
  forwardPost: op('POST', '/api/vlog/forward', 'session', 'Forward a post to the caller’s feed', Type.Object({ forward: Type.Object({ id: Type.String(), comment: Type.String(), at: Type.String() }), forwards: Type.Number() }), { body: S.ForwardBody }),
  unforwardPost: op('POST', '/api/vlog/forward/delete', 'session', 'Take back a forward', Type.Object({ forwards: Type.Number(), forwarded: Type.Literal(false) }), { body: S.UnforwardBody }),
  comments: op('GET', '/api/vlog/comments', 'public', "A post's comments", S.CommentPage, { query: S.CommentsQuery }),
  comment: op('POST', '/api/vlog/comment', 'session', 'Comment on a post or reply to a comment', S.PostComment, { body: S.CommentBody }),
  deleteComment: op('POST', '/api/vlog/comment/delete', 'session', 'Delete an own comment and its replies', Type.Object({ deleted: Type.Array(Type.String()) }), { body: S.DeleteCommentBody }),
  uploadVideo: op('POST', '/api/upload/video', 'session', 'Upload a video (the raw file as the body)', S.UploadedVideo, { bodyType: 'video/mp4' }),
  videoStatus: op('GET', '/api/upload/video/status', 'session', 'Processing state of an uploaded video', S.UploadedVideo, { query: S.VideoStatusQuery }),
  uploadImage: op('POST', '/api/upload/image', 'session', 'Upload a picture (field `file`)', S.UploadedImage, { bodyType: 'multipart/form-data' }),

  // Traders
  traderBrokers: op('GET', '/api/brokers/traderbroker', 'public', 'Brokers accounts can be bound at', Type.Array(S.TraderBroker), { query: S.NoQuery }),
  traderServers: op('GET', '/api/brokers/brokerserver', 'public', 'Trading servers by name', Type.Array(S.TraderServer), { query: S.TraderServerQuery }),
  bindAccount: op('POST', '/api/trader/bind', 'session', 'Bind a trading account', S.TraderAccount, { body: S.TraderBindBody }),
  myAccounts: op('GET', '/api/trader/accounts', 'session', "The caller's trading accounts", Type.Array(S.TraderAccount), { query: S.NoQuery }),
  traderProfile: op('GET', '/api/trader/profile', 'public', "A trader's public accounts", Type.Array(S.TraderAccount), { query: S.TraderProfileQuery }),
  traderAccount: op('GET', '/api/trader/account', 'public', 'One trading account with its curve', S.TraderAccountDetail, { query: S.TraderIdQuery }),
  traderOrders: op('GET', '/api/trader/orders', 'public', "An account's closed trades", S.Page(S.TraderOrder), { query: S.TraderOrdersQuery }),
  syncAccount: op('POST', '/api/trader/sync', 'session', 'Sync an account now', S.TraderAccount, { body: S.TraderAccountIdBody }),
  accountVisibility: op('POST', '/api/trader/visibility', 'session', 'Make an account public or hidden', S.TraderAccount, { body: S.TraderVisibilityBody }),
  unbindAccount: op('POST', '/api/trader/unbind', 'session', 'Unbind (close) an account', S.TraderAccount, { body: S.TraderAccountIdBody }),
  importStatement: op('POST', '/api/trader/statement', 'session', 'Import an MT4/MT5 statement', S.TraderStatementResult, { query: S.TraderIdQuery, bodyType: 'text/html' }),
  requestVerification: op('POST', '/api/trader/verify', 'session', 'Get an ownership verification code', S.TraderVerification, { body: S.TraderAccountIdBody }),
  verification: op('GET', '/api/trader/verify', 'session', 'Ownership verification state', S.TraderVerification, { query: S.TraderIdQuery }),
  topTraders: op('GET', '/api/trader/top', 'public', 'Top Trader ranking', S.TopTraderPage, { query: S.TopTraderQuery }),
  applyBroker: op('POST', '/api/trader/apply', 'session', 'Ask for a broker to be supported', S.BrokerApplication, { body: S.BrokerApplicationBody }),
  myApplications: op('GET', '/api/trader/applications', 'session', "The caller's broker applications", S.Page(S.BrokerApplication), { query: S.PageQuery }),
  adminApplications: op('GET', '/api/admin/trader/applications', 'admin', 'Broker applications by status', S.Page(S.BrokerApplication), { query: S.AdminApplicationsQuery }),
  adminApplicationDecide: op('POST', '/api/admin/trader/applications/decide', 'admin', 'Approve or reject a broker application', S.BrokerApplication, { body: S.AdminApplicationDecideBody }),

  // Keys of the public read API
  apiKeys: op('GET', '/api/user/apiKeys', 'session', "The caller's API keys", S.ApiKeyList, { query: S.EmptyQuery }),
  createApiKey: op('POST', '/api/user/apiKeys', 'session', 'Create an API key (the secret is shown once)', S.CreatedApiKey, { body: S.CreateApiKeyBody }),
  revokeApiKey: op('POST', '/api/user/apiKeys/revoke', 'session', 'Revoke an API key', S.ApiKey, { body: S.RevokeApiKeyBody }),

  // Company representatives and their replies (ADR 030)
  companyClaims: op('GET', '/api/user/companyClaims', 'session', "The caller's company claims", Type.Array(S.CompanyClaim), { query: S.NoQuery }),
  companyClaim: op('POST', '/api/user/companyClaim', 'session', 'Claim a company (company accounts): a code goes to a mailbox at its web domain', S.CompanyClaimStarted, { body: S.CompanyClaimBody }),
  companyClaimVerify: op('POST', '/api/user/companyClaimVerify', 'session', 'Enter the mailed code; the claim then waits for an administrator', S.CompanyClaim, { body: S.CompanyClaimVerifyBody }),
  companyReplies: op('GET', '/api/reviews/replies', 'public', "A company's replies to reviews, its reply rate and median reply time", S.CompanyReplies, { query: S.CompanyRepliesQuery }),
  writeReply: op('POST', '/api/reviews/reply', 'session', "Reply to a review of the company the caller represents (again: edit); published after moderation", S.CompanyReply, { body: S.ReplyBody }),
  adminCompanyClaims: op('GET', '/api/admin/companyClaims', 'admin', 'Company claims awaiting approval, representatives, or refused and revoked claims', S.Page(S.AdminCompanyClaim), { query: S.AdminCompanyClaimsQuery }),
  adminCompanyClaimDecide: op('POST', '/api/admin/companyClaims/decide', 'admin', 'Approve (a verified representative) or refuse a claim (audited)', S.AdminCompanyClaim, { body: S.AdminCompanyClaimDecideBody }),
  adminRepresentativeRevoke: op('POST', '/api/admin/companyClaims/revoke', 'admin', 'Revoke a representative (audited)', S.AdminCompanyClaim, { body: S.AdminRepresentativeRevokeBody }),
  adminReplies: op('GET', '/api/admin/replies', 'admin', 'Company replies awaiting moderation, the longest waiting first', S.Page(S.AdminQueuedReply), { query: S.AdminRepliesQuery }),
  adminReplyDecide: op('POST', '/api/admin/replies/decide', 'admin', 'Publish or refuse a company reply', S.CompanyReply, { body: S.AdminReplyDecideBody }),

  // Complaint cases (ADR 031)
  complaints: op('GET', '/api/complaints/list', 'public', 'Published complaint cases, newest first, by company and status (20 a page)', S.Page(S.ComplaintCard), { query: S.ComplaintsQuery }),
  complaint: op('GET', '/api/complaints/detail', 'public', 'One case with its thread (unpublished: its author and moderators only; files: the author, the company’s representatives and moderators)', S.ComplaintCase, { query: S.ComplaintQuery }),
  companyDashboard: op('GET', '/api/company/dashboard', 'session', "A company's dashboard for its verified representatives (admins: any company): 12-month rating trend, newest reviews and whether they were replied to, open cases with their deadlines, reply and complaint figures", S.CompanyDashboard, { query: S.CompanyDashboardQuery }),
  complaintFigures: op('GET', '/api/complaints/figures', 'public', "A company's cases, response rate, median response time and resolution rate over 12 months", S.CompanyComplaintFigures, { query: S.SlugQuery }),
  complaintRules: op('GET', '/api/complaints/rules', 'public', 'The complaint clocks’ lengths in working days as configured: the company’s to answer, the author’s to reply, and when a reminder goes out', S.ComplaintRules, { query: S.NoQuery }),
  myComplaints: op('GET', '/api/complaints/mine', 'session', "The caller's own cases, whatever their status", Type.Array(S.ComplaintCard), { query: S.NoQuery }),
  complaintOpen: op('POST', '/api/complaints/open', 'session', 'Open a case against a company; published after moderation', S.ComplaintCard, { body: S.ComplaintOpenBody }),
  complaintEvidenceUpload: op('POST', '/api/complaints/evidence', 'session', 'Upload an evidence file (PDF, PNG, JPEG or WebP by content, at most 10 MB, field `file`); kept private', S.UploadedComplaintEvidence, { bodyType: 'multipart/form-data' }),
  complaintEvidenceFile: op('GET', '/api/complaints/evidence', 'session', 'Download an evidence file of a case (its author, the company’s representatives and moderators only)', Type.String({ format: 'binary' }), { query: S.ComplaintEvidenceQuery, responseType: 'application/octet-stream' }),
  complaintMessage: op('POST', '/api/complaints/message', 'session', 'Write in the thread of a case (its author, or a verified representative of the company)', S.ComplaintCase, { body: S.ComplaintMessageBody }),
  complaintClose: op('POST', '/api/complaints/close', 'session', 'The author confirms the case resolved, rejects the outcome (unresolved) or withdraws it', S.ComplaintCase, { body: S.ComplaintCloseBody }),
  adminComplaints: op('GET', '/api/admin/complaints', 'admin', 'Complaint cases awaiting moderation, the longest waiting first', S.Page(S.ComplaintCard), { query: S.AdminRepliesQuery }),
  adminComplaintDecide: op('POST', '/api/admin/complaints/decide', 'admin', 'Publish a case (the company’s clock starts, its representatives are told) or refuse it', S.ComplaintCard, { body: S.AdminComplaintDecideBody }),
  adminComplaintMessageRemove: op('POST', '/api/admin/complaints/removeMessage', 'admin', 'Take a message of a case’s thread down', S.ComplaintMessage, { body: S.AdminComplaintMessageRemoveBody }),

  // Pages (ADR 036): a server-rendered page's data in one answer, each part as its own operation answers it
  homePage: op('GET', '/api/pages/home', 'public', "The home page's data in one answer: banners, popular companies, categories and recent reviews, each part as its own operation answers it (banners, brokersList, categories, recentReviews)", S.HomePage, { query: S.NoQuery }),
  companyPage: op('GET', '/api/pages/company', 'public', "A company page's data in one answer, each part as its own operation answers it for the same caller: the company, a page of its reviews, licences, complaint figures and newest cases, replies to the reviews shown, and (signed in) whether the caller follows it", S.CompanyPage, { query: S.CompanyPageQuery }),
} satisfies Record<string, Operation>;

export type OperationId = keyof typeof operations;
/** The `data` of a successful answer of an operation, e.g. `OperationData<'brokersList'>`. */
export type OperationData<K extends OperationId> = Static<(typeof operations)[K]['data']>;
/** The query string an operation takes (`{}` when it takes none), e.g. `OperationQuery<'brokersList'>`. */
export type OperationQuery<K extends OperationId> = (typeof operations)[K] extends { query: infer Q extends TSchema } ? Static<Q> : Record<string, never>;
/** The JSON body an operation takes (`{}` when it takes none), e.g. `OperationBody<'checkIn'>`. */
export type OperationBody<K extends OperationId> = (typeof operations)[K] extends { body: infer B extends TSchema } ? Static<B> : Record<string, never>;

/** The operation serving `method` `path` (the query string is ignored), if the table has one. */
export function findOperation(method: string, path: string): [OperationId, Operation] | undefined {
  const bare = path.split('?')[0];
  const m = method.toUpperCase();
  for (const [id, o] of Object.entries(operations) as [OperationId, Operation][]) if (o.method === m && o.path === bare) return [id, o];
  return undefined;
}
