import { Type } from 'typebox';

/** A calendar month, `YYYY-MM` (UTC), 1970–2999: the unit of the transparency report. */
export const Month = Type.String({ pattern: '^(19[7-9]\\d|2\\d{3})-(0[1-9]|1[0-2])$' });

/** The most months one report covers (ten years): bounds the work of one public request. */
export const MAX_REPORT_MONTHS = 120;

/**
 * The months from `from` to `to` inclusive, and the instants [start, end) they cover; undefined
 * when `to` is before `from` or the span is longer than MAX_REPORT_MONTHS.
 */
export function monthRange(from: string, to: string): { start: Date; end: Date; months: string[] } | undefined {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const a = index(from);
  const b = index(to);
  if (!(b >= a) || b - a + 1 > MAX_REPORT_MONTHS) return undefined;
  const at = (i: number) => new Date(Date.UTC(Math.floor(i / 12), i % 12, 1));
  const months: string[] = [];
  for (let i = a; i <= b; i++) months.push(at(i).toISOString().slice(0, 7));
  return { start: at(a), end: at(b + 1), months };
}
