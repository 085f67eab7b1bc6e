import type { CatalogueClient, CatalogueCompany } from '../clients/catalogue.client.ts';
import type { ReviewRecord } from '../clients/reviews.client.ts';
import type { TraderClient } from '../clients/trader.client.ts';
import type { Lang, PublicReview } from '@brokerwise/api-contract';

/**
 * A review for the public contract: company named in the caller's language; `verified` = the
 * author has a synced live trading account at the company (see verifiedClientsOf).
 */
export function presentReview(r: ReviewRecord, c: CatalogueCompany | undefined, lang: Lang, verified: Set<string> = NONE): PublicReview {
  return {
    id: r.id,
    company: { id: c?.slug ?? '', name: c ? (lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name) : '', logo: c?.logoKey ? `/media/${c.logoKey}` : '' },
    author: { id: r.userId, username: r.username },
    score: r.stars,
    content: r.text,
    date: r.updatedAt,
    status: r.status,
    rejectReason: r.rejectReason,
    mine: r.mine,
    verifiedClient: verified.has(`${r.userId}|${r.companyId}`),
  };
}

const NONE: Set<string> = new Set();

/**
 * The "verified client" badges of a page of reviews with one trader-sync call: `userId|companyId`
 * of the authors with a synced live account at the reviewed company. Fail-soft: when trader-sync
 * does not answer, no badge is shown and the reviews still are.
 */
export async function verifiedClientsOf(trader: TraderClient | undefined, items: (ReviewRecord | null)[], requestId: string): Promise<Set<string>> {
  const pairs = [...new Map(items.flatMap((r) => (r ? [[`${r.userId}|${r.companyId}`, { userId: r.userId, companyId: r.companyId }] as const] : []))).values()];
  if (!trader || pairs.length === 0) return NONE;
  try {
    const { verified } = await trader.verifiedClients(pairs.slice(0, 200), requestId);
    return new Set(verified.map((p) => `${p.userId}|${p.companyId}`));
  } catch {
    return NONE;
  }
}

/** Names the companies of a list of reviews with one catalogue call (id → company). */
export async function companiesOfReviews(catalogue: CatalogueClient, items: Pick<ReviewRecord, 'companyId'>[], requestId: string): Promise<Map<string, CatalogueCompany>> {
  const ids = [...new Set(items.map((r) => r.companyId))];
  if (ids.length === 0) return new Map();
  const { items: found } = await catalogue.companies({ page: 1, limit: Math.min(50, ids.length), ids: ids.join(',') }, requestId);
  return new Map(found.map((c) => [c.id, c]));
}
