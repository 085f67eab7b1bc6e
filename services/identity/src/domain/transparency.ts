import { monthRange } from '@brokerwise/service-kit';
import { appealsByMonth, sanctionsByMonth } from '../store/transparency.store.ts';
import type { IdentityContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** One month of the public transparency report, as identity counts it: sanctions and appeals. */
export interface SanctionsMonth {
  month: string;
  sanctions: { warn: number; restrict: number; freeze: number };
  /** Appeals filed this month, and those decided this month by outcome. */
  appeals: { received: number; upheld: number; lifted: number };
}

/** Per month from `from` to `to` (YYYY-MM, inclusive), months without activity as zeros. */
export async function sanctionsByMonthReport(ctx: Pick<IdentityContext, 'db'>, from: string, to: string): Promise<SanctionsMonth[]> {
  const range = monthRange(from, to);
  if (!range) throw invalidInput({ to: 'month_range' });
  const [sanctions, appeals] = await Promise.all([sanctionsByMonth(ctx.db, range.start, range.end), appealsByMonth(ctx.db, range.start, range.end)]);
  const byMonth = new Map<string, SanctionsMonth>(range.months.map((month) => [month, { month, sanctions: { warn: 0, restrict: 0, freeze: 0 }, appeals: { received: 0, upheld: 0, lifted: 0 } }]));
  for (const s of sanctions) {
    const m = byMonth.get(s.month)!;
    if (s.key === 'warn' || s.key === 'restrict' || s.key === 'freeze') m.sanctions[s.key] = s.n;
  }
  const appealKey = { received: 'received', uphold: 'upheld', lift: 'lifted' } as const;
  for (const a of appeals) {
    const key = appealKey[a.key as keyof typeof appealKey];
    if (key) byMonth.get(a.month)!.appeals[key] = a.n;
  }
  return [...byMonth.values()];
}
