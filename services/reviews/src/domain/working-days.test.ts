import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay, parseHolidays, workingDaysHorizon, workingDaysLeft } from './working-days.ts';

const at = (s: string) => new Date(s);

describe('the business-day calendar of complaint deadlines', () => {
  it('skips weekends: 15 working days from a Monday end after the third Friday', () => {
    // Mon 2026-11-02 → Tue 3 … Fri 6 (4), Mon 9 … Fri 13 (9), Mon 16 … Fri 20 (14), Mon 23 (15).
    expect(addWorkingDays(at('2026-11-02T10:00:00Z'), 15).toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('does not count the day the clock starts; a Friday start begins on Monday', () => {
    expect(addWorkingDays(at('2026-11-06T16:00:00Z'), 1).toISOString()).toBe('2026-11-10T00:00:00.000Z');
    expect(addWorkingDays(at('2026-11-07T12:00:00Z'), 1).toISOString()).toBe('2026-11-10T00:00:00.000Z');
  });

  it('skips the configured holidays', () => {
    const holidays = parseHolidays('2026-12-25, 2027-01-01');
    // Thu 24 Dec: Fri 25 is a holiday, the weekend follows, Mon 28 is the first working day.
    expect(addWorkingDays(at('2026-12-24T09:00:00Z'), 1, holidays).toISOString()).toBe('2026-12-29T00:00:00.000Z');
    expect(addWorkingDays(at('2026-12-24T09:00:00Z'), 1).toISOString()).toBe('2026-12-26T00:00:00.000Z');
    expect(isWorkingDay(at('2027-01-01T08:00:00Z'), holidays)).toBe(false);
    expect(isWorkingDay(at('2027-01-04T08:00:00Z'), holidays)).toBe(true);
  });

  it('refuses a holiday list with something that is not a day', () => {
    expect(() => parseHolidays('2026-12-25,2026-02-30')).toThrow(/2026-02-30/);
    expect(() => parseHolidays('christmas')).toThrow(/christmas/);
    expect(parseHolidays('').size).toBe(0);
  });

  it('counts the working days left, 0 once the deadline passed', () => {
    const due = addWorkingDays(at('2026-11-02T10:00:00Z'), 15);
    expect(workingDaysLeft(at('2026-11-02T10:00:00Z'), due)).toBe(16); // today (Monday) is not over yet
    expect(workingDaysLeft(at('2026-11-03T00:00:00Z'), due)).toBe(15);
    expect(workingDaysLeft(at('2026-11-21T12:00:00Z'), due)).toBe(1); // Saturday: only Monday 23, the last day, is left
    expect(workingDaysLeft(at('2026-11-23T23:59:00Z'), due)).toBe(1);
    expect(workingDaysLeft(due, due)).toBe(0);
    expect(workingDaysLeft(at('2026-12-01T00:00:00Z'), due)).toBe(0);
  });

  it('the reminder horizon: a deadline has at most n working days left exactly when it is no later than the horizon', () => {
    // Wednesday: Wed, Thu, Fri are 3 working days; on Saturday, Mon–Wed are.
    expect(workingDaysHorizon(at('2026-11-04T10:00:00Z'), 3).toISOString()).toBe('2026-11-07T00:00:00.000Z');
    expect(workingDaysHorizon(at('2026-11-07T10:00:00Z'), 3).toISOString()).toBe('2026-11-12T00:00:00.000Z');
    const holidays = parseHolidays('2026-12-25, 2027-01-01');
    fc.assert(
      fc.property(fc.date({ min: at('2026-01-01T00:00:00Z'), max: at('2028-01-01T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 30 }), (now, n, ahead) => {
        const due = addWorkingDays(now, ahead, holidays);
        expect(workingDaysLeft(now, due, holidays) <= n).toBe(due.getTime() <= workingDaysHorizon(now, n, holidays).getTime());
      }),
    );
  });

  it('always lands after exactly `days` working days, never on a weekend', () => {
    fc.assert(
      fc.property(fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: 1, max: 60 }), (from, days) => {
        const due = addWorkingDays(from, days);
        const lastDay = new Date(due.getTime() - 86_400_000);
        expect(isWorkingDay(lastDay)).toBe(true);
        expect(workingDaysLeft(new Date(Math.floor(from.getTime() / 86_400_000) * 86_400_000 + 86_400_000), due)).toBe(days);
      }),
    );
  });
});
