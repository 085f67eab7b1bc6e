import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import type { Lang, NoticeType, UnreadNotices } from '@brokerwise/api-contract';
import { ServiceClient } from './service-client.ts';

// The gateway's view of the notifications service's internal API (services/notifications/README.md).
export type NoticeCategory = NoticeType;
export interface NoticeRecord {
  id: string;
  category: NoticeCategory;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  actor: { id: string; username: string } | null;
  read: boolean;
  createdAt: string;
}
export type UnreadRecord = UnreadNotices;
export type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed';
export interface Localized {
  en: string;
  zh: string;
}

export class NotificationsClient {
  private readonly http: ServiceClient;
  constructor(baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('notifications', baseUrl, timeoutMs, tokens);
  }
  notices(userId: string, q: { category: NoticeCategory; page: number; limit: number; lang: Lang }, rid: string) {
    return this.http.get<{ items: NoticeRecord[]; total: number; unread: UnreadRecord }>(`/v1/users/${encodeURIComponent(userId)}/notices`, q, rid);
  }
  companyFollow(userId: string, companyId: string, rid: string) {
    return this.http.get<{ following: boolean; followers: number }>(`/v1/users/${encodeURIComponent(userId)}/company-follows/${encodeURIComponent(companyId)}`, {}, rid);
  }
  setCompanyFollow(userId: string, companyId: string, following: boolean, rid: string) {
    return this.http.send<{ following: boolean; followers: number }>('PUT', `/v1/users/${encodeURIComponent(userId)}/company-follows/${encodeURIComponent(companyId)}`, { following }, rid);
  }
  unread(userId: string, rid: string) {
    return this.http.get<UnreadRecord>(`/v1/users/${encodeURIComponent(userId)}/unread`, {}, rid);
  }
  read(userId: string, body: { ids: string[] } | { category: NoticeCategory | 'all' }, rid: string) {
    return this.http.send<{ updated: number; unread: UnreadRecord }>('POST', `/v1/users/${encodeURIComponent(userId)}/notices/read`, body, rid);
  }
  systemNotice(body: { userId?: string; title: Localized; body: Localized; link?: string; adminId: string }, rid: string) {
    return this.http.send<{ id: string; audience: 'user' | 'everyone' }>('POST', '/v1/system-notices', body, rid);
  }
  preferences(userId: string, rid: string) {
    return this.http.get<{ nonEssential: boolean }>(`/v1/users/${encodeURIComponent(userId)}/email-preferences`, {}, rid);
  }
  savePreferences(userId: string, body: { nonEssential: boolean }, rid: string) {
    return this.http.send<{ nonEssential: boolean }>('PUT', `/v1/users/${encodeURIComponent(userId)}/email-preferences`, body, rid);
  }
  subscribe(body: { email: string; locale: Lang }, rid: string) {
    return this.http.send<{ status: SubscriptionStatus; mailed: boolean }>('POST', '/v1/newsletter/subscriptions', body, rid);
  }
  confirm(token: string, rid: string) {
    return this.http.send<{ status: SubscriptionStatus; email: string; locale: Lang }>('POST', '/v1/newsletter/confirm', { token }, rid);
  }
  unsubscribe(token: string, rid: string) {
    return this.http.send<{ status: SubscriptionStatus; email: string; locale: Lang }>('POST', '/v1/newsletter/unsubscribe', { token }, rid);
  }
  sendIssue(body: { subject: Localized; body: Localized; adminId: string }, rid: string) {
    return this.http.send<{ id: string; recipients: number }>('POST', '/v1/newsletter/issues', body, rid);
  }
}
