import type { CatalogueClient, CatalogueCompany } from '../clients/catalogue.client.ts';
import type { ReviewRecord } from '../clients/reviews.client.ts';
import type { Lang, PublicReview } from '../contract.ts';

/** A review for the public contract: company named in the caller's language. */
export function presentReview(r: ReviewRecord, c: CatalogueCompany | undefined, lang: Lang): PublicReview {
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
  };
}

/** Names the companies of a list of reviews with one catalogue call (id → company). */
export async function companiesOfReviews(catalogue: CatalogueClient, items: ReviewRecord[], requestId: string): Promise<Map<string, CatalogueCompany>> {
  const ids = [...new Set(items.map((r) => r.companyId))];
  if (ids.length === 0) return new Map();
  const { items: found } = await catalogue.companies({ page: 1, limit: Math.min(50, ids.length), ids: ids.join(',') }, requestId);
  return new Map(found.map((c) => [c.id, c]));
}
