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
  role: 'user' | 'admin';
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
  login(body: { login: string; password: string; remember: boolean; device?: string; ip: string; userAgent: string }, rid: string) {
    return this.http.send<SignedIn & { device: string }>('POST', '/v1/login', body, rid);
  }
  social(body: { provider: 'google' | 'facebook'; credential: string; ip: string; userAgent: string }, rid: string) {
    return this.http.send<SignedIn & { created: boolean }>('POST', '/v1/social', body, rid);
  }
  session(id: string, rid: string) {
    return this.http.get<{ session: IdentitySession & { revokedAt: string | null }; user: IdentityUser }>(`/v1/sessions/${encodeURIComponent(id)}`, {}, rid);
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
}
