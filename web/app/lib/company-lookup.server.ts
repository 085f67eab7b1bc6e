import * as ops from '@brokerwise/api-contract/paths';
import type { ApiClient } from './api';

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/**
 * The company a visitor means by what they typed: its address id (`harbour-fx`) or its name in
 * either language ("Harbour FX", "海港外汇"), the best search match. Null when nothing matches.
 */
export async function findCompany(api: ApiClient, text: string): Promise<{ id: string; name: string } | null> {
  const wanted = text.trim().slice(0, 100);
  if (!wanted) return null;
  if (SLUG.test(wanted)) {
    // Not a company's id (404): it may still be a name, so search for it.
    const bySlug = await api.op(ops.companyDetail, { id: wanted }).catch(() => null);
    if (bySlug) return { id: bySlug.data.id, name: bySlug.data.name };
  }
  const found = await api.op(ops.brokersList, { keyword: wanted, page: 1, limit: 1 });
  const first = found.data.list[0];
  return first ? { id: first.id, name: first.name } : null;
}
