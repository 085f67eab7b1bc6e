import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import { ServiceClient } from './service-client.ts';

// The gateway's view of the identity service's internal API (services/identity/src/routes).
export interface IdentityUser {
  id: string;
  username: string;
  email: string | null;
  avatarKey: string | null;
  countryCode: string | null;
  motto: string;
  accountType: 'personal' | 'company';
  role: 'user' | 'moderator' | 'admin';
  followers: number;
  following: number;
  likesReceived: number;
  collections: number;
  createdAt: string;
}
export interface IdentitySession { id: string; userId: string; expiresAt: string; remember: boolean }
export interface SignedIn { user: IdentityUser; session: IdentitySession }
export interface IdentityFollowList {
  items: { id: string; username: string; avatarKey: string | null; followedAt: string; followed: boolean }[];
  total: number;
  page: number;
  limit: number;
}
export interface IdentityPublicUser { id: string; username: string; avatarKey: string | null; motto: string; followers: number; following: number; followed: boolean }

/** A key of the public read API, as its owner sees it (never the secret after creation). */
export interface IdentityApiKey { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }

/** Sanctions and appeals as identity answers them (services/identity/src/routes/sanctions). */
export interface IdentitySanction {
  id: string;
  userId: string;
  kind: 'warn' | 'restrict' | 'freeze';
  rule: string;
  reason: string;
  imposedBy: string;
  imposedAt: string;
  endsAt: string | null;
  liftedAt: string | null;
  liftedBy: string | null;
  liftReason: string | null;
  active: boolean;
}
export interface IdentityAppeal {
  id: string;
  sanctionId: string;
  userId: string;
  text: string;
  createdAt: string;
  decision: 'uphold' | 'lift' | null;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}
export interface IdentityAdminUser { id: string; username: string; email: string | null; role: IdentityUser['role']; frozen: boolean; deleted: boolean; createdAt: string }
export type SanctionRecord = { sanction: IdentitySanction; appeal: IdentityAppeal | null }[];
export interface IdentityAuditEntry {
  id: string;
  actorId: string;
  at: string;
  action: string;
  targetUserId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string;
}

export class IdentityClient {
  readonly http: ServiceClient;
  constructor(baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('identity', baseUrl, timeoutMs, tokens);
  }
  sendCode(body: { email: string; purpose: string; locale: string; userId?: string }, rid: string) {
    return this.http.send<{ resendAfter: number }>('POST', '/v1/codes', body, rid);
  }
  register(body: { email: string; username: string; password: string; code: string; accountType?: string; locale: string; ip: string; userAgent: string }, rid: string) {
    return this.http.send<SignedIn>('POST', '/v1/register', body, rid);
  }
  login(body: { login: string; password: string; remember: boolean; device?: string; frozenAccess?: boolean; ip: string; userAgent: string }, rid: string) {
    return this.http.send<SignedIn & { device: string; frozen?: boolean }>('POST', '/v1/login', body, rid);
  }
  social(body: { provider: 'google' | 'facebook'; credential: string; frozenAccess?: boolean; ip: string; userAgent: string }, rid: string) {
    return this.http.send<SignedIn & { created: boolean; frozen?: boolean }>('POST', '/v1/social', body, rid);
  }
  session(id: string, rid: string) {
    return this.http.get<{ session: IdentitySession & { revokedAt: string | null }; user: IdentityUser; frozen?: boolean }>(`/v1/sessions/${encodeURIComponent(id)}`, {}, rid);
  }
  revoke(id: string, reason: string, rid: string) {
    return this.http.send<{ revoked: string[] }>('POST', `/v1/sessions/${encodeURIComponent(id)}/revoke`, { reason }, rid);
  }
  user(id: string, rid: string) {
    return this.http.get<IdentityUser>(`/v1/users/${encodeURIComponent(id)}`, {}, rid);
  }
  /** Names and avatars of up to 100 users in one call (authors on a page of posts). */
  userCards(ids: readonly string[], rid: string) {
    return this.http.get<{ items: { id: string; username: string; avatarKey: string | null }[] }>('/v1/users/batch', { ids: [...new Set(ids)].slice(0, 100).join(',') }, rid);
  }
  publicUser(id: string, viewer: string | undefined, rid: string) {
    return this.http.get<IdentityPublicUser>(`/v1/users/${encodeURIComponent(id)}/public`, { viewer }, rid);
  }
  updateProfile(id: string, body: { username: string; countryCode: string | null; motto: string; avatarKey?: string }, rid: string) {
    return this.http.send<IdentityUser>('PATCH', `/v1/users/${encodeURIComponent(id)}`, body, rid);
  }
  uploadAvatar(id: string, bytes: Buffer, rid: string) {
    return this.http.sendBytes<{ key: string }>(`/v1/users/${encodeURIComponent(id)}/avatar`, bytes, rid);
  }
  changePassword(id: string, body: { oldPassword: string; newPassword: string; code: string }, rid: string) {
    return this.http.send<{ revoked: string[] }>('POST', `/v1/users/${encodeURIComponent(id)}/password`, body, rid);
  }
  resetPassword(body: { email: string; newPassword: string; code: string }, rid: string) {
    return this.http.send<{ revoked: string[] }>('POST', '/v1/password/reset', body, rid);
  }
  bindEmail(id: string, body: { email: string; code: string }, rid: string) {
    return this.http.send<IdentityUser>('POST', `/v1/users/${encodeURIComponent(id)}/email`, body, rid);
  }
  /** A user's followers, newest first; `followed`: whether `viewer` follows each. */
  followers(id: string, q: { page: number; limit: number; viewer?: string | undefined }, rid: string) {
    return this.http.get<IdentityFollowList>(`/v1/users/${encodeURIComponent(id)}/followers`, { page: q.page, limit: q.limit, viewer: q.viewer }, rid);
  }
  follow(id: string, targetId: string, rid: string) {
    return this.http.send<{ following: boolean; followers: number }>('POST', `/v1/users/${encodeURIComponent(id)}/follow`, { targetId }, rid);
  }
  apiKeys(id: string, rid: string) {
    return this.http.get<{ items: IdentityApiKey[] }>(`/v1/users/${encodeURIComponent(id)}/api-keys`, {}, rid);
  }
  createApiKey(id: string, name: string, rid: string) {
    return this.http.send<{ key: string; record: IdentityApiKey }>('POST', `/v1/users/${encodeURIComponent(id)}/api-keys`, { name }, rid);
  }
  revokeApiKey(id: string, keyId: string, rid: string) {
    return this.http.send<{ record: IdentityApiKey; secretHash: string }>('POST', `/v1/users/${encodeURIComponent(id)}/api-keys/${encodeURIComponent(keyId)}/revoke`, {}, rid);
  }
  verifyApiKey(key: string, rid: string) {
    return this.http.send<{ valid: boolean; id?: string; userId?: string }>('POST', '/v1/api-keys/verify', { key }, rid);
  }
  /** The posting restriction in force, if any (the gateway caches it briefly). */
  standing(userId: string, rid: string) {
    return this.http.get<{ restriction: IdentitySanction | null; frozen: boolean }>(`/v1/users/${encodeURIComponent(userId)}/standing`, {}, rid);
  }
  sanctionsOf(userId: string, rid: string) {
    return this.http.get<{ items: SanctionRecord }>(`/v1/users/${encodeURIComponent(userId)}/sanctions`, {}, rid);
  }
  appeal(userId: string, body: { sanctionId: string; text: string }, rid: string) {
    return this.http.send<IdentityAppeal>('POST', `/v1/users/${encodeURIComponent(userId)}/appeals`, body, rid);
  }
  adminUsers(q: { keyword: string; page: number; limit: number }, rid: string) {
    return this.http.get<{ items: IdentityAdminUser[]; total: number }>('/v1/admin/users', q, rid);
  }
  adminUser(id: string, rid: string) {
    return this.http.get<{ user: IdentityAdminUser; liveSessions: number; items: SanctionRecord }>(`/v1/admin/users/${encodeURIComponent(id)}`, {}, rid);
  }
  setRole(id: string, body: { role: IdentityUser['role']; adminId: string; reason?: string }, rid: string) {
    return this.http.send<{ user: IdentityAdminUser; changed: boolean }>('POST', `/v1/admin/users/${encodeURIComponent(id)}/role`, body, rid);
  }
  revokeSessions(id: string, body: { moderatorId: string; reason?: string }, rid: string) {
    return this.http.send<{ revoked: string[] }>('POST', `/v1/admin/users/${encodeURIComponent(id)}/revoke-sessions`, body, rid);
  }
  deleteAccount(id: string, body: { adminId: string; reason: string }, rid: string) {
    return this.http.send<{ user: IdentityAdminUser; revoked: string[] }>('POST', `/v1/admin/users/${encodeURIComponent(id)}/delete`, body, rid);
  }
  sanction(userId: string, body: { kind: IdentitySanction['kind']; days?: number; reason: string; rule: string; moderatorId: string }, rid: string) {
    return this.http.send<{ sanction: IdentitySanction; revoked: string[] }>('POST', `/v1/admin/users/${encodeURIComponent(userId)}/sanctions`, body, rid);
  }
  liftSanction(id: string, body: { reason: string; moderatorId: string }, rid: string) {
    return this.http.send<IdentitySanction>('POST', `/v1/admin/sanctions/${encodeURIComponent(id)}/lift`, body, rid);
  }
  appeals(q: { status: 'open' | 'decided'; page: number; limit: number }, rid: string) {
    return this.http.get<{ items: { appeal: IdentityAppeal; username: string; sanction: IdentitySanction }[]; total: number }>('/v1/admin/appeals', q, rid);
  }
  decideAppeal(id: string, body: { decision: 'uphold' | 'lift'; reason: string; moderatorId: string }, rid: string) {
    return this.http.send<{ appeal: IdentityAppeal; sanction: IdentitySanction }>('POST', `/v1/admin/appeals/${encodeURIComponent(id)}/decide`, body, rid);
  }
  transparency(q: { from: string; to: string }, rid: string) {
    return this.http.get<{ months: { month: string; sanctions: { warn: number; restrict: number; freeze: number }; appeals: { received: number; upheld: number; lifted: number } }[] }>('/v1/transparency', q, rid);
  }
  audit(q: { targetId?: string | undefined; actorId?: string | undefined; page: number; limit: number }, rid: string) {
    return this.http.get<{ items: IdentityAuditEntry[]; total: number }>('/v1/admin/audit', q, rid);
  }
  // Company claims and representatives (ADR 030).
  companyClaims(userId: string, rid: string) {
    return this.http.get<{ items: IdentityClaim[] }>(`/v1/users/${encodeURIComponent(userId)}/company-claims`, {}, rid);
  }
  representing(userId: string, rid: string) {
    return this.http.get<{ items: IdentityClaim[] }>(`/v1/users/${encodeURIComponent(userId)}/representing`, {}, rid);
  }
  /** The users who represent a company now (complaint notices, ADR 031). */
  representatives(companyId: string, rid: string) {
    return this.http.get<{ userIds: string[] }>(`/v1/companies/${encodeURIComponent(companyId)}/representatives`, {}, rid);
  }
  startClaim(userId: string, body: { companyId: string; companyName: string; companyWebsite: string; email: string; locale: string }, rid: string) {
    return this.http.send<{ claim: IdentityClaim; resendAfter: number }>('POST', `/v1/users/${encodeURIComponent(userId)}/company-claims`, body, rid);
  }
  verifyClaim(userId: string, claimId: string, code: string, rid: string) {
    return this.http.send<IdentityClaim>('POST', `/v1/users/${encodeURIComponent(userId)}/company-claims/${encodeURIComponent(claimId)}/verify`, { code }, rid);
  }
  claimQueue(q: { status: 'awaiting_approval' | 'approved' | 'closed'; page: number; limit: number }, rid: string) {
    return this.http.get<{ items: IdentityClaim[]; total: number }>('/v1/admin/company-claims', q, rid);
  }
  decideClaim(id: string, body: { adminId: string; decision: 'approve' | 'reject'; reason?: string }, rid: string) {
    return this.http.send<IdentityClaim>('POST', `/v1/admin/company-claims/${encodeURIComponent(id)}/decide`, body, rid);
  }
  revokeRepresentative(id: string, body: { adminId: string; reason: string }, rid: string) {
    return this.http.send<IdentityClaim>('POST', `/v1/admin/company-claims/${encodeURIComponent(id)}/revoke`, body, rid);
  }
}

/** A company claim as identity answers it (services/identity/src/routes/company-claims). */
export interface IdentityClaim {
  id: string;
  userId: string;
  username?: string;
  companyId: string;
  companyName: string;
  companyHost: string;
  email: string;
  status: 'awaiting_code' | 'awaiting_approval' | 'approved' | 'rejected' | 'revoked';
  createdAt: string;
  verifiedAt: string | null;
  decidedAt: string | null;
  decisionReason: string;
  revokedAt: string | null;
}
