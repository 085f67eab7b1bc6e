/**
 * The business-day calendar of complaint deadlines (ADR 031): Saturdays, Sundays and the
 * configured holidays (`YYYY-MM-DD`, UTC days) are not working days. Pure; no clock of its own.
 */

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type Holidays = ReadonlySet<string>;

const dayKey = (t: number): string => new Date(t).toISOString().slice(0, 10);
const startOfDay = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;

/** Whether the UTC day containing `at` is a working day. */
export function isWorkingDay(at: Date, holidays: Holidays = new Set()): boolean {
  const weekday = at.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(dayKey(at.getTime()));
}

/**
 * The deadline of `days` working days counted from `from`: the day of `from` itself does not
 * count (a case published on Friday afternoon starts on Monday); the answer is the end of the
 * last working day (midnight UTC after it).
 */
export function addWorkingDays(from: Date, days: number, holidays: Holidays = new Set()): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a non-negative integer, is ${days}`);
  let t = startOfDay(from.getTime());
  let left = days;
  while (left > 0) {
    t += DAY_MS;
    if (isWorkingDay(new Date(t), holidays)) left -= 1;
  }
  return new Date(days === 0 ? from.getTime() : t + DAY_MS);
}

/**
 * Working days left until `due` as seen at `now`: today counts while it is a working day and not
 * over; 0 once the deadline has passed.
 */
export function workingDaysLeft(now: Date, due: Date, holidays: Holidays = new Set()): number {
  if (now.getTime() >= due.getTime()) return 0;
  let n = 0;
  for (let t = startOfDay(now.getTime()); t < due.getTime(); t += DAY_MS) if (isWorkingDay(new Date(t), holidays)) n += 1;
  return n;
}

/**
 * The latest deadline that has at most `days` working days left at `now` (as `workingDaysLeft`
 * counts them: today included while it is a working day): the end of the `days`-th working day
 * from today. A deadline `d` after `now` has `workingDaysLeft(now, d) <= days` exactly when
 * `d <= workingDaysHorizon(now, days)` (deadlines fall at the end of a day).
 */
export function workingDaysHorizon(now: Date, days: number, holidays: Holidays = new Set()): Date {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`days must be a positive integer, is ${days}`);
  let t = startOfDay(now.getTime());
  for (let left = days; ; t += DAY_MS) {
    if (isWorkingDay(new Date(t), holidays)) left -= 1;
    if (left === 0) return new Date(t + DAY_MS);
  }
}

/** Reads a holiday list (`2026-12-25,2027-01-01`); throws naming the first bad entry. */
export function parseHolidays(list: string): Holidays {
  const days = list
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const d of days) {
    if (!DAY.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || dayKey(Date.parse(`${d}T00:00:00Z`)) !== d) throw new RangeError(`not a day (YYYY-MM-DD): ${d}`);
  }
  return new Set(days);
}
