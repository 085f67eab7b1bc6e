import type { ComplaintCard } from '@brokerwise/api-contract';

/** Message ids of the complaint categories and statuses (both languages in lang/*.json). */
export const CATEGORY_LABEL: Record<ComplaintCard['category'], string> = {
  withdrawal: 'complaints.category.withdrawal',
  slippage: 'complaints.category.slippage',
  account_blocked: 'complaints.category.accountBlocked',
  fraud: 'complaints.category.fraud',
  fees: 'complaints.category.fees',
  other: 'complaints.category.other',
};
export const STATUS_LABEL: Record<ComplaintCard['status'], string> = {
  pending: 'complaints.status.pending',
  rejected: 'complaints.status.rejected',
  awaiting_company: 'complaints.status.awaitingCompany',
  awaiting_user: 'complaints.status.awaitingUser',
  resolved: 'complaints.status.resolved',
  unresolved: 'complaints.status.unresolved',
  lapsed: 'complaints.status.lapsed',
  withdrawn: 'complaints.status.withdrawn',
};
/** The badge colours of the reviews pages. */
export const STATUS_BADGE: Record<ComplaintCard['status'], string> = {
  pending: 'pending',
  rejected: 'rejected',
  awaiting_company: 'pending',
  awaiting_user: 'pending',
  resolved: 'approved',
  unresolved: 'rejected',
  // Neither resolved nor unresolved: the plain badge.
  lapsed: 'closed',
  withdrawn: 'rejected',
};
export const CATEGORIES = Object.keys(CATEGORY_LABEL) as ComplaintCard['category'][];
/** The statuses a published case can have (the public list's filter). */
export const PUBLIC_STATUSES: ComplaintCard['status'][] = ['awaiting_company', 'awaiting_user', 'resolved', 'unresolved', 'lapsed', 'withdrawn'];
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'HKD', 'AUD', 'CAD', 'CHF', 'SGD', 'NZD', 'USDT'] as const;

export const casePath = (id: string): `/complaints/${string}` => `/complaints/${encodeURIComponent(id)}`;
