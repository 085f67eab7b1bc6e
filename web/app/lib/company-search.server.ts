import type { CompanyListPage } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { refusedField, settle, type ApiClient, type Settled } from './api';
import { toBrokersListQuery, type SearchQuery } from './search-query';

/**
 * One page of companies for /search and /listing/:name. A country id is opaque: only the API knows
 * one it can't read, so a refused country is dropped (and the page asked again without it).
 */
export async function loadCompanies(api: ApiClient, query: SearchQuery): Promise<{ query: SearchQuery; result: Settled<CompanyListPage> }> {
  const result = await settle(api.op(ops.brokersList, { ...toBrokersListQuery(query) }));
  if (!query.country || !refusedField(result, 'country')) return { query, result };
  const withoutCountry = { ...query, country: '' };
  return { query: withoutCountry, result: await settle(api.op(ops.brokersList, { ...toBrokersListQuery(withoutCountry) })) };
}
