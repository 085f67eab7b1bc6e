import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import type { CategorySlug } from '@brokerwise/api-contract';
import { ServiceClient } from './service-client.ts';

// The gateway's view of the search service's internal API (services/search/src/routes).
export interface SearchHit {
  id: string;
  slug: string;
  name: string;
  nameZh: string;
  category: CategorySlug;
  countryCode: string;
  descriptionEn: string;
  descriptionZh: string;
  score: number;
  regulated: boolean;
  founded: number | null;
  logoUrl: string;
  relevance: number;
}

export class SearchClient {
  private readonly http: ServiceClient;
  constructor(baseUrl: string, timeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('search', baseUrl, timeoutMs, tokens);
  }
  search(q: { q: string; category?: string | undefined; country?: string | undefined; minScore?: number | undefined; regulated?: boolean | undefined; order?: string | undefined; page: number; limit: number }, requestId: string) {
    // `totalExact` false: more than `total` companies match (the search counts exactly up to a limit).
    return this.http.get<{ items: SearchHit[]; total: number; totalExact?: boolean }>('/v1/search', q, requestId);
  }
}
