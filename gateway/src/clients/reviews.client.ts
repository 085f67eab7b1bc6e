import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import { ServiceClient } from './service-client.ts';

// The gateway's view of the reviews service's internal API (services/reviews/README.md).
export interface ReviewRecord {
  id: string;
  companyId: string;
  userId: string;
  username: string;
  stars: number;
  text: string;
  status: 'pending' | 'approved' | 'rejected';
  rejectReason: string | null;
  createdAt: string;
  updatedAt: string;
  moderatedAt: string | null;
  mine: boolean;
}
export type ModerationDecision = 'approve' | 'reject';
export interface AuditRecord {
  id: string;
  reviewId: string;
  moderatorId: string;
  decision: ModerationDecision;
  reason: string;
  previousStatus: ReviewRecord['status'];
  at: string;
}
export interface RatingRecord { companyId: string; score: number; displayScore: number; approvedCount: number; distribution: number[]; version: number; computedAt: string | null }

export class ReviewsClient {
  private readonly http: ServiceClient;
  constructor(baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('reviews', baseUrl, timeoutMs, tokens);
  }
  submit(companyId: string, body: { userId: string; username: string; stars: number; text: string; confirmed: boolean; accountCreatedAt: string }, rid: string) {
    return this.http.send<ReviewRecord>('PUT', `/v1/companies/${encodeURIComponent(companyId)}/reviews/mine`, body, rid);
  }
  remove(companyId: string, userId: string, rid: string) {
    return this.http.send<{ deleted: string }>('DELETE', `/v1/companies/${encodeURIComponent(companyId)}/reviews/mine?userId=${encodeURIComponent(userId)}`, undefined, rid);
  }
  forCompany(companyId: string, q: { page: number; limit: number; viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: ReviewRecord[]; total: number; mine: ReviewRecord | null }>(`/v1/companies/${encodeURIComponent(companyId)}/reviews`, q, rid);
  }
  rating(companyId: string, rid: string) {
    return this.http.get<RatingRecord>(`/v1/companies/${encodeURIComponent(companyId)}/rating`, {}, rid);
  }
  forUser(userId: string, q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: ReviewRecord[]; total: number }>(`/v1/users/${encodeURIComponent(userId)}/reviews`, q, rid);
  }
  recent(limit: number, rid: string) {
    return this.http.get<{ items: ReviewRecord[] }>('/v1/recent', { limit }, rid);
  }
  moderationQueue(q: { page: number; limit: number }, rid: string) {
    return this.http.get<{ items: ReviewRecord[]; total: number }>('/v1/moderation/queue', q, rid);
  }
  decide(reviewId: string, body: { moderatorId: string; decision: ModerationDecision; reason: string }, rid: string) {
    return this.http.send<{ review: ReviewRecord; audit: AuditRecord }>('POST', `/v1/moderation/${encodeURIComponent(reviewId)}`, body, rid);
  }
  audit(reviewId: string, rid: string) {
    return this.http.get<{ items: AuditRecord[] }>(`/v1/moderation/${encodeURIComponent(reviewId)}/audit`, {}, rid);
  }
}
