/**
 * The life of a complaint case (ADR 031), as a pure table: which action moves a case from which
 * status to which. The use cases ask it before they write; anything missing is refused.
 *
 * pending ── publish ──▶ awaiting_company ── company writes ──▶ awaiting_user ── author's clock runs out ──▶ lapsed
 *    │ refuse                 ▲ ◀──────────── user writes ─────────┘
 *    ▼                        │
 * rejected        confirm → resolved · reject / company's clock runs out → unresolved · withdraw → withdrawn
 */
import type { ComplaintStatus } from '../store/types.ts';

/** `expire`: the company's clock ran out; `lapse`: the author's ran out after the company answered. */
export type ComplaintAction = 'publish' | 'refuse' | 'company_message' | 'user_message' | 'confirm' | 'reject' | 'withdraw' | 'expire' | 'lapse';

const OPEN: Partial<Record<ComplaintAction, ComplaintStatus>> = {
  company_message: 'awaiting_user',
  user_message: 'awaiting_company',
  confirm: 'resolved',
  reject: 'unresolved',
  withdraw: 'withdrawn',
};

const TABLE: Record<ComplaintStatus, Partial<Record<ComplaintAction, ComplaintStatus>>> = {
  pending: { publish: 'awaiting_company', refuse: 'rejected', withdraw: 'withdrawn' },
  awaiting_company: { ...OPEN, expire: 'unresolved' },
  awaiting_user: { ...OPEN, lapse: 'lapsed' },
  rejected: {},
  resolved: {},
  unresolved: {},
  lapsed: {},
  withdrawn: {},
};

/** The status `action` leads to from `status`, or null when it is not allowed there. */
export function nextStatus(status: ComplaintStatus, action: ComplaintAction): ComplaintStatus | null {
  return TABLE[status][action] ?? null;
}

/** Published and still running: the thread is open. */
export const isOpenCase = (s: ComplaintStatus): boolean => s === 'awaiting_company' || s === 'awaiting_user';
