import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import type { TraderAccount, TraderAccountDetail, TraderStats, TraderSyncState, TraderVerification } from '@brokerwise/api-contract';
import { ServiceClient } from './service-client.ts';

// The gateway's view of trader-sync's internal API (services/trader-sync/src/routes/).
// Shapes the gateway passes through unchanged reuse the public contract's types; the rest differ
// (user ids, broker company ids, accountNumber, symbol, sampleAccount) and are declared here.
export interface TraderAccountRecord {
  id: string;
  userId: string;
  username: string;
  broker: { companyId: string | null; slug: string | null; name: string };
  server: string;
  accountNumber: string;
  nickname: string;
  description: string;
  type: TraderAccount['type'];
  visibility: TraderAccount['visibility'];
  source: TraderAccount['source'];
  status: TraderAccount['status'];
  boundAt: string;
  closedAt: string | null;
  sync: Omit<TraderSyncState, 'errorText'>;
  summary: { currency: string; leverage: number | null; balance: number | null; equity: number | null; live: boolean | null };
  verified: boolean;
  verifiedAt: string | null;
  ranking: TraderAccount['ranking'];
  stats: TraderStats | null;
  mine: boolean;
}

export interface TraderDetailRecord {
  account: TraderAccountRecord;
  curve: TraderAccountDetail['curve'];
  monthly: TraderAccountDetail['monthly'];
}

export interface TraderOrderRecord {
  id: string;
  openTime: string | null;
  closeTime: string;
  symbol: string;
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

export interface TraderServerRecord {
  id: string;
  name: string;
  kind: 'live' | 'demo';
  broker: { companyId: string | null; slug: string | null; name: string };
}

export interface BrokerApplicationRecord {
  id: string;
  userId: string;
  broker: string;
  website: string;
  server: string;
  sampleAccount: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/**
 * How long a bind may take: trader-sync checks the read-only password with the broker's bridge
 * first (its BIND_CHECK_TIMEOUT_MS, 15 s by default); the bind form promises an answer within 20 s.
 */
export const BIND_TIMEOUT_MS = 20_000;

export class TraderClient {
  private readonly http: ServiceClient;
  private readonly binding: ServiceClient;
  constructor(baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('trader-sync', baseUrl, timeoutMs, tokens);
    this.binding = new ServiceClient('trader-sync', baseUrl, Math.max(timeoutMs, BIND_TIMEOUT_MS), tokens);
  }
  brokers(rid: string) {
    return this.http.get<{ items: { companyId: string; slug: string; name: string; servers: number }[] }>('/v1/brokers', {}, rid);
  }
  servers(query: string, limit: number, rid: string) {
    return this.http.get<{ items: TraderServerRecord[] }>('/v1/servers', { query, limit }, rid);
  }
  bind(body: Record<string, unknown>, rid: string) {
    return this.binding.send<TraderAccountRecord>('POST', '/v1/accounts', body, rid);
  }
  accountsOf(userId: string, rid: string) {
    return this.http.get<{ items: TraderAccountRecord[] }>(`/v1/users/${encodeURIComponent(userId)}/accounts`, {}, rid);
  }
  account(id: string, viewer: string | undefined, rid: string) {
    return this.http.get<TraderDetailRecord>(`/v1/accounts/${encodeURIComponent(id)}`, { viewer }, rid);
  }
  orders(id: string, q: { page: number; limit: number; viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: TraderOrderRecord[]; total: number }>(`/v1/accounts/${encodeURIComponent(id)}/orders`, q, rid);
  }
  syncNow(id: string, userId: string, rid: string) {
    return this.http.send<TraderAccountRecord>('POST', `/v1/accounts/${encodeURIComponent(id)}/sync`, { userId }, rid);
  }
  setVisibility(id: string, userId: string, visibility: string, rid: string) {
    return this.http.send<TraderAccountRecord>('POST', `/v1/accounts/${encodeURIComponent(id)}/visibility`, { userId, visibility }, rid);
  }
  unbind(id: string, userId: string, rid: string) {
    return this.http.send<TraderAccountRecord>('POST', `/v1/accounts/${encodeURIComponent(id)}/unbind`, { userId }, rid);
  }
  statement(id: string, userId: string, html: string, rid: string) {
    return this.http.sendBytes<{ account: TraderAccountRecord; added: number; format: 'mt4' | 'mt5' }>(`/v1/accounts/${encodeURIComponent(id)}/statement?userId=${encodeURIComponent(userId)}`, Buffer.from(html, 'utf8'), rid);
  }
  requestVerification(id: string, userId: string, rid: string) {
    return this.http.send<TraderVerification>('POST', `/v1/accounts/${encodeURIComponent(id)}/verification`, { userId }, rid);
  }
  verification(id: string, userId: string, rid: string) {
    return this.http.get<TraderVerification>(`/v1/accounts/${encodeURIComponent(id)}/verification`, { userId }, rid);
  }
  ranking(q: { page: number; limit: number; sort: string; broker?: string | undefined; minDays?: number | undefined; type?: string | undefined }, rid: string) {
    return this.http.get<{ items: { rank: number; account: TraderAccountRecord }[]; total: number }>('/v1/ranking', q, rid);
  }
  /** Which (user, company) pairs have a synced live account at that company: one call per page of reviews. */
  verifiedClients(pairs: { userId: string; companyId: string }[], rid: string) {
    return this.http.send<{ verified: { userId: string; companyId: string }[] }>('POST', '/v1/verified-clients', { pairs }, rid);
  }
  apply(body: { userId: string; brokerName?: string | undefined; website?: string | undefined; server?: string | undefined; sampleAccount?: string | undefined; password?: string | undefined }, rid: string) {
    return this.http.send<BrokerApplicationRecord>('POST', '/v1/applications', body, rid);
  }
  applications(q: { page: number; limit: number; status?: string | undefined; userId?: string | undefined }, rid: string) {
    return this.http.get<{ items: BrokerApplicationRecord[]; total: number }>('/v1/applications', q, rid);
  }
  decide(id: string, body: { adminId: string; decision: 'approve' | 'reject'; reason: string; broker?: string | undefined }, rid: string) {
    return this.http.send<BrokerApplicationRecord>('POST', `/v1/applications/${encodeURIComponent(id)}/decision`, body, rid);
  }
}
